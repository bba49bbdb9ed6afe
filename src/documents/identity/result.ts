/**
 * pre_result (right after validation) and parsing_result of identity documents,
 * built from one IdAnalysis. Every field says where it came from; MRZ fields with
 * a passing check digit are trusted most, front fields carry their OCR confidence.
 */
import type { Field, FieldSource, ParseOutcome, PreResult, ValidationErrorItem, ValidationStatus } from '../types.ts';
import type { IdAnalysis } from './analyse.ts';
import { mrzName } from './analyse.ts';
import type { FrontValue } from './front.ts';
import { parseFrontDate } from './front.ts';
import { checkDigit, knownState } from './mrz.ts';
import { editDistance } from '../text.ts';

interface Picked<T> {
  value: T | null;
  confidence: number;
  source: FieldSource | null;
}

const NONE: Picked<never> = { value: null, confidence: 0, source: null };

const r2 = (n: number): number => Math.round(n * 100) / 100;

function fromFront<T>(v: FrontValue | undefined, map: (s: string) => T | null): Picked<T> {
  if (!v) return NONE;
  const value = map(v.value);
  if (value === null) return NONE;
  return { value, confidence: r2(Math.min(0.95, v.confidence)), source: { page: v.page, bbox: v.bbox } };
}

function fromMrz<T>(a: IdAnalysis, value: T | null, checked: boolean | null): Picked<T> {
  const m = a.mrz;
  if (!m || value === null || value === '') return NONE;
  // A passing check digit proves the characters where the composite digit holds too; where it fails, the
  // zone was misread somewhere, and a field's own digit passes a misreading one time in ten ("CF2T5S5SI"
  // for CF275594V): the printed side's reading, where there is one, is taken before it.
  // A failing composite is no evidence against a field whose own digit holds where it did not read at all
  // (lost at the card's edge), or where another field's own digit fails (its failure is explained).
  const composite = compositeOf(m);
  const confidence = checked === true ? (composite === 'fails' ? 0.85 : 0.98) : checked === false ? 0.4 : Math.min(0.9, m.ocrConfidence);
  return { value, confidence: r2(confidence), source: { page: m.page, bbox: m.bbox } };
}

/**
 * The composite check digit: holds; did not read (a filler where the line's last digit stands); fails
 * where another field's own digit fails too (explained: the composite covers that field); or fails.
 */
function compositeOf(m: NonNullable<IdAnalysis['mrz']>): 'holds' | 'unread' | 'explained' | 'fails' {
  if (m.checks.find((c) => c.field === 'composite')?.valid !== false) return 'holds';
  if (m.lines[1]!.endsWith('<')) return 'unread';
  return m.checks.every((c) => c.field === 'composite' || c.valid) ? 'fails' : 'explained';
}

/**
 * The document number. Where the composite did not read, the number's own digit is the one check left
 * (a misreading passes it one time in ten): the MRZ's number is taken over the printed one only where
 * the two are readings of one number — up to two glyphs apart ("682158770" printed for B82158770) —
 * else the print stands.
 */
function pickNumber(a: IdAnalysis, front: Picked<string>): Picked<string> {
  const m = a.mrz;
  const formatted = m ? zoneNumberByFormat(m, a) : null;
  let mrz = fromMrz(a, formatted?.number ?? m?.documentNumber ?? null, formatted ? formatted.valid : checkOf(a, 'document_number'));
  if (m && mrz.value !== null && front.value !== null && compositeOf(m) === 'unread' && editDistance(mrz.value, front.value, 3) > 2) {
    mrz = { ...mrz, confidence: 0.85 };
  }
  return prefer(mrz, front, eq);
}

/**
 * The zone's number read to its state's format (byNumberFormat), where it breaks that format: taken where the
 * number's own check digit, as printed in the zone, holds it ("RB0SK4N3L" in a German zone whose alphabet has
 * no B or S, its digit holding for R805K4N3L as well: weights 3 and 7 times 3 and 23 add to 170). The check
 * then says whether it holds; null where no format changes the number.
 */
