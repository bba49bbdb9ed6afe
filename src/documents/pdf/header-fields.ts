/**
 * Statement header fields read from labels, not from positions: an IBAN anywhere
 * with a valid checksum, the holder after its label or in the address block, the
 * period from a line holding two dates, and balances/totals from "label → amount"
 * pairs where the amount sits right of the label or on the line below it
 * (summary boxes print labels above values).
 */
import { countrySpecs, isValidIBAN } from 'ibantools';
import type { Period } from './dates.ts';
import { findDates } from './dates.ts';
import { BANK_WORD, HOLDER_LABEL, PERIOD_CUE, SALUTATION } from './keywords.ts';
import type { BBox, Line } from './model.ts';
import { bboxOf } from './model.ts';
import { fold, phrases } from './lines.ts';
import { parseAmount } from './numbers.ts';

export interface Found<T> {
  value: T;
  confidence: number;
  page: number;
  bbox: BBox;
}

export interface IbanHit extends Found<string> {
  labelled: boolean;
}

const IBAN_START = /\b([A-Z]{2})(\d{2})(?=[\sA-Z0-9])/g;

/** Every valid IBAN on a line; spaced groups ("DE31 2001 0020 …") are re-joined. */
export function ibansOnLine(line: Line): IbanHit[] {
  const out: IbanHit[] = [];
  const text = line.text.toUpperCase();
  IBAN_START.lastIndex = 0;
  for (let m = IBAN_START.exec(text); m; m = IBAN_START.exec(text)) {
    const spec = (countrySpecs as Record<string, { chars?: number } | undefined>)[m[1]!];
    const len = spec?.chars;
    if (!len) continue;
    let iban = '';
    let i = m.index;
    for (; i < text.length && iban.length < len; i++) {
      const ch = text.charAt(i);
      if (/[A-Z0-9]/.test(ch)) iban += ch;
      else if (ch !== ' ') break;
    }
    if (iban.length !== len || !isValidIBAN(iban)) continue;
    // The next character must not continue the token (a longer alphanumeric run is not this IBAN).
    if (/[A-Z0-9]/.test(text.charAt(i))) continue;
    const labelled = /\biban\b/i.test(line.text);
    out.push({
      value: iban,
      confidence: labelled ? 0.98 : 0.9,
      page: line.page,
      bbox: bboxOf(wordsInRange(line, m.index, i)),
      labelled,
    });
  }
  return out;
}

/** Words of a line covering character offsets [from, to) of line.text (words joined by one space). */
function wordsInRange(line: Line, from: number, to: number): Line['words'] {
  const out: Line['words'] = [];
  let pos = 0;
  for (const w of line.words) {
    const end = pos + w.text.length;
    if (end > from && pos < to) out.push(w);
    pos = end + 1;
  }
  return out.length > 0 ? out : line.words;
}

/** The account's IBAN: a labelled one first (label on its line or the line above), else the most frequent. */
export function findIban(lines: readonly Line[], only: ReadonlySet<Line> | null): IbanHit | null {
  const hits: IbanHit[] = [];
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    if (only && !only.has(l)) continue;
    const above = lines[k - 1];
    const labelAbove = above !== undefined && above.page === l.page && /\biban\b/i.test(above.text);
    for (const h of ibansOnLine(l)) hits.push(labelAbove ? { ...h, labelled: true, confidence: 0.98 } : h);
  }
  const labelled = hits.find((h) => h.labelled);
  if (labelled) return labelled;
  const counts = new Map<string, number>();
  for (const h of hits) counts.set(h.value, (counts.get(h.value) ?? 0) + 1);
  let best: IbanHit | null = null;
  for (const h of hits) if (!best || (counts.get(h.value) ?? 0) > (counts.get(best.value) ?? 0)) best = h;
  return best;
}

/** Statement period: the first line with a period cue and two dates in order. */
export function findPeriod(lines: readonly Line[]): Found<Period> | null {
  for (const l of lines) {
    const t = fold(l.text);
    if (!PERIOD_CUE.test(t)) continue;
    const ds = findDates(l.words.map((w) => w.text));
    if (ds.length >= 2 && ds[0]!.iso <= ds[1]!.iso) {
      return {
        value: { start: ds[0]!.iso, end: ds[1]!.iso },
        confidence: 0.9,
        page: l.page,
        bbox: bboxOf(l.words),
      };
    }
  }
  return null;
}

