/**
 * The only orchestration of the document engine:
 *   sniff → source (sources/) → pages of words or rows → classify → merged / type mismatch
 *   → identity (id/) or statement (statement/) → result.
 * A source turns bytes into words or rows; classify and the statement readers never learn where
 * those came from; this file decides which source reads, when a PDF's text layer gives way to
 * OCR, and how each outcome is shaped. index.ts is the public face and delegates here.
 */
import { buildLines } from './layout/lines.ts';
import type { WordPage } from './layout/model.ts';
import type { IdAnalysis } from './identity/index.ts';
import { pageSignals, segment, typeOfPages } from './classify/classify.ts';
import type { PageSignals } from './classify/classify.ts';
import { sniff } from './sniff/sniff.ts';
import { ocr, pdfText, sourcesFor, structured } from './sources/index.ts';
import type { LoadLimits, OcrPage } from './sources/index.ts';
import { Readings } from './sources/reading.ts';
import { readCsvSheet } from './sources/structured/csv.ts';
import { isStructuredFormat, StructuredError } from './sources/structured/index.ts';
import type { StructuredFormat, StructuredRead } from './sources/structured/index.ts';
import { classifyExtracted } from './statement/exports/result.ts';
import { sheetsToDocument } from './statement/exports/table.ts';
import { distinctAccounts } from './statement/model.ts';
import type { ExtractedDocument } from './statement/model.ts';
import { assertReadable, extractStatement } from './statement/pages.ts';
import type { RepairEdit } from './statement/repair/index.ts';
import { exportOutcome, imageOutcome, pdfOutcome } from './statement/result.ts';
import { DocumentParseError } from './types.ts';
import type {
  DocumentType,
  FileFormat,
  OcrLanguage,
  ParseOptions,
  ParseOutcome,
  ValidateOptions,
  ValidationErrorItem,
  ValidationOutcome,
  ValidationStatus,
} from './types.ts';
import { LIMITS } from './limits.ts';

// Identity documents and the OCR statement reader load on demand (MRZ tables, repairs).
const idModule = () => import('./identity/index.ts');
const ocrStatement = () => import('./statement/ocr.ts');

const ID_MAX_PAGES = LIMITS.idMaxPages;
const LOOK_MAX_SCANNED_PAGES = LIMITS.lookMaxScannedPages;

const isIdType = (t: DocumentType): boolean => t === 'residency_permit' || t === 'identity_card' || t === 'passport';
const signalsOf = (p: WordPage): PageSignals => pageSignals(buildLines(p), p.page);

function outcome(format: FileFormat | null, documentType: DocumentType, status: ValidationStatus, errors: ValidationErrorItem[] = []): ValidationOutcome {
  return { format, document_type: documentType, status, errors, pre_result: null, page_count: null };
}

/**
 * pdf.js refuses Node Buffers and detaches the ArrayBuffer it is given, so the PDF and image
 * readers get their own plain Uint8Array and the caller's bytes stay usable.
 */
function plainCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

function failureMessage(e: unknown): string {
  if (e instanceof StructuredError) return e.message;
  return 'the file could not be read';
}

/** The outcome of a reader that threw: a limit it named (a page too large to render) keeps its code. */
function thrown(format: FileFormat, e: unknown): ValidationOutcome {
  if (e instanceof DocumentParseError && e.code === 'too_large') return outcome(format, 'unknown', 'unreadable', [{ code: 'too_large', message: e.message }]);
  return outcome(format, 'unknown', 'unreadable', [{ code: 'corrupt_file', message: failureMessage(e) }]);
}

function mismatch(asserted: DocumentType, detected: DocumentType): ValidationErrorItem {
  return { code: 'document_type_mismatch', message: `document_type ${asserted} was asserted but the document was detected as ${detected}` };
}

// ── validate ────────────────────────────────────────────────────────────────

export async function validate(bytes: Uint8Array, opts: ValidateOptions = {}): Promise<ValidationOutcome> {
  return (await validateWith(bytes, opts, false)).outcome;
}

/** A validation and what its sources read (sources/reading.ts), for the parse to take instead of reading the bytes again. */
export interface Validated {
  outcome: ValidationOutcome;
  /** The kept reading: null where nothing was read that a parse reads, when it is over the size cap, or on failure. */
  reading: Uint8Array | null;
}

export async function validateKeeping(bytes: Uint8Array, opts: ValidateOptions = {}): Promise<Validated> {
  return validateWith(bytes, opts, true);
}

