/**
 * Machine-readable zone: checked reading of TD1 (3×30), TD2 (2×36) and TD3 (2×44)
 * lines. OCR confusions (O/0, I/1, B/8, S/5, Z/2, G/6 …) are corrected only where
 * a check digit confirms the correction; the final fields come from the `mrz`
 * library. Dates are resolved to ISO with explicit century rules.
 */
import { parse, states } from 'mrz';
import { editDistance, trimRuns } from '../text.ts';
import type { ParseResult } from 'mrz';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3';

export const MRZ_LENGTHS: Record<MrzFormat, { lines: number; len: number }> = {
  TD1: { lines: 3, len: 30 },
  TD2: { lines: 2, len: 36 },
  TD3: { lines: 2, len: 44 },
};

export interface MrzCheck {
  field: 'document_number' | 'birth_date' | 'expiration_date' | 'personal_number' | 'composite';
  valid: boolean;
}

export interface MrzCorrection {
  line: number;
  column: number;
  from: string;
  to: string;
  /** What confirmed the change. */
  by: 'check_digit' | 'country_code' | 'name_alphabet' | 'filler' | 'front_side' | 'glyph_shape';
}

export interface MrzReading {
  format: MrzFormat;
  /** Lines as read, after length normalisation. */
  raw: string[];
  /** Lines after confirmed corrections; parsed by `mrz`. */
  lines: string[];
  valid: boolean;
  checks: MrzCheck[];
  corrections: MrzCorrection[];
  documentCode: string | null;
  issuingState: string | null;
  documentNumber: string | null;
  nationality: string | null;
  lastName: string | null;
  firstName: string | null;
  sex: string | null;
  /** Raw YYMMDD and resolved ISO dates. */
  birthDateRaw: string | null;
  expirationDateRaw: string | null;
  birthDate: string | null;
  expirationDate: string | null;
}

const WEIGHTS = [7, 3, 1];

export function checkDigit(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += v * WEIGHTS[i % 3]!;
  }
  return String(sum % 10);
}

type Kind = 'num' | 'alnum';
interface Span {
  line: number;
  start: number;
  end: number;
}
interface CheckedField {
  field: MrzCheck['field'];
  parts: Span[];
  check: Span;
  kind: Kind;
}

const sp = (line: number, start: number, end: number): Span => ({ line, start, end });

const LAYOUT: Record<MrzFormat, { checked: CheckedField[]; alpha: Span[]; names: Span; optional: Span[] }> = {
  TD1: {
    checked: [
      { field: 'document_number', parts: [sp(0, 5, 14)], check: sp(0, 14, 15), kind: 'alnum' },
      { field: 'birth_date', parts: [sp(1, 0, 6)], check: sp(1, 6, 7), kind: 'num' },
      { field: 'expiration_date', parts: [sp(1, 8, 14)], check: sp(1, 14, 15), kind: 'num' },
      {
        field: 'composite',
        parts: [sp(0, 5, 30), sp(1, 0, 7), sp(1, 8, 15), sp(1, 18, 29)],
        check: sp(1, 29, 30),
        kind: 'alnum',
      },
    ],
    alpha: [sp(0, 0, 5), sp(1, 15, 18)],
    names: sp(2, 0, 30),
    optional: [sp(0, 15, 30), sp(1, 18, 29)],
  },
  TD2: {
    checked: [
      { field: 'document_number', parts: [sp(1, 0, 9)], check: sp(1, 9, 10), kind: 'alnum' },
      { field: 'birth_date', parts: [sp(1, 13, 19)], check: sp(1, 19, 20), kind: 'num' },
      { field: 'expiration_date', parts: [sp(1, 21, 27)], check: sp(1, 27, 28), kind: 'num' },
      { field: 'composite', parts: [sp(1, 0, 10), sp(1, 13, 20), sp(1, 21, 35)], check: sp(1, 35, 36), kind: 'alnum' },
    ],
    alpha: [sp(0, 0, 5), sp(1, 10, 13)],
    names: sp(0, 5, 36),
    optional: [sp(1, 28, 35)],
  },
  TD3: {
    checked: [
      { field: 'document_number', parts: [sp(1, 0, 9)], check: sp(1, 9, 10), kind: 'alnum' },
      { field: 'birth_date', parts: [sp(1, 13, 19)], check: sp(1, 19, 20), kind: 'num' },
      { field: 'expiration_date', parts: [sp(1, 21, 27)], check: sp(1, 27, 28), kind: 'num' },
      { field: 'personal_number', parts: [sp(1, 28, 42)], check: sp(1, 42, 43), kind: 'alnum' },
      { field: 'composite', parts: [sp(1, 0, 10), sp(1, 13, 20), sp(1, 21, 43)], check: sp(1, 43, 44), kind: 'alnum' },
    ],
    alpha: [sp(0, 0, 5), sp(1, 10, 13)],
    names: sp(0, 5, 44),
    optional: [sp(1, 28, 42)],
  },
};

/** Letter ↔ digit pairs OCR confuses in OCR-B and similar faces. */
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', T: '7' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '4': 'A', '7': 'T' };

/** Cleans one OCR'd line to the MRZ alphabet; null when it does not look like MRZ at all. */
export function cleanMrzLine(text: string): string | null {
  const s = text
    .toUpperCase()
    .replace(/[«»]/g, '<<')
    .replace(/[‹›]/g, '<')
    .replace(/\s+/g, '');
  // A names line may come back short: OCR stops inside its filler tail ("SINGH<<ARBEN<<<<<<<").
  if (s.length < 20 && !(s.length >= 12 && /^[A-Z]+<<[A-Z]/.test(s))) return null;
  const good = s.replace(/[^A-Z0-9<]/g, '');
  if (good.length < s.length * 0.9) return null;
  if (!good.includes('<') && !(good.length >= 28 && /\d/.test(good))) return null;
  return good;
}

