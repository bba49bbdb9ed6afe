import { badRequest, notFound, type FieldProblem } from '../../shared/errors.ts';

export const accountErrors = {
  bankAccountNotFound: () => notFound('bank account'),
  openBankingAccountNotFound: () => notFound('Open Banking account'),
  invalid: (errors: FieldProblem[], detail: string) => badRequest(detail || 'the account data is malformed', errors, 'invalid_account_data'),
};