function zoneNumberByFormat(m: NonNullable<IdAnalysis['mrz']>, a: IdAnalysis): { number: string; valid: boolean } | null {
  const n = m.documentNumber;
  if (!n) return null;
  const formatted = byNumberFormat(n, a.issuer ?? null, a.type);
  if (formatted === n) return null;
  // The number's check digit: TD1 after the number on line 1 (a nine-character number), TD2/TD3 on line 2.
  const digit = m.format === 'TD1' ? m.lines[0]![14] : m.lines[1]![9];
  if (n.length !== 9 || digit === undefined || checkDigit(formatted) !== digit) return null;
  return { number: formatted, valid: true };
}

/**
 * The MRZ's nationality has no check digit of its own; in a zone whose every check digit holds, a code
 * that names a state is taken over the print (whose label, in small type, leaves remains such as "ORAL
 * ITY" of "NATIONALITY" where its value is read).
 */
function mrzNationality(a: IdAnalysis): Picked<string> {
  const m = a.mrz;
  const p = fromMrz(a, m?.nationality ?? null, null);
  return m?.valid && p.value !== null && knownState(p.value) ? { ...p, confidence: 0.95 } : p;
}

/** MRZ with a valid check beats the front; the front beats an MRZ that fails its check. */
function prefer<T>(mrz: Picked<T>, front: Picked<T>, same: (a: T, b: T) => boolean): Picked<T> {
  if (mrz.value !== null && front.value !== null && same(mrz.value, front.value)) {
    return { ...mrz, confidence: Math.max(mrz.confidence, 0.99) };
  }
  if (mrz.value !== null && mrz.confidence >= 0.9) return mrz;
  if (front.value !== null) return front;
  return mrz;
}

function checkOf(a: IdAnalysis, field: string): boolean | null {
  return a.mrz?.checks.find((c) => c.field === field)?.valid ?? null;
}

const eq = (x: string, y: string): boolean => x === y;
const nameEq = (x: string, y: string): boolean => mrzName(x) === mrzName(y);

/** Glyphs OCR confuses in a document number's typeface, each way: the letter for a digit and the digit for a letter. */
const AS_DIGIT: Readonly<Record<string, string>> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', A: '4', S: '5', G: '6', B: '8' };
const AS_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '8': 'B' };

/**
 * Public document-number formats, as character classes per position: a number printed in a typeface OCR
 * misreads (O for 0, B for 8, S for 5, I for 1) has no check digit on the front, but its format tells a
 * letter's place from a digit's.
 * - Germany (PAuswV/AufenthV; identity cards, electronic residence permits, passports): nine characters
 *   from the digits and the consonants C F G H J K L M N P R T V W X Y Z — no vowels, no B D Q S.
 * - Italy, carta d'identità elettronica: two letters, five digits, two more characters ("CA00000AA").
 */
const NUMBER_FORMATS: { state: string; types: readonly (IdAnalysis['type'])[]; classes: readonly RegExp[] }[] = [
  { state: 'D', types: ['identity_card', 'residency_permit', 'passport', null], classes: Array<RegExp>(9).fill(/[0-9CFGHJKLMNPRTVWXYZ]/) },
  { state: 'ITA', types: ['identity_card'], classes: [/[A-Z]/, /[A-Z]/, /\d/, /\d/, /\d/, /\d/, /\d/, /[A-Z0-9]/, /[A-Z0-9]/] },
];

/**
 * A printed document number read to its state's format (NUMBER_FORMATS): each character outside its
 * position's class is replaced by the look-alike in it (O → 0 where a digit or a consonant-only alphabet
 * stands, 0 → O where a letter must). Kept as read where no format is known, the length differs, or a
 * character has no look-alike in its class.
 */
export function byNumberFormat(text: string, state: string | null, type: IdAnalysis['type']): string {
  const format = NUMBER_FORMATS.find((f) => f.state === state && f.types.includes(type));
  if (!format || text.length !== format.classes.length) return text;
  let out = '';
  for (const [i, c] of [...text].entries()) {
    const cls = format.classes[i]!;
    if (cls.test(c)) out += c;
    else if (AS_DIGIT[c] !== undefined && cls.test(AS_DIGIT[c])) out += AS_DIGIT[c];
    else if (AS_LETTER[c] !== undefined && cls.test(AS_LETTER[c])) out += AS_LETTER[c];
    else return text;
  }
  return out;
}

