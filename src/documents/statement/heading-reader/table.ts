/**
 * Finding a transaction table by its header row and cutting lines into cells.
 * Layout independence comes from reading column x-ranges off the header instead
 * of knowing any bank's layout: cells are assigned to the column whose slot
 * (header extent widened to the midpoints between neighbours) contains them.
 */
import type { ColumnKind } from '../../data/keywords.data.ts';
import { HEADER_VOCAB } from '../../data/keywords.data.ts';
import { editDistance } from '../../text.ts';
import type { Line, PositionedWord } from '../../layout/model.ts';
import type { Phrase } from '../../layout/lines.ts';
import { fold, makePhrase, phrases } from '../../layout/lines.ts';
import { parseAmount } from '../../values/amounts.ts';

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

export interface Cells {
  byKind: Map<ColumnKind, Phrase[]>;
  all: Phrase[];
}

/** Cut a line into phrases and assign each phrase to a column slot. */
export function cellsOf(line: Line, cols: readonly Column[]): Cells {
  const byKind = new Map<ColumnKind, Phrase[]>();
  const all = attachMarkers(phrases(line)).flatMap((p) => splitAcrossSlots(p, cols));
  for (const p of all) {
    const col = slotOf(p, cols);
    if (!col) continue;
    const list = byKind.get(col.kind) ?? [];
    list.push(p);
    byKind.set(col.kind, list);
  }
  return { byKind, all };
}

function slotOf(p: { text: string; x0: number; x1: number }, cols: readonly Column[]): Column | undefined {
  // Numbers are right-aligned under their header, text left-aligned: use the
  // centre for numbers and the start for text.
  const x = parseAmount(p.text) !== null ? (p.x0 + p.x1) / 2 : p.x0 + 0.5;
  return cols.find((c) => x >= c.left && x < c.right) ?? nearest(cols, x);
}

/**
 * Tightly spaced columns (a date running almost into the next column) can glue
 * two cells into one phrase; cut a non-numeric phrase where its words change slot.
 */
function splitAcrossSlots(p: Phrase, cols: readonly Column[]): Phrase[] {
  if (p.words.length < 2 || parseAmount(p.text) !== null) return [p];
  const out: Phrase[] = [];
  let run: PositionedWord[] = [];
  let runCol: Column | undefined;
  for (const w of p.words) {
    const c = slotOf({ text: '', x0: w.x0, x1: w.x1 }, cols);
    if (run.length > 0 && c !== runCol) {
      out.push(makePhrase(run));
      run = [];
    }
    run.push(w);
    runCol = c;
  }
  if (run.length > 0) out.push(makePhrase(run));
  return out;
}

function nearest(cols: readonly Column[], x: number): Column | undefined {
  let best: Column | undefined;
  let d = Infinity;
  for (const c of cols) {
    const dc = Math.abs((c.x0 + c.x1) / 2 - x);
    if (dc < d) {
      d = dc;
      best = c;
    }
  }
  return best;
}

/**
 * A lone sign or debit/credit marker printed a little apart from its number
 * ("1.234,56   S", "+   154,00") belongs to that number.
 */
function attachMarkers(ps: Phrase[]): Phrase[] {
  const out: Phrase[] = [];
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    const next = ps[i + 1];
    const prev = out[out.length - 1];
    const h = Math.max(1, p.y1 - p.y0);
    if (/^(S|H|DR|CR|-|\+)$/.test(p.text) && prev && parseAmount(prev.text) && p.x0 - prev.x1 < h * 3) {
      out[out.length - 1] = makePhrase([...prev.words, ...p.words]);
      continue;
    }
    if (/^[-+\u2212]$/.test(p.text) && next && parseAmount(next.text) && next.x0 - p.x1 < h * 3) {
      ps[i + 1] = makePhrase([...p.words, ...next.words]);
      continue;
    }
    out.push(p);
  }
  return out;
}

export function isMoneyKind(k: ColumnKind): boolean {
  return MONEY.has(k);
}
