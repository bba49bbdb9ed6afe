/**
 * One identity document over its pages: MRZ (back side of cards, data page of
 * passports), labelled front fields, which sides are present, and the cross-check
 * of front against MRZ.
 */
import type { Completeness, DocumentType } from '../types.ts';
import type { BBox, WordPage } from '../layout/model.ts';
import type { FoundMrz } from './find.ts';
import { findMrz } from './find.ts';
import type { FrontFields, FrontValue } from './front.ts';
import { DATE_SOURCE, foldUpper, looksLikeFront, parseFrontDate, placeBesideBirthDate, readFront } from './front.ts';
import type { ReadOptions } from './mrz.ts';
import { editDistance } from '../text.ts';
import { checkDigit, cleanMrzLine, equivalentNumberReadings, idTypeOfCode, insertionCandidates, knownState, numberPlacedCandidates, readMrz, resolveDate } from './mrz.ts';
import { buildLines } from '../layout/lines.ts';

export type IdType = 'residency_permit' | 'identity_card' | 'passport';

export interface CrossCheck {
  field: string;
  front: string;
  mrz: string;
  agrees: boolean;
}

export interface IdAnalysis {
  type: IdType | null;
  mrz: FoundMrz | null;
  front: FrontFields;
  hasFront: boolean;
  hasBack: boolean;
  completeness: Completeness | null;
  crossChecks: CrossCheck[];
  /** Page of the front side, when seen. */
  frontPage: number | null;
  /**
   * The issuing state (ICAO code): the zone's, else the state named in the card's printed header
   * ("BUNDESREPUBLIK DEUTSCHLAND" → D); null where neither reads.
   */
  issuer?: string | null;
  /** The state its printed header names (STATE_HEADERS), where one reads. */
  printedState?: string | null;
  /** Where no zone reads whole: its dates line read alone, both dates held by their check digits. */
  zoneDates?: ZoneDates | null;
}

/**
 * The dates line of a machine-readable zone read on its own (ICAO 9303: TD1's second line, TD2's and TD3's
 * second line from the birth date on): birth date YYMMDD and its check digit, sex, expiry YYMMDD and its
 * check digit, nationality. Two check digits holding over twelve digits: a misreading passes both one
 * time in a hundred, and the dates must be dates besides. Read where the zone as a whole did not (its
 * other lines garbled in a photo): the back side is there, and its dates are the holder's.
 */
export interface ZoneDates {
  /** The document code opening the zone's first line above it, where that line reads as one ("AR", "ID"). */
  documentCode: string | null;
  birthDate: string;
  expirationDate: string;
  sex: 'M' | 'F' | null;
  nationality: string | null;
  page: number;
  bbox: BBox;
}

/**
 * States as their documents' headers name them (the state's own language, as printed over the title), with
 * their ICAO 9303 codes: the issuing state of a card read without its zone.
 */
const STATE_HEADERS: { state: string; re: RegExp }[] = [
  { state: 'D', re: /BUNDESREPUBLIK DEUTSCHLAND/ },
  { state: 'ITA', re: /REPUBBLICA ITALIANA/ },
  { state: 'AUT', re: /REPUBLIK OSTERREICH/ },
  { state: 'FRA', re: /REPUBLIQUE FRANCAISE/ },
  { state: 'ESP', re: /REINO DE ESPANA/ },
  { state: 'CHE', re: /SCHWEIZERISCHE EIDGENOSSENSCHAFT|CONFEDERATION SUISSE/ },
  { state: 'IRL', re: /\bEIRE\b|\bIRELAND\b/ },
];

const TITLE_TYPES: { type: IdType; re: RegExp }[] = [
  { type: 'residency_permit', re: /PERMESSO DI SOGGIORNO|AUFENTHALTSTITEL|AUFENTHALTSERLAUBNIS|RESIDENCE PERMIT|TITRE DE SEJOUR/ },
  { type: 'identity_card', re: /CARTA D.? ?IDENTITA|PERSONALAUSWEIS|IDENTITY CARD|CARTE D.IDENTITE/ },
  { type: 'passport', re: /PASSAPORTO|REISEPASS|PASSPORT|PASSEPORT/ },
];

