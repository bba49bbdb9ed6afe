/**
 * Amounts as printed in it/de/en statements, to integer cents. Statements always
 * print two decimals, which is what makes "1.234,56", "1,234.56", "1'234.56" and
 * the occasional typo "2.853.82" unambiguous: the last separator followed by
 * exactly two digits is the decimal point, every other one groups thousands.
 */

export type AmountMarker = 'debit' | 'credit' | null;

export interface ParsedAmount {
  cents: number;
  /** Sign as printed: leading/trailing minus, parentheses, or a debit/credit marker. */
  sign: -1 | 1 | null;
  marker: AmountMarker;
}

// eslint-disable-next-line regexp/no-super-linear-move -- applied to amounts of at most 40 characters (parseAmount)
const CURRENCY = /^(?:€|EUR|CHF|GBP|USD|£|\$)\s*|\s*(?:€|EUR|CHF|GBP|USD|£|\$)$/i;
const BODY = /^(\d{1,3}(?:([.,' \u00a0\u202f])\d{3})*|\d+)([.,])(\d{2})$/;
const MINUS = /^[-\u2212\u2013]$/;

const DIGIT = /\d/;

export function parseAmount(raw: string): ParsedAmount | null {
  // (BODY needs a digit: most words a line is cut into are text, and end here)
  if (!DIGIT.test(raw)) return null;
  let s = raw.trim();
  if (!s || s.length > 40) return null;
  let sign: -1 | 1 | null = null;
  let marker: AmountMarker = null;
  // Debit/credit markers printed after the number: "S"/"H" (Soll/Haben), "DR"/"CR", "D"/"C".
  // eslint-disable-next-line regexp/no-super-linear-move -- s is at most 40 characters (above)
  const mk = /\s*(S|H|DR|CR|D|C|Dr|Cr)\.?$/.exec(s);
  if (mk && /\d/.test(s.slice(0, mk.index))) {
    const m = mk[1]!.toUpperCase();
    marker = m === 'S' || m === 'DR' || m === 'D' ? 'debit' : 'credit';
    sign = marker === 'debit' ? -1 : 1;
    s = s.slice(0, mk.index).trim();
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    sign = -1;
    s = s.slice(1, -1).trim();
  }
  for (let i = 0; i < 2; i++) s = s.replace(CURRENCY, '').trim();
  const first = s.charAt(0);
  if (MINUS.test(first) || first === '+') {
    sign = first === '+' ? 1 : -1;
    s = s.slice(1).trim();
  } else if (s.length > 1 && (MINUS.test(s.charAt(s.length - 1)) || s.endsWith('+'))) {
    sign = s.endsWith('+') ? 1 : -1;
    s = s.slice(0, -1).trim();
  }
  for (let i = 0; i < 2; i++) s = s.replace(CURRENCY, '').trim();
  const m = BODY.exec(s);
  if (!m) return null;
  // A grouping separator equal to the decimal one passes because every earlier
  // group has exactly three digits (the "2.853.82" typo in a real Postbank statement).
  const intPart = m[1]!.replace(/[.,' \u00a0\u202f]/g, '');
  const cents = Number(intPart) * 100 + Number(m[4]);
  if (!Number.isSafeInteger(cents)) return null;
  return { cents, sign, marker };
}

/** True when the text looks like an amount at all (cheap pre-check for column guessing). */
export function looksLikeAmount(raw: string): boolean {
  return parseAmount(raw) !== null;
}

// One conversion and one rendering of cents for the engine (values/money.ts).
export { centsToNumber, formatCents } from './money.ts';