async function validateWith(bytes: Uint8Array, opts: ValidateOptions, keep: boolean): Promise<Validated> {
  const asserted = opts.assertedType;
  const none = (outcome: ValidationOutcome): Validated => ({ outcome, reading: null });
  if (bytes.length === 0) {
    return none(outcome(null, asserted ?? 'unknown', 'unreadable', [{ code: 'empty_file', message: 'the uploaded file is empty' }]));
  }
  const format = sniff(bytes);
  if (format === null) {
    return none(
      outcome(null, 'unknown', 'failure', [
        { code: 'unsupported_format', message: 'file format not recognised; accepted: PDF, JPEG, PNG, TIFF, CSV, XLSX, MT940, camt.053' },
      ]),
    );
  }
  // The first source that reads the format leads: a PDF's text layer (OCR where it does not read), OCR for images, exports.
  const source = sourcesFor(format)[0];
  if (source === pdfText || source === ocr) {
    const copy = plainCopy(bytes);
    const r = new Readings(copy);
    try {
      // The readers answer with an outcome; if one throws, the file still gets one.
      const v = source === pdfText ? await validatePdf(copy, opts, undefined, r) : await validateImage(copy, format, opts, r);
      return { outcome: v, reading: keep && v.status === 'success' ? r.kept() : null };
    } catch (e) {
      return none(thrown(format, e));
    } finally {
      await r.close();
    }
  }
  if (source !== structured || !isStructuredFormat(format)) return none(outcome(format, 'unknown', 'failure', [{ code: 'unsupported_format', message: `unsupported format ${format}` }]));
  // An export's statement is kept too (within the size cap): the parse then does not read it again.
  const r = keep ? new Readings(bytes) : null;
  const v = await validateExport(format, bytes, asserted, r);
  return { outcome: v, reading: r && v.status === 'success' ? r.kept() : null };
}

/** A PDF: its text layer, or OCR where it has none or one that does not read. */
export async function validatePdf(bytes: Uint8Array, opts: ValidateOptions, limits?: LoadLimits, given?: Readings): Promise<ValidationOutcome> {
  const r = given ?? new Readings(bytes);
  try {
    return await validatePdfWith(bytes, opts, limits, r);
  } finally {
    if (!given) await r.close();
  }
}

