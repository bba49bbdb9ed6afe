/**
 * Which numeric columns are the amount (signed, debit/credit pair, or amount + marker)
 * and which one is the running balance, decided by evidence: the assignment under
 * which printed balances follow row to row, and opening + Σ = closing, wins; headings
 * and priors (a debit column prints minus signs, debits are the more frequent) only
 * break ties.
 */
import { CREDIT_MARKS, DEBIT_MARKS, type ColumnRole } from '../../data/table-vocab.data.ts';

export interface MoneyColumn {
  index: number;
  cents: (number | null)[];
  /** The role the heading suggested, if any. */
  hint: ColumnRole | null;
}

export interface MarkerColumn {
  index: number;
  values: string[];
}

export interface MoneyRoles {
  amount: number | null;
  debit: number | null;
  credit: number | null;
  balance: number | null;
  marker: number | null;
  /** Normalised marker values meaning money out. */
  debitMarks: ReadonlySet<string>;
  /** Signed cents per row (null: no amount on the row). */
  amounts: (number | null)[];
  /** How well the printed balances follow (1 = every pair), null without a balance column. */
  chain: number | null;
}

/** Share of consecutive printed balances that follow from the amounts, oldest-first or newest-first. */
export function chainScore(amounts: readonly (number | null)[], balances: readonly (number | null)[]): number {
  let asc = 0;
  let desc = 0;
  let pairs = 0;
  for (let i = 1; i < balances.length; i++) {
    const b0 = balances[i - 1];
    const b1 = balances[i];
    const a0 = amounts[i - 1];
    const a1 = amounts[i];
    if (b0 == null || b1 == null) continue;
    pairs++;
    if (a1 != null && b0 + a1 === b1) asc++;
    if (a0 != null && b1 + a0 === b0) desc++;
  }
  return pairs === 0 ? 0 : Math.max(asc, desc) / pairs;
}

const nonzero = (v: number | null | undefined): boolean => v !== null && v !== undefined && v !== 0;

function complementary(a: MoneyColumn, b: MoneyColumn): boolean {
  let ok = 0;
  let rows = 0;
  for (let i = 0; i < a.cents.length; i++) {
    const x = nonzero(a.cents[i]);
    const y = nonzero(b.cents[i]);
    if (!x && !y) continue;
    rows++;
    if (x !== y) ok++;
  }
  return rows > 0 && ok >= rows * 0.95 && a.cents.some(nonzero) && b.cents.some(nonzero);
}

const fill = (c: MoneyColumn): number => c.cents.filter((v) => v !== null).length / Math.max(1, c.cents.length);
const negatives = (c: MoneyColumn): number => c.cents.filter((v) => v !== null && v < 0).length;
const count = (c: MoneyColumn): number => c.cents.filter(nonzero).length;

function markSides(marker: MarkerColumn): { debit: Set<string>; known: boolean }[] {
  const distinct = [...new Set(marker.values.filter((v) => v.length > 0))];
  const debit = distinct.filter((v) => DEBIT_MARKS.includes(v));
  const credit = distinct.filter((v) => CREDIT_MARKS.includes(v));
  const options: { debit: Set<string>; known: boolean }[] = [];
  if (debit.length > 0 && debit.length + credit.length === distinct.length) options.push({ debit: new Set(debit), known: true });
  // Unknown words: either value may mean money out; the chain or the totals decide.
  for (const v of distinct) if (!(debit.length === 1 && debit[0] === v)) options.push({ debit: new Set([v]), known: false });
  return options;
}

interface Candidate extends MoneyRoles {
  score: number;
}

/** Bounds of the role search: money columns tried (headed ones first) and rows sampled. */
const MAX_MONEY_COLUMNS = 10;
const SAMPLE_ROWS = 2000;

/**
 * Decides the money roles on a bounded sample (columns and rows), then reads every
 * row with them, so hostile widths and lengths stay linear.
 */
export function resolveMoney(
  all: readonly MoneyColumn[],
  marker: MarkerColumn | null,
  totals: { opening: number | null; closing: number | null },
): MoneyRoles | null {
  const cols = [...all.filter((c) => c.hint !== null), ...all.filter((c) => c.hint === null)].slice(0, MAX_MONEY_COLUMNS);
  const rows = cols[0]?.cents.length ?? 0;
  if (rows <= SAMPLE_ROWS) return decide(cols, marker, totals);
  const sample = cols.map((c) => ({ ...c, cents: c.cents.slice(0, SAMPLE_ROWS) }));
  const sampleMarker = marker ? { ...marker, values: marker.values.slice(0, SAMPLE_ROWS) } : null;
  const roles = decide(sample, sampleMarker, { opening: null, closing: null });
  if (!roles) return null;
  const at = (i: number | null): (number | null)[] => cols.find((c) => c.index === i)?.cents ?? [];
  let amounts: (number | null)[];
  if (roles.debit !== null && roles.credit !== null) amounts = pairAmounts(at(roles.debit), at(roles.credit));
  else if (roles.debit !== null || roles.credit !== null) {
    const sign = roles.debit !== null ? -1 : 1;
    amounts = at(roles.debit ?? roles.credit).map((v) => (v === null ? null : sign * Math.abs(v)));
  } else if (roles.marker !== null && marker) {
    amounts = at(roles.amount).map((v, i) => (v === null ? null : roles.debitMarks.has(marker.values[i] ?? '') ? -Math.abs(v) : Math.abs(v)));
  } else amounts = at(roles.amount);
  return { ...roles, amounts, chain: roles.balance === null ? null : chainScore(amounts, at(roles.balance)) };
}

