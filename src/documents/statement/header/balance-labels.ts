/**
 * Opening and closing balances from the labels real banks print, wherever they
 * print them: a summary box (label with the value right of it or under it), a
 * text line ("Saldo al 01/10/2025 -221,35 EUR"), an opening/closing row of the
 * table (the amount may stand left of the label when the balance column comes
 * first). Amounts carry their sign as printed: leading or trailing minus, S/H,
 * DR/CR, a currency before or after.
 *
 * A label is either explicit ("Saldo iniziale", "Alter Saldo", "Balance brought
 * forward" / "Saldo finale", "Neuer Saldo", "Closing balance") or a balance word
 * with a date ("Saldo al 31/03/2026", "Kontostand vom 30.04.25", "Balance at
 * 2025-04-30"), whose role the date decides against the statement period: on or
 * before its start → opening, on or after its end → closing; dated balances
 * inside the period are day balances, not the statement's.
 */
import type { Period } from '../../values/date-words.ts';
import { parseDateAt } from '../../values/date-words.ts';
import type { Found } from './label-value.ts';
import {
  BALANCE_DATE_PREPOSITIONS,
  BARE_BALANCE_WORDS,
  BROUGHT_FORWARD_LABELS,
  CARRIED_FORWARD_LABELS,
  CLOSING_BALANCE_LABELS,
  DATED_BALANCE_WORDS,
  OPENING_BALANCE_LABELS,
  UNDATED_CLOSING_LABELS,
} from '../../data/header-vocab.data.ts';
import { HEADER_VOCAB, type ColumnKind } from '../../data/keywords.data.ts';
import { compileLabels, labelsOnLine, type LabelHit } from './label-value.ts';
import type { Line, PositionedWord } from '../../layout/model.ts';
import { bboxOf } from '../../layout/model.ts';
import { fold } from '../../layout/lines.ts';
import { parseAmount } from '../../values/amounts.ts';

const OPEN = compileLabels(OPENING_BALANCE_LABELS);
const CLOSE = compileLabels(CLOSING_BALANCE_LABELS);
const DATED = compileLabels(DATED_BALANCE_WORDS);
const PREPS = compileLabels(BALANCE_DATE_PREPOSITIONS);
const CARRIED = compileLabels(CARRIED_FORWARD_LABELS);
const UNDATED = compileLabels([...UNDATED_CLOSING_LABELS, ...BARE_BALANCE_WORDS]);
const BARE = new Set(BARE_BALANCE_WORDS);
const BROUGHT = new Set(BROUGHT_FORWARD_LABELS);

export interface Balance extends Found<number> {
  /** Read from a line the table reader counts as a transaction-table line. */
  inTable: boolean;
  /**
   * The table column under the amount, by the heading above it: a debit column makes an
   * unsigned balance negative; 'none' = the amount stands under no amount column (a summary
   * box the reader took for rows); null = no heading above.
   */
  column: 'debit' | 'credit' | 'other' | 'none' | null;
}

export interface LabelledBalances {
  opening: Balance | null;
  closing: Balance | null;
}

/**
 * A labelled balance read outside the table is the answer; one read on a table row
 * defers to the table reader's own opening/closing row (which knows the column, and
 * so the sign of a debit-column balance), and stands when the reader has none.
 */
export function preferRows(mine: Balance | null, rows: Found<number> | null): Found<number> | null {
  if (mine && (!mine.inTable || mine.column === 'none')) return mine;
  // The same printed number read further ("3 874,65" where the row kept "874,65"): the longer reading.
  if (
    mine &&
    rows &&
    mine.page === rows.page &&
    mine.bbox[1] <= rows.bbox[3] &&
    rows.bbox[1] <= mine.bbox[3] &&
    Math.abs(mine.value) > Math.abs(rows.value) &&
    String(Math.abs(mine.value)).endsWith(String(Math.abs(rows.value)))
  )
    return mine;
  // Same magnitude: a printed minus or debit marker ("53,12 D SALDO PRECEDENTE") is evidence too.
  if (mine && rows && Math.abs(mine.value) === Math.abs(rows.value)) return mine.value < 0 ? mine : rows;
  return rows ?? mine;
}

