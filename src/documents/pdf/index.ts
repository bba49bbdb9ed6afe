/**
 * PDF entry points of the document engine: validation (format, type, merged,
 * unreadable) and parsing of statements from the text layer.
 */
import type {
  DocumentType,
  OcrLanguage,
  ParseOptions,
  ParseOutcome,
  ValidateOptions,
  ValidationErrorItem,
  ValidationOutcome,
} from '../types.ts';
import { DocumentParseError } from '../types.ts';
import { pageSignals, segment, typeOfPages } from './classify.ts';
import { conformedBy, editingChecks } from './conformity.ts';
import { assertReadable, extractStatement } from './extract.ts';
import { buildLines } from './lines.ts';
import type { LoadLimits, LoadedPdf } from './load.ts';
import type { WordPage } from './model.ts';
import { DEFAULT_LIMITS, loadPdf } from './load.ts';
import { textLayerReads } from './text-layer.ts';

export type { LoadLimits } from './load.ts';
export type { PositionedWord, WordPage } from './model.ts';
export { extractStatement } from './extract.ts';

/** Fewer words than this in the whole file means there is no usable text layer. */
const MIN_WORDS = 5;
/** Scanned pages inside a text PDF looked at during validation (each ≈ 1–2 s of OCR). */
const LOOK_MAX_SCANNED_PAGES = 3;