/** Fixes a line length off by a few characters by resizing its longest filler run. */
export function fitLength(line: string, len: number): string | null {
  const diff = len - line.length;
  if (diff === 0) return line;
  let best = { at: -1, n: 0 };
  for (const m of line.matchAll(/<+/g)) if (m[0].length > best.n) best = { at: m.index, n: m[0].length };
  // Long filler runs are where OCR loses or doubles characters: a run of 6+ may be
  // resized by up to half the line's length (check digits then confirm or refuse).
  const slack = best.n >= 6 ? Math.floor(len / 2) : 4;
  if (Math.abs(diff) > slack) return null;
  if (best.at < 0) return diff > 0 ? line + '<'.repeat(diff) : null;
  if (best.n + diff < 1) return null;
  return line.slice(0, best.at) + '<'.repeat(best.n + diff) + line.slice(best.at + best.n);
}

function get(lines: string[], s: Span): string {
  return lines[s.line]!.slice(s.start, s.end);
}

function setChar(lines: string[], line: number, col: number, ch: string): void {
  const l = lines[line]!;
  lines[line] = l.slice(0, col) + ch + l.slice(col + 1);
}

function passes(lines: string[], f: CheckedField): boolean {
  if (f.field === 'document_number' && lines.length === 3) return td1LongNumber(lines) ?? plainPasses(lines, f);
  return plainPasses(lines, f);
}

/**
 * TD1 document numbers longer than 9 characters: '<' in the check position, the
 * number continues in the optional data and ends with its check digit.
 */
function td1LongNumber(lines: string[]): boolean | null {
  const l = lines[0]!;
  if (l[14] !== '<' || l[15] === '<') return null;
  const end = l.indexOf('<', 15);
  const tail = l.slice(15, end < 0 ? 30 : end);
  if (tail.length < 2) return null;
  // Issuers differ on whether the '<' at position 15 is weighted (Belgium: yes,
  // Portugal: no); ICAO 9303 is unclear, so both are accepted, as in `mrz`.
  const cd = tail.slice(-1);
  return checkDigit(l.slice(5, 15) + tail.slice(0, -1)) === cd || checkDigit(l.slice(5, 14) + tail.slice(0, -1)) === cd;
}

function plainPasses(lines: string[], f: CheckedField): boolean {
  const value = f.parts.map((p) => get(lines, p)).join('');
  const cd = get(lines, f.check);
  // ICAO allows '<' as the check digit of an empty optional field.
  if (cd === '<') return f.field === 'personal_number' && /^<*$/.test(value);
  // A date holds digits (fillers where a part is unknown): letters that happen to weigh right
  // ("TOO620" for 700620: T 29 × 7 + O 24 × 3 + O 24 … ≡ 7) are a misreading, not a pass.
  if (f.kind === 'num' && !/^[0-9<]+$/.test(value)) return false;
  // A document number is left-aligned: fillers only pad its end ("<<YJI1A33" is a line read shifted).
  if (f.field === 'document_number' && /<[^<]/.test(value)) return false;
  // An issuer whose numbers avoid the letters that read as digits: such a letter is a misread digit.
  if (f.field === 'document_number' && ![...value].every((c) => numberGlyphAllowed(lines, c))) return false;
  return checkDigit(value) === cd;
}

/**
 * Document numbers of issuers that use a restricted alphabet. Germany's identity cards, residence titles and
 * passports (the serial numbers since 2010, PAuswV/PassV) use the digits and only the consonants that cannot be
 * taken for a digit: C F G H J K L M N P R T V W X Y Z (no A B D E I O Q S U). A B, O or S there is an 8, 0 or 5
 * read as a letter, and two readings that differ only by such letters are not both numbers.
 */
const NUMBER_ALPHABET: Readonly<Record<string, RegExp>> = { 'D<<': /^[0-9CFGHJKLMNPRTVWXYZ<]$/ };

/** Digits a letter a restricted number alphabet bars stands for, beyond TO_DIGIT (OCR-B's 6 read as E). */
const BARRED_TO_DIGIT: Readonly<Record<string, string>> = { ...TO_DIGIT, E: '6' };

/** Whether a glyph may stand in the document number of the zone's issuing state. */
function numberGlyphAllowed(lines: readonly string[], c: string): boolean {
  const re = NUMBER_ALPHABET[lines[0]!.slice(2, 5)];
  return re === undefined || re.test(c);
}

interface Pos {
  line: number;
  col: number;
}

/**
 * Tries substitutions of confusable characters in a field (and its check digit);
 * keeps the change only if exactly one smallest set of substitutions makes the
 * check digit agree.
 */
function repairField(lines: string[], f: CheckedField, out: MrzCorrection[], alts?: ReadOptions['alternatives']): boolean {
  if (passes(lines, f)) return true;
  if (f.field === 'document_number' && lines.length === 3 && td1LongNumber(lines) !== null) return false;
  // Where the network's candidates are at hand they are weighed with the usual confusions in one search: a
  // swap the network saw ("J" at 0.64 beside "I") beats a usual one it did not ("D"→"0"), both passing. Two
  // readings alike in cost are neither (unknown). With nothing passing, the usual confusions alone (below).
  if (alts?.[f.check.line]) {
    const r = repairByNetwork(lines, f, out, alts);
    if (r !== 'none') return r === 'repaired';
  }
  return staticRepair(lines, f, out);
}

