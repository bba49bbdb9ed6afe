/**
 * OCR pipeline of the document engine: image bytes or image-only PDF pages in,
 * pages of positioned words (PDF points, top-left origin) out, each with a
 * quality verdict. The process-wide engine is a lazily created singleton;
 * shutdownOcr() ends its workers.
 */
import { createHash } from 'node:crypto';
import type { WordPage } from '../../layout/model.ts';
import type { OcrLanguage } from '../../types.ts';
import { deskewPage } from './deskew.ts';
import { removeRules, ruleOptions } from './rules.ts';
import { decodeImage, NOMINAL_DPI, normalise, openImagePages } from './image.ts';
import type { QualityVerdict } from './quality.ts';
import { blankVerdict, imageStats, ocrVerdict } from './quality.ts';
import { restoredSheet } from './deblur.ts';
import { dpiFor, isCardSize, openPdfForRender, type PdfRenderer, type RenderedPage } from './render.ts';
import { TesseractEngine } from './tesseract.ts';
import type { OcrEngine, OcrImage, OcrResult, OcrWord } from './types.ts';
import type { Box } from './mrz-band.ts';
import { chooseMrzLines, readMrzBand, readMrzBeside, readMrzOnPage, withBandLines } from './mrz-band.ts';
import { paintSurround } from './surround.ts';
import { cardShaped, findPageQuad, flattenPage, squarerSheet, type PageQuad } from './page-quad.ts';
import { evenLight } from './light.ts';
import { restorePeriods } from './periods.ts';
import { misreadMinus, plusAsMinus, restoreMinus } from './minus.ts';
import { inkHeights, withInk } from './ink.ts';
import { joinSplitCodes, restoreCapitalI, trustLettersInCodes } from './codes.ts';
import { rereadWords } from './reread.ts';
import { onOcrShutdown } from './shutdown.ts';
import { toGray } from './pixels.ts';
import type { CardBox } from '../../identity/cards.ts';
import { cutCard, findCards } from '../../identity/cards.ts';
import type { Quad } from './warp.ts';
import { findCardQuads, flattenCard } from './card-quad.ts';
import { analyseId, legibleId } from '../../identity/analyse.ts';
import { LIMITS } from '../../limits.ts';

export type { OcrEngine, OcrImage, OcrOptions, OcrResult, OcrWord } from './types.ts';
export { ImageError, probeImage, IMAGE_LIMITS } from './image.ts';
export { TesseractEngine } from './tesseract.ts';

/** Languages of the documents this service reads. */
export const OCR_LANGS = ['ita', 'deu', 'eng'] as const satisfies readonly OcrLanguage[];
export type OcrLang = OcrLanguage;
/** Image-only PDFs and multi-page TIFFs: pages OCR'd at most (limits.ts). */
export const OCR_MAX_PDF_PAGES: number = LIMITS.ocrMaxPages;

let engine: OcrEngine | null = null;

export function ocrEngine(): OcrEngine {
  engine ??= new TesseractEngine();
  return engine;
}

/** Replaces the process-wide engine (tests, other adapters). */
export function setOcrEngine(e: OcrEngine | null): void {
  engine = e;
}

export async function shutdownOcr(): Promise<void> {
  const e = engine;
  engine = null;
  cache.clear();
  firstPages.clear();
  rasters.length = 0;
  if (e) await e.terminate();
}

onOcrShutdown(shutdownOcr);

export interface OcrPage extends WordPage {
  meanConfidence: number;
  verdict: QualityVerdict;
  dpi: number;
  /** Language the words look like (null: too few cue words). */
  lang: OcrLang | null;
}

// validate then parse of the same upload OCR the same bytes: keep the last few.
const cache = new Map<string, Promise<OcrPage[]>>();
const CACHE_SIZE = 4;

/** The promise kept under `key` in `map`, or `run()`'s kept there (dropped if it fails); the last CACHE_SIZE kept. */
function keepLast<T>(map: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  const hit = map.get(key);
  if (hit) return hit;
  const p = run();
  map.set(key, p);
  p.catch(() => map.delete(key));
  while (map.size > CACHE_SIZE) map.delete(map.keys().next().value!);
  return p;
}

function cached(kind: string, bytes: Uint8Array, run: () => Promise<OcrPage[]>): Promise<OcrPage[]> {
  return keepLast(cache, kind + createHash('sha256').update(bytes).digest('hex'), run);
}

/**
 * Pages rendered at the full-pass resolution (gray), kept for the next reading of the same document:
 * validation's look, its reading at full resolution and an identity read, or a parse's look and its
 * read, then decode and render a page once instead of up to three times. A few pages at most
 * (an A4 page at 200 dpi is 3.9 MB).
 */
const rasters: { digest: string; r: RenderedPage }[] = [];
const RASTERS_KEPT = 2;

