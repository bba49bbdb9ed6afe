/**
 * Labelled applications (one JSON object a line): a bank-account body (extensions §7) or several,
 * the report params and the outcome. Converted here to risk-engine sources so that fitting and
 * benchmarks run the same report pipeline as the service. Pure: objects in, sources out.
 */
import type { ReportParams, RiskSource, RiskTransaction } from '../types.ts';

export interface BankAccountBody {
  ext_bank_account_id?: string | null;
  iban?: string | null;
  account_holder?: string | null;
  currency_code?: string | null;
  opening_balance?: string | number | null;
  closing_balance?: string | number | null;
  transactions: {
    date: string;
    value_date?: string | null;
    amount: string | number;
    description?: string | null;
    counterparty?: string | null;
    balance?: string | number | null;
  }[];
}

export interface LabelledApplication {
  id: string;
  /** The application date: the report is built as of the day before. */
  date: string;
  bad: boolean;
  params: ReportParams;
  sources: RiskSource[];
}

function minor(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

export function bankAccountBodyToSource(id: string, b: BankAccountBody): RiskSource {
  const currency = b.currency_code ?? 'EUR';
  const transactions: RiskTransaction[] = b.transactions.map((t) => ({
    date: t.date,
    valueDate: t.value_date ?? null,
    amountMinor: minor(t.amount) ?? 0,
    currency,
    description: t.description ?? '',
    counterparty: t.counterparty ?? null,
    balanceMinor: minor(t.balance),
  }));
  const dates = transactions.map((t) => t.date).sort();
  return {
    id,
    type: 'bank_account',
    iban: b.iban ?? null,
    accountHolder: b.account_holder ?? null,
    currency,
    openingBalanceMinor: minor(b.opening_balance),
    closingBalanceMinor: minor(b.closing_balance),
    transactions,
    periodStart: dates[0] ?? null,
    periodEnd: dates[dates.length - 1] ?? null,
  };
}

/**
 * One JSONL line → a labelled application. Accepts the Berka development format
 * `{loan_id, loan_date, bad, report_params, bank_account}` and the general one
 * `{id, date, bad, report_params, bank_accounts: [...]}`.
 */
export function parseApplication(line: string, index: number): LabelledApplication {
  const o = JSON.parse(line) as Record<string, unknown>;
  const id = String(o.id ?? o.loan_id ?? index);
  const date = String(o.date ?? o.loan_date ?? '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`application ${id}: date missing or not YYYY-MM-DD`);
  if (typeof o.bad !== 'boolean') throw new Error(`application ${id}: bad must be true or false`);
  const accounts = (Array.isArray(o.bank_accounts) ? o.bank_accounts : o.bank_account ? [o.bank_account] : []) as BankAccountBody[];
  if (!accounts.length) throw new Error(`application ${id}: no bank_account(s)`);
  const params = o.report_params as ReportParams | undefined;
  if (!params || typeof params.account_holder !== 'string') throw new Error(`application ${id}: report_params.account_holder missing`);
  return { id, date, bad: o.bad, params, sources: accounts.map((a, i) => bankAccountBodyToSource(`${id}-${i}`, a)) };
}

export function parseApplications(text: string): LabelledApplication[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l, i) => parseApplication(l, i));
}
