/**
 * Locating the MRZ among a page's OCR (or text-layer) lines: consecutive lines in
 * the MRZ alphabet, of (nearly) the lengths of one format, are fitted to exact
 * length and read with check-digit-confirmed repairs.
 */
import type { BBox, Line, PositionedWord, WordPage } from '../layout/model.ts';
import { bboxOf } from '../layout/model.ts';
import { buildLines } from '../layout/lines.ts';
import type { MrzFormat, MrzReading, ReadOptions } from './mrz.ts';
import { cleanMrzLine, fitLength, knownState, MRZ_LENGTHS, readMrz, zoneEvidence } from './mrz.ts';

export interface FoundMrz extends MrzReading {
  page: number;
  bbox: BBox;
  /** Mean OCR confidence of the MRZ words (1 for a text layer). */
  ocrConfidence: number;
}

interface Candidate {
  text: string;
  line: Line;
}

/** Best MRZ over all pages: valid readings first, then most passing checks. */
export function findMrz(pages: readonly WordPage[], opts: ReadOptions = {}): FoundMrz | null {
  let best: FoundMrz | null = null;
  for (const page of pages) {
    for (const r of findOnPage(page, buildLines(page), opts)) {
      if (!best || rank(r) > rank(best)) best = r;
    }
  }
  return best;
}

export function findMrzOnLines(page: WordPage, lines: readonly Line[], opts: ReadOptions = {}): FoundMrz | null {
  let best: FoundMrz | null = null;
  for (const r of findOnPage(page, lines, opts)) if (!best || rank(r) > rank(best)) best = r;
  return best;
}

/**
 * Valid readings first, then most passing checks; an issuing state no state has (a glyph of the print
 * beside the zone read before the document code: "FIRAUT…") costs more than a check digit passing by
 * chance gains.
 */
function rank(r: FoundMrz): number {
  const state = r.lines[0]!.slice(2, 5);
  return (r.valid ? 100 : 0) + zoneEvidence(r) * 10 - (knownState(state) ? 0 : 15) - r.corrections.length * 0.01;
}

function findOnPage(page: WordPage, lines: readonly Line[], opts: ReadOptions): FoundMrz[] {
  // Lines with no MRZ reading between two that have one are print beside the zone (the other card's
  // "Nr" label between the MRZ's lines where two cards lie side by side): the zone's lines follow each
  // other within two line heights.
  const cands: Candidate[][] = lines.map(mrzParts).filter((c) => c.length > 0);
  const out: FoundMrz[] = [];
  for (let i = 0; i < cands.length; i++) {
    for (const format of ['TD1', 'TD3', 'TD2'] as MrzFormat[]) {
      const spec = MRZ_LENGTHS[format];
      const alternatives = cands.slice(i, i + spec.lines);
      if (alternatives.length < spec.lines || !stacked(alternatives.map((a) => a[0]!.line))) continue;
      for (const group of groupsOf(alternatives)) {
        const words = group.flatMap((c) => c.line.words);
        const conf = words.reduce((s, w) => s + (w.confidence ?? 1), 0) / Math.max(1, words.length);
        for (const first of leadingTrims(group[0]!.text, spec.len)) {
          const fitted = [first, ...group.slice(1).map((c) => c.text)].map((t) => fitLength(t, spec.len));
          if (fitted.some((f) => f === null)) continue;
          const reading = readMrz(fitted as string[], opts);
          // A trimmed line is taken only where every check digit then holds.
          if (!reading || (first !== group[0]!.text && !reading.valid)) continue;
          out.push({ ...reading, page: page.page, bbox: bboxOf(words), ocrConfidence: conf });
        }
      }
    }
  }
  return out;
}

/** Lines one under the other: each starts within two of its heights under the one before. */
function stacked(lines: readonly Line[]): boolean {
  return lines.every((l, k) => {
    const prev = lines[k - 1];
    return !prev || (l.y0 > prev.y0 && l.y0 - prev.y1 <= 2 * Math.max(l.y1 - l.y0, prev.y1 - prev.y0));
  });
}

/** Every choice of one reading per line. */
function groupsOf(alternatives: readonly (readonly Candidate[])[]): Candidate[][] {
  return alternatives.reduce<Candidate[][]>((acc, alts) => acc.flatMap((g) => alts.map((c) => [...g, c])), [[]]);
}

/**
 * The first line as read, and without up to four glyphs before it: the card's edge
 * or a shadow read as letters before the document code ("IWWWIRAUT…" for "IRAUT…"). A trimmed line
 * must start as a document code and a known issuing state do ("IR" + "AUT") and is kept only where every
 * check digit then holds.
 */
function leadingTrims(text: string, len: number): string[] {
  const out = [text];
  for (let k = 1; k <= 4 && text.length - k >= len - 4; k++) {
    const t = text.slice(k);
    if (/^[A-Z][A-Z<]/.test(t) && knownState(t.slice(2, 5))) out.push(t);
  }
  return out;
}

/**
 * A line's MRZ readings: the whole line where it reads as MRZ, and its longest part that does, the line
 * cut where its words stand more than four glyph heights apart. Two cards photographed or scanned side by
 * side put the front's print on the MRZ's lines ("F IRAUTK2E5…", "K2E524599 8709011F2706…"); the MRZ's
 * own pieces stand close together (the check digits choose between the two).
 */
function mrzParts(l: Line): Candidate[] {
  const out: Candidate[] = [];
  const whole = cleanMrzLine(l.text);
  if (whole) out.push({ text: whole, line: l });
  const parts: PositionedWord[][] = [];
  for (const w of l.words) {
    const last = parts[parts.length - 1]?.at(-1);
    const h = Math.max(1, Math.min(w.y1 - w.y0, last ? last.y1 - last.y0 : Infinity));
    if (last && w.x0 - last.x1 <= 4 * h) parts[parts.length - 1]!.push(w);
    else parts.push([w]);
  }
  let best: Candidate | null = null;
  for (const words of parts) {
    if (words.length === l.words.length) continue;
    const text = words.map((w) => w.text).join(' ');
    const t = cleanMrzLine(text);
    if (!t || (best && best.text.length >= t.length)) continue;
    const [x0, y0, x1, y1] = bboxOf(words);
    best = { text: t, line: { ...l, words, text, x0, y0, x1, y1 } };
  }
  // The part first: of two readings that rank alike, the first is kept, and the zone's box is the part's.
  if (best) out.unshift(best);
  return out;
}
