/**
 * A photographed page cut from its surround and flattened: the sheet of paper is found as the
 * largest bright, smooth region of the photo (paper between the glyphs is smooth; wood, stone,
 * fabric and a dark desk are darker or grained), its four corners are the extreme points of that
 * region, and the quadrilateral is mapped onto an upright rectangle (a homography, bilinear), scaled
 * up where the photo gave the page fewer pixels than a scan would.
 *
 * Why: on a phone photo the surround was read as hundreds of low-confidence words (the page's mean
 * confidence fell under the quality gate and legible photos were refused), the perspective left the
 * rows of a table converging, and a page 1,100 pixels wide puts 8-point digits at 9 pixels, where
 * the recogniser guesses. Nothing here knows a layout: only paper, corners and scale.
 */
import type { OcrImage } from './types.ts';
import { dist, quadArea, warpQuad, type Pt, type Quad } from './warp.ts';

export type { Pt } from './warp.ts';

/** Blocks of the photo the paper is looked for on (per longer side). */
const BLOCKS_LONG_SIDE = 160;
/** Paper is within this many grey levels of the brightest blocks. */
const PAPER_MARGIN = 40;
/** A paper block's own spread (grain, noise, JPEG) stays under this; a grained surround exceeds it. */
const PAPER_SPREAD = 14;
/** The page covers at least this share of the photo, and leaves at least this much surround. */
const MIN_PAGE_SHARE = 0.2;
const MAX_PAGE_SHARE = 0.9;
/** A sheet's proportions (height / width; A4 1.41, Letter 1.29, a little perspective either way). */
const MIN_ASPECT = 1.15;
const MAX_ASPECT = 1.7;
/** Width in pixels an A4 page gets at the resolution scans are read at (≈ 250 dpi), and the largest enlargement. */
const TARGET_WIDTH = 2070;
const MAX_SCALE = 2;

export interface PageQuad {
  /** Corners in image pixels: top-left, top-right, bottom-right, bottom-left. */
  corners: Quad;
}

/** The sheet of paper on a photo, or null where none stands out from a surround (a scan, a cropped photo). */
export function findPageQuad(gray: OcrImage): PageQuad | null {
  if (gray.channels !== 1) throw new Error('findPageQuad expects a gray image');
  const { width: w, height: h, data } = gray;
  const b = Math.max(4, Math.floor(Math.max(w, h) / BLOCKS_LONG_SIDE));
  const bw = Math.floor(w / b);
  const bh = Math.floor(h / b);
  if (bw < 8 || bh < 8) return null;
  const mean = new Float32Array(bw * bh);
  const spread = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let s = 0;
      let s2 = 0;
      for (let y = by * b; y < (by + 1) * b; y++) {
        const row = y * w;
        for (let x = bx * b; x < (bx + 1) * b; x++) {
          const v = data[row + x]!;
          s += v;
          s2 += v * v;
        }
      }
      const n = b * b;
      const m = s / n;
      mean[by * bw + bx] = m;
      spread[by * bw + bx] = Math.sqrt(Math.max(0, s2 / n - m * m));
    }
  }
  const smooth = [...mean].filter((_, i) => spread[i]! < PAPER_SPREAD).sort((x, y) => x - y);
  if (smooth.length === 0) return null;
  const bright = smooth[Math.floor(smooth.length * 0.95)]!;
  // Paper against the surround: the split of the smooth blocks' tones (Otsu), where light and shadow
  // leave parts of the sheet well under its brightest blocks.
  for (const floor of [Math.min(bright - PAPER_MARGIN, otsu(smooth)), bright - 2 * PAPER_MARGIN]) {
    const quad = sheetAt(floor, mean, spread, bw, bh, b, w, h);
    if (quad) return quad;
  }
  return null;
}

