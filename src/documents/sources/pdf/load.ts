/**
 * PDF loading with pdf.js (legacy build: the modern one throws on Node 24) and
 * conversion of text items to the positioned-word model. Everything that can go
 * wrong while opening a PDF is turned into a typed failure here, never thrown.
 */
import { getDocument, PasswordException, Util, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ValidationErrorCode, ValidationStatus } from '../../types.ts';
import type { PdfInfo, PositionedWord, WordPage } from '../../layout/model.ts';
import { PDFJS_DATA } from './data.ts';
import { countPdfLoad } from './loads.ts';
import { plainWorker } from './port.ts';
import { RENDER_PARAMS, rendererOf, type PdfRenderer } from '../ocr/render.ts';

export type { PdfInfo } from '../../layout/model.ts';

export interface LoadedPdf {
  pageCount: number;
  pages: WordPage[];
  info: PdfInfo;
}

export interface LoadLimits {
  maxPages: number;
  /** Wall-clock budget for opening and reading every page. */
  timeBudgetMs: number;
}

export const DEFAULT_LIMITS: LoadLimits = { maxPages: 200, timeBudgetMs: 30_000 };

export type LoadResult =
  | { ok: true; pdf: LoadedPdf }
  | {
      ok: false;
      status: ValidationStatus;
      code: ValidationErrorCode;
      message: string;
      pageCount: number | null;
    };


interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

function isTextItem(it: unknown): it is TextItemLike {
  return typeof it === 'object' && it !== null && 'str' in it && 'transform' in it;
}

export async function loadPdf(bytes: Uint8Array, limits: LoadLimits = DEFAULT_LIMITS): Promise<LoadResult> {
  return (await loadPdfKeeping(bytes, limits, () => false)).loaded;
}

/**
 * loadPdf, and the document left open to render its pages where `keepOpen(pages)` says so (a scan:
 * its pages go to OCR next, and opening the document again would parse it again). The caller closes
 * the renderer; a load that failed leaves nothing open.
 */
export async function loadPdfKeeping(
  bytes: Uint8Array,
  limits: LoadLimits,
  keepOpen: (pages: readonly WordPage[]) => boolean,
): Promise<{ loaded: LoadResult; renderer: PdfRenderer | null }> {
  let renderer: PdfRenderer | null = null;
  const loaded = await load(bytes, limits, (doc, task, worker, pages) => {
    if (!keepOpen(pages)) return false;
    renderer = rendererOf(doc, async () => {
      await task.destroy().catch(() => undefined);
      worker.destroy();
    });
    return true;
  });
  return { loaded, renderer };
}

type KeepDoc = (
  doc: Awaited<ReturnType<typeof getDocument>['promise']>,
  task: ReturnType<typeof getDocument>,
  worker: Awaited<ReturnType<typeof plainWorker>>,
  pages: readonly WordPage[],
) => boolean;

async function load(bytes: Uint8Array, limits: LoadLimits, keep: KeepDoc): Promise<LoadResult> {
  const started = Date.now();
  countPdfLoad();
  // A worker of its own (port.ts: pdf.js's fake worker without structuredClone per message).
  const worker = await plainWorker(VerbosityLevel.ERRORS);
  // pdf.js detaches the buffer it is given and refuses Node Buffers: hand it a plain copy. The render
  // limits only matter where the document is kept open to render (a scan); the text layer ignores them.
  const task = getDocument({
    data: new Uint8Array(bytes),
    ...PDFJS_DATA,
    verbosity: VerbosityLevel.ERRORS,
    disableFontFace: true,
    stopAtErrors: false,
    worker,
    ...RENDER_PARAMS,
  });
  let kept = false;
  try {
    const doc = await withTimeout(task.promise, limits.timeBudgetMs);
    const pageCount = doc.numPages;
    if (pageCount > limits.maxPages) {
      return fail(
        'failure',
        'too_large',
        `PDF has ${pageCount} pages; the limit is ${limits.maxPages}`,
        pageCount,
      );
    }
    const meta = await withTimeout(doc.getMetadata(), limits.timeBudgetMs).catch(() => null);
    const raw = (meta?.info ?? {}) as Record<string, unknown>;
    const info: PdfInfo = {
      producer: str(raw['Producer']),
      creator: str(raw['Creator']),
      creationDate: str(raw['CreationDate']),
      modDate: str(raw['ModDate']),
      encrypted: raw['EncryptFilterName'] != null,
    };
    const pages: WordPage[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const remaining = limits.timeBudgetMs - (Date.now() - started);
      if (remaining <= 0) {
        return fail(
          'failure',
          'too_large',
          `PDF parse time budget of ${limits.timeBudgetMs} ms exceeded at page ${n}`,
          pageCount,
        );
      }
      const page = await withTimeout(doc.getPage(n), remaining);
      const viewport = page.getViewport({ scale: 1 });
      const content = await withTimeout(page.getTextContent(), remaining);
      const words: PositionedWord[] = [];
      for (const item of content.items) {
        if (isTextItem(item)) itemToWords(item, viewport.transform, words);
      }
      pages.push({ page: n, width: viewport.width, height: viewport.height, words });
      page.cleanup();
    }
    kept = keep(doc, task, worker, pages);
    return { ok: true, pdf: { pageCount, pages, info } };
  } catch (err) {
    if (err instanceof PasswordException) {
      return fail('unreadable', 'password_protected', 'PDF is password-protected', null);
    }
    if (err instanceof TimeoutError) {
      return fail(
        'failure',
        'too_large',
        `PDF parse time budget of ${limits.timeBudgetMs} ms exceeded`,
        null,
      );
    }
    const why = err instanceof Error ? err.message : String(err);
    return fail('unreadable', 'corrupt_file', `PDF cannot be read: ${why.slice(0, 200)}`, null);
  } finally {
    if (!kept) {
      await task.destroy().catch(() => undefined);
      worker.destroy();
    }
  }
}

/**
 * One text item becomes one word per whitespace-separated run. pdf.js gives only
 * the item's total width, so word positions are interpolated by character count;
 * that is precise enough for column assignment.
 */
function itemToWords(item: TextItemLike, vt: number[], out: PositionedWord[]): void {
  if (!item.str.trim()) return;
  const m = Util.transform(vt, item.transform) as number[];
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
  // Rotated text is watermarks and vertical margin codes, never table content.
  if (Math.abs(b) > 0.05 * Math.abs(a) || Math.abs(c) > 0.05 * Math.abs(d) || a <= 0) return;
  const size = Math.hypot(c, d) || item.height || 1;
  const width = item.width > 0 ? item.width : size * 0.5 * item.str.length;
  const charW = width / item.str.length;
  const top = f - size * 0.8;
  const bottom = f + size * 0.2;
  const re = /\S+/g;
  for (let mt = re.exec(item.str); mt; mt = re.exec(item.str)) {
    out.push({
      text: mt[0],
      x0: e + mt.index * charW,
      x1: e + (mt.index + mt[0].length) * charW,
      y0: top,
      y1: bottom,
    });
  }
}

class TimeoutError extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError('timeout')), Math.max(1, ms));
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

function fail(
  status: ValidationStatus,
  code: ValidationErrorCode,
  message: string,
  pageCount: number | null,
): LoadResult {
  return { ok: false, status, code, message, pageCount };
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : null;
}