export function analyseId(pages: readonly WordPage[], opts: ReadOptions = {}): IdAnalysis {
  let mrz = findMrz(pages, opts);
  const zoneDates = mrz ? null : findZoneDates(pages, opts.today);
  const exclude: { page: number; bbox: BBox }[] = mrz ? [{ page: mrz.page, bbox: mrz.bbox }] : zoneDates ? [{ page: zoneDates.page, bbox: zoneDates.bbox }] : [];
  const known = mrz ?? (zoneDates ? zoneFacts(zoneDates) : null);
  const front = placeByBirthDate(datesByMrz(resolveValidity(readFront(pages, exclude), known), pages, exclude, known, opts.today), pages, exclude, known);
  if (mrz) mrz = confirmNumberByFront(mrz, front, opts);
  if (mrz) mrz = confirmNamesByFront(mrz, front, opts);
  const text = foldUpper(pages.flatMap((p) => p.words.map((w) => w.text)).join(' '));
  const printedState = STATE_HEADERS.find((h) => h.re.test(text))?.state ?? null;
  const titled = TITLE_TYPES.find((t) => t.re.test(text))?.type ?? null;
  let type: IdType | null = mrz ? idTypeOfCode(mrz.documentCode, mrz.lines[0]!) : zoneDates?.documentCode ? idTypeOfCode(zoneDates.documentCode, zoneDates.documentCode) : null;
  // An 'I' card code with a permit title is a residence permit (several states issue them as I<).
  if (type === 'identity_card' && titled === 'residency_permit') type = 'residency_permit';
  type ??= titled;
  // A front side: names under their labels, the MRZ's names printed outside the zone (the back shows
  // them only in its MRZ), or a document title on a page without an MRZ band (labels of a small card
  // read as noise, the title's large type still reads).
  const frontPages = pages.filter(
    (p) =>
      looksLikeFront(readFront([p], exclude)) ||
      (mrz !== null && printsMrzName(p, mrz, exclude)) ||
      titleOffBand(p, exclude),
  );
  const hasFront = frontPages.length > 0;
  // The back shows its MRZ even where the MRZ did not read (a smudged photo): lines in the MRZ alphabet.
  const hasBack = mrz !== null || zoneDates !== null || pages.some((p) => hasMrzBand(p, exclude));
  let completeness: Completeness | null = null;
  if (type === 'passport') completeness = hasBack || hasFront ? 'both_sides' : null;
  else if (hasFront && hasBack) completeness = 'both_sides';
  else if (hasFront) completeness = 'front_only';
  else if (hasBack) completeness = 'back_only';
  return {
    type,
    mrz,
    front,
    hasFront,
    hasBack,
    completeness,
    crossChecks: mrz ? crossCheck(front, mrz) : [],
    frontPage: frontPages[0]?.page ?? null,
    issuer: (mrz?.issuingState ? withoutFillers(mrz.issuingState) : null) || printedState,
    printedState,
    zoneDates,
  };
}

/** A code without the fillers that pad it ("D<<" → "D"). */
function withoutFillers(code: string): string {
  let end = code.length;
  while (end > 0 && code[end - 1] === '<') end--;
  return code.slice(0, end);
}

/** The dates line's pattern in a line's MRZ characters (spaces OCR put in it dropped). */
const DATES_LINE = /(\d{6})(\d)([MF<])(\d{6})(\d)([A-Z<]{3})?/g;

/** The first line on the pages holding a zone's dates with both check digits (ZoneDates). */
export function findZoneDates(pages: readonly WordPage[], today: Date = new Date()): ZoneDates | null {
  for (const page of pages) {
    const lines = buildLines(page);
    for (const [k, line] of lines.entries()) {
      const text = line.text.replace(/\s+/g, '').toUpperCase();
      for (const m of text.matchAll(DATES_LINE)) {
        const [, birth, bc, sex, exp, ec, nat] = m;
        if (checkDigit(birth!) !== bc || checkDigit(exp!) !== ec) continue;
        const birthDate = resolveDate(birth!, 'past', today);
        const expirationDate = resolveDate(exp!, 'future', today);
        if (!birthDate || !expirationDate || birthDate >= expirationDate) continue;
        const n = withoutFillers(nat ?? '');
        return {
          documentCode: zoneCodeAbove(lines, k),
          birthDate,
          expirationDate,
          sex: sex === '<' ? null : (sex as 'M' | 'F'),
          nationality: n.length > 0 && knownState(n) ? n : null,
          page: page.page,
          bbox: [line.x0, line.y0, line.x1, line.y1],
        };
      }
    }
  }
  return null;
}

/**
 * The document code of the zone line just above a dates line (within two line heights, overlapping it
 * across): a line in the MRZ alphabet with a filler run, whose first two glyphs are a code ("ARD<<…",
 * "IDD<<…"); the code's first letter names the family (mrz.ts idTypeOfCode).
 */