export function findHolder(lines: readonly Line[]): Found<string> | null {
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    for (const p of phrases(l, 1.5)) {
      const t = fold(p.text);
      const m = HOLDER_LABEL.exec(t);
      if (!m) continue;
      const rest = p.text.slice(m[0].length).trim();
      // "Name" alone is too common a word; it counts only with a colon.
      if (m[1] === 'name' && !/:/.test(p.text)) continue;
      if (rest.length >= 3 && /[A-Za-zÀ-ÿ]/.test(rest)) {
        return { value: cleanName(rest), confidence: 0.9, page: l.page, bbox: bboxOf(p.words) };
      }
      // Label alone: the value is the phrase below it, starting near the label's x.
      const below = lines[k + 1];
      if (below && below.page === l.page) {
        const cand = phrases(below, 1.5).find(
          (q) => Math.abs(q.x0 - p.x0) < 15 && /[A-Za-zÀ-ÿ]{2}/.test(q.text) && !parseAmount(q.text),
        );
        if (cand)
          return { value: cleanName(cand.text), confidence: 0.85, page: l.page, bbox: bboxOf(cand.words) };
      }
    }
  }
  // Address window: a salutation line followed by the name.
  for (let k = 0; k < lines.length - 1; k++) {
    const l = lines[k]!;
    if (l.page !== 1) break;
    const ps = phrases(l, 1.5);
    const p0 = ps[0];
    if (!p0) continue;
    const words = p0.text.split(/\s+/);
    if (!SALUTATION.test(fold(words[0] ?? ''))) continue;
    if (words.length > 1) {
      return {
        value: cleanName(words.slice(1).join(' ')),
        confidence: 0.6,
        page: l.page,
        bbox: bboxOf(p0.words),
      };
    }
    const next = lines[k + 1]!;
    const q = phrases(next, 1.5).find((x) => Math.abs(x.x0 - p0.x0) < 10);
    if (q) return { value: cleanName(q.text), confidence: 0.6, page: next.page, bbox: bboxOf(q.words) };
  }
  return null;
}

function cleanName(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/[,;:]$/, '')
    .trim();
}

/** A letterhead line naming a bank in the top part of page 1. */
export function findBankName(lines: readonly Line[], pageHeight: number): Found<string> | null {
  for (const l of lines) {
    if (l.page !== 1 || l.y0 > pageHeight * 0.3) continue;
    for (const p of phrases(l, 1.5)) {
      const t = fold(p.text);
      if (!BANK_WORD.test(t) || /\b(iban|bic|swift|abi|cab|blz|bankleitzahl|konto|conto|account)\b/.test(t))
        continue;
      if (p.text.length > 60 || /\d{3,}/.test(p.text)) continue;
      return { value: p.text.trim(), confidence: 0.7, page: l.page, bbox: bboxOf(p.words) };
    }
  }
  return null;
}

export function findCurrency(lines: readonly Line[]): Found<string> | null {
  const counts = new Map<string, { n: number; line: Line }>();
  for (const l of lines) {
    for (const m of l.text.matchAll(/(€|\bEUR\b|\bCHF\b|\bGBP\b|£|\bUSD\b)/g)) {
      const code = m[1] === '€' ? 'EUR' : m[1] === '£' ? 'GBP' : m[1]!;
      const c = counts.get(code) ?? { n: 0, line: l };
      c.n++;
      counts.set(code, c);
    }
  }
  let best: [string, { n: number; line: Line }] | null = null;
  for (const e of counts) if (!best || e[1].n > best[1].n) best = e;
  if (!best) return null;
  return { value: best[0], confidence: 0.9, page: best[1].line.page, bbox: bboxOf(best[1].line.words) };
}

/**
 * An amount belonging to a label matched by `re`: to its right on the same line,
 * else on the next line or two, starting at or right of the label.
 */
export function findLabelledAmount(
  lines: readonly Line[],
  re: RegExp,
  skip?: ReadonlySet<Line>,
): Found<number> | null {
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    if (skip?.has(l)) continue;
    const ps = phrases(l, 1.0);
    for (let j = 0; j < ps.length; j++) {
      const p = ps[j]!;
      const m = re.exec(fold(p.text));
      if (!m) continue;
      const labelEnd = p.x0 + ((m.index + m[0].length) / p.text.length) * (p.x1 - p.x0);
      // Same line: the first amount after the label (the phrase itself may end with it).
      const inPhrase = parseAmount(p.text.slice(m.index + m[0].length).replace(/^.*?(?=[-+(€]?\s?\d)/, ''));
      if (inPhrase) return hit(inPhrase, l, p.words);
      for (const q of ps.slice(j + 1)) {
        if (q.x0 < labelEnd - 1) continue;
        const a = parseAmount(q.text);
        if (a) return hit(a, l, q.words);
        if (/[A-Za-z]{3,}/.test(q.text) && !/^(eur|€|chf|gbp)$/i.test(q.text)) break;
      }
      for (const below of lines.slice(k + 1, k + 3)) {
        if (below.page !== l.page || below.y0 - l.y1 > (l.y1 - l.y0) * 3) break;
        const cand = phrases(below, 1.0)
          .filter((q) => q.x1 >= p.x0 - 5 && parseAmount(q.text))
          .sort((a, b) => a.x0 - b.x0)[0];
        if (cand) return hit(parseAmount(cand.text)!, below, cand.words);
      }
    }
  }
  return null;
}

function hit(a: NonNullable<ReturnType<typeof parseAmount>>, l: Line, words: Line['words']): Found<number> {
  return { value: a.cents * (a.sign ?? 1), confidence: 0.9, page: l.page, bbox: bboxOf(words) };
}
