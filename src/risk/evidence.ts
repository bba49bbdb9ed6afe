/**
 * What an underwriter reads beside the score: the transactions behind the flags, the largest and the
 * unusual movements, and where the money comes from, payer by payer. Pure and deterministic (ties are
 * broken by the transactions' order).
 */
import type { CategorisedTransaction, RecurringStream } from './types.ts';
import { monthOf } from './dates.ts';

export interface EvidenceRow {
  date: string;
  amount: number;
  description: string;
  counterparty: string | null;
  category: string;
  rule_trace: string[];
}

/** An unusual movement: one-off and large against the applicant's own months. */
export interface UnusualRow extends EvidenceRow {
  /** |amount| ÷ the average monthly money moving the same way (in or out, own transfers excluded). */
  ratio_to_monthly: number;
}

/**
 * Each list is capped. A flag's rows (gambling, returned debits, overdraft interest) are the most recent ones,
 * newest first: whether the behaviour goes on is what a credit officer weighs (the metrics carry the totals,
 * the categories the counts). The largest and the unusual movements are the largest, largest first.
 */
export interface Evidence {
  /** The ten most recent gambling transactions, newest first. */
  gambling: EvidenceRow[];
  /** The ten most recent returned direct debits, newest first. */
  returned_debits: EvidenceRow[];
  /** The ten most recent overdraft and penalty interest charges, newest first. */
  overdraft_interest: EvidenceRow[];
  /** The five largest debits (own transfers left out), largest first. */
  largest_debits: EvidenceRow[];
  /** The five largest credits (own transfers left out), largest first. */
  largest_credits: EvidenceRow[];
  /**
   * Movements no recurring stream explains, at least a whole month's money moving the same way and at least
   * three times the median of the movements that way other than pay and customers' payments (when there
   * are five or more): a one-off private loan received, a large cash withdrawal, a car paid outright.
   * Salary, pension, benefits and business revenue are never unusual. Largest first.
   */
  unusual: UnusualRow[];
}

/** Money received from one payer over the window (own transfers and savings are not income and are left out). */
export interface IncomeSource {
  /** The payer as the data named it (most frequent among its lines); else a representative description. */
  payer: string;
  /**
   * Where `payer` comes from: `counterparty`, a party the data named (a bank-account body's or an Open Banking
   * report's counterparty, a statement's counterparty column), which also made the grouping key;
   * `counterparty_iban`, no name given but the payer's IBAN was, which made the key (`payer` is a description);
   * `description`, a line's description (no line named a party; the key was read from the descriptions);
   * `category`, money no party is read for (the key is `category:<name>`, e.g. cash paid in).
   */
  payer_from: 'counterparty' | 'counterparty_iban' | 'description' | 'category';
  /** The grouping key (normalised counterparty; `category:<name>` where no line names a party, e.g. cash paid in). */
  payer_key: string;
  /** The category most of the money was booked under (salary, pension, business_revenue, cash_deposit …). */
  category: string;
  count: number;
  total: number;
  /** total ÷ months covered. */
  monthly_average: number;
  /** Share of all income received. */
  share: number;
  /** Distinct calendar months with a payment. */
  months: number;
  /** A recurring stream (monthly, weekly …) from this payer was detected. */
  regular: boolean;
}

const EVIDENCE_ROWS = 10;
const INCOME_SOURCES = 10;
// the applicant's pay and a business's customers are what the months are made of, never one-offs
const NEVER_UNUSUAL = new Set(['internal', 'savings', 'salary', 'pension', 'benefits', 'business_revenue']);
const NOT_INCOME = new Set(['internal', 'savings', 'returned_debit', 'other_transfer']);

const row = (t: CategorisedTransaction): EvidenceRow => ({
  date: t.date, amount: t.amountMinor / 100, description: t.description, counterparty: t.counterparty, category: t.category, rule_trace: t.rule_trace,
});

const cents = (x: number): number => Math.round(x) / 100;