export interface IdFields {
  full_name: Picked<string>;
  document_number: Picked<string>;
  validity_start_date: Picked<string>;
  expiration_date: Picked<string>;
  issuing_authority: Picked<string>;
  date_of_birth: Picked<string>;
  place_of_birth: Picked<string>;
  citizenship: Picked<string>;
}

/**
 * A zone's dates line read alone (analyse.ts ZoneDates), where no zone read whole: its dates hold two check
 * digits between them and are taken over the print unless the print agrees; its nationality (no check digit)
 * only where the print gives none.
 */
function fromZoneDates<T>(a: IdAnalysis, value: T | null): Picked<T> {
  const z = a.mrz ? null : a.zoneDates;
  if (!z || value === null) return NONE;
  return { value, confidence: 0.9, source: { page: z.page, bbox: z.bbox } };
}

export function idFields(a: IdAnalysis): IdFields {
  const f = a.front;
  const m = a.mrz;
  const frontName =
    f.given_names && f.surname
      ? {
          value: `${f.given_names.value} ${f.surname.value}`.toUpperCase(),
          confidence: r2(Math.min(0.95, (f.given_names.confidence + f.surname.confidence) / 2)),
          source: { page: f.surname.page, bbox: f.surname.bbox } as FieldSource,
        }
      : NONE;
  const mrzFull = m && m.lastName ? [m.firstName, m.lastName].filter((x) => x).join(' ') : null;
  const place = fromFront(f.birth_place, (s) => s.toUpperCase());
  return {
    // Printed names are authoritative (accents, no truncation); the MRZ confirms them.
    full_name: pickName(frontName.value === null && f.full_name ? fromFront(f.full_name, (s) => s.toUpperCase()) : frontName, a, mrzFull),
    document_number: pickNumber(
      a,
      fromFront(f.document_number, (s) => byNumberFormat(s.replace(/\s+/g, '').toUpperCase(), a.issuer ?? null, a.type)),
    ),
    validity_start_date: fromFront(f.validity_start_date, parseFrontDate),
    expiration_date: prefer(
      m ? fromMrz(a, m.expirationDate, checkOf(a, 'expiration_date')) : fromZoneDates(a, a.zoneDates?.expirationDate ?? null),
      fromFront(f.expiration_date, parseFrontDate),
      eq,
    ),
    // The printed authority ("QUESTURA DI VERONA"); the MRZ's issuing state is a country, not an authority.
    issuing_authority: fromFront(f.issuing_authority, (s) => s.toUpperCase()),
    date_of_birth: prefer(
      m ? fromMrz(a, m.birthDate, checkOf(a, 'birth_date')) : fromZoneDates(a, a.zoneDates?.birthDate ?? null),
      fromFront(f.birth_date, parseFrontDate),
      eq,
    ),
    place_of_birth: place,
    citizenship: prefer(
      m ? mrzNationality(a) : { ...fromZoneDates(a, a.zoneDates?.nationality ?? null), confidence: 0.6 },
      fromFront(f.citizenship, (s) => s.toUpperCase()),
      eq,
    ),
  };
}

/**
 * Printed names are authoritative (accents, no truncation) where the MRZ confirms them. Where they
 * disagree, a valid MRZ's names are taken (a printed name read with a stray glyph, a label word in
 * it), unless the MRZ's names line is full: then the MRZ may have truncated them, and the print stands.
 */
function pickName(front: Picked<string>, a: IdAnalysis, mrzFull: string | null): Picked<string> {
  const m = a.mrz;
  if (front.value === null) return fromMrz(a, mrzFull, null);
  if (mrzFull === null || !m) return front;
  if (nameEq(front.value, mrzFull)) return { ...front, confidence: 0.99 };
  const namesLine = m.format === 'TD1' ? m.lines[2]! : m.lines[0]!;
  const truncated = !namesLine.endsWith('<');
  // Given names the names line lacks altogether, beside a surname it agrees with: OCR read the given
  // names as fillers ("SHARMA<<<<<<…" for SHARMA<<AMIT): the print stands.
  const givenLost = !m.firstName && a.front.given_names !== undefined && a.front.surname !== undefined && nameEq(a.front.surname.value, m.lastName ?? '');
  if (givenLost) return front;
  if (m.valid && !truncated) return { ...fromMrz(a, mrzFull, null), confidence: 0.9 };
  // An MRZ that fails a check digit still has a names line of its own: where the printed names are not a
  // misreading of it but other words altogether (a value of another field under the name's label, its own
  // value not read: "WHEDERLASSUNGSERLAUBNIS" for BENALI), and the names line is well formed, it stands.
  const a1 = mrzName(front.value).replace(/ /g, '');
  const b1 = mrzName(mrzFull).replace(/ /g, '');
  const far = editDistance(a1, b1, 99) > Math.max(2, Math.min(a1.length, b1.length) / 3);
  if (!truncated && far && WELL_FORMED_NAMES.test(m.format === 'TD1' ? namesLine : namesLine.slice(5))) {
    return { ...fromMrz(a, mrzFull, null), confidence: 0.8 };
  }
  return front;
}

