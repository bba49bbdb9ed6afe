/**
 * The extractor's input model: pages of positioned words. pdf.js text items are
 * converted to it (load.ts), and a later OCR pipeline produces the same shape, so
 * everything downstream is independent of where the words came from.
 * Coordinates are PDF points with a top-left origin (y grows downwards).
 */

export interface PositionedWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1; absent for a PDF text layer (treated as certain). */
  confidence?: number;
}

export interface WordPage {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  words: PositionedWord[];
}

/** Words sharing a baseline, left to right. */
export interface Line {
  page: number;
  words: PositionedWord[];
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type BBox = [number, number, number, number];

export function bboxOf(items: readonly { x0: number; y0: number; x1: number; y1: number }[]): BBox {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const it of items) {
    x0 = Math.min(x0, it.x0);
    y0 = Math.min(y0, it.y0);
    x1 = Math.max(x1, it.x1);
    y1 = Math.max(y1, it.y1);
  }
  if (!Number.isFinite(x0)) return [0, 0, 0, 0];
  return [round1(x0), round1(y0), round1(x1), round1(y1)];
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** One cell of an export's table (CSV text, or an XLSX value as the workbook typed it). */
export type Cell = string | number | Date | null;
/** Rows of cells, one list per worksheet (a CSV is one sheet). */
export type Sheets = readonly Cell[][][];
/** How the export writes decimals, when its cells do not say: 1.234,56 or 1,234.56. */
export type DecimalConvention = 'comma' | 'dot';

/** What a PDF says about itself besides its words (read for the signs of editing). */
export interface PdfInfo {
  producer: string | null;
  creator: string | null;
  creationDate: string | null;
  modDate: string | null;
  encrypted: boolean;
}