interface Candidate {
  role: 'opening' | 'closing';
  /** 3 = explicit wording, 2 = a date decides, 1 = "carried forward" at the end, 0 = an undated balance word. */
  strength: number;
  label: string;
  /** The amount carried its own sign (minus, S/H, DR/CR). */
  signed: boolean;
  found: Found<number>;
  order: number;
  date: string | null;
  inTable: boolean;
}

const CURRENCY_WORD = /^(€|£|\$|eur|euro|chf|gbp|usd|fr\.?)$/i;
const DATE_WORD = /^\d{1,4}[./-]\d{1,2}[./-]?\d{0,4}$/;

/**
 * The first signed amount in a run of words: currency words and dates skipped,
 * up to three words joined ("7 661,15", "8.193,31 H", "10,091.36 CR", "9.063,12-").
 */
export function amountInWords(
  ws: readonly PositionedWord[],
): { cents: number; words: PositionedWord[]; signed: boolean } | null {
  const kept = ws.filter((w) => !CURRENCY_WORD.test(w.text.trim()));
  for (let i = 0; i < kept.length; i++) {
    if (DATE_WORD.test(kept[i]!.text) && !/[.,]\d{2}[-+]?$/.test(kept[i]!.text)) continue;
    if (!/\d|^[-−+(]$/.test(kept[i]!.text)) continue;
    for (let n = Math.min(3, kept.length - i); n >= 1; n--) {
      const part = kept.slice(i, i + n);
      // Words of one amount sit close together.
      if (part.some((w, j) => j > 0 && w.x0 - part[j - 1]!.x1 > (w.y1 - w.y0) * 2)) continue;
      const a = parseAmount(part.map((w) => w.text).join(' '));
      if (a) return { cents: a.cents * (a.sign ?? 1), words: part, signed: a.sign !== null };
    }
  }
  return null;
}

/** The date printed right after a dated balance word ("al", "vom", "at" optional). */
function dateAfter(line: Line, hit: LabelHit, period: Period | null): { iso: string; end: number } | null {
  const texts = line.words.map((w) => w.text.replace(/:$/, ''));
  let i = hit.to;
  const folded = texts.map((t) => fold(t));
  for (const p of PREPS) {
    if (p.every((w, j) => folded[i + j] === w)) {
      i += p.length;
      break;
    }
  }
  const d = parseDateAt(texts, i, period);
  return d ? { iso: d.iso, end: i + d.words } : null;
}

const AMOUNTISH = /^([-+−(]?[\d.,'\u00a0\u202f]*\d[-+)]?|€|£|eur|chf|gbp|usd|s|h|d|c|dr|cr|[-+])$/i;

/**
 * Labels of a generic balance word that begin a cell, or follow only the cell's
 * amount ("1.686,63 EUR KONTOSTAND AM 31.07.2024", "44.222,41 SALDO AL 01-03-2025"):
 * a balance word inside a description ("… SALDO FATTURA") is not a label.
 */
function cellLabels(l: Line, k: number, vocab: readonly string[][]): LabelHit[] {
  return labelsOnLine(l, k, vocab, false).filter((hit) => {
    for (let i = hit.from - 1; i >= 0; i--) {
      const w = l.words[i]!;
      const next = l.words[i + 1]!;
      if (next.x0 - w.x1 > Math.max(1, w.y1 - w.y0) * 1.0) return true; // a gap: the label begins a cell
      if (!AMOUNTISH.test(w.text)) return false;
    }
    return true;
  });
}

const DEBIT_HEADING = /^(out|payments?|paid out|money out|withdrawals?|debits?)$/;
const CREDIT_HEADING = /^(in|receipts?|paid in|money in|deposits?|credits?)$/;

function headingKind(text: string): ColumnKind | 'debit' | 'credit' | null {
  const t = fold(text).replace(/[():]/g, '').trim();
  if (DEBIT_HEADING.test(t)) return 'debit';
  if (CREDIT_HEADING.test(t)) return 'credit';
  for (const v of HEADER_VOCAB) if (v.re.test(t)) return v.kind;
  return null;
}

/**
 * The column a balance amount printed on a table row stands in, from the nearest
 * heading line above it on its page (a line of two or more heading words):
 * the heading word whose x-range overlaps the amount or ends where it ends.
 */
export function columnUnder(lines: readonly Line[], f: Found<number>): Balance['column'] {
  const [ax0, ay0, ax1] = f.bbox;
  const k = lines.findIndex((l) => l.page === f.page && l.y0 <= f.bbox[3] && ay0 <= l.y1);
  // Headings may take up to three lines ("Paid" / "out", "Buchungs-" / "tag", "(GBP)").
  let headingLines = 0;
  for (let j = k - 1; j >= 0 && j >= k - 80 && headingLines < 3; j--) {
    const l = lines[j]!;
    if (l.page !== f.page) break;
    const cells = l.words.map((w) => ({ w, kind: headingKind(w.text) })).filter((c) => c.kind !== null);
    if (cells.length < 2 || cells.length < l.words.length / 2) {
      if (headingLines > 0) break;
      continue;
    }
    headingLines++;
    let best: { kind: string; d: number } | null = null;
    for (const c of cells) {
      const overlap = Math.min(ax1, c.w.x1) - Math.max(ax0, c.w.x0);
      const d = overlap > 0 ? -overlap : Math.abs(ax1 - c.w.x1);
      if (d < 8 && (!best || d < best.d)) best = { kind: c.kind!, d };
    }
    if (best) return best.kind === 'debit' ? 'debit' : best.kind === 'credit' ? 'credit' : 'other';
  }
  return headingLines > 0 ? 'none' : null;
}

const MARKER = /^([-+−]|d|c|s|h|a|dr|cr)$/i;

/**
 * The sign of an unsigned balance from a marker column on its line: a lone "-",
 * "+", "D"/"A" (Dare/Avere), "S"/"H", "DR"/"CR" in a cell of its own (wider gaps than a
 * word space on both sides), as tables with a marker column print it.
 */
function markerCell(lines: readonly Line[], f: Found<number>): 'debit' | 'credit' | null {
  const l = lines.find((x) => x.page === f.page && x.y0 <= f.bbox[3] && f.bbox[1] <= x.y1);
  if (!l) return null;
  const found: ('debit' | 'credit')[] = [];
  l.words.forEach((w, i) => {
    if (!MARKER.test(w.text)) return;
    const h = Math.max(1, w.y1 - w.y0);
    const prev = l.words[i - 1];
    const next = l.words[i + 1];
    if ((prev && w.x0 - prev.x1 < h) || (next && next.x0 - w.x1 < h)) return;
    found.push(/^([-−]|d|s|dr)$/i.test(w.text) ? 'debit' : 'credit');
  });
  return found.length === 1 ? found[0]! : null;
}

/**
 * A balance printed as a table row: a line within five of it carries a date and an
 * amount ending where this one ends (a summary box's neighbours are labels and prose).
 */
function rowLike(lines: readonly Line[], f: Found<number>): boolean {
  const k = lines.findIndex((l) => l.page === f.page && l.y0 <= f.bbox[3] && f.bbox[1] <= l.y1);
  for (let j = Math.max(0, k - 5); j <= k + 5 && j < lines.length; j++) {
    const l = lines[j]!;
    if (j === k || l.page !== f.page) continue;
    const texts = l.words.map((w) => w.text);
    if (!texts.some((_, i) => parseDateAt(texts, i) !== null)) continue;
    if (l.words.some((w) => Math.abs(w.x1 - f.bbox[2]) < 3 && parseAmount(w.text))) return true;
  }
  return false;
}

function valueFor(
  lines: readonly Line[],
  k: number,
  from: number,
  to: number,
): { cents: number; words: PositionedWord[]; line: Line; signed: boolean } | null {
  const l = lines[k]!;
  const right = amountInWords(l.words.slice(to));
  if (right) return { ...right, line: l };
  // A table whose balance column comes first prints the amount left of the label.
  const left = amountInWords(l.words.slice(0, from));
  if (left) return { ...left, line: l };
  // A box with the value under its label: the cell between the neighbouring words of the label's line.
  const lw = l.words.slice(from, to);
  const h = Math.max(1, l.y1 - l.y0);
  const lx0 = from > 0 ? l.words[from - 1]!.x1 + h * 0.5 : lw[0]!.x0 - h * 6;
  const lx1 = to < l.words.length ? l.words[to]!.x0 - h * 0.5 : Infinity;
  for (let j = k + 1; j < lines.length && j <= k + 2; j++) {
    const b = lines[j]!;
    if (b.page !== l.page || b.y0 - l.y1 > h * 2.5) break;
    const under = b.words.filter((w) => w.x0 >= lx0 && w.x1 <= lx1);
    const a = amountInWords(under);
    if (a) return { ...a, line: b };
    // Another label under this one: the box prints label/value pairs side by side, not stacked.
    if (under.some((w) => /\p{L}{3}/u.test(w.text))) break;
  }
  return null;
}

/**
 * Labelled opening and closing balances. Candidates rank by the strength of their
 * label (explicit > dated > "carried forward" at the end > an undated balance word),
 * then outside the table (`table`: the reader's transaction lines) before inside it,
 * then the first opening and the last closing in document order.
 */
export function findLabelledBalances(
  lines: readonly Line[],
  period: Period | null,
  table?: ReadonlySet<Line>,
): LabelledBalances {
  const cands: Candidate[] = [];
  const carried: { order: number; found: Found<number>; inTable: boolean }[] = [];
  const dated: {
    hitLine: number;
    from: number;
    to: number;
    date: string;
    order: number;
    inTable: boolean;
  }[] = [];
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    const inTable = table?.has(l) ?? false;
    const taken = new Set<number>();
    for (const [role, vocab] of [
      ['opening', OPEN],
      ['closing', CLOSE],
    ] as const) {
      // Explicit wording is specific enough to count anywhere in a line ("53,12 D SALDO PRECEDENTE").
      for (const hit of labelsOnLine(l, k, vocab, false)) {
        const v = valueFor(lines, k, hit.from, hit.to);
        for (let i = hit.from; i < hit.to; i++) taken.add(i);
        if (!v) continue;
        const d = dateAfter(l, hit, period);
        cands.push({
          role,
          strength: 3,
          label: hit.label,
          found: { value: v.cents, confidence: 0.9, page: v.line.page, bbox: bboxOf(v.words) },
          signed: v.signed,
          order: k,
          date: d?.iso ?? null,
          inTable,
        });
      }
    }
    for (const hit of cellLabels(l, k, CARRIED)) {
      for (let i = hit.from; i < hit.to; i++) taken.add(i);
      const v = valueFor(lines, k, hit.from, hit.to);
      if (v)
        carried.push({
          order: k,
          inTable,
          found: { value: v.cents, confidence: 0.75, page: v.line.page, bbox: bboxOf(v.words) },
        });
    }
    // A balance word printed alone with its value: a closing of last resort.
    for (const hit of cellLabels(l, k, UNDATED)) {
      if (taken.has(hit.from) || (BARE.has(hit.label) && !hit.colon) || dateAfter(l, hit, period)) continue;
      const v = valueFor(lines, k, hit.from, hit.to);
      if (!v) continue;
      cands.push({
        role: 'closing',
        strength: 0,
        label: hit.label,
        found: { value: v.cents, confidence: 0.6, page: v.line.page, bbox: bboxOf(v.words) },
        signed: v.signed,
        order: k,
        date: null,
        inTable,
      });
    }
    for (const hit of cellLabels(l, k, DATED)) {
      if (taken.has(hit.from)) continue;
      const d = dateAfter(l, hit, period);
      if (!d) continue;
      dated.push({ hitLine: k, from: hit.from, to: d.end, date: d.iso, order: k, inTable });
    }
  }
  // A page carry prints one value twice: "carried forward" at a page's end and "brought forward"
  // at the next one's start. A "carried forward" whose value nothing brings forward closes the
  // statement (newest-first statements print it first); a "brought forward" repeating a carried
  // value is a carry, not the opening.
  const carriedValues = new Set(carried.map((c) => c.found.value));
  const broughtValues = new Set(
    cands.filter((c) => c.role === 'opening' && BROUGHT.has(c.label)).map((c) => c.found.value),
  );
  for (let i = cands.length - 1; i >= 0; i--) {
    const c = cands[i]!;
    if (c.role === 'opening' && BROUGHT.has(c.label) && carriedValues.has(c.found.value)) cands.splice(i, 1);
  }
  const closingCarry = carried.filter((c) => !broughtValues.has(c.found.value));
  const lastCarried = closingCarry[closingCarry.length - 1];
  if (lastCarried)
    cands.push({ role: 'closing', strength: 1, label: '', signed: false, ...lastCarried, date: null });
  // Dated balance words: the date against the period (or, without one, against each other).
  const dates = dated.map((d) => d.date).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  // Without a period, one dated balance takes the role no explicit label holds ("Saldo al 01/11" + "Nuovo saldo").
  const explicitRoles = new Set(cands.filter((c) => c.strength === 3).map((c) => c.role));
  const lone = explicitRoles.has('closing') && !explicitRoles.has('opening') ? 'opening' : 'closing';
  for (const d of dated) {
    let role: 'opening' | 'closing' | null = null;
    if (period) {
      if (d.date <= period.start) role = 'opening';
      else if (d.date >= period.end) role = 'closing';
    } else if (first !== last) {
      role = d.date === first ? 'opening' : d.date === last ? 'closing' : null;
    } else role = lone;
    if (!role) continue;
    const v = valueFor(lines, d.hitLine, d.from, d.to);
    if (!v) continue;
    cands.push({
      role,
      strength: 2,
      label: '',
      found: { value: v.cents, confidence: 0.8, page: v.line.page, bbox: bboxOf(v.words) },
      signed: v.signed,
      order: d.order,
      date: d.date,
      inTable: d.inTable,
    });
  }
  const pick = (role: 'opening' | 'closing'): Balance | null => {
    const cs = cands.filter((c) => c.role === role);
    if (cs.length === 0) return null;
    const top = Math.max(...cs.map((c) => c.strength));
    let pool = cs.filter((c) => c.strength === top);
    if (pool.some((c) => !c.inTable)) pool = pool.filter((c) => !c.inTable);
    const sorted = [...pool].sort((a, b) => a.order - b.order);
    const c = (role === 'opening' ? sorted[0] : sorted[sorted.length - 1])!;
    const column = c.inTable || rowLike(lines, c.found) ? columnUnder(lines, c.found) : null;
    // The same balance printed twice, once with its sign ("2.489,67 S" in the box, "2.489,67" on the
    // row): the signed printing says which.
    const twin = c.signed
      ? null
      : cs.find((o) => o.signed && Math.abs(o.found.value) === Math.abs(c.found.value));
    if (twin) return { ...c.found, value: twin.found.value, inTable: c.inTable, column: null };
    const marker = c.signed ? null : markerCell(lines, c.found);
    const debit = marker ? marker === 'debit' : column === 'debit';
    const value = debit && !c.signed && c.found.value > 0 ? -c.found.value : c.found.value;
    return { ...c.found, value, inTable: c.inTable, column };
  };
  return { opening: pick('opening'), closing: pick('closing') };
}