function zoneCodeAbove(lines: readonly ReturnType<typeof buildLines>[number][], k: number): string | null {
  const line = lines[k]!;
  const h = line.y1 - line.y0;
  for (let j = k - 1; j >= 0; j--) {
    const up = lines[j]!;
    if (line.y0 - up.y1 > 2 * h) break;
    if (up.x1 < line.x0 || up.x0 > line.x1) continue;
    // The zone's words: the line's part from its first word holding a filler run.
    const w = up.words.findIndex((x) => /<</.test(x.text));
    if (w < 0) continue;
    const t = up.words.slice(w).map((x) => x.text).join('').toUpperCase();
    const m = /^([ACIPR][A-Z<])[A-Z<]{3}/.exec(t);
    if (m && t.includes('<<')) return m[1]!;
  }
  return null;
}

/**
 * What the date placement needs of a zone: its dates and which of their check digits hold. A whole zone
 * is one; a dates line read alone is one with both digits holding.
 */
export type DateFacts = Pick<FoundMrz, 'birthDate' | 'expirationDate' | 'checks'>;

function zoneFacts(z: ZoneDates): DateFacts {
  return {
    birthDate: z.birthDate,
    expirationDate: z.expirationDate,
    checks: [
      { field: 'birth_date', valid: true },
      { field: 'expiration_date', valid: true },
    ],
  };
}

/**
 * A place of birth no label gave, read beside the birth date in one run (front.ts placeBesideBirthDate):
 * the birth date the MRZ gives where its check digit holds, else the labelled one.
 */
export function placeByBirthDate(front: FrontFields, pages: readonly WordPage[], exclude: readonly { page: number; bbox: BBox }[], mrz: DateFacts | null): FrontFields {
  if (front.birth_place) return front;
  const mrzBirth = mrz?.birthDate && mrz.checks.some((c) => c.field === 'birth_date' && c.valid) ? mrz.birthDate : null;
  const iso = mrzBirth ?? (front.birth_date ? parseFrontDate(front.birth_date.value) : null);
  if (!iso) return front;
  const place = placeBesideBirthDate(pages, exclude, iso);
  return place ? { ...front, birth_place: place } : front;
}

/**
 * An MRZ whose document number fails its check digit may hold one glyph read as
 * two ("YU8B2429476", "YV99827TO97"). The candidates with that glyph removed and
 * every check digit holding (id/mrz.ts) are too many to choose from by the digits
 * alone; the one whose number the front side prints — an independent reading — is
 * adopted, and only when exactly one agrees. Failing that, or where the MRZ's number
 * contradicts the front's, the printed number is put in the zone and kept when every
 * check digit then holds (numberPlacedCandidates).
 */
export function confirmNumberByFront(mrz: FoundMrz, front: FrontFields, opts: ReadOptions = {}): FoundMrz {
  const printed = front.document_number?.value.replace(/\s+/g, '').toUpperCase();
  if (!printed || (mrz.valid && mrz.documentNumber !== null && sameGlyphs(printed, mrz.documentNumber))) return mrz;
  if (!mrz.valid) {
    const agreeing = insertionCandidates(mrz.raw, opts).filter((r) => r.documentNumber !== null && sameGlyphs(printed, r.documentNumber));
    if (agreeing.length === 1) {
      const r = agreeing[0]!;
      return { ...mrz, ...r, corrections: r.corrections.map((c, i) => (i === 0 ? { ...c, by: 'front_side' as const } : c)) };
    }
  }
  // The printed number put in the zone: two readings agree and both check digits hold it. This also
  // overrules an MRZ that passes its digits with a number the front contradicts (two mod-10 checks
  // pass one misreading in a hundred: "AU8B94Z04" for AU8942045 did).
  const placed = numberPlacedCandidates(mrz.lines, printed, opts)[0];
  if (placed) return { ...mrz, ...placed, raw: mrz.raw, corrections: [...mrz.corrections, ...placed.corrections] };
  return settleByFront(mrz, printed, opts);
}

/**
 * A zone whose number has other readings its check digit holds as well (look-alike swaps that cancel mod 10:
 * "DOE950364" / "D06950364"; the zone's other digits hold or fail alike for each), settled by the front's printed number even where the front read it
 * only in part ("96950364"): the reading nearest the printed one, where it is the only nearest, within two
 * edits of it and nearer than the zone as read. The check digits cannot choose; the second reading does.
 */
