/**
 * A transaction table's heading row: its columns and their x-ranges (header extent widened to the
 * midpoints between neighbours). Classification uses it to tell a statement page and where its table
 * starts; the statement itself is read by the geometry reader (statement/extract/), which needs no heading.
 */
import type { ColumnKind } from '../../data/keywords.data.ts';
import { HEADER_VOCAB } from '../../data/keywords.data.ts';
import { editDistance } from '../../text.ts';
import type { Line, PositionedWord } from '../../layout/model.ts';
import { fold, makePhrase } from '../../layout/lines.ts';

export interface Column {
  kind: ColumnKind;
  label: string;
  x0: number;
  x1: number;
  /** Slot boundaries used for assignment. */
  left: number;
  right: number;
}

const MONEY: ReadonlySet<ColumnKind> = new Set(['debit', 'credit', 'amount']);

function vocabKind(text: string): ColumnKind | null {
  const t = fold(text).replace(/[:()]/g, '').trim();
  for (const v of HEADER_VOCAB) if (v.re.test(t)) return v.kind;
  return null;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One-word header labels of ten letters or more (folded), for the two-error match. */
const LONG_HEADER_WORDS: [string, ColumnKind][] = [
  ['erlauterung', 'description'],
  ['erlauterungen', 'description'],
  ['descrizione', 'description'],
  ['verwendungszweck', 'description'],
  ['buchungstext', 'description'],
  ['particulars', 'description'],
  ['buchungstag', 'date'],
  ['buchungsdatum', 'date'],
  ['wertstellung', 'value_date'],
  ['valutadatum', 'value_date'],
  ['withdrawals', 'debit'],
];

/**
 * A header word of 7+ letters one OCR error away from the vocabulary
 * ("Enläuterung"): one letter substituted, dropped or added. Only tried on a line
 * that already has two exact header words, so prose is never promoted to a header.
 */
function fuzzyKind(text: string): ColumnKind | null {
  const t = fold(text).replace(/[:()]/g, '').trim();
  if (t.length < 7 || !/^[a-z]+$/.test(t)) return null;
  // Ten letters and more: two errors ("Enäuterung": 'rl' read as 'n').
  if (t.length >= 10) {
    const long = LONG_HEADER_WORDS.filter(([w]) => editDistance(t, w, 2) <= 2);
    if (long.length > 0 && long.every(([, k]) => k === long[0]![1])) return long[0]![1];
  }
  for (let i = 0; i <= t.length; i++) {
    if (i < t.length) {
      const k = vocabKind(t.slice(0, i) + t.slice(i + 1));
      if (k) return k;
    }
    for (const c of LETTERS) {
      const k = (i < t.length ? vocabKind(t.slice(0, i) + c + t.slice(i + 1)) : null) ?? vocabKind(t.slice(0, i) + c + t.slice(i));
      if (k) return k;
    }
  }
  return null;
}

/** Columns of a header row, or null when the line is not a transaction table header. */
export function detectHeader(line: Line): Column[] | null {
  const ws = line.words.flatMap(unglue);
  if (ws.length < 3 || ws.length > 24) return null;
  const found: { kind: ColumnKind; words: PositionedWord[] }[] = [];
  let matchedWords = 0;
  const fuzzy = ws.filter((w) => vocabKind(w.text) !== null).length >= 2;
  for (let i = 0; i < ws.length;) {
    let took = 0;
    for (let n = Math.min(3, ws.length - i); n >= 1; n--) {
      const span = ws.slice(i, i + n);
      if (!tight(span)) continue;
      const kind = vocabKind(span.map((w) => w.text).join(' ')) ?? (n === 1 && fuzzy ? fuzzyKind(span[0]!.text) : null);
      if (kind) {
        found.push({ kind, words: span });
        took = n;
        break;
      }
    }
    if (took > 0) {
      matchedWords += took;
      i += took;
      continue;
    }
    // A qualifier glued to a header word ("Importo (EUR)", "Betrag EUR") widens it.
    const last = found[found.length - 1];
    const w = ws[i]!;
    const prevW = last?.words[last.words.length - 1];
    if (last && prevW && prevW === ws[i - 1] && tight([prevW, w])) last.words.push(w);
    i++;
  }
  const kinds = new Set(found.map((f) => f.kind));
  const hasDate = kinds.has('date') || kinds.has('value_date');
  const hasMoney = [...kinds].some((k) => MONEY.has(k));
  if (!hasDate || !hasMoney || found.length < 3 || matchedWords < ws.length * 0.6) return null;
  const cols = found.map((f) => {
    const p = makePhrase(f.words);
    return { kind: f.kind, label: p.text, x0: p.x0, x1: p.x1, left: 0, right: 0 };
  });
  cols.sort((a, b) => a.x0 - b.x0);
  normaliseKinds(cols);
  for (let k = 0; k < cols.length; k++) {
    const c = cols[k]!;
    const prev = cols[k - 1];
    const next = cols[k + 1];
    c.left = prev ? (prev.x1 + c.x0) / 2 : -Infinity;
    c.right = next ? (c.x1 + next.x0) / 2 : Infinity;
  }
  return cols;
}

/** The first date column is the booking date; a second one is the value date. */
function normaliseKinds(cols: Column[]): void {
  const dates = cols.filter((c) => c.kind === 'date' || c.kind === 'value_date');
  if (dates.length >= 2 && !dates.some((c) => c.kind === 'date')) dates[0]!.kind = 'date';
  if (dates.length >= 2 && dates.filter((c) => c.kind === 'date').length >= 2) dates[1]!.kind = 'value_date';
  if (dates.length === 1) dates[0]!.kind = 'date';
}

/**
 * Two header labels printed too close together come out of pdf.js as one word
 * ("BuchungstagWert"); split it where both halves are header vocabulary.
 */
function unglue(w: PositionedWord): PositionedWord[] {
  if (w.text.length < 6 || vocabKind(w.text)) return [w];
  for (let k = 3; k <= w.text.length - 3; k++) {
    const a = w.text.slice(0, k);
    const b = w.text.slice(k);
    if (vocabKind(a) && vocabKind(b)) {
      const xm = w.x0 + ((w.x1 - w.x0) * k) / w.text.length;
      return [
        { ...w, text: a, x1: xm },
        { ...w, text: b, x0: xm + 0.01 },
      ];
    }
  }
  return [w];
}

function tight(ws: readonly PositionedWord[]): boolean {
  for (let i = 1; i < ws.length; i++) {
    const a = ws[i - 1]!;
    const b = ws[i]!;
    if (b.x0 - a.x1 > Math.max(1, b.y1 - b.y0, a.y1 - a.y0) * 0.6) return false;
  }
  return true;
}