function pairAmounts(debit: readonly (number | null)[], credit: readonly (number | null)[]): (number | null)[] {
  return debit.map((x, i) => {
    const y = credit[i] ?? null;
    if (!nonzero(x) && !nonzero(y)) return x ?? y ?? null;
    return Math.abs(y ?? 0) - Math.abs(x ?? 0);
  });
}

function decide(
  cols: readonly MoneyColumn[],
  marker: MarkerColumn | null,
  totals: { opening: number | null; closing: number | null },
): MoneyRoles | null {
  const candidates: Candidate[] = [];
  const hintScore = (index: number | null, role: ColumnRole): number => {
    const hint = cols.find((c) => c.index === index)?.hint;
    if (index === null || !hint) return 0;
    return hint === role ? 1.5 : -1.5;
  };
  const evaluate = (base: Omit<Candidate, 'score' | 'chain' | 'balance'>, prior: number): void => {
    const balances = [null, ...cols.filter((c) => c.index !== base.amount && c.index !== base.debit && c.index !== base.credit && fill(c) >= 0.3)];
    for (const b of balances) {
      const chain = b ? chainScore(base.amounts, b.cents) : null;
      // A column headed as a balance stays one when its chain breaks (an edited amount must show).
      if (b && chain !== null && chain < 0.75 && b.hint !== 'balance') continue;
      let score = prior + (chain !== null ? 3 * chain + 0.5 : 0) + hintScore(b?.index ?? null, 'balance');
      if (totals.opening !== null && totals.closing !== null) {
        const sum = base.amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
        if (totals.opening + sum === totals.closing) score += 2;
      }
      candidates.push({ ...base, balance: b?.index ?? null, chain, score });
    }
  };
  for (const d of cols) {
    for (const c of cols) {
      if (d === c || !complementary(d, c)) continue;
      const amounts = pairAmounts(d.cents, c.cents);
      let prior = 1 + hintScore(d.index, 'debit') + hintScore(c.index, 'credit');
      if (negatives(d) > 0 && negatives(c) === 0) prior += 1;
      if (negatives(c) > 0 && negatives(d) === 0) prior -= 1;
      if (count(d) > count(c)) prior += 0.2;
      if (d.index < c.index) prior += 0.1;
      evaluate({ amount: null, debit: d.index, credit: c.index, marker: null, debitMarks: new Set(), amounts }, prior);
    }
  }
  for (const a of cols) {
    if (fill(a) < 0.9) continue;
    const base = hintScore(a.index, 'amount') + (negatives(a) > 0 && negatives(a) < count(a) ? 0.5 : 0);
    const unsigned = negatives(a) === 0;
    if (marker && unsigned) {
      for (const side of markSides(marker)) {
        const amounts = a.cents.map((v, i) => (v === null ? null : side.debit.has(marker.values[i] ?? '') ? -Math.abs(v) : Math.abs(v)));
        const freq = marker.values.filter((v) => side.debit.has(v)).length * 2 > marker.values.length ? 0.2 : 0;
        evaluate({ amount: a.index, debit: null, credit: null, marker: marker.index, debitMarks: side.debit, amounts }, base + 0.5 + (side.known ? 0.6 : freq));
      }
    } else {
      evaluate({ amount: a.index, debit: null, credit: null, marker: null, debitMarks: new Set(), amounts: a.cents }, base);
    }
    // A debit (or credit) column whose partner is absent or empty: every row is one side.
    if (unsigned && (a.hint === 'debit' || a.hint === 'credit')) {
      const sign = a.hint === 'debit' ? -1 : 1;
      const side = { amount: null, debit: sign < 0 ? a.index : null, credit: sign > 0 ? a.index : null, marker: null, debitMarks: new Set<string>() };
      evaluate({ ...side, amounts: a.cents.map((v) => (v === null ? null : sign * Math.abs(v))) }, 1.5);
    }
  }
  candidates.sort((x, y) => y.score - x.score || (x.amount ?? x.debit ?? 0) - (y.amount ?? y.debit ?? 0));
  const best = candidates[0];
  if (!best) return null;
  const { score: _score, ...roles } = best;
  return roles;
}
