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
/** A paper block's own spread (grain, noise, JPEG) stays under this at paper white (and in proportion below it); a grained surround exceeds it. */
const PAPER_SPREAD = 14;
/** The page covers at least this share of the photo, and leaves at least this much surround. */
const MIN_PAGE_SHARE = 0.2;
const MAX_PAGE_SHARE = 0.9;
/** A sheet's proportions (height / width; A4 1.41, Letter 1.29, a little perspective either way). */
const MIN_ASPECT = 1.15;
const MAX_ASPECT = 1.7;
/** Wider than tall by more than this is shaped like an ID-1 card (1.59) as much as like a sheet on its side (1.41 and perspective). */
const CARD_ASPECT = 1.5;
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
  // Smooth is measured relative to the block's tone: light and shadow scale paper and surround
  // alike, so a grained surround in a hand's shadow is as grained as in the light, against paper whose
  // grain is the photo's noise. The bound is the larger of a fixed share and the smoothest blocks'
  // times a margin (a noisy photo's paper is not smooth by the fixed share).
  for (let i = 0; i < spread.length; i++) spread[i] = spread[i]! / Math.max(mean[i]!, MIN_TONE);
  const spreads = [...spread].sort((x, y) => x - y);
  const smoothBelow = Math.max(PAPER_SPREAD / 255, NOISE_MARGIN * spreads[Math.floor(spreads.length * 0.2)]!);
  const smooth = [...mean].filter((_, i) => spread[i]! < smoothBelow).sort((x, y) => x - y);
  if (smooth.length === 0) return null;
  const bright = smooth[Math.floor(smooth.length * 0.95)]!;
  // The sheet as regions of smooth blocks whose tone changes gradually from block to block (light and
  // a shadow fall over sheet and surround alike and change slowly; the sheet's edge is a step, or a
  // block with an edge in it, which is not smooth): the largest such region that holds paper-bright
  // blocks and has a sheet's shape. A shadowed part of the sheet stays with its bright part.
  for (const comp of gradualRegions(mean, spread, smoothBelow, bw, bh)) {
    if (comp.max < bright - PAPER_MARGIN) continue;
    const quad = sheetOf(comp.cells, { mean, spread, smoothBelow }, bw, bh, b, w, h);
    if (quad) return quad;
  }
  // Paper against the surround by tone alone: the split of the smooth blocks' tones (Otsu), where light and shadow
  // leave parts of the sheet well under its brightest blocks.
  for (const floor of [Math.min(bright - PAPER_MARGIN, otsu(smooth)), bright - 2 * PAPER_MARGIN]) {
    const paper = new Uint8Array(bw * bh);
    for (let i = 0; i < paper.length; i++) paper[i] = mean[i]! >= floor && spread[i]! < smoothBelow ? 1 : 0;
    const comp = largestComponent(paper, bw, bh);
    const quad = comp ? sheetOf(comp, { mean, spread, smoothBelow }, bw, bh, b, w, h) : null;
    if (quad) return quad;
  }
  return null;
}

/** Neighbouring smooth blocks are one surface where their tones differ by at most this share (and STEP_MIN levels). */
const STEP_SHARE = 0.05;
const STEP_MIN = 4;
/** Tones under this count as this in a block's relative spread (a black block is not smooth by division). */
const MIN_TONE = 32;
/** The smoothest fifth of the blocks times this is still paper's grain. */
const NOISE_MARGIN = 1.6;
/** Regions tried as the sheet, largest first. */
const REGIONS_TRIED = 6;

/** Regions of smooth blocks joined where neighbours' tones differ gradually, largest first, with their brightest tone. */
function gradualRegions(mean: Float32Array, spread: Float32Array, smoothBelow: number, bw: number, bh: number): { cells: Uint8Array; max: number }[] {
  const label = new Int32Array(bw * bh);
  const regions: { id: number; size: number; max: number }[] = [];
  const stack: number[] = [];
  for (let i = 0; i < label.length; i++) {
    if (label[i] || spread[i]! >= smoothBelow) continue;
    const id = regions.length + 1;
    let size = 0;
    let max = 0;
    label[i] = id;
    stack.push(i);
    while (stack.length > 0) {
      const j = stack.pop()!;
      size++;
      max = Math.max(max, mean[j]!);
      const x = j % bw;
      for (const k of [x > 0 ? j - 1 : -1, x < bw - 1 ? j + 1 : -1, j - bw, j + bw]) {
        if (k < 0 || k >= label.length || label[k] || spread[k]! >= smoothBelow) continue;
        if (Math.abs(mean[k]! - mean[j]!) > Math.max(STEP_MIN, STEP_SHARE * Math.max(mean[k]!, mean[j]!))) continue;
        label[k] = id;
        stack.push(k);
      }
    }
    regions.push({ id, size, max });
  }
  return regions
    .sort((x, y) => y.size - x.size)
    .slice(0, REGIONS_TRIED)
    .map((r) => {
      const cells = new Uint8Array(bw * bh);
      for (let i = 0; i < cells.length; i++) cells[i] = label[i] === r.id ? 1 : 0;
      return { cells, max: r.max };
    });
}

