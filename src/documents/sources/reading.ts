/**
 * What the sources read of one file, kept between its validation and its parse: a text PDF's pages
 * of positioned words (the pdf.js load, the most expensive part of a text PDF's engine time), the
 * OCR readings of a scan or photo (the first page's look, identity pages read at validation) and an
 * export's statement (CSV, XLSX, MT940, camt.053: its reader's output, when within the size cap). The
 * parse takes a reading from here instead of reading the bytes again, and reads the bytes where the
 * kept reading has none — so a file parses exactly as it would from its bytes.
 *
 * A kept reading is an opaque byte string (v8 serialisation: numbers, -0 and undefined round-trip
 * exactly). It holds the SHA-256 of the file it was read from and a format version; one that does not
 * decode, belongs to other bytes, or was written by another version of the readers is ignored.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { deserialize, serialize } from 'node:v8';
import type { FileFormat } from '../types.ts';
import { LIMITS } from '../limits.ts';
import { ocr, pdfText } from './index.ts';
import type { FirstPage, LoadLimits, LoadResult, LoadedPdf, OcrPage, OcrPlan, PdfRenderer } from './index.ts';
import type { ExtractedDocument } from '../statement/model.ts';
import type { WordPage } from '../layout/model.ts';

/**
 * Bump whenever what a source returns for the same bytes changes (sources/pdf/load.ts words, the OCR
 * pipeline, its traineddata choice): kept readings of an older version are then read again.
 */
export const READING_VERSION = 7;

const PDFJS_VERSION: string = (createRequire(import.meta.url)('pdfjs-dist/package.json') as { version: string }).version;

interface KeptReading {
  v: number;
  pdfjs: string;
  /** SHA-256 (hex) of the file's bytes. */
  digest: string;
  /** The text layer, by the page cap it was loaded under. */
  pdf: { maxPages: number; pdf: LoadedPdf } | null;
  /** OCR looks and readings, by what was asked (format, page, languages, passes); `first:` a scan's first page. */
  ocr: Record<string, OcrPage | null | OcrPage[] | FirstPage>;
  /**
   * An export's statement as its table or XML reader read it (a 20 MB camt.053's XML parse is most of
   * its parse); absent in readings kept before exports were (those read the bytes again).
   */
  exported?: { format: FileFormat; doc: ExtractedDocument };
}

const digestOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function decode(kept: Uint8Array, digest: string): KeptReading | null {
  try {
    const r = deserialize(kept) as Partial<KeptReading> | null;
    if (!r || r.v !== READING_VERSION || r.pdfjs !== PDFJS_VERSION || r.digest !== digest) return null;
    if (typeof r.ocr !== 'object' || r.ocr === null || r.pdf === undefined) return null;
    return r as KeptReading;
  } catch {
    return null;
  }
}

/**
 * The sources' readings of one file: taken from a kept reading where it has them, else read from the
 * bytes and recorded, so that `kept()` hands them on.
 */
export class Readings {
  private readonly bytes: Uint8Array;
  private readonly r: KeptReading;
  /** A kept reading was given and belongs to these bytes (for tests and bench/). */
  readonly reused: boolean;

  constructor(bytes: Uint8Array, kept?: Uint8Array | null) {
    this.bytes = bytes;
    const digest = digestOf(bytes);
    const from = kept ? decode(kept, digest) : null;
    this.reused = from !== null;
    this.r = from ?? { v: READING_VERSION, pdfjs: PDFJS_VERSION, digest, pdf: null, ocr: {} };
  }

  /**
   * A PDF's text layer (pdfText.read); only a load that succeeded is kept. Where it finds a scan (no
   * text layer that reads, or a page without text), the document stays open for OCR to render its
   * pages: one pdf.js load for both (closed by close()).
   */
  async pdf(limits?: LoadLimits): Promise<LoadResult> {
    const lim = limits ?? (await pdfText.defaultLimits());
    if (this.r.pdf && this.r.pdf.maxPages === lim.maxPages) return { ok: true, pdf: this.r.pdf.pdf };
    const scan = (pages: readonly WordPage[]): boolean => !pdfText.reads(pages) || pages.some(pdfText.scannedPage);
    const { loaded, renderer } = await pdfText.readKeeping(this.bytes, lim, (pages) => this.open === null && scan(pages));
    if (renderer) this.open = renderer;
    if (loaded.ok) this.r.pdf = { maxPages: lim.maxPages, pdf: loaded.pdf };
    return loaded;
  }

