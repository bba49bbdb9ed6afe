/**
 * A line cut into typed tokens: dates, amounts, debit/credit markers and text. Nothing
 * here knows about columns: a date inside a description ("DEL 02/01/25") is a date token
 * too, and only the column reader decides whether it stands in a date column.
 */
import type { Line, PositionedWord } from '../../layout/model.ts';
import type { ParsedAmount } from '../../values/amounts.ts';
import { parseAmount } from '../../values/amounts.ts';
import { MONTHS } from '../../data/months.data.ts';

export type TokKind = 'date' | 'amount' | 'marker' | 'text';

export interface Tok {
  kind: TokKind;
  text: string;
  words: PositionedWord[];
  x0: number;
  x1: number;
  /** Date tokens: the day and month, and the year when printed. */
  day?: { d: number; m: number; y: number | null };
  amount?: ParsedAmount;
  /** Marker tokens: the sign they give the amount they stand beside. */
  markerSign?: -1 | 1;
  /** Distance to the previous and next token of the line (Infinity at the ends). */
  gapL: number;
  gapR: number;
}

export interface TokLine {
  line: Line;
  toks: Tok[];
  /** Text height of the line (median word height): the unit of every gap test. */
  h: number;
  cy: number;
  /** Baseline (median over the words): line pitches are measured on it, immune to taller boxes. */
  base: number;
}

const MARKERS: Record<string, -1 | 1> = {
  d: -1, s: -1, dr: -1, db: -1, deb: -1, '-': -1, '\u2212': -1,
  c: 1, a: 1, h: 1, cr: 1, '+': 1, cred: 1,
};

/** A word that is a debit/credit marker on its own ("D", "A", "S", "H", "DR", "CR", "+", "−"). */
export function markerSign(text: string): -1 | 1 | undefined {
  // (a trailing period dropped, over four characters is no marker)
  if (text.length > 5) return undefined;
  const t = text.replace(/\.$/, '');
  if (t.length > 4) return undefined;
  // Single lower-case letters are words ("a", "e"), not markers.
  if (t.length === 1 && /[a-z]/.test(t)) return undefined;
  return MARKERS[t.toLowerCase()];
}

/**
 * A marker letter OCR read twice, in both cases, in the box of one glyph ("Cc" for C, "Dd" for D: a
 * photo's blur gave the recogniser two readings of one letter). A word "Cc" is no word of a statement,
 * and two letters take more than one glyph's width.
 */
function markerReadTwice(w: PositionedWord): -1 | 1 | undefined {
  const m = /^(\p{Lu})(\p{Ll})$/u.exec(w.text);
  if (!m || m[1]!.toLowerCase() !== m[2] || w.x1 - w.x0 > 1.2 * (w.y1 - w.y0)) return undefined;
  return markerSign(m[1]!);
}

const NUM_DATE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})[,;]?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})[,;]?$/;
// "03/01" or "03.01." — "28.10" without its closing period is an amount, not a date.
const SHORT_DATE = /^(\d{1,2})(?:\/(\d{1,2})|\.(\d{1,2})\.)[,;]?$/;
const DASH_MON = /^(\d{1,2})-([A-Za-zÀ-ÿ]{3,9})-(\d{2}|\d{4})$/;

function year(s: string): number {
  return s.length === 2 ? 2000 + Number(s) : Number(s);
}

function valid(d: number, m: number, y: number | null): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  if (y !== null && (y < 1970 || y > 2100)) return false;
  const dt = new Date(Date.UTC(y ?? 2024, m - 1, d));
  return dt.getUTCMonth() === m - 1;
}