interface Blocks {
  mean: Float32Array;
  spread: Float32Array;
  smoothBelow: number;
}

/** Outside the sheet, at most this share of the blocks may be paper of the sheet's own tone. */
const MAX_PAPER_OUTSIDE = 0.25;
/** Within this share of the sheet's median tone is its tone. */
const SAME_TONE = 0.1;

/**
 * A photographed sheet lies on something else: outside it, few blocks are smooth paper of its own
 * tone. On a scan (paper to the edges) a part of the page that rules or a table's blocks of text cut
 * off passed for a sheet and the rest of the page was thrown away (a page's second half, whole pages).
 */
function surrounded(comp: Uint8Array, sheet: Uint8Array, { mean, spread, smoothBelow }: Blocks): boolean {
  const tones: number[] = [];
  for (let i = 0; i < comp.length; i++) if (comp[i]) tones.push(mean[i]!);
  tones.sort((x, y) => x - y);
  const tone = tones[tones.length >> 1] ?? 0;
  let outside = 0;
  let paper = 0;
  for (let i = 0; i < sheet.length; i++) {
    if (sheet[i]) continue;
    outside++;
    if (spread[i]! < smoothBelow && Math.abs(mean[i]! - tone) <= SAME_TONE * tone) paper++;
  }
  return paper <= MAX_PAPER_OUTSIDE * outside;
}

/** The sheet a region of paper blocks outlines: its corners, or null where it is not a page's shape. */
function sheetOf(comp: Uint8Array, blocks: Blocks, bw: number, bh: number, b: number, w: number, h: number): PageQuad | null {
  // Glyphs and rules inside the sheet are not paper-smooth: everything the surround does not reach is the sheet.
  const sheet = fillHoles(comp, bw, bh);
  let area = 0;
  for (const v of sheet) area += v;
  const share = area / (bw * bh);
  if (share < MIN_PAGE_SHARE || share > MAX_PAGE_SHARE) return null;
  if (!surrounded(comp, sheet, blocks)) return null;
  const corners = sideCorners(sheet, bw, bh, b, w, h);
  if (!corners) return null;
  const [a, c, d, e] = corners;
  const width = (dist(a, c) + dist(e, d)) / 2;
  const height = (dist(a, e) + dist(c, d)) / 2;
  // Portrait or landscape.
  const aspect = Math.max(width, height) / Math.max(1, Math.min(width, height));
  if (width < 1 || aspect < MIN_ASPECT || aspect > MAX_ASPECT) return null;
  // The quadrilateral is the sheet: it covers about as much as the region found (not a diagonal sliver).
  if (quadArea(corners) < 0.85 * area * b * b || quadArea(corners) > MAX_QUAD_OVER_REGION * area * b * b) return null;
  return { corners };
}

/**
 * The quadrilateral may cover this much more than the region: a corner in deep shadow, or under the
 * photo's edge, is left out of the region but not of the sheet its sides outline.
 */
const MAX_QUAD_OVER_REGION = 1.3;
/** Of each side's run between its extreme corners, this share at either end is left out of the line fit. */
const SIDE_TRIM = 0.12;

/**
 * The sheet's corners as the crossings of its four sides, each side a robust line (Theil–Sen) through
 * the region's outer boundary along the middle of that side. Extreme points alone lose a corner that
 * shadow or the photo's edge cut from the region (the sheet came out a trapezoid, its rows skewed);
 * boundary cells on the photo's edge are not the sheet's edge and are left out.
 */
function sideCorners(sheet: Uint8Array, bw: number, bh: number, b: number, w: number, h: number): Quad | null {
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
  if (!tl || !tr || !br || !bl) return null;
  const span = (a: number, c: number): [number, number] => {
    const lo = Math.min(a, c);
    const hi = Math.max(a, c);
    const t = Math.round((hi - lo) * SIDE_TRIM);
    return [lo + t, hi - t];
  };
  // Horizontal sides: y = m x + c over columns; vertical sides: x = m y + c over rows (in pixels).
  const cell = (along: number, across: number, byColumn: boolean): number => sheet[byColumn ? across * bw + along : along * bw + across]!;
  const sides = (byColumn: boolean, near: [number, number], far: [number, number]): [Pt[], Pt[]] => {
    const [n, m] = byColumn ? [bw, bh] : [bh, bw];
    const lo: Pt[] = [];
    const hi: Pt[] = [];
    for (let i = 0; i < n; i++) {
      let first = -1;
      let last = -1;
      for (let j = 0; j < m; j++) {
        if (!cell(i, j, byColumn)) continue;
        if (first < 0) first = j;
        last = j;
      }
      if (first < 0) continue;
      // Cells on the photo's edge are not the sheet's edge.
      if (i >= near[0] && i <= near[1] && first > 0) lo.push({ x: (i + 0.5) * b, y: first * b });
      if (i >= far[0] && i <= far[1] && last < m - 1) hi.push({ x: (i + 0.5) * b, y: (last + 1) * b });
    }
    return [lo, hi];
  };
  const [top, bottom] = sides(true, span(tl.x, tr.x), span(bl.x, br.x));
  const [left, right] = sides(false, span(tl.y, bl.y), span(tr.y, br.y));
  const T = theilSen(top);
  const B = theilSen(bottom);
  const L = theilSen(left);
  const R = theilSen(right);
  if (!T || !B || !L || !R) return null;
  const corners = [cross(T, L), cross(T, R), cross(B, R), cross(B, L)];
  if (corners.some((c) => !c || c.x < -w * 0.2 || c.x > w * 1.2 || c.y < -h * 0.2 || c.y > h * 1.2)) return null;
  return corners as Quad;
}