function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Page n at the full-pass resolution, gray: from the raster cache, else rendered (and kept when `keep`). */
async function fullPage(doc: PdfRenderer, digest: string, n: number, keep: boolean): Promise<RenderedPage> {
  const hit = rasters.findIndex((x) => x.digest === digest && x.r.page === n);
  if (hit >= 0) {
    const [x] = rasters.splice(hit, 1);
    // A look keeps it for the reading after it; the reading that takes it lets it go with its page.
    if (keep) rasters.push(x!);
    return x!.r;
  }
  const r = await doc.render(n, { gray: true });
  if (keep) {
    rasters.push({ digest, r });
    while (rasters.length > RASTERS_KEPT) rasters.shift();
  }
  return r;
}

/** The look's view of a page rendered at the full-pass resolution: scaled to LOOK_DPI. */
function lookView(r: RenderedPage): { image: OcrImage; dpi: number } {
  const dpi = isCardSize(r.widthPt, r.heightPt) ? LOOK_DPI.card : LOOK_DPI.a4;
  const k = dpi / r.dpi;
  return k < 1 ? { image: downscale(normalise(r.image), k), dpi: r.dpi * k } : { image: r.image, dpi: r.dpi };
}

export interface PageOcrOptions {
  /** Traineddata to use: one or two languages (see detectLang). */
  langs: readonly string[];
  /**
   * MRZ second pass: 'auto' where the first pass saw MRZ-like words, 'id' also
   * over the bottom of the image when it saw none (identity document candidates).
   */
  mrz?: 'off' | 'auto' | 'id';
  /** First pass page segmentation (default 'block'). */
  segmentation?: 'auto' | 'block';
  /**
   * Validation's look (classify, pick the language): statement pages are read without glyph
   * candidates or second readings, which only mend references and descriptions.
   */
  look?: boolean;
  /** Identity rescue of a page the look could not read (mrz 'id'): a page on which no card is found is not read. */
  cardsOnly?: boolean;
  /** A sheet found with a card's proportions is read as a page all the same (the look's second try). */
  sheetOnItsSide?: boolean;
}