/** The least a network candidate's confidence must be to be tried in a repair. */
const MIN_SUPPORT = 0.1;

/**
 * A field whose check digit fails, repaired with the recogniser's own candidates at its glyphs and the usual
 * look-alikes (TO_DIGIT / TO_LETTER, cost 1: the network did not prefer them): substitutions the network saw
 * (confidence ≥ MIN_SUPPORT) cost how far their confidence falls short of the glyph as read; at most three, plus
 * the letters that must become digits (a date, a check digit, a number of a restricted alphabet). Every
 * candidate that makes the check digit hold is weighed; the cheapest is taken where it is the only one or
 * clearly cheaper than the next (by 0.25), else the field is left as read ('ambiguous': two readings pass,
 * e.g. "M11VWGPNS" where S→5 and 1→I both hold and the network saw neither).
 */
function repairByNetwork(
  lines: string[],
  f: CheckedField,
  out: MrzCorrection[],
  alts: NonNullable<ReadOptions['alternatives']>,
): 'repaired' | 'ambiguous' | 'none' {
  const checkPos: Pos = { line: f.check.line, col: f.check.start };
  const positions: Pos[] = [];
  if (f.field !== 'composite') for (const p of f.parts) for (let c = p.start; c < p.end; c++) positions.push({ line: p.line, col: c });
  positions.push(checkPos);
  type Option = { pos: Pos; to: string; cost: number };
  const mandatory: Option[][] = [];
  const optional: Option[][] = [];
  for (const pos of positions) {
    const ch = lines[pos.line]![pos.col]!;
    const digit = f.kind === 'num' || (pos.line === checkPos.line && pos.col === checkPos.col);
    const number = f.field === 'document_number' && !digit;
    const allowed = (c: string): boolean => (digit ? /^[0-9]$/.test(c) : /^[A-Z0-9]$/.test(c) && (!number || numberGlyphAllowed(lines, c)));
    const seen = alts[pos.line]?.[pos.col] ?? null;
    const own = Math.max(seen?.[ch] ?? 1, 0.01);
    const opts: Option[] = Object.entries(seen ?? {})
      .filter(([c, conf]) => c !== ch && conf >= MIN_SUPPORT && allowed(c))
      .map(([c, conf]) => ({ pos, to: c, cost: 1 - Math.min(1, conf / own) }));
    if (ch === '<' && !digit) continue;
    // The usual look-alike (cost 1: the network did not prefer it) where the field allows it.
    const usual = digit ? TO_DIGIT[ch] : !allowed(ch) ? BARRED_TO_DIGIT[ch] : f.field === 'composite' ? undefined : (TO_DIGIT[ch] ?? TO_LETTER[ch]);
    if (usual && allowed(usual) && !opts.some((o) => o.to === usual)) opts.push({ pos, to: usual, cost: 1 });
    if (!allowed(ch)) {
      if (opts.length === 0) return 'none';
      mandatory.push(opts);
    } else if (opts.length > 0) optional.push(opts);
  }
  if (mandatory.length > 4 || optional.length > 12) return 'none';
  const found: { t: string[]; cost: number }[] = [];
  for (const forced of product(mandatory.map((m) => m.map((_, i) => String(i))))) {
    const base = [...lines];
    let baseCost = 0;
    forced.forEach((i, k) => {
      const o = mandatory[k]![Number(i)]!;
      setChar(base, o.pos.line, o.pos.col, o.to);
      baseCost += o.cost;
    });
    for (let k = 0; k <= Math.min(3, optional.length); k++) {
      for (const combo of combinations(optional.length, k)) {
        for (const pick of product(combo.map((i) => optional[i]!.map((_, j) => String(j))))) {
          const t = [...base];
          let cost = baseCost;
          combo.forEach((i, n) => {
            const o = optional[i]![Number(pick[n])]!;
            setChar(t, o.pos.line, o.pos.col, o.to);
            cost += o.cost;
          });
          if (passes(t, f) && plausibleDate(t, f) && !found.some((x) => x.t.join('\n') === t.join('\n'))) found.push({ t, cost });
        }
      }
    }
  }
  if (found.length === 0) return 'none';
  found.sort((a, b) => a.cost - b.cost);
  if (found.length > 1 && found[1]!.cost - found[0]!.cost < 0.25) return 'ambiguous';
  const trial = found[0]!.t;
  for (let l = 0; l < lines.length; l++) {
    for (let c = 0; c < lines[l]!.length; c++) {
      if (lines[l]![c] !== trial[l]![c]) out.push({ line: l, column: c, from: lines[l]![c]!, to: trial[l]![c]!, by: 'check_digit' });
    }
    lines[l] = trial[l]!;
  }
  return 'repaired';
}

