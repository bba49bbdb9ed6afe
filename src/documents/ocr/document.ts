/**
 * Image uploads (JPEG, PNG, TIFF with one page or several) through the engine:
 * OCR, quality gate, classification with the same page signals as PDFs,
 * identity documents to the id/ module, statements to the shared extractor.
 */
import { conformedBy } from '../pdf/conformity.ts';
import { assertReadable } from '../pdf/extract.ts';
import type { IdAnalysis } from '../id/index.ts';
import { analyseId, idParseOutcome, idValidation, isIdType, legibleId } from '../id/index.ts';
import { pageSignals, typeOfPages } from '../pdf/classify.ts';
import { buildLines } from '../pdf/lines.ts';
import type { DocumentType, FileFormat, ParseOptions, ParseOutcome, ValidateOptions, ValidationOutcome } from '../types.ts';
import { DocumentParseError } from '../types.ts';
import { ImageError, imagePageCount } from './image.ts';
import type { OcrPage } from './index.ts';
import { hasMrzLikeWords, langsFor, lookImage, ocrImageBytes, readablePages } from './index.ts';
import { extractOcrStatement } from './statement.ts';

function outcome(format: FileFormat, partial: Partial<ValidationOutcome>): ValidationOutcome {
  return { format, document_type: 'unknown', status: 'failure', errors: [], pre_result: null, page_count: 1, ...partial };
}

/** Pages of an identity document OCR'd at most (front, back, a copy), as for scanned PDFs. */
const ID_MAX_PAGES = 4;

function refused(e: unknown, format: FileFormat, asserted: DocumentType): ValidationOutcome {
  if (!(e instanceof ImageError)) throw e;
  const status = e.code === 'too_large' || e.code === 'unsupported_format' ? 'failure' : 'unreadable';
  return outcome(format, { document_type: asserted, status, errors: [{ code: e.code, message: e.message }], page_count: null });
}

/**
 * Validation runs on the upload request: it only looks (a downscaled English
 * OCR of the image) to classify. Identity documents are read in full here,
 * because pre_result (number, dates, name, completeness) is due with the
 * validation; a card image is small, a statement photo is left to the parse job.
 */
export async function validateImage(bytes: Uint8Array, format: FileFormat, opts: ValidateOptions): Promise<ValidationOutcome> {
  const asserted = opts.assertedType ?? 'unknown';
  let look: OcrPage;
  let pageCount: number;
  try {
    pageCount = imagePageCount(bytes);
    look = await lookImage(bytes);
  } catch (e) {
    return refused(e, format, asserted);
  }
  const illegible = (): ValidationOutcome =>
    outcome(format, {
      page_count: pageCount,
      document_type: asserted,
      status: 'unreadable',
      errors: [{ code: 'low_quality', message: look.verdict.reason ?? 'image is not legible', page: 1 }],
    });
  const ocrLang = langsFor(look.lang)[0]!;
  let analysis: IdAnalysis | null = null;
  const readId = async (cardsOnly = false): Promise<IdAnalysis> =>
    (analysis ??= analyseId(await ocrImageBytes(bytes, { langs: [ocrLang], mrz: 'id', ...(cardsOnly ? { cardsOnly } : {}) }, ID_MAX_PAGES)));
  // A card photo or scan reads few confident words at the look's resolution (small print on a card
  // that fills part of the image). Where the look shows no MRZ either, the identity read decides: an
  // identity document that reads there (an MRZ with a check digit holding, or a title and printed
  // fields) goes on as one; anything else is illegible. Where the look read no word at all, only cards
  // found on the image are read (noise, with no card, is not read twice).
  if (!look.verdict.ok && !hasMrzLikeWords(look) && !legibleId(await readId(look.verdict.legibleWords === 0))) return illegible();
  const out = (partial: Partial<ValidationOutcome>): ValidationOutcome => outcome(format, { page_count: pageCount, ocr_lang: ocrLang, ...partial });
  let detected = typeOfPages([pageSignals(buildLines(look), look.page)]);
  const idCandidate = analysis !== null || isIdType(detected) || hasMrzLikeWords(look) || (opts.assertedType !== undefined && isIdType(opts.assertedType));
  let pre: { status: ValidationOutcome['status']; errors: ValidationOutcome['errors']; pre_result: ValidationOutcome['pre_result'] } | null = null;
  if (idCandidate) {
    const a = await readId();
    // A back side alone carries no title: its MRZ document code names the type.
    if (!isIdType(detected) && a.type) detected = a.type;
    if (isIdType(detected)) pre = idValidation(a, opts.checkIdCompleteness === true);
  }
  if (!look.verdict.ok && !isIdType(detected)) return illegible();
  if (opts.assertedType && opts.assertedType !== detected) {
    return out({
      document_type: detected,
      errors: [
        {
          code: 'document_type_mismatch',
          message: `document_type ${opts.assertedType} was asserted but the document was detected as ${detected}`,
        },
      ],
    });
  }
  if (pre) return out({ document_type: detected, status: pre.status, errors: pre.errors, pre_result: pre.pre_result });
  return out({ document_type: detected, status: 'success' });
}