export async function validatePdf(
  bytes: Uint8Array,
  opts: ValidateOptions,
  limits: LoadLimits = DEFAULT_LIMITS,
): Promise<ValidationOutcome> {
  const base = (
    document_type: DocumentType,
    status: ValidationOutcome['status'],
    errors: ValidationErrorItem[],
    page_count: number | null,
  ): ValidationOutcome => ({
    format: 'pdf',
    document_type,
    status,
    errors,
    pre_result: null,
    page_count,
    ...(ocrLang ? { ocr_lang: ocrLang } : {}),
  });
  let ocrLang: OcrLanguage | undefined;
  const asserted = opts.assertedType ?? 'unknown';
  if (bytes.length === 0)
    return base(asserted, 'unreadable', [{ code: 'empty_file', message: 'file is empty' }], null);
  const loaded = await loadPdf(bytes, limits);
  if (!loaded.ok)
    return base(asserted, loaded.status, [{ code: loaded.code, message: loaded.message }], loaded.pageCount);
  const { pdf } = loaded;
  let pages = pdf.pages;
  let mrzType: DocumentType | null = null;
  if (needsOcr(pdf)) {
    // No text layer: a scan. Validation runs on the upload request, so it only
    // looks at the first page (low resolution, English traineddata) to classify;
    // the full OCR belongs to the parse job. Identity documents are the exception:
    // pre_result is due now, and their pages are card-sized.
    const ocr = await ocrModule();
    const look = await ocr.lookPdf(bytes);
    // A card scanned or photocopied on A4 reads little at the look's resolution (or nothing: the
    // statement look's rule remover wipes a grey card): the identity read decides (id/analyse.ts
    // legibleId) before the upload is called illegible. Not where the look read only noise.
    // A look that read nothing at all has only cards read (ocr cardsOnly: a page of bars is not OCR'd).
    let rescued: WordPage[] | null = null;
    if (!look?.verdict.ok) {
      // Identity scans are a page or two (front, back, a copy): a longer PDF is no card scan.
      const worth = look !== null && pdf.pageCount <= ID_MAX_PAGES && (look.verdict.legibleWords > 0 || look.words.length === 0);
      const cardsOnly = look !== null && look.words.length === 0;
      const full = worth ? await ocr.ocrPdfPages(bytes, { langs: ocr.langsFor(look.lang), mrz: 'id', cardsOnly }, ID_MAX_PAGES) : null;
      const id = full?.ok ? await idModule() : null;
      if (full?.ok && id?.legibleId(id.analyseId(full.pages))) rescued = full.pages;
      if (!rescued || !look) {
        const why = look?.verdict.reason ?? 'no pages';
        return base(asserted, 'unreadable', [{ code: 'low_quality', message: `${ocr.NO_TEXT_OCR_MESSAGE}: ${why}`, page: 1 }], pdf.pageCount);
      }
    }
    pages = [look];
    ocrLang = ocr.langsFor(look.lang)[0]!;
    if (rescued !== null || isIdDoc(typeOfPages([pageSignals(buildLines(look), look.page)])) || isIdDoc(asserted) || ocr.hasMrzLikeWords(look)) {
      const full = rescued ? { ok: true as const, pages: rescued } : await ocr.ocrPdfPages(bytes, { langs: ocr.langsFor(look.lang), mrz: 'id' }, ID_MAX_PAGES);
      if (full.ok) {
        pages = full.pages;
        mrzType = (await idModule()).analyseId(pages).type;
      }
    }
  }
  const signals = pages.map((p) => pageSignals(buildLines(p), p.page));
  // A page without text in a PDF that has text elsewhere is a scan inside it (an identity card
  // after a statement): looked at too, so a merged upload is told on every page.
  if (pages === pdf.pages) {
    const scanned = pdf.pages.filter((p) => p.words.length < MIN_WORDS).slice(0, LOOK_MAX_SCANNED_PAGES);
    if (scanned.length > 0 && scanned.length < pdf.pages.length) {
      const ocr = await ocrModule();
      for (const p of scanned) {
        const look = await ocr.lookPdfPage(bytes, p.page);
        if (!look) continue;
        // An MRZ tells an identity document even where the low-resolution look reads little else.
        const sig = pageSignals(buildLines(look), p.page);
        if (look.verdict.ok || sig.idType) signals[signals.findIndex((s) => s.page === p.page)] = sig;
      }
    }
  }
  let detected = typeOfPages(signals);
  // A scanned back side alone carries no title: its MRZ document code names the type.
  if (detected === 'unknown' && mrzType) detected = mrzType;
  const docs = segment(signals).filter((s) => s.kind !== 'other');
  if (docs.length > 1) {
    const parts = docs.map((d) => `pages ${d.from}-${d.to}: ${d.type}`).join('; ');
    return base(
      detected,
      'merged',
      [
        {
          code: 'multiple_documents',
          message: `${docs.length} documents in one upload (${parts})`,
          page: docs[1]!.from,
        },
      ],
      pdf.pageCount,
    );
  }
  if (opts.assertedType && opts.assertedType !== detected) {
    return base(
      detected,
      'failure',
      [
        {
          code: 'document_type_mismatch',
          message: `document_type ${opts.assertedType} was asserted but the document was detected as ${detected}`,
        },
      ],
      pdf.pageCount,
    );
  }
  if (detected === 'residency_permit' || detected === 'identity_card' || detected === 'passport') {
    const id = await idModule();
    const v = id.idValidation(id.analyseId(pages), opts.checkIdCompleteness === true);
    return { ...base(detected, v.status, v.errors, pdf.pageCount), pre_result: v.pre_result };
  }
  return base(detected, 'success', [], pdf.pageCount);
}

// OCR and identity documents load on demand: tesseract and the MRZ tables are heavy.
const ocrModule = () => import('../ocr/index.ts');
const idModule = () => import('../id/index.ts');
/** Pages of an identity document OCR'd at most (front, back, a copy). */
const ID_MAX_PAGES = 4;
const isIdDoc = (t: DocumentType): boolean => t === 'residency_permit' || t === 'identity_card' || t === 'passport';

