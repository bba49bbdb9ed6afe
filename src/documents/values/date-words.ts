/**
 * Dates as printed in it/de/en statements. A date may span several words
 * ("03 Jan 2026", "03. Januar 2026"), so the parser works on a word sequence and
 * reports how many words it consumed. Dates without a year ("19.01.") take their
 * year from the statement period.
 */

import { MONTHS } from '../data/months.data.ts';

export interface Period {
  start: string;
  end: string;
}

export interface DateHit {
  iso: string;
  /** Number of words consumed. */
  words: number;
  /** The year was inferred, not printed. */
  inferredYear: boolean;
}

const NUMERIC = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const NO_YEAR = /^(\d{1,2})\.(\d{1,2})\.$/;

/** Parse a date starting at words[i]. */
export function parseDateAt(words: readonly string[], i: number, period?: Period | null): DateHit | null {
  const w0 = words[i];
  if (w0 === undefined) return null;
  const t = w0.replace(/[,;]$/, '');
  let m = NUMERIC.exec(t);
  if (m) {
    const iso = make(fullYear(m[3]!), Number(m[2]), Number(m[1]));
    return iso ? { iso, words: 1, inferredYear: false } : null;
  }
  m = ISO.exec(t);
  if (m) {
    const iso = make(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso ? { iso, words: 1, inferredYear: false } : null;
  }
  m = NO_YEAR.exec(t);
  if (m) {
    const iso = withInferredYear(Number(m[1]), Number(m[2]), period);
    return iso ? { iso, words: 1, inferredYear: true } : null;
  }
  // "03 Jan 2026", "3 gen 2026", "03. Januar 2026", "03-Jan-2026"
  const dash = /^(\d{1,2})-([A-Za-zÀ-ÿ]{3,9})-(\d{2}|\d{4})$/.exec(t);
  if (dash) {
    const mon = MONTHS[dash[2]!.toLowerCase()];
    const iso = mon ? make(fullYear(dash[3]!), mon, Number(dash[1])) : null;
    return iso ? { iso, words: 1, inferredYear: false } : null;
  }
  const day = /^(\d{1,2})\.?$/.exec(t);
  const w1 = words[i + 1];
  if (day && w1 !== undefined) {
    const mon = MONTHS[w1.toLowerCase().replace(/[.,]$/, '')];
    if (!mon) return null;
    const w2 = words[i + 2]?.replace(/[,;]$/, '');
    if (w2 !== undefined && /^\d{4}$/.test(w2)) {
      const iso = make(Number(w2), mon, Number(day[1]));
      return iso ? { iso, words: 3, inferredYear: false } : null;
    }
    const iso = withInferredYear(Number(day[1]), mon, period);
    return iso ? { iso, words: 2, inferredYear: true } : null;
  }
  return null;
}

/** All dates found anywhere in a word sequence (used for periods and headers). */
export function findDates(
  words: readonly string[],
  period?: Period | null,
): { iso: string; index: number; words: number }[] {
  const out: { iso: string; index: number; words: number }[] = [];
  for (let i = 0; i < words.length; i++) {
    const hit = parseDateAt(words, i, period);
    if (hit && !hit.inferredYear) {
      out.push({ iso: hit.iso, index: i, words: hit.words });
      i += hit.words - 1;
    }
  }
  return out;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

function make(y: number, mo: number, d: number): string | null {
  if (y < 1970 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCMonth() !== mo - 1) return null;
  return dt.toISOString().slice(0, 10);
}

/**
 * Pick the year that puts the date inside the period (a December booking in a
 * January statement belongs to the previous year). Without a period there is no
 * safe guess.
 */
function withInferredYear(d: number, mo: number, period?: Period | null): string | null {
  if (!period) return null;
  const y0 = Number(period.start.slice(0, 4));
  const y1 = Number(period.end.slice(0, 4));
  let best: string | null = null;
  let bestDist = Infinity;
  for (let y = y0 - 1; y <= y1 + 1; y++) {
    const iso = make(y, mo, d);
    if (!iso) continue;
    const dist =
      iso < period.start
        ? daysBetween(iso, period.start)
        : iso > period.end
          ? daysBetween(period.end, iso)
          : 0;
    if (dist < bestDist) {
      bestDist = dist;
      best = iso;
    }
  }
  return best;
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}