/** The usual confusions (TO_DIGIT / TO_LETTER), kept only where exactly one smallest set of them makes the check digit hold. */
function staticRepair(lines: string[], f: CheckedField, out: MrzCorrection[]): boolean {
  if (f.field === 'document_number' && lines.length === 3 && td1LongNumber(lines) !== null) return false;
  const checkPos: Pos = { line: f.check.line, col: f.check.start };
  const forced: Pos[] = [];
  const optional: Pos[] = [];
  const fieldPositions: Pos[] = [];
  for (const p of f.parts) for (let c = p.start; c < p.end; c++) fieldPositions.push({ line: p.line, col: c });
  for (const pos of [...fieldPositions, checkPos]) {
    const ch = lines[pos.line]![pos.col]!;
    const mustBeDigit = f.kind === 'num' || (pos.line === checkPos.line && pos.col === checkPos.col);
    if ((mustBeDigit && TO_DIGIT[ch]) || (f.field === 'document_number' && !numberGlyphAllowed(lines, ch) && BARRED_TO_DIGIT[ch])) forced.push(pos);
    else if (f.kind === 'alnum' && f.field !== 'composite' && (TO_DIGIT[ch] || TO_LETTER[ch])) optional.push(pos);
  }
  const alt = (ch: string): string => TO_DIGIT[ch] ?? TO_LETTER[ch] ?? ch;
  if (optional.length > 12) return false;
  // In a date, a letter may stand for more than one digit (OCR-B's flat-topped 3 reads Z or B). The usual
  // digit of each letter is tried first; the others only when that finds nothing. Dates only: in a number
  // field the wider search, with the letter/digit swaps on top, would find a chance pass too often.
  const primary = [...lines];
  for (const pos of forced) setChar(primary, pos.line, pos.col, BARRED_TO_DIGIT[primary[pos.line]![pos.col]!]!);
  const digitsFor = (ch: string): string[] => (f.kind === 'num' ? DIGITS_FOR[ch] : undefined) ?? [BARRED_TO_DIGIT[ch]!];
  const others: string[][] = [];
  for (const assignment of product(forced.map((pos) => digitsFor(lines[pos.line]![pos.col]!)))) {
    const base = [...lines];
    forced.forEach((pos, i) => setChar(base, pos.line, pos.col, assignment[i]!));
    if (base.join('\n') !== primary.join('\n')) others.push(base);
    // Too many readings to call one of them confirmed: the usual digits only.
    if (others.length > 64) {
      others.length = 0;
      break;
    }
  }
  let found: string[] | null = null;
  let ambiguous = false;
  for (const bases of [[primary], others]) {
    for (let k = 0; k <= Math.min(3, optional.length) && !found; k++) {
      for (const base of bases) {
        for (const combo of combinations(optional.length, k)) {
          const t = [...base];
          for (const i of combo) setChar(t, optional[i]!.line, optional[i]!.col, alt(t[optional[i]!.line]![optional[i]!.col]!));
          if (passes(t, f) && plausibleDate(t, f)) {
            if (found && found.join('\n') !== t.join('\n')) ambiguous = true;
            else found = t;
          }
        }
      }
    }
    if (found || ambiguous) break;
  }
  if (!found || ambiguous) return false;
  const trial = found;
  for (let l = 0; l < lines.length; l++) {
    for (let c = 0; c < lines[l]!.length; c++) {
      if (lines[l]![c] !== trial[l]![c]) out.push({ line: l, column: c, from: lines[l]![c]!, to: trial[l]![c]!, by: 'check_digit' });
    }
    lines[l] = trial[l]!;
  }
  return true;
}

/** Digits a letter read in a date may stand for, where more than one: the rest map by TO_DIGIT. */
const DIGITS_FOR: Record<string, string[]> = { Z: ['2', '3', '7'], B: ['8', '3'] };

/** Every choice of one element from each list (one empty choice for no lists). */
function* product(lists: readonly (readonly string[])[], at = 0, acc: string[] = []): Generator<string[]> {
  if (at === lists.length) {
    yield acc;
    return;
  }
  for (const x of lists[at]!) yield* product(lists, at + 1, [...acc, x]);
}

/** A repaired date must be a calendar day's YYMMDD (fillers stand for an unknown part). */
function plausibleDate(lines: string[], f: CheckedField): boolean {
  if (f.field !== 'birth_date' && f.field !== 'expiration_date') return true;
  const v = f.parts.map((p) => get(lines, p)).join('');
  return v.includes('<') || /^\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(v);
}

function* combinations(n: number, k: number, start = 0, acc: number[] = []): Generator<number[]> {
  if (acc.length === k) {
    yield acc;
    return;
  }
  for (let i = start; i < n; i++) yield* combinations(n, k, i + 1, [...acc, i]);
}

// UTO is ICAO's specimen state; the library's table leaves it out.
const STATE_CODES = new Set([...Object.keys(states), 'UTO'].map((k) => k.padEnd(3, '<')));

/**
 * Country codes: digits become letters, and K/C after a filler become fillers ("D<K" for
 * Germany's D<<: K weighs nothing in a check digit), only where the result is a known code.
 */
/** A three-letter issuing state or nationality of ICAO 9303 ('D<<' for Germany). */
export function knownState(code: string): boolean {
  return STATE_CODES.has(code.padEnd(3, '<'));
}

function repairCountry(lines: string[], s: Span, out: MrzCorrection[]): void {
  const v = get(lines, s);
  if (STATE_CODES.has(v)) return;
  const fixed = [...v].map((c, i) => (i > 0 && /[KC]/.test(c) && /^[A-Z]+<+$/.test(v.slice(0, i)) ? '<' : (TO_LETTER[c] ?? c))).join('');
  if (fixed === v || !STATE_CODES.has(fixed)) return;
  for (let i = 0; i < v.length; i++)
    if (v[i] !== fixed[i]) {
      out.push({ line: s.line, column: s.start + i, from: v[i]!, to: fixed[i]!, by: 'country_code' });
      setChar(lines, s.line, s.start + i, fixed[i]!);
    }
}

