/**
 * Image geometry shared by the readers of photos: a quadrilateral of an image (a card on a table,
 * a sheet on a desk) mapped onto an upright rectangle by the projective transform its four corners
 * define (a homography), sampled bilinearly; and the distances and areas the finders measure
 * quadrilaterals with. Used by card-quad.ts (cards on a photo) and page-quad.ts (a photographed sheet).
 */
import type { OcrImage } from './types.ts';

export interface Pt {
  x: number;
  y: number;
}

/** Corners in image pixels: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Pt, Pt, Pt, Pt];

export function dist(p: Pt, q: Pt): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** The area of a simple polygon (shoelace). */
export function quadArea(q: readonly Pt[]): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) {
    const p = q[i]!;
    const r = q[(i + 1) % q.length]!;
    s += p.x * r.y - r.x * p.y;
  }
  return Math.abs(s) / 2;
}

/**
 * The projective map taking each `from` point to its `to` point: [a b c d e f g h] with
 * x' = (a x + b y + c) / (g x + h y + 1), y' = (d x + e y + f) / (g x + h y + 1).
 */
export function homography(from: readonly Pt[], to: readonly Pt[]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let piv = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(A[r]![col]!) > Math.abs(A[piv]![col]!)) piv = r;
    [A[col], A[piv]] = [A[piv]!, A[col]!];
    const p = A[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('degenerate quadrilateral');
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = A[r]![col]! / p;
      if (f === 0) continue;
      for (let k = col; k < 9; k++) A[r]![k]! -= f * A[col]![k]!;
    }
  }
  return A.map((row, i) => row[8]! / row[i]!);
}

/** Where the homography `m` (see homography) takes the point (x, y). */
export function mapPoint(m: readonly number[], x: number, y: number): Pt {
  const z = m[6]! * x + m[7]! * y + 1;
  return { x: (m[0]! * x + m[1]! * y + m[2]!) / z, y: (m[3]! * x + m[4]! * y + m[5]!) / z };
}

export interface WarpOptions {
  /**
   * Where a pixel is sampled: 0.5 = at pixel centres (output pixel x covers [x, x + 1) and takes the
   * source at its centre); 0 = at pixel corners (output pixel x takes the source at x).
   */
  offset?: 0 | 0.5;
  /** The value of samples that fall off the image; undefined: the nearest edge pixel's. */
  fill?: number;
}

/**
 * The quadrilateral `q` of a gray image as an upright `width` × `height` gray image: each output pixel
 * is taken, by the homography of the rectangle's corners onto `q`, from the image, bilinearly.
 */
export function warpQuad(img: OcrImage, q: Quad, width: number, height: number, { offset = 0.5, fill }: WarpOptions = {}): OcrImage {
  if (img.channels !== 1) throw new Error('warpQuad expects a gray image');
  const m = homography(
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    q,
  );
  const [a, b, c, d, e, f, g, h] = m as [number, number, number, number, number, number, number, number];
  const { width: sw, height: sh, data } = img;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const v = y + offset;
    for (let x = 0; x < width; x++) {
      const u = x + offset;
      const z = g * u + h * v + 1;
      let sx = (a * u + b * v + c) / z - offset;
      let sy = (d * u + e * v + f) / z - offset;
      if (fill === undefined) {
        sx = Math.min(sw - 1.001, Math.max(0, sx));
        sy = Math.min(sh - 1.001, Math.max(0, sy));
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= sw || y0 + 1 >= sh) {
        out[y * width + x] = fill ?? 0;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * sw + x0;
      const top = data[i]! * (1 - fx) + data[i + 1]! * fx;
      const bottom = data[i + sw]! * (1 - fx) + data[i + sw + 1]! * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, channels: 1, data: out };
}
