/**
 * Rasterises PDF pages for OCR with pdf.js (legacy build) onto @napi-rs/canvas
 * canvases from doc.canvasFactory. Resolution follows the page size: small
 * (card-sized) pages at 300 dpi, A4-sized pages at 200 dpi, which STACK-NOTES
 * measured as the speed/accuracy knee for statements.
 */
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LIMITS } from '../../limits.ts';
import { PDFJS_DATA } from '../pdf/data.ts';
import { countPdfLoad } from '../pdf/loads.ts';
import { DocumentParseError } from '../../types.ts';
import { toGray } from './pixels.ts';
import type { OcrImage } from './types.ts';


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

export interface RenderOptions {
  dpi?: number;
  dpiOf?: (widthPt: number, heightPt: number) => number;
  /** Pages kept as gray (one byte a pixel, what every OCR step starts with) instead of RGBA. */
  gray?: boolean;
}

/** An open PDF whose pages are rendered one at a time, under the page and document pixel budgets. */
export interface PdfRenderer {
  readonly numPages: number;
  /**
   * Refuses (too_large) before any canvas exists when pages 1..maxPages together, or any one of
   * them, would exceed the pixel budgets at their resolution.
   */
  checkBudget(maxPages: number, opts?: RenderOptions): Promise<void>;
  render(n: number, opts?: RenderOptions): Promise<RenderedPage>;
  close(): Promise<void>;
}

/**
 * A canvas (@napi-rs/canvas) holds its pixels in native memory a small JS object points to: V8 does
 * not see it, so it is not collected while the heap stays small, and every rendered A4 page at 200 dpi
 * left ≈ 16–20 MB behind (24 pages: 468 MB). Where the process exposes gc (the document children
 * run with --expose-gc), a collection after each page and one turn of the loop for the native
 * finalizers give it back (24 pages: 79 MB).
 */
async function releaseCanvases(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  gc();
  await new Promise((r) => setImmediate(r));
}

let rendered = 0;

/** Pages rendered by this process so far (tests: a page is decoded and rendered once per reading). */
export function renderedPageCount(): number {
  return rendered;
}

/** What a document opened to render is opened with (sources/pdf/load.ts opens a text-layer load with them too). */
export const RENDER_PARAMS = {
  // Image bombs (a 20,000² XObject in 389 KB) are skipped instead of decoded.
  maxImageSize: LIMITS.renderMaxImagePixels,
  canvasMaxAreaInBytes: LIMITS.renderMaxPagePixels * 4,
} as const;

export async function openPdfForRender(bytes: Uint8Array): Promise<PdfRenderer> {
  countPdfLoad();
  const task = getDocument({
    data: new Uint8Array(bytes),
    ...PDFJS_DATA,
    verbosity: VerbosityLevel.ERRORS,
    ...RENDER_PARAMS,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    throw e;
  }
  return rendererOf(doc, () => task.destroy());
}

/**
 * Pages of a document already open (a text-layer load that found a scan: one pdf.js load for the text
 * layer and the pages' images); `destroy` ends the document when the renderer is closed.
 */
export function rendererOf(doc: PDFDocumentProxy, destroy: () => Promise<void>): PdfRenderer {
  const factory = doc.canvasFactory as CanvasFactoryLike;
  const sizeOf = async (n: number, opts: RenderOptions) => {
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
    return { page, base, dpi, viewport, w, h };
  };
  return {
    numPages: doc.numPages,
    async checkBudget(maxPages, opts = {}) {
      let pixels = 0;
      for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
        const { w, h, dpi } = await sizeOf(n, opts);
        pixels += w * h;
        if (pixels > LIMITS.renderMaxPixelsAllPages) {
          throw new DocumentParseError('too_large', `pages 1–${n} are too large to render together (more than ${LIMITS.renderMaxPixelsAllPages / 1e6} megapixels at ${dpi} dpi)`);
        }
      }
    },
    async render(n, opts = {}) {
      const { page, base, dpi, viewport, w, h } = await sizeOf(n, opts);
      rendered++;
      let image: OcrImage;
      {
        const cc = factory.create(w, h);
        try {
          await page.render({ canvas: null, canvasContext: cc.context as CanvasRenderingContext2D, viewport, background: 'white' }).promise;
          const rgba = cc.canvas.getContext('2d').getImageData(0, 0, w, h).data;
          // Gray: a quarter of the bytes held while the page waits for OCR.
          image = opts.gray
            ? { width: w, height: h, channels: 1, data: toGray({ width: w, height: h, channels: 4, data: rgba }) }
            : { width: w, height: h, channels: 4, data: rgba };
        } finally {
          factory.destroy(cc);
          page.cleanup();
        }
      }
      await releaseCanvases();
      return { page: n, widthPt: base.width, heightPt: base.height, dpi, image };
    },
    async close() {
      await destroy().catch(() => undefined);
      await releaseCanvases();
    },
  };
}

/** Renders pages 1..maxPages (or only page `only`); dpi defaults to dpiFor(page size). */
export async function renderPdfPages(bytes: Uint8Array, opts: RenderOptions & { maxPages: number; only?: number }): Promise<RenderedPage[]> {
  const doc = await openPdfForRender(bytes);
  try {
    const last = Math.min(doc.numPages, opts.maxPages);
    // One page: its own cap (a scanned page inside a long text PDF is not charged for the pages before it).
    if (opts.only === undefined) await doc.checkBudget(last, opts);
    const out: RenderedPage[] = [];
    for (let n = 1; n <= last; n++) if (opts.only === undefined || n === opts.only) out.push(await doc.render(n, opts));
    return out;
  } finally {
    await doc.close();
  }
}