/** Names hold only letters and fillers: digits are letters misread; a K/C-speckled tail, and anything after three fillers, is filler. */
function repairNames(lines: string[], s: Span, out: MrzCorrection[]): void {
  const v = get(lines, s);
  let fixed = [...v].map((c) => TO_LETTER[c] ?? c).join('');
  let by: MrzCorrection['by'] = 'name_alphabet';
  // eslint-disable-next-line regexp/no-super-linear-move -- one MRZ line (at most 44 characters)
  const tail = /<[<KC]*$/.exec(fixed);
  if (tail) {
    const t = tail[0];
    const lt = (t.match(/</g) ?? []).length;
    if (lt >= 2 * (t.length - lt) && /[KC]/.test(t)) {
      fixed = fixed.slice(0, tail.index) + '<'.repeat(t.length);
      by = 'filler';
    }
  }
  // Names are separated by '<' and '<<'; three fillers in a row only pad the end,
  // so letters after them are specks (an OCR'd card edge, a "J" from a shadow) — except
  // where no '<<' came before and a name follows a short run ("OKONKWO<<<EMEKA<<<"): that run is the
  // surname's separator read with a filler too many (a "<K<" whose K was a filler), and it becomes '<<'.
  const pad = fixed.indexOf('<<<');
  const longSep = pad > 0 ? /^<{3,4}([A-Z]{3,}(?:<[A-Z]{2,})*)<*$/.exec(fixed.slice(pad)) : null;
  if (longSep && !fixed.slice(0, pad).includes('<<')) {
    fixed = (fixed.slice(0, pad) + '<<' + longSep[1]).padEnd(fixed.length, '<');
    by = 'filler';
  } else if (pad > 0 && /[A-Z]/.test(fixed.slice(pad))) {
    fixed = fixed.slice(0, pad) + '<'.repeat(fixed.length - pad);
    by = 'filler';
  }
  // '<<' separates the surname from the given names once; within the given names
  // components are separated by one '<'. A second '<<' before more letters is one
  // filler read twice ("OLENA<<MARIA"): one goes, the end is padded.
  const sep = fixed.indexOf('<<');
  const again = sep < 0 ? -1 : fixed.slice(sep + 2).search(/[A-Z]<<[A-Z]/);
  if (again >= 0) {
    const at = sep + 2 + again + 1;
    fixed = (fixed.slice(0, at) + fixed.slice(at + 1)).padEnd(fixed.length, '<');
    by = 'filler';
  }
  // Surname and given names are parted by '<<'. A line without it before its padding, holding one lone
  // K or X between fillers ("HASSAN<K<KARIM"), read that separator as "<K<": the letter goes.
  const body = trimRuns(fixed, '<', 'end');
  const lone = [...body.matchAll(/(?<=<)[KX](?=<)/g)];
  if (!body.includes('<<') && lone.length === 1) {
    const at = lone[0]!.index;
    fixed = (fixed.slice(0, at) + fixed.slice(at + 1)).padEnd(fixed.length, '<');
    by = 'filler';
  }
  for (let i = 0; i < v.length; i++)
    if (v[i] !== fixed[i]) {
      out.push({ line: s.line, column: s.start + i, from: v[i]!, to: fixed[i]!, by: /[0-9]/.test(v[i]!) ? 'name_alphabet' : by });
      setChar(lines, s.line, s.start + i, fixed[i]!);
    }
}

/**
 * K weighs 20 in check digits and '<' weighs 0: the digits cannot tell them apart,
 * and the LSTM reads the first fillers after a field as K ("…419K<<<", "…247KKKK<<<").
 * An optional-data field holding only K's before fillers is fillers.
 */
function repairLoneK(lines: string[], s: Span, out: MrzCorrection[]): void {
  const v = get(lines, s);
  const ks = /^K+(?=<+$)/.exec(v);
  if (!ks) return;
  for (let i = 0; i < ks[0].length; i++) {
    out.push({ line: s.line, column: s.start + i, from: 'K', to: '<', by: 'filler' });
    setChar(lines, s.line, s.start + i, '<');
  }
}

export function formatOf(lines: readonly string[]): MrzFormat | null {
  for (const f of ['TD1', 'TD2', 'TD3'] as const) {
    const spec = MRZ_LENGTHS[f];
    if (lines.length === spec.lines && lines.every((l) => l.length === spec.len)) return f;
  }
  return null;
}

export interface ReadOptions {
  /** Reference date for resolving two-digit years (default: today, UTC). */
  today?: Date;
  /** Apply confirmed OCR corrections (default true). */
  repair?: boolean;
  /**
   * Per line, per character: the recogniser's candidates at that glyph (character → confidence 0..1),
   * where the reader had them (the MRZ band's second pass). A check digit that the usual confusions
   * repair more than one way is repaired the one way the network itself saw (see repairByNetwork).
   */
  alternatives?: readonly (GlyphAlternatives | null | undefined)[];
}

/** Per character of a line: the recogniser's candidates at its glyph (character → confidence), or null. */
export type GlyphAlternatives = readonly (Readonly<Record<string, number>> | null)[];

/**
 * OCR sometimes reads one glyph as two ("0" as "TO", a speck as "B"): the rest of
 * the line shifts by one and the line was fitted to length by shortening a filler
 * run. For each field whose check digit fails, every glyph of the field (and its
 * check digit) is tried as the extra one: deleted, a filler put back at the start
 * of the next filler run, and the lines read again with at most one confirmed
 * substitution. Returns the readings whose check digits then all hold.
 *
 * These are candidates, not a repair: the composite digit covers the field with
 * the same weights, so it confirms the field's check digit rather than its
 * letters, and a dozen trials pass two mod-10 checks by chance too often (a
 * random wrong line passes about one time in fifty). A caller adopts one only when
 * an independent reading agrees (the front side's document number, id/analyse.ts).
 */