function median(xs: readonly number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function unusualOf(txns: readonly CategorisedTransaction[], streams: readonly RecurringStream[], months: number): UnusualRow[] {
  const out: { t: CategorisedTransaction; i: number; ratio: number }[] = [];
  for (const sign of [1, -1] as const) {
    const recurring = new Set(streams.filter((s) => s.direction === (sign > 0 ? 'in' : 'out')).map((s) => s.counterparty_key));
    const moving = txns.filter((t) => Math.sign(t.amountMinor) === sign && t.category !== 'internal' && t.category !== 'savings');
    if (moving.length < 5) continue;
    const perMonth = moving.reduce((a, t) => a + Math.abs(t.amountMinor), 0) / Math.max(1, months);
    // the median of the movements that could be unusual: salary would set a credit's bar at the salary
    const candidates = moving.filter((t) => !NEVER_UNUSUAL.has(t.category));
    const typical = candidates.length >= 5 ? median(candidates.map((t) => Math.abs(t.amountMinor))) : 0;
    const floor = Math.max(perMonth, 3 * typical);
    txns.forEach((t, i) => {
      if (Math.sign(t.amountMinor) !== sign || NEVER_UNUSUAL.has(t.category)) return;
      if (t.counterparty_normalised && recurring.has(t.counterparty_normalised)) return;
      if (Math.abs(t.amountMinor) >= floor && perMonth > 0) out.push({ t, i, ratio: Math.abs(t.amountMinor) / perMonth });
    });
  }
  return out
    .sort((a, b) => Math.abs(b.t.amountMinor) - Math.abs(a.t.amountMinor) || a.i - b.i)
    .slice(0, EVIDENCE_ROWS)
    .map((x) => ({ ...row(x.t), ratio_to_monthly: Math.round(x.ratio * 100) / 100 }));
}

export function evidenceOf(txns: readonly CategorisedTransaction[], streams: readonly RecurringStream[] = [], months = 12): Evidence {
  // the most recent first: by date, then the later booking of a day (the input's order) first
  const latest = (f: (t: CategorisedTransaction) => boolean): EvidenceRow[] =>
    txns
      .map((t, i) => ({ t, i }))
      .filter((x) => f(x.t))
      .sort((a, b) => b.t.date.localeCompare(a.t.date) || b.i - a.i)
      .slice(0, EVIDENCE_ROWS)
      .map((x) => row(x.t));
  const byAmount = (sign: 1 | -1): EvidenceRow[] =>
    txns
      .filter((t) => Math.sign(t.amountMinor) === sign && t.category !== 'internal')
      .map((t, i) => ({ t, i }))
      .sort((a, b) => Math.abs(b.t.amountMinor) - Math.abs(a.t.amountMinor) || a.i - b.i)
      .slice(0, 5)
      .map((x) => row(x.t));
  return {
    gambling: latest((t) => t.category === 'gambling'),
    returned_debits: latest((t) => t.category === 'returned_debit'),
    overdraft_interest: latest((t) => t.category === 'overdraft_interest'),
    largest_debits: byAmount(-1),
    largest_credits: byAmount(1),
    unusual: unusualOf(txns, streams, months),
  };
}

function mostFrequent(values: readonly string[]): string | null {
  const n = new Map<string, number>();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestN = 0;
  for (const [v, c] of n) if (c > bestN) [best, bestN] = [v, c];
  return best;
}

/**
 * The grouping key of an income line: the party it names or its description's key; cash paid in with no
 * party given is one source, "no payer" (the words of a cash deposit name the channel, never who paid).
 */
function payerKeyOf(t: CategorisedTransaction): string {
  if (t.category === 'cash_deposit' && !t.counterparty?.trim() && !t.counterpartyIban) return 'category:cash_deposit';
  return t.counterparty_normalised || `category:${t.category}`;
}

/** Income received, grouped by payer: the largest payers first (at most ten). */
export function incomeSourcesOf(txns: readonly CategorisedTransaction[], streams: readonly RecurringStream[], months: number): IncomeSource[] {
  const groups = new Map<string, CategorisedTransaction[]>();
  for (const t of txns) {
    if (t.amountMinor <= 0 || NOT_INCOME.has(t.category)) continue;
    const key = payerKeyOf(t);
    const g = groups.get(key);
    if (g) g.push(t);
    else groups.set(key, [t]);
  }
  const regular = new Set(streams.filter((s) => s.direction === 'in').map((s) => s.counterparty_key));
  const all = [...groups.values()].reduce((a, g) => a + g.reduce((b, t) => b + t.amountMinor, 0), 0);
  return [...groups]
    .map(([key, g], order) => {
      const total = g.reduce((a, t) => a + t.amountMinor, 0);
      const byCat = new Map<string, number>();
      for (const t of g) byCat.set(t.category, (byCat.get(t.category) ?? 0) + t.amountMinor);
      const category = [...byCat].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other_income';
      const named = mostFrequent(g.map((t) => t.counterparty?.trim() ?? '').filter(Boolean));
      const payer = named ?? (mostFrequent(g.map((t) => t.description.trim().slice(0, 80))) || key);
      const payerFrom = named ? 'counterparty' : g.some((t) => t.counterpartyIban) ? 'counterparty_iban' : key.startsWith('category:') ? 'category' : 'description';
      return {
        order,
        src: {
          payer, payer_from: payerFrom, payer_key: key, category, count: g.length, total: cents(total),
          monthly_average: cents(total / Math.max(1, months)), share: all > 0 ? Math.round((total / all) * 10000) / 10000 : 0,
          // a source is regular when a recurring stream runs through it (cash paid in keeps its streams' keys)
          months: new Set(g.map((t) => monthOf(t.date))).size, regular: g.some((t) => regular.has(t.counterparty_normalised || key)),
        } satisfies IncomeSource,
      };
    })
    .sort((a, b) => b.src.total - a.src.total || a.order - b.order)
    .slice(0, INCOME_SOURCES)
    .map((x) => x.src);
}
