/**
 * Rasterises PDF pages for OCR with pdf.js (legacy build) onto @napi-rs/canvas
 * canvases from doc.canvasFactory. Resolution follows the page size: small
 * (card-sized) pages at 300 dpi, A4-sized pages at 200 dpi, which STACK-NOTES
 * measured as the speed/accuracy knee for statements.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LIMITS } from '../../limits.ts';
import { DocumentParseError } from '../../types.ts';
import { toGray } from './pixels.ts';
import type { OcrImage } from './types.ts';

const pkgDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataUrl = (sub: string): string => pathToFileURL(path.join(pkgDir, sub)).href + '/';

export interface RenderedPage {
  page: number;
  /** Page size in PDF points. */
  widthPt: number;
  heightPt: number;
  dpi: number;
  image: OcrImage;
}

interface CanvasLike {
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}
interface CanvasFactoryLike {
  create(w: number, h: number): { canvas: CanvasLike; context: unknown };
  destroy(c: { canvas: CanvasLike; context: unknown }): void;
}

/** Smaller than A5: an identity card or a photo of one. */
export function isCardSize(widthPt: number, heightPt: number): boolean {
  return widthPt * heightPt < 420 * 595;
}

export function dpiFor(widthPt: number, heightPt: number): number {
  return isCardSize(widthPt, heightPt) ? 300 : 200;
}

/** Renders pages 1..maxPages; dpi defaults to dpiFor(page size). */
export async function renderPdfPages(
  bytes: Uint8Array,
  opts: {
    maxPages: number;
    dpi?: number;
    dpiOf?: (widthPt: number, heightPt: number) => number;
    only?: number;
    /** Pages kept as gray (one byte a pixel, what every OCR step starts with) instead of RGBA. */
    gray?: boolean;
  },
): Promise<RenderedPage[]> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: dataUrl('standard_fonts'),
    cMapUrl: dataUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: dataUrl('wasm'),
    verbosity: VerbosityLevel.ERRORS,
    // Image bombs (a 20,000² XObject in 389 KB) are skipped instead of decoded.
    maxImageSize: LIMITS.renderMaxImagePixels,
    canvasMaxAreaInBytes: LIMITS.renderMaxPagePixels * 4,
  });
  try {
    const doc = await task.promise;
    const factory = doc.canvasFactory as CanvasFactoryLike;
    const out: RenderedPage[] = [];
    let pixels = 0;
    for (let n = 1; n <= Math.min(doc.numPages, opts.maxPages); n++) {
      if (opts.only !== undefined && n !== opts.only) continue;
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const dpi = opts.dpi ?? (opts.dpiOf ?? dpiFor)(base.width, base.height);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const w = Math.ceil(viewport.width);
      const h = Math.ceil(viewport.height);
      // The pixel budget is checked on the MediaBox before any canvas exists.
      if (!(w * h <= LIMITS.renderMaxPagePixels)) {
        throw new DocumentParseError('too_large', `page ${n} is too large to render (${w}×${h} pixels at ${dpi} dpi)`);
      }
      pixels += w * h;
      if (pixels > LIMITS.renderMaxPixelsAllPages) {
        throw new DocumentParseError('too_large', `pages 1–${n} are too large to render together (more than ${LIMITS.renderMaxPixelsAllPages / 1e6} megapixels at ${dpi} dpi)`);
      }
      const cc = factory.create(w, h);
      await page.render({ canvas: null, canvasContext: cc.context as CanvasRenderingContext2D, viewport, background: 'white' })
        .promise;
      const rgba = cc.canvas.getContext('2d').getImageData(0, 0, w, h).data;
      factory.destroy(cc);
      // Gray: a quarter of the bytes held while later pages render.
      const image: OcrImage = opts.gray
        ? { width: w, height: h, channels: 1, data: toGray({ width: w, height: h, channels: 4, data: rgba }) }
        : { width: w, height: h, channels: 4, data: rgba };
      out.push({ page: n, widthPt: base.width, heightPt: base.height, dpi, image });
      page.cleanup();
    }
    return out;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