function settleByFront(mrz: FoundMrz, printed: string, opts: ReadOptions): FoundMrz {
  if (mrz.documentNumber === null) return mrz;
  const number = printed.replace(/\]/g, 'J').replace(/[^A-Z0-9]/g, '');
  if (number.length < 5) return mrz;
  const dist = (n: string | null): number => (n === null ? Infinity : editDistance(n, number, 4));
  const own = dist(mrz.documentNumber);
  const scored = equivalentNumberReadings(mrz.lines, opts)
    .map((r) => ({ r, d: dist(r.documentNumber) }))
    .sort((a, b) => a.d - b.d);
  const best = scored[0];
  if (!best || best.d > 2 || best.d >= own || scored[1]?.d === best.d) return mrz;
  const line = mrz.format === 'TD1' ? 0 : 1;
  const fixes = [...best.r.lines[line]!].flatMap((ch, column) =>
    ch === mrz.lines[line]![column] ? [] : [{ line, column, from: mrz.lines[line]![column]!, to: ch, by: 'front_side' as const }],
  );
  return { ...mrz, ...best.r, raw: mrz.raw, corrections: [...mrz.corrections, ...fixes] };
}

/** Glyphs OCR of the front's typeface confuses, as classes; everything else must match exactly. */
const CONFUSABLE = ['0ODQ', '1IL|', '5S', '8B', '2Z', '6G', 'J]'];

/** Equal up to one-for-one confusable glyphs ("Y]2558880" reads "YJ2558880"). */
export function sameGlyphs(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const cls = (c: string): string => CONFUSABLE.find((k) => k.includes(c)) ?? c;
  return [...a].every((c, i) => cls(c) === cls(b[i]!));
}

/**
 * The names line has no check digit. OCR of OCR-B reads a filler '<' as "<K" or
 * "K<" ("OKAFOR<K<IVANA", "RAJESHK<<<", "JOSE<KLUIS") and specks in the filler
 * tail as S or E, and sometimes a filler as "<X" ("JOSE<XLUIS") or "X" ("JOSEXLUIS"). Such Ks, Xs and specks are dropped (an X
 * between two names is put back as a filler) only where the names then agree
 * with the front side's names (an independent reading; compared without spaces,
 * as OCR splits words), the fewest changes first. The MRZ's own letters are kept.
 */
export function confirmNamesByFront(mrz: FoundMrz, front: FrontFields, opts: ReadOptions = {}): FoundMrz {
  const surname = front.surname?.value;
  const given = front.given_names?.value;
  if (!surname || !given) return mrz;
  const squash = (x: string): string => mrzName(x).replace(/ /g, '');
  const agrees = (last: string | null, first: string | null): boolean =>
    last !== null && first !== null && squash(surname) === squash(last) && squash(given) === squash(first);
  if (agrees(mrz.lastName, mrz.firstName)) return mrz;
  const line = mrz.format === 'TD1' ? 2 : 0;
  const from = mrz.format === 'TD1' ? 0 : 5;
  const text = mrz.lines[line]!;
  // "JOSEXLUIS": the filler between two names read as X or K. Put back where the front then agrees
  // word for word (dropping it would agree without spaces, and join the names).
  const exactly = (last: string | null, first: string | null): boolean =>
    last !== null && first !== null && mrzName(surname) === mrzName(last) && mrzName(given) === mrzName(first);
  for (const m of text.matchAll(/(?<=[A-Z])[KX](?=[A-Z])/g)) {
    if (m.index < from) continue;
    const lines = mrz.lines.map((l, i) => (i === line ? text.slice(0, m.index) + '<' + text.slice(m.index + 1) : l));
    const r = readMrz(lines, { ...opts, repair: false });
    if (r && r.valid === mrz.valid && exactly(r.lastName, r.firstName)) {
      const fix = { line, column: m.index, from: m[0], to: '<', by: 'front_side' as const };
      return { ...mrz, lines, lastName: r.lastName, firstName: r.firstName, corrections: [...mrz.corrections, fix] };
    }
  }
  // Ks next to a filler, a run of them too ("NASRINKK<<<").
  // eslint-disable-next-line regexp/no-super-linear-move -- one MRZ line (at most 44 characters)
  const ks = [...text.matchAll(/(?<=<)[KX]+|[KX]+(?=<)/g)].flatMap((m) => [...m[0]].map((_, k) => m.index + k)).filter((i) => i >= from);
  const tail = /<([SKECLXJI]{1,3})<*$/.exec(text);
  const specks = tail ? [...tail[1]!].map((_, k) => tail.index + 1 + k).filter((i) => !ks.includes(i)) : [];
  // The line's first glyph too: the card's edge or a speck before the line read as a letter ("VYILMAZ").
  const suspects = [...new Set([from, ...ks, ...specks])].slice(0, 6);
  const masks = Array.from({ length: (1 << suspects.length) - 1 }, (_, m) => m + 1).sort(
    (x, y) => popcount(x) - popcount(y),
  );
  // The front is an OCR reading too ("CHDI" for CHIDI): failing exact agreement, a drop after which the
  // names are one letter off the front's, where as read they were further off, is taken. The letters
  // stay the MRZ's; the front only tells which look-alikes are fillers.
  const front2 = squash(surname) + '<' + squash(given);
  const off = (last: string | null, first: string | null): number =>
    last === null || first === null ? Infinity : editDistance(front2, squash(last) + '<' + squash(first), 3);
  const nearly = (last: string | null, first: string | null): boolean =>
    front2.length >= 8 && off(last, first) <= 1 && off(mrz.lastName, mrz.firstName) > 1;
  for (const accept of [agrees, nearly]) {
    for (const mask of masks) {
      const drop = suspects.filter((_, b) => mask & (1 << b));
      const fixed = [...text]
        .filter((_, i) => !drop.includes(i))
        .join('')
        .padEnd(text.length, '<');
      const lines = mrz.lines.map((l, i) => (i === line ? fixed : l));
      const r = readMrz(lines, { ...opts, repair: false });
      if (r && r.valid === mrz.valid && accept(r.lastName, r.firstName)) {
        const corrections = drop.map((column) => ({ line, column, from: text[column]!, to: '', by: 'front_side' as const }));
        return { ...mrz, lines, lastName: r.lastName, firstName: r.firstName, corrections: [...mrz.corrections, ...corrections] };
      }
    }
  }
  return mrz;
}

