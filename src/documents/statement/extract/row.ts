/**
 * A candidate row of the table: a line with an amount in an amount column, and what its label says.
 */
import { fold } from '../../layout/lines.ts';
import { CARRY, CLOSING, OPENING, TOTALS_ANY } from '../../data/keywords.data.ts';
import { BALANCE_ROW, CREDIT_CUE, DEBIT_CUE } from '../../data/table-words.data.ts';
import type { Tok, TokLine } from './tokens.ts';

export interface Row {
  tl: TokLine;
  page: number;
  /** Index of the line in its page's list. */
  idx: number;
  amounts: Map<number, Tok>;
  dates: Map<number, Tok>;
  special: 'carry' | 'opening' | 'closing' | 'day' | 'total' | null;
  label: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function startsWith(re: RegExp, label: string): boolean {
  const m = re.exec(label);
  return m !== null && m.index <= 3;
}

export function specialOf(label: string): Row['special'] {
  // ("Totale a riportare", "Summe Übertrag": a short label that speaks of carrying is a carry)
  if (startsWith(CARRY, label) || (CARRY.test(label) && label.split(' ').length <= 5)) return 'carry';
  if (startsWith(OPENING, label)) return 'opening';
  if (startsWith(CLOSING, label)) return 'closing';
  if (startsWith(TOTALS_ANY, label)) return 'total';
  if (BALANCE_ROW.test(label)) return 'day';
  return null;
}

export function cueOf(text: string): -1 | 0 | 1 {
  const t = fold(text);
  const c = CREDIT_CUE.test(t);
  const d = DEBIT_CUE.test(t);
  return c === d ? 0 : c ? 1 : -1;
}


export function percentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
}