export async function ocrPageImage(image: OcrImage, page: number, dpi: number, opts: PageOcrOptions): Promise<OcrPage> {
  // Words come back in the straightened page's frame: rows of a statement stay rows
  // when lines are rebuilt from positions (a box drawn on the original tilted scan is
  // off by at most the tilt times the distance from the left edge). Card-sized images
  // are left as they are: the MRZ band straightens itself (mrz-band.ts), and turning
  // the whole photo cost MRZ reads (bench/ocr.ts cardvariants: 13/20 vs 18/20).
  const original = image;
  const dpiIn = dpi;
  const ptPerPxIn = 72 / dpi;
  // A photographed sheet is cut from its surround and flattened (page-quad.ts: perspective undone,
  // enlarged to a scan's resolution except for the look); anything else has its surround painted
  // with paper (surround.ts). Table rules go after the page is straight (rules.ts).
  const gray = normalise(image);
  // A sheet on its side with a card's proportions may be a card on a table (cardShaped): only a
  // statement's full reading takes it for a page; validation's look and identity reads see the photo as before.
  const full = opts.mrz === 'off' && !opts.look;
  // The photo's own shades: the sheet is looked for on them too (squarerSheet: where the normalised photo
  // shows none, its grain over a dark grained surround having whitened part of the sheet, or a shadow's
  // edge passed for a side), and flattened from
  // them where the normalised photo lost the glyphs (flatSheet).
  const shades: OcrImage = { width: image.width, height: image.height, channels: 1, data: toGray(image) };
  const sheetFound = opts.mrz === 'id' ? null : squarerSheet(findPageQuad(gray), () => findPageQuad(shades));
  const quad = sheetFound && (full || opts.sheetOnItsSide || !cardShaped(sheetFound)) ? sheetFound : null;
  // An image's size in points is a guess (NOMINAL_DPI): a 200 dpi scan or a phone photo of an A4
  // page measures card-sized by it. A statement's full reading, or a sheet found on the photo, is a page.
  const card = !quad && !full && isCardSize(image.width * ptPerPxIn, image.height * ptPerPxIn);
  const photo = quad ? flatSheet(gray, shades, quad, !opts.look) : null;
  if (photo) dpi = photo.dpi;
  const flat = photo ? photo.image : paintSurround(gray).image;
  // Identity documents keep their rules: the rule remover took a grey card on a white A4 scan for a
  // filled box and wiped it (the page then measured blank).
  const norm = card ? flat : opts.mrz === 'id' ? deskewPage(flat).image : removeRules(deskewPage(flat).image, ruleOptions(dpi)).image;
  image = norm;
  const ptPerPx = 72 / dpi;
  const blank = blankVerdict(imageStats(norm));
  if (blank) {
    return { page, width: image.width * ptPerPx, height: image.height * ptPerPx, words: [], meanConfidence: 0, verdict: blank, dpi, lang: null };
  }
  // Single-block segmentation: at 200 dpi, automatic page segmentation drops the
  // leading '1' of "1,137.86" and "16 Jun" as noise (tesseract.js and native
  // tesseract alike; bench/ocr.ts); one uniform block keeps it. Words keep their
  // boxes, so columns are rebuilt from positions as for text-layer PDFs.
  const statement = (opts.mrz ?? 'auto') === 'off';
  // Identity documents: the cards on a page (an A4 scan or photocopy, a card PDF on A4, a JPEG of an A4
  // scan whose nominal dpi makes it look card-sized) are found against the paper or the surround, and
  // each is cut from the image as it came (not stretched for the page); an image that is one card is read whole.
  // An image on which a card covers more than 15 % (a photo of one card or both sides; a card scanned
  // on A4 covers ~8 %) is read whole: cutting photos cost MRZ reads.
  // A card-sized image is cut only where it has the proportions of an upright A4 sheet (a JPEG of an A4
  // scan): on a photo's table or cloth, texture passed for small cards and the card itself was lost
  // (seed 472256: photo fields 19 % -> 9.5 %), and on an image of two cards one above the other only
  // parts of them were found.
  const sheet = !card || (original.height / original.width > 1.38 && original.height / original.width < 1.45);
  const large = (b: CardBox): boolean => (b.x1 - b.x0) * (b.y1 - b.y0) > 0.15 * flat.width * flat.height;
  let found = opts.mrz === 'id' && sheet ? findCards(flat) : [];
  let cards = found.some(large) ? [] : found;
  // A scanner's light falling off across the page (a vignette, a lid not shut) leaves the paper grey where it
  // is dim: the normalised page keeps those shades, which joined a card into a box of no card's proportions or
  // stood as "cards" of half a page themselves, and a legible permit came back unreadable. Where no card is
  // found so, they are looked for again on the page with its light divided out (light.ts); each is still cut
  // from the image as it came.
  if (opts.mrz === 'id' && sheet && cards.length === 0) {
    const lit = findCards(paintSurround(normalise(evenLight(original))).image);
    if (lit.length > 0 && !lit.some(large)) found = cards = lit;
  }
  // A photo of cards on a surface (not cut as a sheet): each card found against the surround is
  // flattened (card-quad.ts: perspective and turn undone) and read alone.
  const quads = opts.mrz === 'id' && cards.length === 0 ? findCardQuads({ width: original.width, height: original.height, channels: 1, data: toGray(original) }) : [];
  if (opts.cardsOnly && found.length === 0 && quads.length === 0) {
    const verdict = { ok: false, reason: 'no card found on the page', legibleWords: 0 };
    return { page, width: image.width * ptPerPx, height: image.height * ptPerPx, words: [], meanConfidence: 0, verdict, dpi, lang: null };
  }
  const first = quads.length > 0 ? await readQuads({ width: original.width, height: original.height, channels: 1, data: toGray(original) }, quads, opts.langs) : cards.length > 0 ? await readCards({ width: original.width, height: original.height, channels: 1, data: toGray(original) }, cards, opts.langs) : await ocrEngine().recognize(norm, { langs: opts.langs, segmentation: opts.segmentation ?? 'block', choices: statement && !opts.look });
  // Statement pages (no MRZ pass): codes split in two are joined, letters the decoder turned into
  // digits inside codes, periods dropped after abbreviations and minus signs dropped or misread before amounts
  // are put back from what the network and the pixels show, and words known to lose characters are
  // read again on their own (reread.ts).
  let r: OcrResult;
  if (statement) {
    const words = restoreMinus(plusAsMinus(misreadMinus(restorePeriods(restoreCapitalI(trustLettersInCodes(joinSplitCodes(withInk(first.words, norm))), norm), norm), norm), norm), norm);
    // Boxes cut to their ink last: the repairs above and the second readings measure the boxes as read.
    r = { ...first, words: inkHeights(opts.look ? words : await rereadWords(words, norm, ocrEngine(), opts.langs), norm) };
  } else r = cards.length > 0 || quads.length > 0 ? first : await refineMrz(norm, first, opts.mrz === 'id');
  const out: OcrPage = {
    page,
    width: image.width * ptPerPx,
    height: image.height * ptPerPx,
    words: r.words.map((w) => ({
      text: w.text,
      x0: w.x0 * ptPerPx,
      y0: w.y0 * ptPerPx,
      x1: w.x1 * ptPerPx,
      y1: w.y1 * ptPerPx,
      confidence: w.confidence,
    })),
    meanConfidence: r.meanConfidence,
    verdict: ocrVerdict(r),
    dpi,
    lang: detectLang(r.words),
  };
  // An identity document's page is legible where the identity reads (id/analyse.ts legibleId: an MRZ
  // with a check digit holding, or a type and printed fields), though a card's pattern and portrait
  // read as low-confidence words pull the page's mean confidence under the gate.
  if (!out.verdict.ok && opts.mrz === 'id' && out.words.length > 0 && legibleId(analyseId([out]))) out.verdict = { ...out.verdict, ok: true, reason: null };
  // The look could not read the photo as it stands: a sheet on its side it set aside as possibly a card
  // is read as a page (a landscape statement whose perspective widened it past a card's proportions).
  if (!out.verdict.ok && sheetFound && !quad) return ocrPageImage(original, page, dpiIn, { ...opts, sheetOnItsSide: true });
  return out;
}