function popcount(n: number): number {
  let c = 0;
  for (let x = n; x; x &= x - 1) c++;
  return c;
}

/** MRZ names are upper-case ASCII with fillers; front names may carry accents and hyphens. */
export function mrzName(s: string): string {
  return foldUpper(s)
    .replace(/[^A-Z]+/g, ' ')
    .trim();
}

function crossCheck(front: FrontFields, mrz: FoundMrz): CrossCheck[] {
  const out: CrossCheck[] = [];
  const names = (f: string | undefined, m: string | null, field: string): void => {
    if (!f || m === null) return;
    const a = mrzName(f);
    const b = mrzName(m);
    // Long names are truncated in the MRZ: a prefix that ends in a full word agrees.
    out.push({ field, front: f, mrz: m, agrees: a === b || (b.length >= 10 && a.startsWith(b)) });
  };
  names(front.surname?.value, mrz.lastName, 'surname');
  names(front.given_names?.value, mrz.firstName, 'given_names');
  const date = (f: string | undefined, m: string | null, field: string): void => {
    if (!f || !m) return;
    const iso = parseFrontDate(f);
    out.push({ field, front: f, mrz: m, agrees: iso === m });
  };
  date(front.birth_date?.value, mrz.birthDate, 'birth_date');
  date(front.expiration_date?.value, mrz.expirationDate, 'expiration_date');
  if (front.document_number && mrz.documentNumber) {
    const f = front.document_number.value.replace(/[^A-Z0-9]/gi, '').toUpperCase();
    out.push({ field: 'document_number', front: front.document_number.value, mrz: mrz.documentNumber, agrees: f === mrz.documentNumber });
  }
  return out;
}

/**
 * "VALIDITA' / VALIDITY" is the start of validity on some cards and the expiry on others. The card
 * tells which: with an expiry label of its own the validity date is the start; with a start label of
 * its own it is the expiry; else the MRZ's expiry decides (equal: the expiry; else the start); with
 * neither it is the expiry (a card printing one validity date prints its end). A range ("01.02.2024 -
 * 01.02.2029") is both.
 */
export function resolveValidity(front: FrontFields, mrz: DateFacts | null): FrontFields {
  const v = front.validity;
  if (!v) return front;
  const { validity: _, ...rest } = front;
  const dates = [...v.value.matchAll(new RegExp(DATE_SOURCE, 'gu'))].map((m) => m[0]);
  if (dates.length >= 2) {
    return { ...rest, validity_start_date: rest.validity_start_date ?? { ...v, value: dates[0]! }, expiration_date: rest.expiration_date ?? { ...v, value: dates[dates.length - 1]! } };
  }
  let role: 'validity_start_date' | 'expiration_date';
  if (rest.expiration_date) role = 'validity_start_date';
  else if (rest.validity_start_date) role = 'expiration_date';
  else if (mrz?.expirationDate) role = parseFrontDate(v.value) === mrz.expirationDate ? 'expiration_date' : 'validity_start_date';
  else role = 'expiration_date';
  return rest[role] ? rest : { ...rest, [role]: v };
}

/** Words of a page outside the MRZ zone. */
function wordsOutside(page: WordPage, exclude: readonly { page: number; bbox: BBox }[]): WordPage['words'] {
  const boxes = exclude.filter((e) => e.page === page.page).map((e) => e.bbox);
  return page.words.filter((w) => !boxes.some((b) => (w.y0 + w.y1) / 2 >= b[1] - 2 && (w.y0 + w.y1) / 2 <= b[3] + 2 && w.x1 >= b[0] - 2 && w.x0 <= b[2] + 2));
}