export async function parsePdf(
  bytes: Uint8Array,
  opts: ParseOptions,
  limits: LoadLimits = DEFAULT_LIMITS,
): Promise<ParseOutcome> {
  const loaded = await loadPdf(bytes, limits);
  if (!loaded.ok) throw new DocumentParseError(loaded.code, loaded.message);
  const { pdf } = loaded;
  let pages = pdf.pages;
  const scanned = needsOcr(pdf);
  let type = opts.documentType;
  if (scanned) {
    const ocr = await ocrModule();
    const plan = await (await import('../ocr/document.ts')).planParse(opts, () => ocr.lookPdf(bytes), (reason) => `${ocr.NO_TEXT_OCR_MESSAGE}: ${reason ?? 'no pages'}`);
    type = plan.type;
    const { langs, id } = plan;
    const full = await ocr.ocrPdfPages(bytes, { langs, mrz: id ? 'id' : 'off' }, id ? ID_MAX_PAGES : undefined);
    if (!full.ok) throw new DocumentParseError('low_quality', full.message);
    pages = full.pages;
    if (type === 'unknown' && id) type = (await idModule()).analyseId(pages).type ?? type;
  }
  if (type === 'residency_permit' || type === 'identity_card' || type === 'passport') {
    const id = await idModule();
    return id.idParseOutcome(id.analyseId(pages));
  }
  if (type !== 'bank_statement' && type !== 'bank_account_movements' && type !== 'unknown') {
    throw new DocumentParseError('unsupported_document', `parsing ${type} from a PDF is not supported`);
  }
  const x = scanned ? (await import('../ocr/statement.ts')).extractOcrStatement(pages) : extractStatement(pages);
  assertReadable(x, 'PDF');
  const bankField = x.fields['bank_name'];
  if (bankField && bankField.value == null && x.ibanValue) {
    const name = await bankNameFromIban(x.ibanValue);
    if (name) x.fields['bank_name'] = { value: name, confidence: 0.8 };
  }
  const checks = [...x.checks, ...editingChecks(bytes, pdf.info)];
  const conformed = conformedBy(checks);
  const result = {
    document_conformed: { value: conformed, confidence: checks.length > 3 ? 0.95 : 0.7 },
    ...x.fields,
    conformity_checks: { value: checks },
  };
  return { parsing_result: result, parsing_confidence: confidenceOf(x.quality) };
}

/**
 * How far the numbers can be trusted: a reconciled balance chain proves every
 * amount and sign, a broken one proves something is wrong, no balances proves
 * nothing either way.
 */
function confidenceOf(q: ReturnType<typeof extractStatement>['quality']): number {
  if (q.txCount === 0) return 0.3;
  let c = q.reconciled === true ? 0.98 : q.reconciled === false ? 0.55 : 0.75;
  c -= Math.min(0.03, q.missingHeader * 0.01);
  if (q.lowConfidenceWords) c -= 0.1;
  return Math.round(Math.max(0, Math.min(1, c)) * 100) / 100;
}

/** No text layer (a scan), or one whose fonts carry no usable Unicode map: read the pages through OCR. */
function needsOcr(pdf: LoadedPdf): boolean {
  return wordCount(pdf) < MIN_WORDS || !textLayerReads(pdf.pages);
}

function wordCount(pdf: LoadedPdf): number {
  return pdf.pages.reduce((n, p) => n + p.words.length, 0);
}

type BankLookup = (iban: string) => string | null;
let lookup: Promise<BankLookup | null> | null = null;

/**
 * The bank tables are owned by another module that may move or not exist yet:
 * look the function up lazily (index first, then the lookup file) and tolerate absence.
 */
async function bankNameFromIban(iban: string): Promise<string | null> {
  lookup ??= findLookup(['../banks/index.ts', '../banks/lookup.ts']);
  const fn = await lookup;
  try {
    return fn ? fn(iban) : null;
  } catch {
    return null;
  }
}

async function findLookup(specifiers: string[]): Promise<BankLookup | null> {
  for (const specifier of specifiers) {
    try {
      const m = (await import(specifier)) as { bankNameForIban?: unknown };
      if (typeof m.bankNameForIban === 'function') return m.bankNameForIban as BankLookup;
    } catch {
      // not there: try the next place
    }
  }
  return null;
}