/** A line v = m u + c through points {x: u, y: v}: the median of pairwise slopes, then the median intercept. */
function theilSen(pts: readonly Pt[]): { m: number; c: number } | null {
  if (pts.length < 4) return null;
  const slopes: number[] = [];
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const du = pts[j]!.x - pts[i]!.x;
      if (du !== 0) slopes.push((pts[j]!.y - pts[i]!.y) / du);
    }
  }
  if (slopes.length === 0) return null;
  const m = median(slopes);
  return { m, c: median(pts.map((p) => p.y - m * p.x)) };
}

function median(v: number[]): number {
  const s = v.sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Where a horizontal side (y = m x + c) crosses a vertical one (x = m y + c). */
function cross(hz: { m: number; c: number }, vt: { m: number; c: number }): Pt | null {
  // y = a x + b, x = p y + q  →  y = a (p y + q) + b
  const d = 1 - hz.m * vt.m;
  if (Math.abs(d) < 1e-6) return null;
  const y = (hz.m * vt.c + hz.c) / d;
  return { x: vt.m * y + vt.c, y };
}

/**
 * The sheet found on the normalised photo or on the photo's own shades, whichever is the squarer
 * quadrilateral. A sheet's corners are right angles seen in a little perspective (a phone held over
 * it: up to ~15° off); where a shadow's edge across the sheet stood in for one of its sides (the
 * normalised photo's stretch sets shadowed paper apart from lit paper), one corner came out 20° off
 * and more, and the flattened page was sheared (rows cut diagonally, 0 of 13 transactions read). The
 * own shades join shadowed and lit paper gradually. The normalised photo's sheet is kept unless the
 * other is squarer by more than SQUARER_BY.
 */
export function squarerSheet(onNormalised: PageQuad | null, onShades: () => PageQuad | null): PageQuad | null {
  const other = onShades();
  if (!onNormalised || !other) return onNormalised ?? other;
  return offSquare(other.corners) + SQUARER_BY < offSquare(onNormalised.corners) ? other : onNormalised;
}

/** Degrees by which the shades' sheet must be squarer to be taken. */
const SQUARER_BY = 2;

/** The largest deviation from a right angle among a quadrilateral's corners, in degrees. */
export function offSquare(q: Quad): number {
  let worst = 0;
  for (let i = 0; i < 4; i++) {
    const p = q[i]!;
    const a = q[(i + 3) % 4]!;
    const b = q[(i + 1) % 4]!;
    const ux = a.x - p.x;
    const uy = a.y - p.y;
    const vx = b.x - p.x;
    const vy = b.y - p.y;
    const cos = (ux * vx + uy * vy) / Math.max(1e-9, Math.hypot(ux, uy) * Math.hypot(vx, vy));
    worst = Math.max(worst, Math.abs((Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI - 90));
  }
  return worst;
}

/** A quadrilateral on its side with a card's proportions: a photographed card may be what was found. */
export function cardShaped(quad: PageQuad): boolean {
  const [a, c, d, e] = quad.corners;
  const width = (dist(a, c) + dist(e, d)) / 2;
  const height = (dist(a, e) + dist(c, d)) / 2;
  return width > CARD_ASPECT * height;
}

/** The page inside `quad` mapped onto an upright rectangle, enlarged towards scan resolution (unless not `enlarge`); its dpi as an A4 page. */
export function flattenPage(gray: OcrImage, quad: PageQuad, enlarge = true): { image: OcrImage; dpi: number } {
  const [a, c, d, e] = quad.corners;
  const width = (dist(a, c) + dist(e, d)) / 2;
  const height = (dist(a, e) + dist(c, d)) / 2;
  const k = enlarge ? Math.min(MAX_SCALE, Math.max(1, (TARGET_WIDTH * (width > height ? 11.69 / 8.27 : 1)) / width)) : 1;
  const W = Math.round(width * k);
  const H = Math.round(height * k);
  // Sampled at pixel corners, white off the photo.
  const image = warpQuad(gray, quad.corners, W, H, { offset: 0, fill: 255 });
  // An A4 sheet is 8.27 by 11.69 inches: word boxes then come out in the page's points.
  return { image, dpi: W / (W > H ? 11.69 : 8.27) };
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