async function validatePdfWith(bytes: Uint8Array, opts: ValidateOptions, limits: LoadLimits | undefined, r: Readings): Promise<ValidationOutcome> {
  let ocrLang: OcrLanguage | undefined;
  const base = (document_type: DocumentType, status: ValidationStatus, errors: ValidationErrorItem[], page_count: number | null): ValidationOutcome => ({
    format: 'pdf',
    document_type,
    status,
    errors,
    pre_result: null,
    page_count,
    ...(ocrLang ? { ocr_lang: ocrLang } : {}),
  });
  const asserted = opts.assertedType ?? 'unknown';
  if (bytes.length === 0) return base(asserted, 'unreadable', [{ code: 'empty_file', message: 'file is empty' }], null);
  const loaded = await r.pdf(limits);
  if (!loaded.ok) return base(asserted, loaded.status, [{ code: loaded.code, message: loaded.message }], loaded.pageCount);
  const { pdf } = loaded;
  let pages: readonly WordPage[] = pdf.pages;
  let mrzType: DocumentType | null = null;
  if (!pdfText.reads(pdf.pages)) {
    // No text layer: a scan. Validation runs on the upload request, so it reads the first page only
    // (in the language a probe of its top finds, as the parse reads it: the parse takes it from the
    // kept reading) to classify; the other pages belong to the parse job. Identity documents are the
    // exception: pre_result is due now, and their pages are card-sized.
    const first = await r.first('pdf');
    const look = first?.page ?? null;
    const langs = first?.langs ?? (await ocr.langsFor(null));
    // A card scanned or photocopied on A4 reads little at the look's resolution (or nothing: the
    // statement look's rule remover wipes a grey card): the identity read decides (id/analyse.ts
    // legibleId) before the upload is called illegible. Not where the look read only noise; a look
    // that read nothing at all has only cards read (cardsOnly: a page of bars is not OCR'd).
    let rescued: OcrPage[] | null = null;
    if (!look?.verdict.ok) {
      // Identity scans are a page or two (front, back, a copy): a longer PDF is no card scan.
      // A look that read only noise (a card on textured paper: the grain read as specks) has only
      // cards read too; a page of noise with no card on it is not OCR'd again.
      const worth = look !== null && pdf.pageCount <= ID_MAX_PAGES;
      const noise = look !== null && (look.words.length === 0 || look.verdict.legibleWords === 0);
      const full = worth ? await readOcrPdf(r, { langs, mrz: 'id', maxPages: ID_MAX_PAGES, cardsOnly: noise }) : null;
      const id = full?.ok ? await idModule() : null;
      if (full?.ok && id?.legibleId(id.analyseId(full.pages))) rescued = full.pages;
      if (!rescued || !look) {
        const why = look?.verdict.reason ?? 'no pages';
        return base(asserted, 'unreadable', [{ code: 'low_quality', message: `${await ocr.noTextMessage()}: ${why}`, page: 1 }], pdf.pageCount);
      }
    }
    pages = [look];
    ocrLang = langs[0]!;
    if (rescued !== null || isIdType(typeOfPages([signalsOf(look)])) || isIdType(asserted) || (await ocr.hasMrzLikeWords(look))) {
      const full: PagesRead = rescued ? { ok: true, pages: rescued } : await readOcrPdf(r, { langs, mrz: 'id', maxPages: ID_MAX_PAGES });
      if (full.ok) {
        pages = full.pages;
        mrzType = (await idModule()).analyseId(pages).type;
      }
    }
  }
  const signals = pages.map(signalsOf);
  // A page without text in a PDF that has text elsewhere is a scan inside it (an identity card
  // after a statement): looked at too, so a merged upload is told on every page.
  if (pages === pdf.pages) {
    const scanned = pdf.pages.filter(pdfText.scannedPage).slice(0, LOOK_MAX_SCANNED_PAGES);
    if (scanned.length > 0 && scanned.length < pdf.pages.length) {
      for (const p of scanned) {
        const look = await r.look('pdf', { langs: ['eng'], page: p.page });
        if (!look) continue;
        const at = signals.findIndex((s) => s.page === p.page);
        // An MRZ tells an identity document even where the low-resolution look reads little else.
        const sig = pageSignals(buildLines(look), p.page);
        if (look.verdict.ok || sig.idType) {
          signals[at] = sig;
          continue;
        }
        // A card scanned on an A4 sheet reads little at the look's resolution: the identity read of that
        // page decides, as for an image-only PDF (the cards found on it, read alone; an MRZ's check digits
        // or a typed front side make it an identity document). Not where the look read only noise.
        if (look.verdict.legibleWords === 0 && look.words.length > 0 && !(await ocr.hasMrzLikeWords(look))) continue;
        const read = ocr.readable(await r.ocrRead('pdf', { langs: await ocr.langsFor(look.lang), mrz: 'id', cardsOnly: look.words.length === 0, page: p.page }));
        if (read.length === 0) continue;
        const id = await idModule();
        const analysis = id.analyseId(read);
        if (analysis.type !== null && id.legibleId(analysis)) signals[at] = { ...pageSignals(buildLines(read[0]!), p.page), idType: analysis.type };
      }
    }
  }
  let detected = typeOfPages(signals);
  // A scanned back side alone carries no title: its MRZ document code names the type.
  if (detected === 'unknown' && mrzType) detected = mrzType;
  const docs = segment(signals).filter((s) => s.kind !== 'other');
  if (docs.length > 1) {
    const parts = docs.map((d) => `pages ${d.from}-${d.to}: ${d.type}`).join('; ');
    const merged = { code: 'multiple_documents' as const, message: `${docs.length} documents in one upload (${parts})`, page: docs[1]!.from };
    return base(detected, 'merged', [merged], pdf.pageCount);
  }
  if (opts.assertedType && opts.assertedType !== detected) return base(detected, 'failure', [mismatch(opts.assertedType, detected)], pdf.pageCount);
  if (isIdType(detected)) {
    const id = await idModule();
    const v = id.idValidation(id.analyseId(pages), opts.checkIdCompleteness === true);
    return { ...base(detected, v.status, v.errors, pdf.pageCount), pre_result: v.pre_result };
  }
  return base(detected, 'success', [], pdf.pageCount);
}

/**
 * An image (JPEG, PNG, TIFF): validation runs on the upload request, so it only looks (a
 * downscaled English OCR of the first page) to classify. Identity documents are read in full here,
 * because pre_result (number, dates, name, completeness) is due with the validation; a card image
 * is small, a statement photo is left to the parse job.
 */
