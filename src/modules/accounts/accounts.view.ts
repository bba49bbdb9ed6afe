import type { StoredBalance, StoredTransaction } from './accounts.normalise.ts';
import { openingClosing } from './accounts.normalise.ts';
import type { BankAccountRow, BankAccountSummaryRow, OpenBankingAccountRow, OpenBankingAccountSummaryRow } from './accounts.repository.ts';
import type { BankAccountDetailView, BankAccountView, OpenBankingAccountDetailView, OpenBankingAccountView } from './accounts.schemas.ts';
import { decimalToMinor, minorToNumber } from './accounts.values.ts';

const money = (minor: number | null): number | null => (minor === null ? null : minorToNumber(minor));

export function toBankAccountView(r: BankAccountSummaryRow): BankAccountView {
  return {
    bank_account_id: r.id,
    process_id: r.processId,
    ext_bank_account_id: r.extBankAccountId,
    iban: r.iban,
    account_holder: r.accountHolder,
    currency_code: r.currencyCode,
    bank_name: r.bankName,
    opening_balance: money(decimalToMinor(r.openingBalance)),
    closing_balance: money(decimalToMinor(r.closingBalance)),
    total_transactions: r.totalTransactions,
    date_min: r.dateMin,
    date_max: r.dateMax,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const txnView = (t: StoredTransaction) => ({
  date: t.date,
  value_date: t.value_date,
  amount: minorToNumber(t.amount_minor),
  currency: t.currency,
  description: t.description,
  balance: money(t.balance_minor),
  category: t.category,
  counterparty: t.counterparty,
  counterparty_iban: t.counterparty_iban ?? null,
});

export function toBankAccountDetail(r: BankAccountRow): BankAccountDetailView {
  return { ...toBankAccountView(r), transactions: (r.transactions as StoredTransaction[]).map(txnView) };
}

export function toOpenBankingAccountView(r: OpenBankingAccountSummaryRow): OpenBankingAccountView {
  const { openingMinor, closingMinor } = openingClosing(r.balances as StoredBalance[]);
  return {
    open_banking_account_id: r.id,
    process_id: r.processId,
    ext_open_banking_account_id: r.extOpenBankingAccountId,
    provider: r.provider,
    iban: r.iban,
    account_holder: r.accountHolder,
    currency_code: r.currencyCode,
    opening_balance: money(openingMinor),
    closing_balance: money(closingMinor),
    total_transactions: r.totalTransactions,
    date_min: r.dateMin,
    date_max: r.dateMax,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toOpenBankingAccountDetail(r: OpenBankingAccountRow): OpenBankingAccountDetailView {
  return {
    ...toOpenBankingAccountView(r),
    transactions: (r.transactions as StoredTransaction[]).map((t) => ({
      ...txnView(t),
      transaction_id: t.transaction_id ?? null,
      end_to_end_id: t.end_to_end_id ?? null,
      bank_transaction_code: t.bank_transaction_code ?? null,
      purpose_code: t.purpose_code ?? null,
    })),
  };
}
