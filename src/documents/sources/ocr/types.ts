/**
 * OCR port. The document engine depends on this interface only; the tesseract.js
 * adapter (tesseract.ts) is one implementation, tests may supply another.
 */

/** Raw pixels: 1 channel (gray) or 4 channels (RGBA), row-major, no padding. */
export interface OcrImage {
  width: number;
  height: number;
  channels: 1 | 4;
  data: Uint8Array | Uint8ClampedArray;
}

export interface OcrOptions {
  /** Tesseract language codes, e.g. ['ita', 'eng']. */
  langs: readonly string[];
  /** Restrict recognised characters (used for the MRZ pass). */
  charWhitelist?: string;
  /** Page segmentation: 'auto' (default), 'block' (one uniform block of text) or 'line' (one text line). */
  segmentation?: 'auto' | 'block' | 'line';
  /** Also return each word's glyphs with their boxes (the MRZ pass checks glyph shapes). */
  glyphs?: boolean;
  /** Also return each glyph's choices (implies glyphs): what the recogniser saw before its decoder chose. */
  choices?: boolean;
}

/** One candidate the recogniser's network output at a glyph's position. */
export interface OcrChoice {
  text: string;
  /** 0..1 */
  confidence: number;
}

/** One recognised glyph (symbol); coordinates as its word's. */
export interface OcrGlyph {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..1 */
  confidence: number;
  /**
   * Only when OcrOptions.choices was set: the network's candidates at this glyph,
   * before the decoder's word model picked `text` (which need not be the first).
   */
  choices?: readonly OcrChoice[];
}

/** One recognised word; coordinates in pixels of the image given to recognize(). */
export interface OcrWord extends OcrGlyph {
  /** Only when OcrOptions.glyphs was set. */
  glyphs?: OcrGlyph[];
}

export interface OcrResult {
  words: OcrWord[];
  /** Mean word confidence 0..1 (0 when no words). */
  meanConfidence: number;
}

export interface OcrEngine {
  recognize(image: OcrImage, opts: OcrOptions): Promise<OcrResult>;
  terminate(): Promise<void>;
}

export const SUPPORTED_LANGS = ['ita', 'deu', 'eng'] as const;
