/**
 * Quality gate: decides from image statistics and OCR confidence whether a page
 * can be read at all. A page that fails is reported as unreadable/low_quality and
 * never parsed, so no field is ever made up from noise.
 */
import type { OcrImage, OcrResult } from './types.ts';
import { toGray } from './pixels.ts';

export interface ImageStats {
  /** Standard deviation of gray levels: ~0 for a blank page. */
  contrast: number;
  /** Variance of the Laplacian: low for blurred images. */
  sharpness: number;
}

export function imageStats(img: OcrImage): ImageStats {
  const g = toGray(img);
  const { width: w, height: h } = img;
  // Subsample large images: the statistics do not need every pixel.
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 2_000_000)));
  let n = 0;
  let s = 0;
  let s2 = 0;
  let l = 0;
  let l2 = 0;
  for (let y = step; y < h - step; y += step) {
    for (let x = step; x < w - step; x += step) {
      const c = g[y * w + x]!;
      s += c;
      s2 += c * c;
      const lap = g[(y - step) * w + x]! + g[(y + step) * w + x]! + g[y * w + x - step]! + g[y * w + x + step]! - 4 * c;
      l += lap;
      l2 += lap * lap;
      n++;
    }
  }
  if (n === 0) return { contrast: 0, sharpness: 0 };
  const mean = s / n;
  const lm = l / n;
  return { contrast: Math.sqrt(Math.max(0, s2 / n - mean * mean)), sharpness: Math.max(0, l2 / n - lm * lm) };
}

export interface QualityVerdict {
  ok: boolean;
  reason: string | null;
  /** Words that look like real text (confident, with letters or digits). */
  legibleWords: number;
}

const MIN_CONTRAST = 6;
const MIN_LEGIBLE_WORDS = 4;
const MIN_MEAN_CONFIDENCE = 0.55;
/**
 * A page on which this many words read confidently is text, and its mean confidence may fall to
 * MIN_TEXT_PAGE_CONFIDENCE: a blurred phone photo's thin strokes read at 46–55 % per character
 * with 47–143 confident words (generated photos at blur 1.0–1.3, refused as illegible though every
 * row stands legible on the sheet), where an illegible scan (blur 5, noise, 72–90 dpi) reads 0–1
 * confident words at 21–25 %.
 */
const TEXT_PAGE_WORDS = 40;
const MIN_TEXT_PAGE_CONFIDENCE = 0.45;

/** Blank pages fail before OCR; this checks image stats only. */
export function blankVerdict(stats: ImageStats): QualityVerdict | null {
  if (stats.contrast < MIN_CONTRAST) return { ok: false, reason: 'the page is blank or has no contrast', legibleWords: 0 };
  return null;
}

/**
 * Confidence per character read: each word's confidence weighted by its length. A speck read as "°",
 * "," or "ee" on a photo's noisy paper is a word of its own with a low confidence; counted as much as a
 * line of text it pulled a legible 150 dpi photo under the gate (mean per word 54 %, per character 64 %),
 * where an illegible scan stays far under it (22 % either way: its words are as unsure as its specks).
 */
export function textConfidence(words: readonly { text: string; confidence: number }[]): number {
  let chars = 0;
  let sum = 0;
  for (const w of words) {
    const n = [...w.text].length;
    chars += n;
    sum += n * w.confidence;
  }
  return chars > 0 ? sum / chars : 0;
}

export function ocrVerdict(ocr: OcrResult): QualityVerdict {
  const legible = ocr.words.filter((w) => w.confidence >= 0.7 && /[A-Za-z0-9]{2,}/.test(w.text)).length;
  if (legible < MIN_LEGIBLE_WORDS) {
    return { ok: false, reason: `no legible text found (${legible} confident words)`, legibleWords: legible };
  }
  const confidence = ocr.words.length > 0 ? textConfidence(ocr.words) : ocr.meanConfidence;
  if (confidence < (legible >= TEXT_PAGE_WORDS ? MIN_TEXT_PAGE_CONFIDENCE : MIN_MEAN_CONFIDENCE)) {
    return {
      ok: false,
      reason: `text is illegible or blurred (mean OCR confidence ${Math.round(confidence * 100)}%)`,
      legibleWords: legible,
    };
  }
  return { ok: true, reason: null, legibleWords: legible };
}