/**
 * A photographed sheet flattened, its light evened (light.ts) and normalised. From the normalised photo
 * where its glyphs survived it: normalise measures the grain over the whole photo, surround included
 * (wood, fabric, a dark desk), and paints white every shade within five grains of the paper, which on a
 * blurred photo thins the strokes (a 200 dpi photo at blur 1.15 read 9 of 13 rows' dates and amounts
 * so, 2 from its own shades). Where that whitening took the glyphs themselves — the sheet flattened
 * from the photo's own shades holds more than a quarter more ink (pixels under mid-grey) — the own
 * shades are read: a 170 dpi photo at blur 0.97 kept 65 % of its ink and read 30 % per character
 * (refused as illegible), 90 % from its own shades. On 27 generated photos, those whose whitening is
 * grain removal kept ≥ 84 % of the ink; those it wiped, ≤ 69 %.
 */
export function flatSheet(gray: OcrImage, shades: OcrImage, quad: PageQuad, enlarge: boolean): { image: OcrImage; dpi: number } {
  const whitened = flattenPage(gray, quad, enlarge);
  const restored = restoredSheet(shades, quad, whitened.image.width, whitened.image.height);
  if (restored) return { image: restored, dpi: whitened.dpi };
  const a = normalise(evenLight(whitened.image));
  const b = normalise(evenLight(flattenPage(shades, quad, enlarge).image));
  return { image: whitenedReads(inkShare(a), inkShare(b)) ? a : b, dpi: whitened.dpi };
}

/**
 * The whitened sheet is read where it kept the glyphs (KEPT_INK of the own shades' ink) and added none:
 * whitening only paints shades white, so ink it holds beyond the own shades' is the photo-wide stretch
 * gone wrong — a shadow's falloff stretched to mid-grey, its grain left standing as specks over the
 * amounts (a sharp 170 dpi photo, shadow 0.44 on fabric: 1.28× the own shades' ink, read at 41 % per
 * character and refused; its own shades read clean). On 22 generated photos the ratio lay at 0.73–1.10
 * except on two such shadowed ones (1.28, 1.36).
 */
export function whitenedReads(whitenedInk: number, shadesInk: number): boolean {
  return whitenedInk >= KEPT_INK * shadesInk && whitenedInk * KEPT_INK <= shadesInk;
}

/** Share of a sheet's ink the whitened photo must keep to be read (see flatSheet). */
const KEPT_INK = 0.8;

/** Share of pixels darker than mid-grey: glyphs' cores, after the stretch. */
function inkShare(img: OcrImage): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i++) if (img.data[i]! < 128) n++;
  return n / Math.max(1, img.data.length);
}

/** Statement language from a page's words: the traineddata for the full pass. */
export function detectLang(words: readonly { text: string }[]): OcrLang | null {
  const text = ' ' + words.map((w) => w.text.toLowerCase()).join(' ') + ' ';
  const score = (re: RegExp): number => (text.match(re) ?? []).length;
  const s: Record<OcrLang, number> = {
    ita: score(/ (saldo|iniziale|finale|data|valuta|descrizione|dare|avere|estratto|conto|movimenti|bonifico|pagamento|addebito|accredito|importo|di|del|della|intestatario|permesso|soggiorno|rilascio|cognome|nascita|questura) /g),
    deu: score(/ (kontoauszug|buchungstag|wert|vorgang|betrag|soll|haben|saldo|alter|neuer|kontostand|lastschrift|gutschrift|überweisung|uberweisung|der|die|und|für|fur|aufenthaltstitel|aufenthaltserlaubnis|geburtsdatum|gültig|gultig|stadt) /g),
    eng: score(/ (statement|balance|opening|closing|date|description|paid|in|out|money|account|payment|transfer|the|of|and|card|sort|code) /g),
  };
  const best = (Object.keys(s) as OcrLang[]).sort((a, b) => s[b] - s[a])[0]!;
  return s[best] >= 2 ? best : null;
}

/** Traineddata for the full pass after a look: the page's language, English when unsure. */
export function langsFor(lang: OcrLang | null): OcrLang[] {
  return [lang ?? 'eng'];
}

/** The pages of an image file: one for PNG/JPEG, up to maxPages of a TIFF. Throws ImageError for refused images. */
export function ocrImageBytes(bytes: Uint8Array, opts: PageOcrOptions, maxPages = OCR_MAX_PDF_PAGES, known?: KnownPages): Promise<OcrPage[]> {
  return cached(`img${opts.langs.join('+')}${opts.mrz ?? 'auto'}${opts.cardsOnly ? 'cards' : ''}${maxPages}${knownKey(known)}`, bytes, async () => {
    // Each page is decoded when a lane takes it (at most PAGES_AT_ONCE decoded pages live at a time);
    // a page read already (validation's first page) is not decoded at all.
    const src = await openImagePages(bytes, maxPages);
    try {
      return await eachPage(
        Array.from({ length: src.count }, (_, i) => i),
        async (i) => known?.get(i + 1) ?? ocrPageImage(await src.page(i), i + 1, NOMINAL_DPI, opts),
      );
    } finally {
      await src.close();
    }
  });
}