export async function validateImage(bytes: Uint8Array, format: FileFormat, opts: ValidateOptions, r: Readings = new Readings(bytes)): Promise<ValidationOutcome> {
  // Images open no document: nothing for r.close() to end.
  const asserted = opts.assertedType ?? 'unknown';
  const image = (partial: Partial<ValidationOutcome>): ValidationOutcome => ({
    format,
    document_type: 'unknown',
    status: 'failure',
    errors: [],
    pre_result: null,
    page_count: 1,
    ...partial,
  });
  let look: OcrPage;
  let ocrLang: OcrLanguage;
  let pageCount: number;
  try {
    pageCount = await ocr.pageCount(bytes);
    // Page 1 read as the parse reads it, in the language a probe of its top found (kept for the parse).
    const first = (await r.first(format))!;
    look = first.page;
    ocrLang = first.langs[0]!;
  } catch (e) {
    if (!ocr.isImageError(e)) throw e;
    const status = e.code === 'too_large' || e.code === 'unsupported_format' ? 'failure' : 'unreadable';
    return image({ document_type: asserted, status, errors: [{ code: e.code, message: e.message }], page_count: null });
  }
  const illegible = (): ValidationOutcome =>
    image({
      page_count: pageCount,
      document_type: asserted,
      status: 'unreadable',
      errors: [{ code: 'low_quality', message: look.verdict.reason ?? 'image is not legible', page: 1 }],
    });
  const id = await idModule();
  let analysis: IdAnalysis | null = null;
  const readId = async (cardsOnly = false): Promise<IdAnalysis> =>
    (analysis ??= id.analyseId(await r.ocrRead(format, { langs: [ocrLang], mrz: 'id', maxPages: ID_MAX_PAGES, ...(cardsOnly ? { cardsOnly } : {}) })));
  // A card photo or scan reads few confident words at the look's resolution (small print on a card
  // that fills part of the image). Where the look shows no MRZ either, the identity read decides: an
  // identity document that reads there (an MRZ with a check digit holding, or a title and printed
  // fields) goes on as one; anything else is illegible. Where the look read no word at all, only cards
  // found on the image are read (noise, with no card, is not read twice).
  if (!look.verdict.ok && !(await ocr.hasMrzLikeWords(look)) && !id.legibleId(await readId(look.verdict.legibleWords === 0))) return illegible();
  const out = (partial: Partial<ValidationOutcome>): ValidationOutcome => image({ page_count: pageCount, ocr_lang: ocrLang, ...partial });
  let detected = typeOfPages([signalsOf(look)]);
  const idCandidate = analysis !== null || isIdType(detected) || (await ocr.hasMrzLikeWords(look)) || (opts.assertedType !== undefined && isIdType(opts.assertedType));
  let pre: { status: ValidationStatus; errors: ValidationOutcome['errors']; pre_result: ValidationOutcome['pre_result'] } | null = null;
  if (idCandidate) {
    const a = await readId();
    // A back side alone carries no title: its MRZ document code names the type.
    if (!isIdType(detected) && a.type) detected = a.type;
    if (isIdType(detected)) pre = id.idValidation(a, opts.checkIdCompleteness === true);
  }
  if (!look.verdict.ok && !isIdType(detected)) return illegible();
  if (opts.assertedType && opts.assertedType !== detected) return out({ document_type: detected, errors: [mismatch(opts.assertedType, detected)] });
  if (pre) return out({ document_type: detected, status: pre.status, errors: pre.errors, pre_result: pre.pre_result });
  return out({ document_type: detected, status: 'success' });
}

async function validateExport(format: StructuredFormat, bytes: Uint8Array, asserted: DocumentType | undefined, r: Readings | null = null): Promise<ValidationOutcome> {
  let doc: ExtractedDocument;
  try {
    doc = r ? await r.exported(format, () => readExport(format, bytes)) : await readExport(format, bytes);
  } catch (e) {
    const unsupported = e instanceof StructuredError && e.failure === 'unsupported';
    return outcome(format, 'unknown', unsupported ? 'failure' : 'unreadable', [
      { code: unsupported ? 'unsupported_format' : 'corrupt_file', message: failureMessage(e) },
    ]);
  }
  const detected = classifyExtracted(doc);
  const accounts = distinctAccounts(doc);
  if (accounts.length > 1) {
    return outcome(format, detected, 'merged', [
      { code: 'multiple_documents', message: `the file holds statements of ${accounts.length} different accounts: ${accounts.slice(0, 5).join(', ')}` },
    ]);
  }
  if (asserted && asserted !== detected) {
    return outcome(format, detected, 'failure', [{ code: 'document_type_mismatch', message: `document type ${asserted} was asserted but ${detected} was detected` }]);
  }
  return outcome(format, detected, 'success');
}