export function insertionCandidates(input: readonly string[], opts: ReadOptions = {}): MrzReading[] {
  const format = formatOf(input);
  if (!format) return [];
  const found = new Map<string, MrzReading>();
  // The lines as read, and with speckled filler tails as fillers (a 200-dpi scan reads
  // "<<<<<<<<<<<S<<<": then the composite fails whatever the shifted field does).
  for (const [base, fixes] of withFilledTails(input, format)) {
    for (const r of shiftCandidates(base, format, opts)) found.set(r.lines.join('\n'), { ...r, raw: [...input], corrections: [...fixes, ...r.corrections] });
  }
  return [...found.values()];
}

/** The lines as read and, where it differs, with the speckled filler tails of the data lines as fillers (fillerTail). */
function withFilledTails(input: readonly string[], format: MrzFormat): [readonly string[], MrzCorrection[]][] {
  const namesLine = format === 'TD1' ? 2 : 0;
  const tails = input.map((l, i) => (i === namesLine ? l : fillerTail(l)));
  const fixes: MrzCorrection[] = [];
  tails.forEach((t, line) => {
    for (let c = 0; c < t.length; c++) if (t[c] !== input[line]![c]) fixes.push({ line, column: c, from: input[line]![c]!, to: t[c]!, by: 'check_digit' });
  });
  return fixes.length > 0 ? [[input, []], [tails, fixes]] : [[input, []]];
}

/**
 * The MRZ with another reading of its document number put in place: the front
 * side's printed number, when the MRZ read it with up to two glyphs too many or
 * one too few ("YD5S5S849" for YD5584999, "AU8B94Z04" for AU8942045) or misread.
 * The zone as read must differ from the printed number by at most two edits; the
 * glyphs after it (check digit, optional data) move into place and the line's
 * longest filler run after them takes up the difference. Returns the readings
 * (repairs off) whose check digits all hold, closest to the zone as read first.
 */
export function numberPlacedCandidates(input: readonly string[], printed: string, opts: ReadOptions = {}): MrzReading[] {
  const format = formatOf(input);
  // The front's typeface reads J as ']' (analyse.ts CONFUSABLE): a bracket in a number is a J.
  const number = printed.toUpperCase().replace(/\]/g, 'J').replace(/[^A-Z0-9]/g, '');
  if (!format || number.length < 5 || number.length > 9) return [];
  const f = LAYOUT[format].checked.find((c) => c.field === 'document_number')!;
  const { line, start, end } = f.parts[0]!;
  const text = input[line]!;
  const want = number.padEnd(end - start, '<');
  // A zone whose every check digit holds, whose number holds the printed one with glyphs more at an end
  // ("C64849828" for a printed "64849828"): the front's reading lost them; the number is not another one.
  // (Placed, it passes too: the number's own digit stays, and the composite weighs the field as that digit does.)
  const asRead = trimRuns(text.slice(start, end), '<', 'end');
  if (asRead !== number && asRead.includes(number) && readMrz(input, { ...opts, repair: false })?.valid) return [];
  const out: { r: MrzReading; d: number }[] = [];
  // Letter ↔ digit look-alikes of OCR-B are no difference here ("PNTTTIOGS" for PN7771065).
  const canon = (x: string): string => [...x].map((c) => TO_DIGIT[c] ?? c).join('');
  for (const k of [0, 1, 2, -1]) {
    const zone = text.slice(start, end + k);
    const d = editDistance(canon(trimRuns(zone, '<', 'end')), canon(number), 2);
    if (d > 2 || zone === want) continue;
    const rest = fitLength(text.slice(end + k), text.length - end);
    if (rest === null) continue;
    const placedLines = input.map((l, i) => (i === line ? text.slice(0, start) + want + rest : l));
    const placed: MrzCorrection = { line, column: start, from: zone, to: want, by: 'front_side' };
    // A speck in a filler tail ("<<<<<<S<<<<<<<") breaks the composite whatever number is placed.
    for (const [lines, fixes] of withFilledTails(placedLines, format)) {
      // Confirmed repairs elsewhere (a check digit read as S); the placed number itself stays as printed.
      const r = readMrz(lines, opts);
      if (!r?.valid || r.lines[line]!.slice(start, end) !== want || out.some((o) => o.r.lines.join() === r.lines.join())) continue;
      out.push({ r: { ...r, raw: [...input], corrections: [placed, ...fixes, ...r.corrections] }, d });
      break;
    }
  }
  return out.sort((a, b) => a.d - b.d).map((o) => o.r);
}

/**
 * OCR-B glyph pairs the recogniser swaps in a document number (both ways): TO_DIGIT's look-alikes, OCR-B's
 * 6 read as E, and I read as L (I 18 and L 21: two of them at weights 7 and 3 cancel, "LLY320784" / "IIY320784"). Two or more such swaps can leave every check digit holding (O→0 weighs 24·3 ≡ 2 and 6→E 8·1 ≡ 8,
 * together ≡ 0 mod 10: "DOE950364" and "D06950364" both pass), so the zone alone cannot tell them apart.
 */
const NUMBER_LOOKALIKES: Readonly<Record<string, readonly string[]>> = (() => {
  const pairs: [string, string][] = [...Object.entries(TO_DIGIT), ['E', '6'], ['I', 'L']];
  const out: Record<string, string[]> = {};
  for (const [a, b] of pairs) {
    (out[a] ??= []).push(b);
    (out[b] ??= []).push(a);
  }
  return out;
})();