function startsWithDigit(t: string): boolean {
  const c = t.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/** A date starting at words[i] ("03/01/2026", "03.01.", "3 gen 2026", "03 Jan"): day, month, year, words used. */
export function dateAt(words: readonly PositionedWord[], i: number): { d: number; m: number; y: number | null; n: number } | null {
  const t = words[i]?.text;
  // (every form below starts with a digit)
  if (t === undefined || !startsWithDigit(t)) return null;
  let r = NUM_DATE.exec(t);
  if (r) return valid(+r[1]!, +r[2]!, year(r[3]!)) ? { d: +r[1]!, m: +r[2]!, y: year(r[3]!), n: 1 } : null;
  r = ISO_DATE.exec(t);
  if (r) return valid(+r[3]!, +r[2]!, +r[1]!) ? { d: +r[3]!, m: +r[2]!, y: +r[1]!, n: 1 } : null;
  r = DASH_MON.exec(t);
  if (r) {
    const m = MONTHS[r[2]!.toLowerCase()];
    return m && valid(+r[1]!, m, year(r[3]!)) ? { d: +r[1]!, m, y: year(r[3]!), n: 1 } : null;
  }
  const dm = /^(\d{1,2})\.?$/.exec(t);
  const next = words[i + 1];
  if (dm && next && tight(words[i]!, next, 1.0)) {
    const m = MONTHS[next.text.toLowerCase().replace(/[.,]$/, '')];
    if (m) {
      const y = words[i + 2];
      if (y && tight(next, y, 1.0) && /^\d{4}[,;]?$/.test(y.text)) {
        return valid(+dm[1]!, m, +y.text.slice(0, 4)) ? { d: +dm[1]!, m, y: +y.text.slice(0, 4), n: 3 } : null;
      }
      return valid(+dm[1]!, m, null) ? { d: +dm[1]!, m, y: null, n: 2 } : null;
    }
  }
  r = SHORT_DATE.exec(t);
  if (r) {
    const m = Number(r[2] ?? r[3]);
    return valid(+r[1]!, m, null) ? { d: +r[1]!, m, y: null, n: 1 } : null;
  }
  return null;
}

function height(w: PositionedWord): number {
  return Math.max(1, w.y1 - w.y0);
}

/** Two words close enough to be one cell (about a space apart). */
function tight(a: PositionedWord, b: PositionedWord, factor = 0.6): boolean {
  return b.x0 - a.x1 <= Math.max(height(a), height(b)) * factor;
}

function tok(kind: TokKind, ws: PositionedWord[]): Tok {
  return {
    kind,
    text: ws.map((w) => w.text).join(' '),
    words: ws,
    x0: Math.min(...ws.map((w) => w.x0)),
    x1: Math.max(...ws.map((w) => w.x1)),
    gapL: Infinity,
    gapR: Infinity,
  };
}

const CURRENCY_WORD = /^(€|EUR|CHF|GBP|USD|£|\$)$/i;

/** An amount cell's words: currency words at either end are dropped, then the amount is read with its sign or marker. */
export function parseCell(words: readonly string[]): ParsedAmount | null {
  let a = 0;
  let b = words.length;
  while (a < b && CURRENCY_WORD.test(words[a]!)) a++;
  while (b > a && CURRENCY_WORD.test(words[b - 1]!)) b--;
  if (a >= b) return null;
  const inner = words.slice(a, b);
  // A lone trailing marker word: "15,55 H", "218.55 CR", "12,50 A" (Avere).
  const last = inner[inner.length - 1]!;
  const sign = inner.length > 1 && last.length <= 2 ? markerSign(last) : undefined;
  if (sign !== undefined && !/^[+\-\u2212]$/.test(last)) {
    const p = parseAmount(inner.slice(0, -1).join(' '));
    return p ? { ...p, sign: p.sign ?? sign, marker: sign < 0 ? 'debit' : 'credit' } : null;
  }
  return parseAmount(inner.join(' '));
}

/**
 * Cut a line into tokens. An amount may span up to four tight words ("€", "1", "234,56",
 * "D"); the longest reading wins. Text words are merged into phrases at gaps under
 * 0.6 × the text height, as a reader sees cells.
 */
/**
 * The width of a word space on these pages: the median of the gaps between neighbouring words
 * that are narrower than the text height. Column gaps are wider than about 1.5 spaces.
 */
/**
 * The gap above which two words are apart (in different cells): one and a half spaces; where every
 * space is the same width (a monospaced layout, one character) a quarter of a space more already is.
 */
export function wordSeparator(lines: readonly Line[]): number {
  const gaps = wordGaps(lines);
  const q = (f: number): number => gaps[Math.floor(gaps.length * f)] ?? 2.5;
  let space = q(0.5);
  const uniform = gaps.length >= 20 && q(0.6) - q(0.1) < space * 0.08;
  // Where the text layer gives whole phrases as one item ("ACCOUNT FEE"), the gaps between items
  // are mostly between cells: a space is then about half an average character.
  const items = lines.flatMap((l) => l.words).filter((w) => w.text.length >= 3);
  const phrases = items.filter((w) => /\S\s+\S/.test(w.text)).length;
  if (items.length >= 20 && phrases >= items.length * 0.3) {
    const perChar = items.map((w) => (w.x1 - w.x0) / w.text.length).sort((a, b) => a - b);
    const fromChars = perChar[Math.floor(perChar.length / 2)]! * 0.55;
    if (fromChars < space) space = fromChars;
  }
  return space * (uniform ? 1.25 : 1.5);
}

function wordGaps(lines: readonly Line[]): number[] {
  const gaps: number[] = [];
  for (const l of lines) {
    for (let i = 1; i < l.words.length; i++) {
      const a = l.words[i - 1]!;
      const b = l.words[i]!;
      const g = b.x0 - a.x1;
      if (g > 0 && g < Math.max(height(a), height(b))) gaps.push(g);
    }
  }
  return gaps.sort((a, b) => a - b);
}

export function spaceWidth(lines: readonly Line[]): number {
  const gaps: number[] = [];
  for (const l of lines) {
    for (let i = 1; i < l.words.length; i++) {
      const a = l.words[i - 1]!;
      const b = l.words[i]!;
      const g = b.x0 - a.x1;
      if (g > 0 && g < Math.max(height(a), height(b))) gaps.push(g);
    }
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? 2.5;
}

export function tokenise(line: Line): TokLine {
  const ws = line.words;
  const hs = ws.map(height).sort((a, b) => a - b);
  const h = hs[Math.floor(hs.length / 2)] ?? 8;
  const out: Tok[] = [];
  let text: PositionedWord[] = [];
  const flush = (): void => {
    if (text.length > 0) out.push(tok('text', text));
    text = [];
  };
  // (an amount reads a digit: where none of the next five words holds one, none starts here)
  const digits = ws.map((w) => /\d/.test(w.text));
  const digitFrom = (i: number): boolean => digits[i] || digits[i + 1] || digits[i + 2] || digits[i + 3] || digits[i + 4] || false;
  for (let i = 0; i < ws.length; ) {
    const d = dateAt(ws, i);
    if (d) {
      flush();
      const t = tok('date', ws.slice(i, i + d.n));
      t.day = { d: d.d, m: d.m, y: d.y };
      out.push(t);
      i += d.n;
      continue;
    }
    let best: { n: number; a: ParsedAmount } | null = null;
    for (let n = 1; n <= 5 && i + n <= ws.length && digitFrom(i); n++) {
      // A currency sign or code, or a debit/credit marker, stands a little further from its
      // number ("€  1.234,56", "12,50  EUR", "15,55 H EUR", "218.55  CR").
      const wa = ws[i + n - 2];
      const wb = ws[i + n - 1]!;
      const loose =
        wa !== undefined &&
        (CURRENCY_WORD.test(wa.text) ||
          CURRENCY_WORD.test(wb.text) ||
          (best !== null && wb.text.length <= 2 && markerSign(wb.text) !== undefined) ||
          // a sign printed apart: "+   154,00"
          (n === 2 && /^[+\-\u2212]$/.test(wa.text)) ||
          // thousands grouped by a plain space: "6 217,29", "-1 234 567,89", "(2 648,84)"
          (/^[-+\u2212]?\(?\d{1,3}$/.test(wa.text) && /^\d{3}(?:[.,\s)]|$)/.test(wb.text)));
      if (n > 1 && !tight(wa!, wb, loose ? 1.0 : 0.45)) break;
      const a = parseCell(ws.slice(i, i + n).map((w) => w.text));
      if (a) best = { n, a };
    }
    if (best && !(best.n === 1 && CURRENCY_WORD.test(ws[i]!.text))) {
      flush();
      const t = tok('amount', ws.slice(i, i + best.n));
      t.amount = best.a;
      out.push(t);
      i += best.n;
      continue;
    }
    const w = ws[i]!;
    const sign = markerSign(w.text) ?? markerReadTwice(w);
    const prevW = text[text.length - 1];
    if (sign !== undefined && (!prevW || !tight(prevW, w))) {
      flush();
      const t = tok('marker', [w]);
      t.markerSign = sign;
      out.push(t);
      i++;
      continue;
    }
    if (prevW && !tight(prevW, w)) flush();
    text.push(w);
    i++;
  }
  flush();
  for (let k = 1; k < out.length; k++) {
    const g = out[k]!.x0 - out[k - 1]!.x1;
    out[k]!.gapL = g;
    out[k - 1]!.gapR = g;
  }
  const bases = ws.map((w) => w.y1 - 0.2 * (w.y1 - w.y0)).sort((a, b) => a - b);
  return { line, toks: out, h, cy: (line.y0 + line.y1) / 2, base: bases[Math.floor(bases.length / 2)] ?? line.y1 };
}
