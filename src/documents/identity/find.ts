/**
 * Locating the MRZ among a page's OCR (or text-layer) lines: consecutive lines in
 * the MRZ alphabet, of (nearly) the lengths of one format, are fitted to exact
 * length and read with check-digit-confirmed repairs.
 */
import type { BBox, Line, WordPage } from '../layout/model.ts';
import { bboxOf } from '../layout/model.ts';
import { buildLines } from '../layout/lines.ts';
import type { MrzFormat, MrzReading, ReadOptions } from './mrz.ts';
import { cleanMrzLine, fitLength, MRZ_LENGTHS, readMrz } from './mrz.ts';

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

function rank(r: FoundMrz): number {
  return (r.valid ? 100 : 0) + r.checks.filter((c) => c.valid).length * 10 - r.corrections.length * 0.01;
}

function findOnPage(page: WordPage, lines: readonly Line[], opts: ReadOptions): FoundMrz[] {
  const cands: (Candidate | null)[] = lines.map((l) => {
    const t = cleanMrzLine(l.text);
    return t ? { text: t, line: l } : null;
  });
  const out: FoundMrz[] = [];
  for (let i = 0; i < cands.length; i++) {
    for (const format of ['TD1', 'TD3', 'TD2'] as MrzFormat[]) {
      const spec = MRZ_LENGTHS[format];
      const group = cands.slice(i, i + spec.lines);
      if (group.length < spec.lines || group.some((c) => c === null)) continue;
      const fitted = group.map((c) => fitLength(c!.text, spec.len));
      if (fitted.some((f) => f === null)) continue;
      const reading = readMrz(fitted as string[], opts);
      if (!reading) continue;
      const words = group.flatMap((c) => c!.line.words);
      const conf = words.reduce((s, w) => s + (w.confidence ?? 1), 0) / Math.max(1, words.length);
      out.push({ ...reading, page: page.page, bbox: bboxOf(words), ocrConfidence: conf });
    }
  }
  return out;
}