/**
 * The zone's other readings of its document number that the check digits hold as well as the reading itself:
 * two or three look-alike swaps (NUMBER_LOOKALIKES) inside the number, the rest of the zone unchanged. Only
 * where the number's own check digit holds (the composite weighs the number as that digit does, so it holds or
 * fails alike for every such reading); none where the number is too long to search (TD1 long numbers).
 * These are candidates, not a repair: only independent evidence (the front's printed number) may choose one.
 */
export function equivalentNumberReadings(input: readonly string[], opts: ReadOptions = {}): MrzReading[] {
  const format = formatOf(input);
  if (!format) return [];
  const asRead = readMrz(input, { ...opts, repair: false });
  const numberHolds = (r: MrzReading | null): boolean => r?.checks.find((c) => c.field === 'document_number')?.valid === true;
  if (!asRead || !numberHolds(asRead)) return [];
  if (format === 'TD1' && td1LongNumber([...input]) !== null) return [];
  const f = LAYOUT[format].checked.find((c) => c.field === 'document_number')!;
  const { line, start, end } = f.parts[0]!;
  const cols: number[] = [];
  for (let c = start; c < end; c++) if (NUMBER_LOOKALIKES[input[line]![c]!]) cols.push(c);
  if (cols.length > 9) return [];
  const out = new Map<string, MrzReading>();
  for (let k = 2; k <= 3; k++) {
    for (const combo of combinations(cols.length, k)) {
      for (const pick of product(combo.map((i) => NUMBER_LOOKALIKES[input[line]![cols[i]!]!]!))) {
        const lines = [...input];
        combo.forEach((i, n) => setChar(lines, line, cols[i]!, pick[n]!));
        const r = readMrz(lines, { ...opts, repair: false });
        if (r && numberHolds(r) && r.valid === asRead.valid && !out.has(lines[line]!)) out.set(lines[line]!, r);
      }
    }
  }
  return [...out.values()];
}

/** A filler run speckled with look-alikes at a line's end (before a final check digit) as all fillers. */
export function fillerTail(line: string): string {
  // eslint-disable-next-line regexp/no-super-linear-move -- one MRZ line (at most 44 characters)
  return line.replace(/<[<KECSLXJ]{3,}(?=\d?$)/, (run) => '<'.repeat(run.length));
}

function shiftCandidates(input: readonly string[], format: MrzFormat, opts: ReadOptions): MrzReading[] {
  const lines = [...input];
  const fields = LAYOUT[format].checked.filter((f) => f.field !== 'composite');
  // A shifted field may pass its own digit by chance (one time in ten): when only
  // the composite fails, any field may hold the extra glyph.
  const failing = fields.some((f) => !passes(lines, f)) ? fields.filter((f) => !passes(lines, f)) : fields;
  const found = new Map<string, MrzReading>();
  for (const f of failing) {
    const line = f.check.line;
    const cols = new Set<number>([f.check.start]);
    for (const p of f.parts) if (p.line === line) for (let c = p.start; c < p.end; c++) cols.add(c);
    const text = lines[line]!;
    for (const col of cols) {
      const cut = text.slice(0, col) + text.slice(col + 1);
      let at = -1;
      let n = 0;
      for (const m of cut.matchAll(/<+/g)) if (m.index >= col && m[0].length > n) [at, n] = [m.index, m[0].length];
      const trial = lines.map((l, i) => (i === line ? (at < 0 ? cut + '<' : cut.slice(0, at) + '<' + cut.slice(at)) : l));
      const r = readMrz(trial, opts);
      if (!r?.valid || r.corrections.filter((c) => c.by === 'check_digit').length > 1) continue;
      const removed: MrzCorrection = { line, column: col, from: text[col]!, to: '', by: 'check_digit' };
      // The same lines by another path ("B8…": drop the 8 and read B as 8): the fewest changes tell it.
      const key = r.lines.join('\n');
      const before = found.get(key);
      if (!before || before.corrections.length > r.corrections.length + 1) found.set(key, { ...r, corrections: [removed, ...r.corrections] });
    }
  }
  return [...found.values()];
}

/**
 * How much a reading's check digits say for it, to choose between formats and line groups: the check digits
 * that hold, less those that hold for nothing (an empty personal number with its '<' or 0 digit: every TD3
 * reading of a line with a filler tail has it), less one where the document code is not one of the format's
 * (ICAO 9303: TD3 is the passport's and the visa's, P or V; a TD1 card's two lines stretched to 44 are not a
 * passport).
 */
export function zoneEvidence(r: MrzReading): number {
  const layout = LAYOUT[r.format];
  let n = 0;
  for (const c of r.checks) {
    if (!c.valid) continue;
    const f = layout.checked.find((x) => x.field === c.field)!;
    if (c.field === 'personal_number' && /^<*$/.test(f.parts.map((p) => get(r.lines, p)).join(''))) continue;
    n++;
  }
  if (r.format === 'TD3' && !/^[PV]/.test(r.lines[0]!)) n--;
  return n;
}

/** Reads MRZ lines of exact length; null when they are not a TD1/TD2/TD3 zone. */
export function readMrz(input: readonly string[], opts: ReadOptions = {}): MrzReading | null {
  const r = readMrzOnce(input, opts);
  return r && opts.repair !== false ? (shiftedNationality(input, r, opts) ?? r) : r;
}

/**
 * A glyph too many just before or inside the nationality ("…3506134 1ITA<<<", "…2606015 SNGA<<<": a speck,
 * one glyph read as two) pushes the code off its place, and the line was fitted to length by shortening its
 * filler run, so the check digits before it still hold. Where the code as read is no state's and deleting
 * one of its glyphs (a filler put back at the next filler run) makes it a known one, with the sex a sex and
 * no check digit that held failing, the deletion is taken; two deletions giving different readings take none.
 */