  /** The PDF open to render (left open by its text-layer load), if any. */
  private open: PdfRenderer | null = null;

  /** Ends the document left open by the text-layer load; the Readings stay usable (OCR then opens its own). */
  async close(): Promise<void> {
    const o = this.open;
    this.open = null;
    await o?.close();
  }

  /** ocr.look, once per file, format and page. */
  async look(format: FileFormat, plan: OcrPlan): Promise<OcrPage | null> {
    const key = `look:${format}:${plan.page ?? 1}:${plan.langs.join('+')}`;
    if (key in this.r.ocr) return this.r.ocr[key] as OcrPage | null;
    const page = await ocr.look(this.bytes, format, plan, this.open ?? undefined);
    this.r.ocr[key] = page;
    return page;
  }

  /** ocr.first: page 1 read as the parse reads a statement page, in the language a probe found; once per file and format. */
  async first(format: FileFormat): Promise<FirstPage | null> {
    const key = `first:${format}`;
    if (key in this.r.ocr) return this.r.ocr[key] as FirstPage | null;
    const f = await ocr.first(this.bytes, format, this.open ?? undefined);
    this.r.ocr[key] = f;
    return f;
  }

  /**
   * ocr.read, once per file, format and plan. A statement reading (mrz off, every page) in the first
   * page's language takes that page as it was read (first()), and reads the others.
   */
  async ocrRead(format: FileFormat, plan: OcrPlan): Promise<OcrPage[]> {
    const key = `read:${format}:${JSON.stringify([plan.langs, plan.mrz ?? null, plan.maxPages ?? null, plan.cardsOnly === true, plan.page ?? null])}`;
    if (key in this.r.ocr) return this.r.ocr[key] as OcrPage[];
    const first = this.r.ocr[`first:${format}`] as FirstPage | null | undefined;
    const same = first && plan.page === undefined && !plan.cardsOnly && plan.mrz === 'off' && plan.langs.join('+') === first.langs.join('+');
    const pages = await ocr.read(this.bytes, format, plan, {
      ...(same ? { known: new Map([[1, first.page]]) } : {}),
      ...(this.open ? { doc: this.open } : {}),
      ...(this.r.pdf ? { pageCount: this.r.pdf.pdf.pageCount } : {}),
    });
    this.r.ocr[key] = pages;
    return pages;
  }

  /** An export's statement (`read`: its reader), once per file and format. */
  async exported(format: FileFormat, read: () => Promise<ExtractedDocument>): Promise<ExtractedDocument> {
    if (this.r.exported?.format === format) return this.r.exported.doc;
    const doc = await read();
    this.r.exported = { format, doc };
    return doc;
  }

  /** What was read, to keep with the file; null when there is nothing or it is over the size cap. */
  kept(): Uint8Array | null {
    if (this.r.pdf === null && Object.keys(this.r.ocr).length === 0 && !this.r.exported) return null;
    // An export's reader leaves its whole parse tree behind (a 20 MB camt.053: ≈ 400 MB above the idle
    // child); where gc is exposed (the document children) it goes before the copy is made, so the copy
    // does not push the child over its RSS cap.
    if (this.r.exported) (globalThis as { gc?: () => void }).gc?.();
    const out = serialize(this.r);
    if (out.length > LIMITS.keptReadingMaxBytes) return null;
    // A buffer of its own (a small Buffer can be a slice of a shared pool, which IPC would send whole).
    return out.byteOffset === 0 && out.buffer.byteLength === out.length ? new Uint8Array(out.buffer, 0, out.length) : new Uint8Array(out);
  }
}