// ── parse ───────────────────────────────────────────────────────────────────

/**
 * `reading`: what the file's validation read (validateKeeping), taken instead of reading the bytes
 * again where it holds the same reading; ignored when it is not this file's or of another version.
 */
export async function parse(bytes: Uint8Array, opts: ParseOptions, reading?: Uint8Array | null): Promise<ParseOutcome> {
  return (await parseWithRepairs(bytes, opts, reading)).outcome;
}

/** A parse and the edits the OCR repairs kept (statement/repair/; none for text PDFs and exports): what bench/ counts per repair. */
export interface Parsed {
  outcome: ParseOutcome;
  repairs: RepairEdit[];
}

export async function parseWithRepairs(bytes: Uint8Array, opts: ParseOptions, reading?: Uint8Array | null): Promise<Parsed> {
  const { format } = opts;
  const source = sourcesFor(format)[0];
  if (source === pdfText || source === ocr) {
    try {
      const copy = plainCopy(bytes);
      const r = new Readings(copy, reading);
      try {
        return source === pdfText ? await readPdf(copy, opts, undefined, r) : await readImage(copy, opts, r);
      } finally {
        await r.close();
      }
    } catch (e) {
      if (e instanceof DocumentParseError) throw e;
      throw new DocumentParseError('corrupt_file', failureMessage(e));
    }
  }
  if (source !== structured || !isStructuredFormat(format)) throw new DocumentParseError('unsupported_format', `unsupported format ${format}`);
  let doc: ExtractedDocument;
  try {
    // The validation's statement when it kept this file's (Readings checks the digest and version).
    doc = reading ? await new Readings(bytes, reading).exported(format, () => readExport(format, bytes)) : await readExport(format, bytes);
  } catch (e) {
    if (e instanceof DocumentParseError) throw e;
    throw new DocumentParseError('corrupt_file', failureMessage(e));
  }
  if (distinctAccounts(doc).length > 1) throw new DocumentParseError('multiple_documents', 'the file holds statements of more than one account');
  return { outcome: exportOutcome(doc), repairs: [] };
}

/** How a scan's parse reads its pages. */
interface ScanPlan {
  type: DocumentType;
  langs: OcrLanguage[];
  /** An identity document (candidate): pages read with the MRZ pass, at most ID_MAX_PAGES. */
  id: boolean;
}

/**
 * How a scan's parse reads: with the language validation's look picked (kept with the file, here
 * or in another process) when the document type is known; else after a look of its own, which
 * classifies the first page, picks the language and sees MRZ-like words. An illegible look ends
 * the parse: low_quality with `illegible(reason)`.
 */
async function planScan(
  r: Readings,
  format: FileFormat,
  opts: Pick<ParseOptions, 'documentType' | 'ocrLang'>,
  illegible: (reason: string | null | undefined) => Promise<string>,
): Promise<ScanPlan> {
  const type = opts.documentType;
  if (opts.ocrLang && type !== 'unknown') return { type, langs: [opts.ocrLang], id: isIdType(type) };
  // The first page read as validation reads it (kept with the file where validation ran): the
  // statement reading takes it as its page 1.
  const first = await r.first(format);
  const seen = first?.page;
  if (!seen?.verdict.ok) throw new DocumentParseError('low_quality', await illegible(seen?.verdict.reason));
  const detected = type === 'unknown' ? typeOfPages([signalsOf(seen)]) : type;
  return { type: detected, langs: first!.langs, id: isIdType(detected) || (detected === 'unknown' && (await ocr.hasMrzLikeWords(seen))) };
}

type PagesRead = { ok: true; pages: OcrPage[] } | { ok: false; message: string };

/** OCR of an image-only PDF: its legible pages, or why there are none. */
async function readOcrPdf(r: Readings, plan: { langs: OcrLanguage[]; mrz: 'id' | 'off'; maxPages?: number; cardsOnly?: boolean }): Promise<PagesRead> {
  const pages = await r.ocrRead('pdf', plan);
  const ok = ocr.readable(pages);
  if (ok.length === 0) return { ok: false, message: `${await ocr.noTextMessage()}: ${pages[0]?.verdict.reason ?? 'no pages'}` };
  return { ok: true, pages: ok };
}