function shiftedNationality(input: readonly string[], r: MrzReading, opts: ReadOptions): MrzReading | null {
  const span = LAYOUT[r.format].alpha[1]!;
  if (knownState(get(r.lines, span))) return null;
  const held = r.checks.filter((c) => c.valid).length;
  const text = input[span.line]!;
  let found: MrzReading | null = null;
  for (let col = span.start; col <= span.end; col++) {
    const cut = text.slice(0, col) + text.slice(col + 1);
    const run = [...cut.slice(col).matchAll(/<+/g)].sort((a, b) => b[0].length - a[0].length)[0];
    if (!run) continue;
    const at = col + run.index;
    const trial = input.map((l, i) => (i === span.line ? cut.slice(0, at) + '<' + cut.slice(at) : l));
    const t = readMrzOnce(trial, { ...opts, alternatives: undefined });
    if (!t || !knownState(get(t.lines, span)) || t.checks.filter((c) => c.valid).length < held || !/^[MFX<]$/.test(sexOf(t))) continue;
    if (found && found.lines.join('\n') !== t.lines.join('\n')) return null;
    found ??= { ...t, raw: [...input], corrections: [{ line: span.line, column: col, from: text[col]!, to: '', by: 'country_code' }, ...t.corrections] };
  }
  return found;
}

/** The sex character of a zone's lines. */
function sexOf(r: MrzReading): string {
  return r.format === 'TD1' ? r.lines[1]![7]! : r.lines[1]![20]!;
}

function readMrzOnce(input: readonly string[], opts: ReadOptions): MrzReading | null {
  const format = formatOf(input);
  // The 36-character French national ID shares TD2's length but not its layout.
  if (!format || (format === 'TD2' && /^.DFRA/.test(input[0]!))) return null;
  const layout = LAYOUT[format];
  const raw = [...input];
  const lines = [...input];
  const corrections: MrzCorrection[] = [];
  if (opts.repair !== false) {
    // Look-alikes speckled over a data line's closing filler run are fillers: read as letters they can pass
    // the composite by chance ("IRAUTK2ZES2A5996<<<<<<<<<<SSSK", a number read with a glyph too many).
    const namesLine = format === 'TD1' ? 2 : 0;
    lines.forEach((l, line) => {
      const t = line === namesLine ? l : fillerTail(l);
      for (let c = 0; c < t.length; c++) if (t[c] !== l[c]) corrections.push({ line, column: c, from: l[c]!, to: t[c]!, by: 'filler' });
      lines[line] = t;
    });
    for (const s of layout.alpha.slice(1)) repairCountry(lines, s, corrections);
    repairCountry(lines, sp(0, 2, 5), corrections);
    repairNames(lines, layout.names, corrections);
    for (const o of layout.optional) repairLoneK(lines, o, corrections);
    for (const f of layout.checked) if (f.field !== 'composite') repairField(lines, f, corrections, opts.alternatives);
    const composite = layout.checked.find((f) => f.field === 'composite')!;
    repairField(lines, composite, corrections, opts.alternatives);
  }
  let parsed: ParseResult;
  try {
    parsed = parse(lines);
  } catch {
    return null;
  }
  const checks: MrzCheck[] = layout.checked.map((f) => ({ field: f.field, valid: passes(lines, f) }));
  const fl = parsed.fields;
  const today = opts.today ?? new Date();
  const birthRaw = /^\d{6}$/.test(fl.birthDate ?? '') ? fl.birthDate! : null;
  const expRaw = /^\d{6}$/.test(fl.expirationDate ?? '') ? fl.expirationDate! : null;
  return {
    format,
    raw,
    lines,
    valid: checks.every((c) => c.valid),
    checks,
    corrections,
    documentCode: fl.documentCode ?? null,
    issuingState: fl.issuingState ?? trimRuns(get(lines, sp(0, 2, 5)), '<', 'end'),
    documentNumber: fl.documentNumber ?? null,
    nationality: fl.nationality ?? (trimRuns(get(lines, layout.alpha[1]!), '<', 'end') || null),
    lastName: fl.lastName ?? null,
    firstName: fl.firstName ?? null,
    sex: fl.sex ?? null,
    birthDateRaw: birthRaw,
    expirationDateRaw: expRaw,
    birthDate: birthRaw ? resolveDate(birthRaw, 'past', today) : null,
    expirationDate: expRaw ? resolveDate(expRaw, 'future', today) : null,
  };
}

/**
 * YYMMDD → YYYY-MM-DD. Birth dates lie in the past (a two-digit year after this
 * year's is the previous century); expiry dates lie within 50 years from now
 * (documents also expire in the recent past, never 50 years ago).
 */
export function resolveDate(yymmdd: string, kind: 'past' | 'future', today: Date): string | null {
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  const cur = today.getUTCFullYear();
  const century = Math.floor(cur / 100) * 100;
  let year = century + yy;
  if (kind === 'past' && year > cur) year -= 100;
  if (kind === 'future' && year > cur + 50) year -= 100;
  const d = new Date(Date.UTC(year, mm - 1, dd));
  if (d.getUTCMonth() !== mm - 1) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** Document family from the MRZ document code. */
export function idTypeOfCode(code: string | null, firstLine: string): 'residency_permit' | 'identity_card' | 'passport' | null {
  const c = (code ?? firstLine.slice(0, 2)).padEnd(2, '<');
  if (c[0] === 'P') return 'passport';
  if (/^(IR|AR|RP|R<)/.test(c)) return 'residency_permit';
  if (/^[IAC]/.test(c)) return 'identity_card';
  return null;
}