/** How a scan's parse reads its pages (planParse). */
export interface ParsePlan {
  type: DocumentType;
  langs: readonly string[];
  /** An identity document (candidate): pages read with the MRZ pass, at most ID_MAX_PAGES. */
  id: boolean;
}

/**
 * How a scan's parse reads: with the language validation's look picked (kept with the file, here
 * or in another process) when the document type is known; else after a look of its own, which
 * classifies the first page, picks the language and sees MRZ-like words. An illegible look ends
 * the parse: low_quality with `illegible(reason)`.
 */
export async function planParse(
  opts: Pick<ParseOptions, 'documentType' | 'ocrLang'>,
  look: () => Promise<OcrPage | null>,
  illegible: (reason: string | null | undefined) => string,
): Promise<ParsePlan> {
  const type = opts.documentType;
  if (opts.ocrLang && type !== 'unknown') return { type, langs: [opts.ocrLang], id: isIdType(type) };
  const seen = await look();
  if (!seen?.verdict.ok) throw new DocumentParseError('low_quality', illegible(seen?.verdict.reason));
  const detected = type === 'unknown' ? typeOfPages([pageSignals(buildLines(seen), seen.page)]) : type;
  return { type: detected, langs: langsFor(seen.lang), id: isIdType(detected) || (detected === 'unknown' && hasMrzLikeWords(seen)) };
}

export async function parseImage(bytes: Uint8Array, opts: ParseOptions): Promise<ParseOutcome> {
  let pages: OcrPage[];
  let type = opts.documentType;
  try {
    const plan = await planParse(opts, () => lookImage(bytes), (reason) => reason ?? 'image is not legible');
    type = plan.type;
    const { langs, id } = plan;
    // A TIFF's blank or illegible pages (the back of a duplex scan) are left out, as for scanned PDFs.
    const all = await ocrImageBytes(bytes, { langs, mrz: id ? 'id' : 'off' }, id ? ID_MAX_PAGES : undefined);
    pages = readablePages(all);
    if (pages.length === 0) throw new DocumentParseError('low_quality', all[0]?.verdict.reason ?? 'image is not legible');
    if (type === 'unknown' && id) type = analyseId(pages).type ?? type;
  } catch (e) {
    if (e instanceof ImageError) throw new DocumentParseError(e.code, e.message);
    throw e;
  }
  if (isIdType(type)) return idParseOutcome(analyseId(pages));
  const x = extractOcrStatement(pages);
  assertReadable(x, 'image');
  const conformed = conformedBy(x.checks);
  const confidence = x.quality.reconciled === true ? 0.9 : x.quality.reconciled === false ? 0.5 : 0.65;
  return {
    parsing_result: {
      document_conformed: { value: conformed, confidence: 0.7 },
      ...x.fields,
      conformity_checks: { value: x.checks },
    },
    parsing_confidence: x.transactions.length === 0 ? 0.3 : confidence,
  };
}