export async function parsePdf(bytes: Uint8Array, opts: ParseOptions, limits?: LoadLimits, reading?: Uint8Array | null): Promise<ParseOutcome> {
  const r = new Readings(bytes, reading);
  try {
    return (await readPdf(bytes, opts, limits, r)).outcome;
  } finally {
    await r.close();
  }
}

async function readPdf(bytes: Uint8Array, opts: ParseOptions, limits: LoadLimits | undefined, r: Readings): Promise<Parsed> {
  const loaded = await r.pdf(limits);
  if (!loaded.ok) throw new DocumentParseError(loaded.code, loaded.message);
  const { pdf } = loaded;
  let pages: readonly WordPage[] = pdf.pages;
  const scanned = !pdfText.reads(pdf.pages);
  let type = opts.documentType;
  if (scanned) {
    const plan = await planScan(r, 'pdf', opts, async (reason) => `${await ocr.noTextMessage()}: ${reason ?? 'no pages'}`);
    type = plan.type;
    const full = await readOcrPdf(r, { langs: plan.langs, mrz: plan.id ? 'id' : 'off', ...(plan.id ? { maxPages: ID_MAX_PAGES } : {}) });
    if (!full.ok) throw new DocumentParseError('low_quality', full.message);
    pages = full.pages;
    if (type === 'unknown' && plan.id) type = (await idModule()).analyseId(pages).type ?? type;
  }
  if (isIdType(type)) {
    const id = await idModule();
    return { outcome: id.idParseOutcome(id.analyseId(pages)), repairs: [] };
  }
  if (type !== 'bank_statement' && type !== 'bank_account_movements' && type !== 'unknown') {
    throw new DocumentParseError('unsupported_document', `parsing ${type} from a PDF is not supported`);
  }
  const x = scanned ? (await ocrStatement()).extractOcrStatement(pages) : { ...extractStatement(pages), repairs: [] };
  assertReadable(x, 'PDF');
  return { outcome: pdfOutcome(x, bytes, pdf.info), repairs: x.repairs };
}

export async function parseImage(bytes: Uint8Array, opts: ParseOptions): Promise<ParseOutcome> {
  return (await readImage(bytes, opts)).outcome;
}

async function readImage(bytes: Uint8Array, opts: ParseOptions, r: Readings = new Readings(bytes)): Promise<Parsed> {
  const format = opts.format;
  let pages: OcrPage[];
  let type = opts.documentType;
  try {
    const plan = await planScan(r, format, opts, async (reason) => reason ?? 'image is not legible');
    type = plan.type;
    // A TIFF's blank or illegible pages (the back of a duplex scan) are left out, as for scanned PDFs.
    const all = await r.ocrRead(format, { langs: plan.langs, mrz: plan.id ? 'id' : 'off', ...(plan.id ? { maxPages: ID_MAX_PAGES } : {}) });
    pages = ocr.readable(all);
    if (pages.length === 0) throw new DocumentParseError('low_quality', all[0]?.verdict.reason ?? 'image is not legible');
    if (type === 'unknown' && plan.id) type = (await idModule()).analyseId(pages).type ?? type;
  } catch (e) {
    if (ocr.isImageError(e)) throw new DocumentParseError(e.code, e.message);
    throw e;
  }
  if (isIdType(type)) {
    const id = await idModule();
    return { outcome: id.idParseOutcome(id.analyseId(pages)), repairs: [] };
  }
  const x = (await ocrStatement()).extractOcrStatement(pages);
  assertReadable(x, 'image');
  return { outcome: imageOutcome(x), repairs: x.repairs };
}

// ── exports ─────────────────────────────────────────────────────────────────

/** What an export's source read, as a statement: a table's bookings found by the export table reader. */
export function exportDocument(read: StructuredRead): ExtractedDocument {
  return read.kind === 'document' ? read.doc : sheetsToDocument(read.sheets, read.format, read.decimal);
}

/** An export's statement data; throws StructuredError. */
export async function readExport(format: StructuredFormat, bytes: Uint8Array): Promise<ExtractedDocument> {
  return exportDocument(await structured.read(bytes, format));
}

/** An XLSX's statement data (tests, tools); throws StructuredError. */
export async function xlsxDocument(bytes: Uint8Array): Promise<ExtractedDocument> {
  return readExport('xlsx', bytes);
}

/** A CSV's statement data, synchronously (tests, tools); throws StructuredError. */
export function csvDocument(bytes: Uint8Array): ExtractedDocument {
  return exportDocument({ kind: 'sheets', format: 'csv', ...readCsvSheet(bytes) });
}