/**
 * The MRZ's surname (or given name) printed as a word outside the zone, one OCR edit allowed for names
 * of five letters or more: the holder's name is printed on the front; a back shows it only in its MRZ.
 */
export function printsMrzName(page: WordPage, mrz: FoundMrz, exclude: readonly { page: number; bbox: BBox }[]): boolean {
  const names = [mrz.lastName, mrz.firstName]
    .flatMap((n) => mrzName(n ?? '').split(' '))
    .filter((n) => n.length >= 3);
  if (names.length === 0) return false;
  const words = wordsOutside(page, exclude).map((w) => mrzName(w.text)).filter((t) => t.length >= 3 && !t.includes(' '));
  return names.some((n) => words.some((t) => t === n || (n.length >= 5 && editDistance(t, n, 2) <= 1)));
}

/**
 * Dates the labels did not place, placed by the MRZ (labels in small type often read as noise): a
 * printed date equal to the MRZ's birth date is the birth date, one equal to its expiry the expiry, and
 * the one other date between them — after the birth, before the expiry, at most eleven years before
 * it — is the start of validity (the date of issue). Only fields still empty are filled, and only
 * where exactly one date is left. Without an MRZ whose expiry holds its check digit: by their order.
 */
export function datesByMrz(
  front: FrontFields,
  pages: readonly WordPage[],
  exclude: readonly { page: number; bbox: BBox }[],
  mrz: DateFacts | null,
  today: Date = new Date(),
): FrontFields {
  if (!mrz?.birthDate || !mrz.expirationDate || !mrz.checks.some((c) => c.field === 'expiration_date' && c.valid)) return datesByOrder(front, printedDates(pages, exclude), today);
  return placeByMrz({ ...front }, printedDates(pages, exclude), { ...mrz, birthDate: mrz.birthDate, expirationDate: mrz.expirationDate });
}

/** Dates printed outside the MRZ zone, each with its words' box. */
function printedDates(pages: readonly WordPage[], exclude: readonly { page: number; bbox: BBox }[]): { iso: string; value: FrontValue }[] {
  const found: { iso: string; value: FrontValue }[] = [];
  for (const page of pages) {
    for (const ws of dateRuns(wordsOutside(page, exclude))) {
      const text = ws.map((w) => w.text).join(' ');
      const m = new RegExp(DATE_SOURCE, 'u').exec(text);
      const iso = m ? parseFrontDate(m[0]) : null;
      if (!m || !iso) continue;
      const box = ws.reduce<BBox>((b, w) => [Math.min(b[0], w.x0), Math.min(b[1], w.y0), Math.max(b[2], w.x1), Math.max(b[3], w.y1)], [Infinity, Infinity, -Infinity, -Infinity]);
      const confidence = ws.reduce((s, w) => s + (w.confidence ?? 1), 0) / ws.length;
      found.push({ iso, value: { value: m[0], page: page.page, bbox: box, confidence } });
    }
  }
  return found;
}

/**
 * Without an MRZ to compare with, an identity document's dates keep their order: birth, then issue,
 * then expiry, and a document is valid for at most ten years. Dates no label placed fill the fields
 * still empty: the latest is the expiry (a lone date only where it lies ahead of today: no birth or
 * issue date does), the earliest the birth date where it lies more than eleven years before the expiry
 * (or fourteen before today), and one date left between them, at most eleven years before the expiry,
 * the issue date.
 */
export function datesByOrder(front: FrontFields, found: readonly { iso: string; value: FrontValue }[], today: Date): FrontFields {
  const out: FrontFields = { ...front };
  const labelled = (['birth_date', 'expiration_date', 'validity_start_date'] as const).map((f) => (out[f] ? parseFrontDate(out[f].value) : null));
  const isos = [...new Set(found.map((d) => d.iso))].filter((iso) => !labelled.includes(iso)).sort();
  if (isos.length === 0) return out;
  const valueOf = (iso: string): FrontValue => found.find((d) => d.iso === iso)!.value;
  const yearsBefore = (iso: string, years: number): string => {
    const d = new Date(iso);
    return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate())).toISOString().slice(0, 10);
  };
  const now = today.toISOString().slice(0, 10);
  let expiry = labelled[1];
  const left = [...isos];
  if (!out.expiration_date) {
    const latest = left[left.length - 1]!;
    const laterThanLabelled = labelled.every((d) => d === null || d < latest);
    if (laterThanLabelled && (left.length >= 2 || latest > now)) {
      out.expiration_date = valueOf(latest);
      expiry = latest;
      left.pop();
    }
  }
  if (!out.birth_date && left.length > 0) {
    const earliest = left[0]!;
    const before = expiry ? earliest < yearsBefore(expiry, 11) : earliest < yearsBefore(now, 14);
    if (before && labelled.every((d) => d === null || d > earliest)) {
      out.birth_date = valueOf(earliest);
      left.shift();
    }
  }
  if (!out.validity_start_date && expiry && left.length === 1) {
    const d = left[0]!;
    const birth = out.birth_date ? parseFrontDate(out.birth_date.value) : null;
    if (d < expiry && d >= yearsBefore(expiry, 11) && (birth === null || d > birth)) out.validity_start_date = valueOf(d);
  }
  return out;
}