/** The sheet where paper is at least `floor` bright: its corners, or null where it is not a page's shape. */
function sheetAt(floor: number, mean: Float32Array, spread: Float32Array, bw: number, bh: number, b: number, w: number, h: number): PageQuad | null {
  const paper = new Uint8Array(bw * bh);
  for (let i = 0; i < paper.length; i++) paper[i] = mean[i]! >= floor && spread[i]! < PAPER_SPREAD ? 1 : 0;
  const comp = largestComponent(paper, bw, bh);
  if (!comp) return null;
  // Glyphs and rules inside the sheet are not paper-smooth: everything the surround does not reach is the sheet.
  const sheet = fillHoles(comp, bw, bh);
  let area = 0;
  for (const v of sheet) area += v;
  const share = area / (bw * bh);
  if (share < MIN_PAGE_SHARE || share > MAX_PAGE_SHARE) return null;
  let tl: Pt | null = null;
  let tr: Pt | null = null;
  let br: Pt | null = null;
  let bl: Pt | null = null;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      if (!sheet[by * bw + bx]) continue;
      const p = { x: bx, y: by };
      if (!tl || p.x + p.y < tl.x + tl.y) tl = p;
      if (!br || p.x + p.y > br.x + br.y) br = p;
      if (!tr || p.x - p.y > tr.x - tr.y) tr = p;
      if (!bl || p.x - p.y < bl.x - bl.y) bl = p;
    }
  }
  // Block corners to pixels, each pushed to the outer edge of its block.
  const px = (p: Pt, dx: number, dy: number): Pt => ({ x: Math.min(w - 1, Math.max(0, (p.x + dx) * b)), y: Math.min(h - 1, Math.max(0, (p.y + dy) * b)) });
  const corners: Quad = [px(tl!, 0, 0), px(tr!, 1, 0), px(br!, 1, 1), px(bl!, 0, 1)];
  const [a, c, d, e] = corners;
  const width = (dist(a, c) + dist(e, d)) / 2;
  const height = (dist(a, e) + dist(c, d)) / 2;
  if (width < 1 || height / width < MIN_ASPECT || height / width > MAX_ASPECT) return null;
  // The quadrilateral is the sheet: it covers about as much as the region found (not a diagonal sliver).
  if (quadArea(corners) < 0.85 * area * b * b || quadArea(corners) > 1.15 * area * b * b) return null;
  return { corners };
}

/** The page inside `quad` mapped onto an upright rectangle, enlarged towards scan resolution (unless not `enlarge`); its dpi as an A4 page. */
export function flattenPage(gray: OcrImage, quad: PageQuad, enlarge = true): { image: OcrImage; dpi: number } {
  const [a, c, d, e] = quad.corners;
  const width = (dist(a, c) + dist(e, d)) / 2;
  const height = (dist(a, e) + dist(c, d)) / 2;
  const k = enlarge ? Math.min(MAX_SCALE, Math.max(1, TARGET_WIDTH / width)) : 1;
  const W = Math.round(width * k);
  const H = Math.round(height * k);
  // Sampled at pixel corners, white off the photo.
  const image = warpQuad(gray, quad.corners, W, H, { offset: 0, fill: 255 });
  // An A4 sheet is 8.27 inches wide: word boxes then come out in the page's points.
  return { image, dpi: W / 8.27 };
}

/** Otsu's threshold of sorted values: the split that best separates them into two classes. */
function otsu(sorted: readonly number[]): number {
  const n = sorted.length;
  const total = sorted.reduce((s, v) => s + v, 0);
  let best = sorted[0]!;
  let bestVar = -1;
  let left = 0;
  for (let i = 1; i < n; i++) {
    left += sorted[i - 1]!;
    if (sorted[i] === sorted[i - 1]) continue;
    const m0 = left / i;
    const m1 = (total - left) / (n - i);
    const v = i * (n - i) * (m0 - m1) * (m0 - m1);
    if (v > bestVar) {
      bestVar = v;
      best = (sorted[i - 1]! + sorted[i]!) / 2;
    }
  }
  return best;
}

/** The largest 4-connected region of set cells. */
function largestComponent(cells: Uint8Array, w: number, h: number): Uint8Array | null {
  const label = new Int32Array(w * h);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i] || label[i]) continue;
    next++;
    let size = 0;
    label[i] = next;
    stack.push(i);
    while (stack.length > 0) {
      const j = stack.pop()!;
      size++;
      const x = j % w;
      for (const k of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, j - w, j + w]) {
        if (k < 0 || k >= cells.length || !cells[k] || label[k]) continue;
        label[k] = next;
        stack.push(k);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  if (best === 0) return null;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = label[i] === best ? 1 : 0;
  return out;
}

/** The region with every hole filled: cells the outside cannot reach without crossing it. */
function fillHoles(region: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const seed = (i: number): void => {
    if (region[i] || outside[i]) return;
    outside[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < w; x++) {
    seed(x);
    seed((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    seed(y * w);
    seed(y * w + w - 1);
  }
  while (stack.length > 0) {
    const j = stack.pop()!;
    const x = j % w;
    if (x > 0) seed(j - 1);
    if (x < w - 1) seed(j + 1);
    if (j >= w) seed(j - w);
    if (j + w < w * h) seed(j + w);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = outside[i] ? 0 : 1;
  return out;
}
