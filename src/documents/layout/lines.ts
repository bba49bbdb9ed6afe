/**
 * Reading lines back from positioned words. Words are clustered by vertical
 * centre with a tolerance proportional to their height, so a 1 pt baseline jitter
 * between a date and its amount (common in real statements) still yields one line.
 * Within a line, words closer than about a space width form a "phrase" (a cell).
 */
import type { Line, PositionedWord, WordPage } from './model.ts';

export interface Phrase {
  text: string;
  words: PositionedWord[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export function buildLines(page: WordPage): Line[] {
  const words = page.words.filter((w) => w.text.trim().length > 0);
  words.sort((a, b) => centre(a) - centre(b) || a.x0 - b.x0);
  const groups: PositionedWord[][] = [];
  let current: PositionedWord[] = [];
  let currentCentre = 0;
  let currentH = 0;
  for (const w of words) {
    // A mark much lower than the line's letters (a dash, a speck read as "-") is measured by the line's height.
    const own = w.y1 - w.y0;
    const h = Math.max(1, own < currentH * 0.4 && /^[-–—_.,·'"+]+$/.test(w.text) ? currentH * 0.8 : own);
    if (current.length > 0 && Math.abs(centre(w) - currentCentre) <= h * 0.45) {
      current.push(w);
      currentH = Math.max(currentH, w.y1 - w.y0);
      // Running mean keeps a slowly drifting baseline together without chaining
      // neighbouring lines into one.
      currentCentre += (centre(w) - currentCentre) / current.length;
    } else {
      if (current.length > 0) groups.push(current);
      current = [w];
      currentCentre = centre(w);
      currentH = w.y1 - w.y0;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups.map((g) => makeLine(page.page, g));
}

function makeLine(page: number, ws: PositionedWord[]): Line {
  ws.sort((a, b) => a.x0 - b.x0);
  const b = extent(ws);
  return { page, words: ws, text: b.text, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 };
}

/** The words' text joined by spaces and their box: Math.min/Math.max over each edge, in one pass. */
function extent(ws: readonly PositionedWord[]): { text: string; x0: number; x1: number; y0: number; y1: number } {
  let text = '';
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    text = i === 0 ? w.text : `${text} ${w.text}`;
    x0 = Math.min(x0, w.x0);
    y0 = Math.min(y0, w.y0);
    x1 = Math.max(x1, w.x1);
    y1 = Math.max(y1, w.y1);
  }
  return { text, x0, x1, y0, y1 };
}

function centre(w: PositionedWord): number {
  return (w.y0 + w.y1) / 2;
}

/** Typical text height on a set of lines (median), the unit for gap thresholds. */
export function typicalHeight(lines: readonly Line[]): number {
  const hs = lines.flatMap((l) => l.words.map((w) => w.y1 - w.y0)).sort((a, b) => a - b);
  return hs[Math.floor(hs.length / 2)] ?? 10;
}

/**
 * Split a line into phrases at gaps wider than `gapFactor` × word height. The taller
 * of the two words is the font's measure: an OCR box of a word without ascenders
 * ("mar", "ore") is a third shorter than the type, and taken alone it split
 * "12 mar 2026" between day and month.
 */
export function phrases(line: Line, gapFactor = 0.6): Phrase[] {
  const out: Phrase[] = [];
  let cur: PositionedWord[] = [];
  for (const w of line.words) {
    const prev = cur[cur.length - 1];
    const h = Math.max(1, w.y1 - w.y0, prev ? prev.y1 - prev.y0 : 0);
    if (prev && w.x0 - prev.x1 > h * gapFactor) {
      out.push(makePhrase(cur));
      cur = [];
    }
    cur.push(w);
  }
  if (cur.length > 0) out.push(makePhrase(cur));
  return out;
}

export function makePhrase(ws: PositionedWord[]): Phrase {
  const b = extent(ws);
  return { text: b.text, words: ws, x0: b.x0, x1: b.x1, y0: b.y0, y1: b.y1 };
}

const NOT_ASCII = /[^\u0000-\u007f]/;

/** Lower-case, accent-folded text for keyword matching. */
export function fold(s: string): string {
  // (ASCII text has no accents to fold: NFD leaves it as it is)
  if (!NOT_ASCII.test(s)) return s.toLowerCase();
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');
}