function placeByMrz(out: FrontFields, found: readonly { iso: string; value: FrontValue }[], mrz: DateFacts & { birthDate: string; expirationDate: string }): FrontFields {
  const used = new Set(
    (['birth_date', 'expiration_date', 'validity_start_date'] as const).map((f) => (out[f] ? parseFrontDate(out[f].value) : null)).filter((d) => d),
  );
  const take = (field: 'birth_date' | 'expiration_date', iso: string): void => {
    const hit = found.find((d) => d.iso === iso);
    if (!out[field] && hit) out[field] = hit.value;
    used.add(iso);
  };
  take('birth_date', mrz.birthDate);
  take('expiration_date', mrz.expirationDate);
  if (!out.validity_start_date) {
    const exp = new Date(mrz.expirationDate);
    const earliest = new Date(Date.UTC(exp.getUTCFullYear() - 11, exp.getUTCMonth(), exp.getUTCDate())).toISOString().slice(0, 10);
    const left = [...new Set(found.map((d) => d.iso))].filter((iso) => !used.has(iso) && iso > mrz.birthDate! && iso < mrz.expirationDate! && iso >= earliest);
    if (left.length === 1) out.validity_start_date = found.find((d) => d.iso === left[0])!.value;
  }
  return out;
}

/**
 * Runs of up to three words, each starting a run, joined left to right where the next word follows
 * within two glyph heights and overlaps it in height: a date OCR cut over two lines ("16 MAY" and a
 * "2020" set a little lower) is one run.
 */
function dateRuns(words: readonly WordPage['words'][number][]): WordPage['words'][number][][] {
  const out: WordPage['words'][number][][] = [];
  for (const start of words) {
    const run = [start];
    for (let k = 0; k < 2; k++) {
      const last = run[run.length - 1]!;
      const h = Math.min(last.y1 - last.y0, start.y1 - start.y0);
      const next = words
        .filter((w) => !run.includes(w) && w.x0 >= last.x1 - h * 0.3 && w.x0 - last.x1 <= h * 2 && Math.min(w.y1, last.y1) - Math.max(w.y0, last.y0) >= 0.3 * Math.min(w.y1 - w.y0, last.y1 - last.y0))
        .sort((a, b) => a.x0 - b.x0)[0];
      if (!next) break;
      run.push(next);
    }
    out.push(run);
  }
  return out;
}

/**
 * A document title printed on a card of its own: on a page without an MRZ band, or further from the
 * band than a card is tall (both sides scanned on one sheet), or beside it (photographed side by side). A card is about 0.63 times as tall as it is
 * wide, and its MRZ lines span about 0.87 of its width (ICAO 9303 TD1-TD3 alike).
 */
function titleOffBand(page: WordPage, exclude: readonly { page: number; bbox: BBox }[]): boolean {
  const titles = titleRuns(page.words).filter((l) => TITLE_TYPES.some((t) => t.re.test(foldUpper(l.text))));
  if (titles.length === 0) return false;
  const band = mrzBandLines(page);
  const read = exclude.filter((e) => e.page === page.page).map((e) => e.bbox);
  // The band's own words (fillers, or ten MRZ characters in a row): a card beside it puts its print on the
  // band's lines, and the band is not as wide as both cards.
  const zone = band.flatMap((l) => l.words.filter((w) => w.text.includes('<') || /^[A-Z0-9<]{10,}$/.test(w.text)));
  const bandBox = (ws: readonly { x0: number; y0: number; x1: number; y1: number }[]): BBox => [Math.min(...ws.map((l) => l.x0)), Math.min(...ws.map((l) => l.y0)), Math.max(...ws.map((l) => l.x1)), Math.max(...ws.map((l) => l.y1))];
  const boxes: BBox[] = [...read, ...(band.length >= 2 ? [bandBox(zone.length > 0 ? zone : band)] : [])];
  if (boxes.length === 0) return true;
  return titles.some((t) =>
    boxes.every((b) => {
      const cardH = ((b[2] - b[0]) / 0.87) * 0.63;
      const cy = (t.y0 + t.y1) / 2;
      // Above the band by more than a card, below it, or beside it (the two sides photographed side by side).
      return cy < b[1] - cardH * 1.1 || cy > b[3] + cardH * 0.5 || t.x1 < b[0] || t.x0 > b[2];
    }),
  );
}