/** Longer side of an image for the validation look (≈ 100–130 dpi for A4, more for cards). */
export const LOOK_LONG_SIDE = 1400;
/** Resolution of the look at a PDF page: A4 at 100 dpi, card-sized pages at 200 dpi. */
export const LOOK_DPI = { a4: 130, card: 200 } as const;

/**
 * Validation's look at an image (a TIFF's first page): downscaled, English
 * traineddata, no MRZ pass. Enough to tell a statement from an identity
 * document and to pick the language.
 */
export function lookImage(bytes: Uint8Array): Promise<OcrPage> {
  return cached('lookimg', bytes, async () => {
    const img = await decodeImage(bytes);
    const k = Math.min(1, LOOK_LONG_SIDE / Math.max(img.width, img.height));
    const look = { langs: ['eng'], mrz: 'off', look: true } as const;
    if (k < 1) {
      const small = await ocrPageImage(downscale(normalise(img), k), 1, NOMINAL_DPI * k, look);
      // Only a full-resolution reading may call a page illegible.
      if (small.verdict.ok) return [small];
    }
    return [await ocrPageImage(img, 1, NOMINAL_DPI, look)];
  }).then((p) => p[0]!);
}

/**
 * Validation's look at an image-only PDF: its first page only, at low resolution (the page rendered
 * once at the full-pass resolution and scaled down; a look that reads nothing legible is read again
 * on that full-resolution page, and the reading after the look takes it from the raster cache).
 */
export function lookPdf(bytes: Uint8Array): Promise<OcrPage | null> {
  return lookPdfAt(bytes, 1, true);
}

/**
 * Validation's look at one page of a PDF that has a text layer elsewhere (a scanned page inside
 * it: an identity card after a statement), at low resolution; null when the page is not there.
 */
export function lookPdfPage(bytes: Uint8Array, page: number, open?: PdfRenderer): Promise<OcrPage | null> {
  return lookPdfAt(bytes, page, false, open);
}

function lookPdfAt(bytes: Uint8Array, page: number, fullWhenIllegible: boolean, open?: PdfRenderer): Promise<OcrPage | null> {
  const digest = digestOf(bytes);
  return cached(page === 1 && fullWhenIllegible ? 'lookpdf' : `lookpdfpage${page}`, bytes, async () => {
    const look = { langs: ['eng'], mrz: 'off', look: true } as const;
    const doc = open ?? (await openPdfForRender(bytes));
    try {
      if (page > doc.numPages) return [];
      const full = await fullPage(doc, digest, page, true);
      const v = lookView(full);
      const small = await ocrPageImage(v.image, page, v.dpi, look);
      // Only a reading at the full-pass resolution may call a page illegible.
      if (small.verdict.ok || !fullWhenIllegible || v.image === full.image) return [small];
      return [await ocrPageImage(full.image, page, full.dpi, look)];
    } finally {
      if (!open) await doc.close();
    }
  }).then((p) => p[0] ?? null);
}

/**
 * Renders and OCRs the pages of an image-only PDF, in page order: each page is rendered when a lane
 * is free to read it (at most PAGES_AT_ONCE rendered pages live at a time) and dropped once read.
 */
export function ocrPdf(bytes: Uint8Array, opts: PageOcrOptions, maxPages = OCR_MAX_PDF_PAGES, only?: number, from: PdfPagesFrom = {}): Promise<OcrPage[]> {
  const digest = digestOf(bytes);
  const { known, doc: open, pageCount } = from;
  const key = `pdf${opts.langs.join('+')}${opts.mrz ?? 'auto'}${opts.cardsOnly ? 'cards' : ''}${only === undefined ? maxPages : `p${only}`}${knownKey(known)}`;
  return cached(key, bytes, async () => {
    // Every page to read was read already (a one-page scan whose first page validation read): the
    // document is not opened at all.
    if (only === undefined && known && pageCount !== undefined) {
      const last = Math.min(pageCount, maxPages);
      const pages = Array.from({ length: last }, (_, i) => known.get(i + 1));
      if (pages.every((p) => p !== undefined)) return pages;
    }
    const doc = open ?? (await openPdfForRender(bytes));
    try {
      // `only`: one page of a PDF that has a text layer elsewhere (a scanned identity card after a statement).
      if (only !== undefined && (only < 1 || only > doc.numPages)) return [];
      const last = only ?? Math.min(doc.numPages, maxPages);
      // One page: its own cap (render's per-page pixel check), not charged for the pages before it.
      if (only === undefined) await doc.checkBudget(last, { dpiOf: dpiFor });
      const pages: (number | null)[] = only !== undefined ? [only] : Array.from({ length: last }, (_, i) => i + 1);
      const read = await eachPage(pages, async (n) => {
        const done = known?.get(n);
        if (done) return done;
        const r = await fullPage(doc, digest, n, false);
        return ocrPageImage(r.image, r.page, r.dpi, opts);
      });
      return opts.mrz === 'id' ? withIdSides(read) : read;
    } finally {
      if (!open) await doc.close();
    }
  });
}