/** A names field as ICAO 9303 writes it: letters in words parted by '<', surname and given names by '<<', filler to the end. */
const WELL_FORMED_NAMES = /^[A-Z]+(?:<[A-Z]+)*<<[A-Z]+(?:<[A-Z]+)*<*$/;

export function preResult(a: IdAnalysis): PreResult {
  const x = idFields(a);
  return {
    full_name: x.full_name.value,
    document_number: x.document_number.value,
    validity_start_date: x.validity_start_date.value,
    expiration_date: x.expiration_date.value,
    issuing_authority: x.issuing_authority.value,
    completeness: a.completeness ?? 'front_only',
  };
}

/** Validation verdict of an identity document (after its type is known). */
export function idValidation(
  a: IdAnalysis,
  checkIdCompleteness: boolean,
): { status: ValidationStatus; errors: ValidationErrorItem[]; pre_result: PreResult } {
  const pre = preResult(a);
  if (checkIdCompleteness && a.completeness !== 'both_sides') {
    const missing = a.completeness === 'back_only' ? 'front' : 'back';
    return {
      status: 'id_doc_incomplete',
      errors: [{ code: 'id_side_missing', message: `only one side of the document was found; the ${missing} side is missing` }],
      pre_result: pre,
    };
  }
  return { status: 'success', errors: [], pre_result: pre };
}

function field<T>(p: Picked<T>): Field<T | null> {
  const out: Field<T | null> = { value: p.value, confidence: p.value === null ? 0 : p.confidence };
  if (p.source) out.source = p.source;
  return out;
}

export function idParseOutcome(a: IdAnalysis): ParseOutcome {
  const x = idFields(a);
  const m = a.mrz;
  const disagreements = a.crossChecks.filter((c) => !c.agrees);
  const conformed = m !== null && m.valid && disagreements.length === 0;
  const result: Record<string, Field<unknown>> = {
    expiration_date: field(x.expiration_date),
    validity_start_date: field(x.validity_start_date),
    full_name: field(x.full_name),
    date_of_birth: field(x.date_of_birth),
    place_of_birth: field(x.place_of_birth),
    citizenship: field(x.citizenship),
    document_conformed: { value: conformed, confidence: m ? (conformed ? 0.95 : 0.9) : 0.5 },
    document_number: field(x.document_number),
    issuing_authority: field(x.issuing_authority),
    front_back_completed: { value: a.completeness === 'both_sides', confidence: 0.9 },
    mrz: {
      value: m
        ? {
            format: m.format,
            lines: m.lines,
            raw_lines: m.raw,
            document_code: m.documentCode,
            issuing_state: m.issuingState,
            valid: m.valid,
            checks: m.checks,
            corrections: m.corrections,
            cross_checks: a.crossChecks,
          }
        : null,
      confidence: m ? r2(m.valid ? 0.98 : m.ocrConfidence * 0.5) : 0,
      ...(m ? { source: { page: m.page, bbox: m.bbox } } : {}),
    },
  };
  const picked = [x.full_name, x.document_number, x.expiration_date, x.date_of_birth];
  const found = picked.filter((p) => p.value !== null);
  const mean = found.length ? found.reduce((s, p) => s + p.confidence, 0) / picked.length : 0;
  const confidence = r2(Math.max(0, Math.min(1, mean * (conformed ? 1 : 0.85))));
  return { parsing_result: result, parsing_confidence: confidence };
}