/**
 * Runs of up to four words read left to right, each next word beside the one before (within two glyph
 * heights, its middle within half a glyph height of it): a title in large type that OCR split over two
 * lines ("PERMESSO DI" with a line beside it, "SOGGIORNO" a little higher with another) is one run.
 */
function titleRuns(words: readonly WordPage['words'][number][]): { text: string; x0: number; y0: number; x1: number; y1: number }[] {
  const out: { text: string; x0: number; y0: number; x1: number; y1: number }[] = [];
  const mid = (w: { y0: number; y1: number }): number => (w.y0 + w.y1) / 2;
  for (const start of words) {
    const run = [start];
    for (let k = 0; k < 3; k++) {
      const last = run[run.length - 1]!;
      const h = last.y1 - last.y0;
      const next = words
        .filter((w) => !run.includes(w) && w.x0 >= last.x1 - h * 0.3 && w.x0 - last.x1 <= h * 2 && Math.abs(mid(w) - mid(last)) <= h * 0.5)
        .sort((a, b) => a.x0 - b.x0)[0];
      if (!next) break;
      run.push(next);
      out.push({ text: run.map((w) => w.text).join(' '), x0: start.x0, y0: Math.min(...run.map((w) => w.y0)), x1: next.x1, y1: Math.max(...run.map((w) => w.y1)) });
    }
    out.push({ text: start.text, x0: start.x0, y0: start.y0, x1: start.x1, y1: start.y1 });
  }
  return out;
}

/**
 * Lines of a page in the MRZ alphabet: a run of three fillers in a line that reads as MRZ, or, where a
 * photo's MRZ read in pieces ("22<<<<<<<<", "TRIRLC888714219<<cccc"), ten or more MRZ characters in a
 * row holding two fillers (no other print on a card has '<<').
 */
function mrzBandLines(page: WordPage): ReturnType<typeof buildLines> {
  return buildLines(page).filter((l) => {
    const t = l.text.replace(/\s+/g, '');
    return (/<{3,}/.test(t) && cleanMrzLine(l.text) !== null) || [...t.matchAll(/[A-Z0-9<]{10,}/g)].some((m) => m[0].includes('<<'));
  });
}

/** Two or more lines of the page in the MRZ alphabet with filler runs ("IDD<<T220001293<<<<"), or an MRZ read on it. */
function hasMrzBand(page: WordPage, exclude: readonly { page: number; bbox: BBox }[]): boolean {
  if (exclude.some((e) => e.page === page.page)) return true;
  return mrzBandLines(page).length >= 2;
}

/**
 * An identity document that reads: an MRZ that reads (zoneReads), a zone's dates line with
 * both its check digits holding (ZoneDates), a title under its state's printed name and one printed field, or a document type
 * (title or MRZ code) and two printed fields. Noise that happens to contain a title word is neither.
 */
export function legibleId(a: IdAnalysis): boolean {
  if (a.mrz && zoneReads(a.mrz)) return true;
  if (a.zoneDates) return true;
  // A title and the issuing state's name over it ("BUNDESREPUBLIK DEUTSCHLAND" / "AUFENTHALTSTITEL") are a
  // document's own heading, no words a page of noise or a statement spells by chance: one field more will do.
  if (a.type !== null && a.printedState && Object.keys(a.front).length >= 1) return true;
  return a.type !== null && Object.keys(a.front).length >= 2;
}

/**
 * A zone that reads: two of its check digits hold, or one holds and its issuing state is a state's code. One
 * check digit alone is no evidence: on noise read as zone-shaped lines it holds about one time in ten, more
 * once the repair search may change a glyph to make it hold; a known state code besides it comes by chance
 * about one time in seventy (a page of specks read as "…RTE…" with only the number's check holding was taken
 * for an identity card).
 */
export function zoneReads(m: Pick<FoundMrz, 'checks' | 'issuingState'>): boolean {
  const held = m.checks.filter((c) => c.valid).length;
  return held >= 2 || (held === 1 && m.issuingState !== null && knownState(m.issuingState));
}

export function isIdType(t: DocumentType): t is IdType {
  return t === 'residency_permit' || t === 'identity_card' || t === 'passport';
}