/** Pages read already, by page number: each is exactly what reading it with the same options returns. */
export type KnownPages = ReadonlyMap<number, OcrPage>;

const knownKey = (known: KnownPages | undefined): string => (known && known.size > 0 ? `k${[...known.keys()].join(',')}` : '');

/** What a PDF reading may start from besides the bytes. */
export interface PdfPagesFrom {
  /** Pages read already with the same options (validation's first page). */
  known?: KnownPages;
  /** The document open already (the text-layer load that found a scan): not opened again, nor closed. */
  doc?: PdfRenderer;
  /** The document's page count (its text-layer load): where `known` covers every page, nothing is opened. */
  pageCount?: number;
}

/**
 * Page 1 of a scan or photo read as the parse reads a statement page (the page's language, the
 * full-pass resolution, glyph candidates and second readings), and the traineddata it was read with.
 * The language comes from a probe: an English reading of the page's top band at the look's
 * resolution (a statement's title, bank, holder, account and period name it); where the page's own
 * words then name another language, the page is read again in that one.
 */
export interface FirstPage {
  page: OcrPage;
  langs: OcrLang[];
  /** What the probe of the top band read the language as (null: too few cue words). */
  probed: OcrLang | null;
}

/** Share of the page's height (from the top) the language probe reads. */
export const PROBE_TOP = 0.3;

/** The language of a page from an English reading of its top band, downscaled to the look's size. */
async function probeLang(image: OcrImage, ptPerPx: number): Promise<OcrLang | null> {
  const gray = normalise(image);
  const h = Math.max(1, Math.round(gray.height * PROBE_TOP));
  const band: OcrImage = { width: gray.width, height: h, channels: 1, data: gray.data.subarray(0, gray.width * h) };
  // The look's scale: an A4 page at LOOK_DPI, a card-sized one at its card resolution, a photo to LOOK_LONG_SIDE.
  const dpiNow = 72 / ptPerPx;
  const card = isCardSize(image.width * ptPerPx, image.height * ptPerPx);
  const k = Math.min(1, (card ? LOOK_DPI.card : LOOK_DPI.a4) / dpiNow, LOOK_LONG_SIDE / Math.max(image.width, image.height));
  const small = k < 1 ? downscale(band, k) : band;
  const r = await ocrEngine().recognize(small, { langs: ['eng'], segmentation: 'block' });
  return detectLang(r.words);
}

async function firstPageOf(image: OcrImage, dpi: number): Promise<FirstPage> {
  const probed = await probeLang(image, 72 / dpi);
  let langs = langsFor(probed);
  let page = await ocrPageImage(image, 1, dpi, { langs, mrz: 'off' });
  // Read again in another language only where the page reads legibly: the cue words of an illegible page
  // ("di", "in" among specks) name no language, and a second full reading of noise costs as much as the first.
  if (page.verdict.ok && page.lang !== null && page.lang !== langs[0]) {
    langs = [page.lang];
    page = await ocrPageImage(image, 1, dpi, { langs, mrz: 'off' });
  }
  return { page, langs, probed };
}

// Validation then parse of the same bytes in one process (tests, tools without a kept reading) read page 1 once:
// the last few first pages, by the bytes' digest.
const firstPages = new Map<string, Promise<FirstPage | null>>();
function firstPageCached(kind: string, digest: string, run: () => Promise<FirstPage | null>): Promise<FirstPage | null> {
  return keepLast(firstPages, kind + digest, run);
}

/** FirstPage of an image-only PDF (null: no pages); `doc`: the document open already (not closed here). */
export function firstPagePdf(bytes: Uint8Array, doc?: PdfRenderer): Promise<FirstPage | null> {
  const digest = digestOf(bytes);
  return firstPageCached('pdf', digest, () => readFirstPagePdf(bytes, digest, doc));
}

async function readFirstPagePdf(bytes: Uint8Array, digest: string, doc?: PdfRenderer): Promise<FirstPage | null> {
  const d = doc ?? (await openPdfForRender(bytes));
  try {
    if (d.numPages < 1) return null;
    // Kept in the raster cache: an identity read of the same page in this validation takes it.
    const full = await fullPage(d, digest, 1, true);
    return await firstPageOf(full.image, full.dpi);
  } finally {
    if (!doc) await d.close();
  }
}

/** FirstPage of an image (a TIFF's first page); throws ImageError for refused images. */
export async function firstPageImage(bytes: Uint8Array): Promise<FirstPage> {
  return (await firstPageCached('img', digestOf(bytes), async () => firstPageOf(await decodeImage(bytes), NOMINAL_DPI)))!;
}

