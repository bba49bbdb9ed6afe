/**
 * Label → value geometry shared by the header fields. A statement prints a field
 * as "Label: value", as "Label      value" in an aligned block, or as a label with
 * its value underneath (stacked and boxed blocks). A label is found as a run of
 * words (fold()ed, a trailing colon ignored) and its value is looked for to its
 * right on the same line, then in the lines below whose words start under it.
 */
import { trimRuns } from '../../text.ts';
import type { BBox, Line, PositionedWord } from '../../layout/model.ts';
import { fold } from '../../layout/lines.ts';

export interface LabelHit {
  line: number;
  /** Index of the label's first and one-past-last word in the line. */
  from: number;
  to: number;
  /** Which vocabulary entry matched. */
  label: string;
  colon: boolean;
}

export interface Value {
  text: string;
  words: PositionedWord[];
  line: number;
  /** 'inline' = right of the label on its line; 'below' = under it. */
  where: 'inline' | 'below';
}

const norm = (s: string): string => trimRuns(fold(s), ':;', 'end');

/** Vocabulary entries as word arrays, longest first so "account name" beats "name". */
export function compileLabels(labels: readonly string[]): string[][] {
  return labels.map((l) => l.split(/\s+/)).sort((a, b) => b.length - a.length);
}

/**
 * Labels on a line. With `atPhraseStart` a label must begin a cell (the line's
 * first word or a word after a gap wider than `gap` × height): a label word in
 * the middle of a sentence is not a label.
 */
/** A line's words fold()ed once: the header fields scan every line with several vocabularies. */
const foldCache = new WeakMap<Line, string[]>();
function foldedWords(line: Line): string[] {
  let f = foldCache.get(line);
  if (!f) {
    f = line.words.map((w) => norm(w.text));
    foldCache.set(line, f);
  }
  return f;
}

/** Vocabulary entries by their first word: a line is scanned once, not once per entry. */
const byFirst = new WeakMap<readonly string[][], Map<string, string[][]>>();
function index(vocab: readonly string[][]): Map<string, string[][]> {
  let m = byFirst.get(vocab);
  if (!m) {
    m = new Map();
    for (const e of vocab) {
      const list = m.get(e[0]!) ?? [];
      list.push(e);
      m.set(e[0]!, list);
    }
    byFirst.set(vocab, m);
  }
  return m;
}

export function labelsOnLine(
  line: Line,
  k: number,
  vocab: readonly string[][],
  atPhraseStart = true,
  gap = 1.2,
): LabelHit[] {
  const ws = line.words;
  const first = index(vocab);
  const folded = foldedWords(line);
  const out: LabelHit[] = [];
  for (let i = 0; i < ws.length; i++) {
    const entries = first.get(folded[i]!);
    if (!entries) continue;
    if (atPhraseStart && i > 0) {
      const prev = ws[i - 1]!;
      const h = Math.max(1, ws[i]!.y1 - ws[i]!.y0);
      if (ws[i]!.x0 - prev.x1 <= h * gap && !/[:;]$/.test(prev.text)) continue;
    }
    for (const entry of entries) {
      if (i + entry.length > ws.length) continue;
      let ok = true;
      for (let j = 0; j < entry.length && ok; j++) ok = folded[i + j] === entry[j];
      if (!ok) continue;
      const last = ws[i + entry.length - 1]!.text;
      const next = ws[i + entry.length];
      const colon = /[:]$/.test(last) || next?.text === ':';
      out.push({
        line: k,
        from: i,
        to: i + entry.length + (next?.text === ':' ? 1 : 0),
        label: entry.join(' '),
        colon,
      });
      i += entry.length - 1;
      break;
    }
  }
  return out;
}

/**
 * Candidate values of a label, nearest first: the words right of it on its line
 * (up to the next wide gap), then the cell below it in the next lines (up to
 * `maxBelow` lines, within three line heights, starting near the label's x).
 */
export function valuesOf(lines: readonly Line[], hit: LabelHit, maxBelow = 2): Value[] {
  const line = lines[hit.line]!;
  const out: Value[] = [];
  const labelWords = line.words.slice(hit.from, hit.to);
  const lx0 = labelWords[0]!.x0;
  const lx1 = labelWords[labelWords.length - 1]!.x1;
  const h = Math.max(1, line.y1 - line.y0);
  const rest = line.words.slice(hit.to);
  if (rest.length > 0) {
    const cell = cellFrom(rest, 0, h * 1.5);
    // A value printed far to the right (another column of the page) is not this label's.
    if (cell.length > 0 && cell[0]!.x0 - lx1 < Math.max(160, h * 18))
      out.push(toValue(cell, hit.line, 'inline'));
  }
  const next = line.words[hit.to];
  const rightBound = next && next.x0 - lx1 > h * 1.5 ? next.x0 - h * 0.5 : Infinity;
  let seen = 0;
  for (let k = hit.line + 1; k < lines.length && seen < maxBelow; k++) {
    const b = lines[k]!;
    if (b.page !== line.page || b.y0 - line.y1 > h * 3.2 * (seen + 1)) break;
    const start = b.words.findIndex((w) => w.x0 >= lx0 - h * 1.5 && w.x0 <= Math.max(lx1, lx0 + h * 4));
    if (start < 0) continue;
    seen++;
    // The cell under a label ends where the next label of its row begins ("ACCOUNT NAME   ACCOUNT
    // DETAILS" over "Rebecca O'Brien and Richard Thomas Sort code 08-03-41 …").
    const cell = cellFrom(b.words, start, h * 1.5).filter((w) => w.x0 < rightBound);
    if (cell.length > 0) out.push(toValue(cell, k, 'below'));
  }
  return out;
}

/** Words from `start` up to the first gap wider than `gap`. */
export function cellFrom(ws: readonly PositionedWord[], start: number, gap: number): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (let i = start; i < ws.length; i++) {
    const w = ws[i]!;
    if (out.length > 0 && w.x0 - out[out.length - 1]!.x1 > gap) break;
    if (out.length === 0 && w.text === ':') continue;
    out.push(w);
  }
  return out;
}

function toValue(words: PositionedWord[], line: number, where: Value['where']): Value {
  return {
    text: words
      .map((w) => w.text)
      .join(' ')
      .replace(/^:\s*/, ''),
    words,
    line,
    where,
  };
}

/** A header field found on a page: its value, how sure, and where. */
export interface Found<T> {
  value: T;
  confidence: number;
  page: number;
  bbox: BBox;
}
