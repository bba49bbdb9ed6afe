/**
 * Table rules out before OCR. Page segmentation reads a page as one block of text
 * lines (see index.ts), and a rule printed just under a header or between rows is
 * taken for part of the line next to it: tesseract then reads the whole row as
 * rubble ("««DIRECTDEBITSKY … sts—(‘<‘iéSOSOSOC") and the transaction is lost.
 * Long thin runs of ink, horizontal or vertical, are painted over with paper;
 * glyph strokes that cross a rule are thicker across it than a rule is, so they stay.
 * A run may wander by a pixel either side (a rule left a hair off level by the
 * deskew, or blurred and faded in a phone photo, is lighter and steps across rows).
 */
import type { OcrImage } from './types.ts';

/** Rule ink: darker than this on a normalised page (ink ~0, paper ~255; a blurred rule is grey). */
const INK = 170;

export interface RuleOptions {
  /** A run of ink at least this long (px) is a rule candidate. */
  minRun: number;
  /** A rule is at most this thick (px) across its direction. */
  maxThick: number;
}

/** Rule sizes for a page scanned at `dpi`: runs of 0.75 in or more, at most 2.5 pt thick. */
export function ruleOptions(dpi: number): RuleOptions {
  return { minRun: Math.round(0.75 * dpi), maxThick: Math.max(2, Math.round((2.5 * dpi) / 72)) };
}

/** The page with its horizontal and vertical rules painted with paper; the same image when it has none. */
export function removeRules(gray: OcrImage, opts: RuleOptions): { image: OcrImage; removed: number } {
  if (gray.channels !== 1) throw new Error('removeRules expects a gray image');
  const { width: w, height: h, data } = gray;
  const mark = new Uint8Array(w * h);
  // Horizontal rules: lines are rows (stride w), positions along a line step by 1.
  scan(data, mark, { lines: h, length: w, lineStride: w, step: 1 }, opts);
  // Vertical rules: lines are columns.
  scan(data, mark, { lines: w, length: h, lineStride: 1, step: w }, opts);
  let removed = 0;
  for (let i = 0; i < mark.length; i++) removed += mark[i]!;
  if (removed === 0) return { image: gray, removed };
  const out = new Uint8Array(data);
  for (let i = 0; i < mark.length; i++) if (mark[i]) out[i] = 255;
  return { image: { width: w, height: h, channels: 1, data: out }, removed };
}

interface Axis {
  lines: number;
  length: number;
  /** Index distance between neighbouring lines (across the rule). */
  lineStride: number;
  /** Index distance between neighbouring positions on a line (along the rule). */
  step: number;
}

const WANDER = 1;

/**
 * Marks the rules along one axis. Every pixel's ink run across the axis is
 * measured once beforehand, so a page of solid ink (a dark backdrop, a hostile
 * image) costs a few passes over its pixels like any other page.
 */
function scan(data: Uint8Array | Uint8ClampedArray, mark: Uint8Array, a: Axis, o: RuleOptions): void {
  const at = (line: number, pos: number): number => line * a.lineStride + pos * a.step;
  const ink = (line: number, pos: number): boolean => line >= 0 && line < a.lines && data[at(line, pos)]! < INK;
  const across = acrossRuns(ink, a);
  for (let line = 0; line < a.lines; line++) {
    let pos = 0;
    while (pos < a.length) {
      if (!near(ink, line, pos)) {
        pos++;
        continue;
      }
      const start = pos;
      while (pos < a.length && near(ink, line, pos)) pos++;
      if (pos - start < o.minRun) continue;
      for (let p = start; p < pos; p++) {
        for (let d = -WANDER; d <= WANDER; d++) {
          const l = line + d;
          if (!ink(l, p)) continue;
          const t = across[at(l, p)]!;
          // Thin across: the rule itself; a rule's length across: where two rules cross.
          if (t > o.maxThick && t < o.minRun) continue;
          mark[at(l, p)] = 1;
          // The rule's lighter fringe, one pixel either side of its ink.
          if (l > 0 && !ink(l - 1, p)) mark[at(l - 1, p)] = 1;
          if (l + 1 < a.lines && !ink(l + 1, p)) mark[at(l + 1, p)] = 1;
        }
      }
    }
  }
}

/** Ink on this line or within WANDER lines of it, at pos. */
function near(ink: (line: number, pos: number) => boolean, line: number, pos: number): boolean {
  for (let d = -WANDER; d <= WANDER; d++) if (ink(line + d, pos)) return true;
  return false;
}

/** For every ink pixel, the length of its ink run across the lines (capped at 65,535); one pass. */
function acrossRuns(ink: (line: number, pos: number) => boolean, a: Axis): Uint16Array {
  const out = new Uint16Array(a.lines * a.length);
  for (let pos = 0; pos < a.length; pos++) {
    let line = 0;
    while (line < a.lines) {
      if (!ink(line, pos)) {
        line++;
        continue;
      }
      const start = line;
      while (line < a.lines && ink(line, pos)) line++;
      const n = Math.min(65_535, line - start);
      for (let l = start; l < line; l++) out[l * a.lineStride + pos * a.step] = n;
    }
  }
  return out;
}