/** Pages in OCR at once: the engine's pool stays busy while the next page is prepared. */
const PAGES_AT_ONCE = 2;

/**
 * OCRs pages a few at a time, in page order, dropping each page's pixels once it is read: every
 * page prepared at once (normalised, straightened, rules removed) held several copies of each,
 * and a 24-page scan needed 490 MB over a document child's idle size.
 */
async function eachPage<T>(pages: (T | null)[], read: (p: T, i: number) => Promise<OcrPage>): Promise<OcrPage[]> {
  const out: OcrPage[] = new Array<OcrPage>(pages.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < pages.length) {
      const i = next++;
      const p = pages[i]!;
      pages[i] = null;
      out[i] = await read(p, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, pages.length) }, lane));
  return out;
}

function downscale(img: OcrImage, k: number): OcrImage {
  const w = Math.max(1, Math.round(img.width * k));
  const h = Math.max(1, Math.round(img.height * k));
  const out = new Uint8Array(w * h);
  const inv = 1 / k;
  // Box filter: average of the source pixels each target pixel covers.
  for (let y = 0; y < h; y++) {
    const sy0 = Math.floor(y * inv);
    const sy1 = Math.min(img.height, Math.max(sy0 + 1, Math.floor((y + 1) * inv)));
    for (let x = 0; x < w; x++) {
      const sx0 = Math.floor(x * inv);
      const sx1 = Math.min(img.width, Math.max(sx0 + 1, Math.floor((x + 1) * inv)));
      let sum = 0;
      for (let yy = sy0; yy < sy1; yy++) for (let xx = sx0; xx < sx1; xx++) sum += img.data[yy * img.width + xx]!;
      out[y * w + x] = Math.round(sum / ((sy1 - sy0) * (sx1 - sx0)));
    }
  }
  return { width: w, height: h, channels: 1, data: out };
}

/**
 * The other sides of an identity document: where a page of the document reads as an identity (an MRZ
 * whose check digits hold, or a type and printed fields: legibleId), a page that read words confidently
 * (MIN_SIDE_WORDS) but fell under the gate on its mean confidence is kept — a card's front scanned on an
 * A4 page reads its name, dates and title well while its guilloche and portrait read as unsure specks
 * (a de_perso front on a 200 dpi grey A4 scan: 6 confident words, mean 49 %), and the gate had dropped it,
 * so the document came back with its front side missing. A page of noise reads no confident word.
 */
export function withIdSides(pages: OcrPage[]): OcrPage[] {
  const ok = pages.filter((p) => p.verdict.ok);
  if (ok.length === 0 || ok.length === pages.length || !legibleId(analyseId(ok))) return pages;
  return pages.map((p) => (!p.verdict.ok && p.verdict.legibleWords >= MIN_SIDE_WORDS ? { ...p, verdict: { ...p.verdict, ok: true, reason: null } } : p));
}

/** Confident words a page beside a legible identity page needs to be kept as one of its sides. */
const MIN_SIDE_WORDS = 4;

/** Pages fit to read: passed the gate. */
export function readablePages(pages: readonly OcrPage[]): OcrPage[] {
  return pages.filter((p) => p.verdict.ok);
}

export type OcrPagesResult = { ok: true; pages: OcrPage[] } | { ok: false; message: string };

/** OCR of an image-only PDF for the PDF engine: readable pages, or why there are none. */
export async function ocrPdfPages(bytes: Uint8Array, opts: PageOcrOptions, maxPages = OCR_MAX_PDF_PAGES): Promise<OcrPagesResult> {
  const pages = await ocrPdf(bytes, opts, maxPages);
  const ok = readablePages(pages);
  if (ok.length === 0) {
    const why = pages[0]?.verdict.reason ?? 'no pages';
    return { ok: false, message: `${NO_TEXT_OCR_MESSAGE}: ${why}` };
  }
  return { ok: true, pages: ok };
}

export const NO_TEXT_OCR_MESSAGE = 'no text layer, and OCR found no legible text';

const MRZ_WORD = /<<|^(?=.*\d)(?=.*<)[A-Z0-9<]{20,}$/;

/** A look saw words like MRZ lines: an identity document candidate. */
export function hasMrzLikeWords(page: { words: readonly { text: string }[] }): boolean {
  // '<' is required: an IBAN is 15–34 capitals and digits too.
  return page.words.some((w) => /<<|^(?=.*\d)(?=.*<)[A-Z0-9<]{25,}$/.test(w.text));
}

