/**
 * The registry of sources: each turns the bytes of some formats into what the rest of the engine
 * reads — pages of positioned words (a PDF's text layer, OCR of scans and photos) or an export's
 * rows and statements — and knows nothing of statements, classification or identity documents.
 * Each has a `look` (a cheap first view, enough to classify: validation runs on the upload request)
 * and a `read` (the whole reading, as the pipeline planned it from the look).
 *
 * The implementations load on demand: pdf.js and tesseract are heavy, and a caller that only
 * parses exports never needs them.
 */
import type { WordPage } from '../layout/model.ts';
import type { FileFormat } from '../types.ts';
import { ImageError } from './ocr/header.ts';
import { textLayerReads } from './pdf/text-layer.ts';
import type { LoadLimits, LoadResult } from './pdf/load.ts';
import type { FirstPage, KnownPages, OcrPage, PageOcrOptions } from './ocr/index.ts';
import type { PdfRenderer } from './ocr/render.ts';
import type { StructuredFormat, StructuredRead } from './structured/index.ts';

export type { LoadLimits, LoadResult, LoadedPdf } from './pdf/load.ts';
export type { FirstPage, KnownPages, OcrPage } from './ocr/index.ts';
export type { PdfRenderer } from './ocr/render.ts';
export type { StructuredFormat, StructuredRead } from './structured/index.ts';

export interface Source<Look, Plan, Read> {
  readonly name: string;
  readonly formats: readonly FileFormat[];
  look(bytes: Uint8Array, format: FileFormat, plan: Plan): Promise<Look>;
  read(bytes: Uint8Array, format: FileFormat, plan: Plan): Promise<Read>;
}

const pdfLoad = () => import('./pdf/load.ts');
const ocrModule = () => import('./ocr/index.ts');
const imageModule = () => import('./ocr/image.ts');
const structuredModule = () => import('./structured/index.ts');

/** Fewer words than this in the whole file means there is no usable text layer. */
const MIN_WORDS = 5;

/** A PDF's text layer: its look and its read are the same loading (pages of words, info, page count). */
export const pdfText = {
  name: 'pdf-text',
  formats: ['pdf'],
  look: async (bytes, _format, limits) => (await pdfLoad()).loadPdf(bytes, limits),
  read: async (bytes, _format, limits) => (await pdfLoad()).loadPdf(bytes, limits),
  /** read, and the document left open to render where `keepOpen(pages)` (a scan: OCR renders its pages next). */
  readKeeping: async (bytes: Uint8Array, limits: LoadLimits, keepOpen: (pages: readonly WordPage[]) => boolean) =>
    (await pdfLoad()).loadPdfKeeping(bytes, limits, keepOpen),
  /**
   * The text layer reads: words enough, in fonts with a usable Unicode map. Where it does not (a scan,
   * or glyph soup) the pipeline reads the pages through OCR.
   */
  reads(pages: readonly WordPage[]): boolean {
    const words = pages.reduce((n, p) => n + p.words.length, 0);
    return words >= MIN_WORDS && textLayerReads(pages);
  },
  /** A page whose text layer holds nearly nothing: a scan inside a text PDF. */
  scannedPage: (page: WordPage): boolean => page.words.length < MIN_WORDS,
  defaultLimits: async (): Promise<LoadLimits> => (await pdfLoad()).DEFAULT_LIMITS,
} satisfies Source<LoadResult, LoadLimits, LoadResult> & Record<string, unknown>;

/** How OCR reads: languages, the MRZ pass, and at most how many pages (undefined: the source's own cap). */
export interface OcrPlan extends PageOcrOptions {
  maxPages?: number;
  /** One page of a PDF (a scanned page inside a text PDF): the look at it, or the read of it alone. */
  page?: number;
}

/**
 * OCR of image files (JPEG, PNG, TIFF) and of image-only PDF pages. The look is one page at low
 * resolution with English traineddata (enough to classify and pick the language); the read returns
 * every page with its quality verdict, the legible and the illegible.
 */
export const ocr = {
  name: 'ocr',
  formats: ['pdf', 'jpeg', 'png', 'tiff'],
  async look(bytes, format, plan, doc?: PdfRenderer): Promise<OcrPage | null> {
    const m = await ocrModule();
    if (format !== 'pdf') return m.lookImage(bytes);
    return plan.page === undefined ? m.lookPdf(bytes) : m.lookPdfPage(bytes, plan.page, doc);
  },
  /**
   * `from`: pages read already with the same plan (validation's first page), a PDF open already, its
   * page count (where the known pages cover every page nothing is opened or decoded).
   */
  async read(bytes, format, plan, from: { known?: KnownPages; doc?: PdfRenderer; pageCount?: number } = {}): Promise<OcrPage[]> {
    const m = await ocrModule();
    const opts: PageOcrOptions = { langs: plan.langs, ...(plan.mrz !== undefined ? { mrz: plan.mrz } : {}), ...(plan.cardsOnly ? { cardsOnly: true } : {}) };
    return format === 'pdf' ? m.ocrPdf(bytes, opts, plan.maxPages, plan.page, from) : m.ocrImageBytes(bytes, opts, plan.maxPages, from.known);
  },
  /**
   * Page 1 read as a statement page is read for the parse, in the language a probe of its top band
   * finds (ocr/index.ts FirstPage): what validation classifies and gates on, and the parse's page 1.
   */
  async first(bytes: Uint8Array, format: FileFormat, doc?: PdfRenderer): Promise<FirstPage | null> {
    const m = await ocrModule();
    return format === 'pdf' ? m.firstPagePdf(bytes, doc) : m.firstPageImage(bytes);
  },
  /** Pages of an image file (a TIFF holds several); throws ImageError for a refused image. */
  pageCount: async (bytes: Uint8Array): Promise<number> => (await imageModule()).imagePageCount(bytes),
  langsFor: async (lang: OcrPage['lang']) => (await ocrModule()).langsFor(lang),
  hasMrzLikeWords: async (page: { words: readonly { text: string }[] }) => (await ocrModule()).hasMrzLikeWords(page),
  readable: (pages: readonly OcrPage[]): OcrPage[] => pages.filter((p) => p.verdict.ok),
  /** The message of a PDF whose pages OCR could not read either. */
  noTextMessage: async (): Promise<string> => (await ocrModule()).NO_TEXT_OCR_MESSAGE,
  /** An image refused before OCR (too large, corrupt, unsupported): carries the code to report. */
  isImageError: (e: unknown): e is ImageError => e instanceof ImageError,
} satisfies Source<OcrPage | null, OcrPlan, OcrPage[]> & Record<string, unknown>;

/**
 * Exports (CSV, XLSX, MT940, camt.053): a table format reads into sheets of cells; a statement
 * format (MT940, camt) states its statements, balances and bookings itself and reads into them.
 */
export const structured = {
  name: 'structured',
  formats: ['csv', 'xlsx', 'mt940', 'camt053'],
  look: async (bytes, format) => (await structuredModule()).readStructured(format as StructuredFormat, bytes),
  read: async (bytes, format) => (await structuredModule()).readStructured(format as StructuredFormat, bytes),
} satisfies Source<StructuredRead, void, StructuredRead>;

export const SOURCES = [pdfText, ocr, structured] as const;

/** The sources that read a format, in the order the pipeline tries them (a PDF: text layer, then OCR). */
export function sourcesFor(format: FileFormat): (typeof SOURCES)[number][] {
  return SOURCES.filter((s) => (s.formats as readonly FileFormat[]).includes(format));
}
