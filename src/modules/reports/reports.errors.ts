import { AppError, badRequest, notFound, type FieldProblem } from '../../shared/errors.ts';
import type { ValidationResult } from '../../risk/index.ts';

export const reportErrors = {
  notFound: () => notFound('credit report'),
  unknownInputs: (problems: FieldProblem[]) =>
    badRequest(`the report inputs name ids that are not in this process: ${problems.map((p) => p.field).join(', ')}`, problems, 'unknown_inputs'),
  holderRequired: () =>
    badRequest(
      'report_params.account_holder is required (the process has no main_applicant_name attribute to fall back on)',
      [{ field: 'report_params.account_holder', code: 'required', message: 'report_params.account_holder is required' }],
    ),
  validationFailed: (validation: ValidationResult) => {
    const errors: FieldProblem[] = validation.data_details.elems
      .filter((e) => e.is_blocking_report)
      .map((e) => ({ field: `${e.type}:${e.id}`, code: e.blocking_reason ?? 'blocking', message: `input ${e.type} ${e.id} blocks the report: ${e.blocking_reason ?? 'blocking'}` }));
    if (validation.data_details.elems.length === 0) errors.push({ field: 'file_ids', code: 'no_inputs', message: 'no inputs are selected' });
    if (!validation.account_holder_check.selected_matches_any_from_files) {
      errors.push({
        field: 'report_params.account_holder',
        code: 'account_holder_mismatch',
        message: `account holder ${JSON.stringify(validation.account_holder_check.selected_account_holder)} matches no holder in the selected data`,
      });
    }
    return new AppError({
      status: 400,
      code: 'report_validation_failed',
      title: 'Bad Request',
      detail: 'the report inputs fail validation; no report was created (see validation)',
      errors,
      extensions: { validation },
    });
  },
  notCompleted: (status: string) =>
    badRequest(`the credit report is ${status}; a PDF exists only for completed reports`, undefined, 'report_not_completed'),
  noScoring: () => badRequest('the credit report result lacks the srg scoring block', undefined, 'report_without_scoring'),
  badLanguage: (v: string) =>
    badRequest(`langCountryCode ${JSON.stringify(v)} is not supported (it, de, en)`, [
      { field: 'langCountryCode', code: 'unsupported_language', message: 'langCountryCode must be it, de or en' },
    ]),
};