/** Cards cut out of a page (id/cards.ts), each read at a card's resolution with its MRZ pass; words in the page's pixels. */
async function readCards(img: OcrImage, cards: readonly CardBox[], langs: readonly string[]): Promise<OcrResult> {
  const read = await Promise.all(
    cards.map(async (b) => {
      const cut = cutCard(img, b);
      const gray = normalise(cut.image);
      // Automatic segmentation: a card's small labels between its large values are lines of their own.
      const first = await ocrEngine().recognize(gray, { langs, segmentation: 'auto' });
      const r = await refineMrz(gray, first, true, true);
      const k = 1 / cut.scale;
      return r.words.map(({ glyphs: _, ...w }) => ({ ...w, x0: cut.x0 + w.x0 * k, y0: cut.y0 + w.y0 * k, x1: cut.x0 + w.x1 * k, y1: cut.y0 + w.y1 * k }));
    }),
  );
  const words = read.flat();
  // A card the finder missed (a grey back on a photocopy): where no card read holds a zone, the MRZ is looked for beside them.
  if (!words.some((w) => MRZ_WORD.test(w.text))) words.push(...(await readMrzBeside(ocrEngine(), img, cards)));
  return { words, meanConfidence: words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0 };
}

/**
 * Cards on a photo, each flattened (card-quad.ts) and read as a cut card is; words are put back
 * in the photo's pixels over the card's bounding box, upright (a line of the card stays a line).
 */
async function readQuads(img: OcrImage, quads: readonly Quad[], langs: readonly string[]): Promise<OcrResult> {
  const read = await Promise.all(
    quads.map(async (q) => {
      const flat = flattenCard(img, q);
      // The photo's light and shadow divided out first (light.ts): with one stretch for the whole card,
      // the lit half's print was whitened with its paper and the card's top half read nothing.
      const gray = normalise(evenLight(flat.image));
      const first = await ocrEngine().recognize(gray, { langs, segmentation: 'auto' });
      const r = await refineMrz(gray, first, true);
      const xs = q.map((p) => p.x);
      const ys = q.map((p) => p.y);
      const x0 = Math.min(...xs);
      const y0 = Math.min(...ys);
      const kx = (Math.max(...xs) - x0) / gray.width;
      const ky = (Math.max(...ys) - y0) / gray.height;
      return r.words.map(({ glyphs: _, ...w }) => ({ ...w, x0: x0 + w.x0 * kx, y0: y0 + w.y0 * ky, x1: x0 + w.x1 * kx, y1: y0 + w.y1 * ky }));
    }),
  );
  const words = read.flat();
  return { words, meanConfidence: words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0 };
}

/** Whether a band's lines hold a zone (two or more MRZ-like lines that fit a format). */
function holdsZone(lines: readonly OcrWord[]): boolean {
  const zone = lines.filter((w) => w.text.length >= 28 && w.text.includes('<'));
  return zone.length >= 2 && chooseMrzLines(zone.map((w) => [w.text])) !== null;
}

/**
 * The dictionary-driven first pass misreads MRZ lines (drops characters, reads
 * '<' as K). Where MRZ-like words are seen (or, for identity documents, in the
 * bottom of the image when none are), the band is read again line by line with
 * the MRZ alphabet (mrz-band.ts) and replaces the first pass's words there.
 */
async function refineMrz(img: OcrImage, first: OcrResult, idCandidate: boolean, card = false): Promise<OcrResult> {
  const hits = first.words.filter((w) => MRZ_WORD.test(w.text));
  let band: Box;
  if (hits.length > 0) {
    const lineH = Math.max(...hits.map((w) => w.y1 - w.y0), 8);
    // A card cut from a page (readCards): its zone runs across the card, so the band does. Where the first pass
    // saw only the lines' filler runs as MRZ-like words ("<<<", "KKK" at the right), a band spanning those cut
    // the lines' first characters off (a pale ie_irp back: "IRIRLB8…" read from mid-line, every check lost).
    band = {
      y0: Math.max(0, Math.min(...hits.map((w) => w.y0)) - 2.5 * lineH),
      y1: Math.min(img.height, Math.max(...hits.map((w) => w.y1)) + 2.5 * lineH),
      x0: card ? 0 : Math.max(0, Math.min(...hits.map((w) => w.x0)) - 2 * lineH),
      x1: card ? img.width : Math.min(img.width, Math.max(...hits.map((w) => w.x1)) + 2 * lineH),
    };
  } else if (idCandidate) {
    band = { x0: 0, y0: img.height * 0.55, x1: img.width, y1: img.height };
  } else {
    return first;
  }
  let lines = await readMrzBand(ocrEngine(), img, band);
  // A page (taller than wide: no card cut from it) whose first pass saw no MRZ-like words and whose
  // bottom holds no zone: the card may lie anywhere on it (a card rendered at the top of an A4 page).
  if (hits.length === 0 && img.height > 1.2 * img.width && !holdsZone(lines)) {
    const found = await readMrzOnPage(ocrEngine(), img);
    if (found.length > 0) {
      lines = found;
      band = { x0: 0, x1: img.width, y0: Math.min(...found.map((w) => w.y0)) - 1, y1: Math.max(...found.map((w) => w.y1)) + 1 };
    }
  }
  if (lines.length === 0) return first;
  const words = withBandLines(first.words, lines, band);
  return { words, meanConfidence: words.reduce((s, w) => s + w.confidence, 0) / words.length };
}
