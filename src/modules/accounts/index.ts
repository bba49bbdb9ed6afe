export { AccountsService, type AccountsDeps } from './accounts.service.ts';
export { accountsRoutes } from './accounts.routes.ts';
export { minorToNumber, toMinor } from './accounts.values.ts';
export type { StoredTransaction, StoredBalance } from './accounts.normalise.ts';
export { openingClosing } from './accounts.normalise.ts';
export type { BankAccountRow, OpenBankingAccountRow } from './accounts.repository.ts';
