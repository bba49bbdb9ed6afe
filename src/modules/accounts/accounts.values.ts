/**
 * Field-level checks for JSON account data: exact decimal amounts (to integer cents, never through
 * floating point arithmetic), calendar dates, IBAN check digits, ISO 4217 currencies. Problems are
 * collected, not thrown, so one 400 names every bad field.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { FieldProblem } from '../../shared/errors.ts';

/** At most this many problems are listed in one 400 (a body of 50,000 bad lines stays readable). */
const MAX_PROBLEMS = 100;
/** Largest accepted magnitude, in whole units (numeric(18,2) holds 16 integer digits; cents stay safe integers). */
const MAX_INTEGER_DIGITS = 13;

const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));

export class Problems {
  readonly list: FieldProblem[] = [];
  private truncated = 0;

  add(field: string, code: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ field, code, message: `${field} ${message}` });
    else this.truncated++;
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  summary(): string {
    const head = this.list.slice(0, 5).map((p) => p.message).join('; ');
    const more = this.list.length + this.truncated - 5;
    return more > 0 ? `${head}; and ${more} more` : head;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * A JSON number or decimal string → integer minor units (cents). Numbers go through their shortest
 * decimal representation (String(12.34) is "12.34"), so no float rounding happens.
 */
export function toMinor(v: unknown): { ok: true; minor: number } | { ok: false; code: string; message: string } {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return { ok: false, code: 'not_numeric', message: 'must be a finite number' };
    s = String(v);
    if (/e/i.test(s)) {
      return Math.abs(v) >= 1 ? { ok: false, code: 'out_of_range', message: 'is too large' } : { ok: false, code: 'too_precise', message: 'has more than 2 decimal places' };
    }
  } else if (typeof v === 'string') {
    s = v.trim();
  } else {
    return { ok: false, code: 'not_numeric', message: 'must be a number or a decimal string' };
  }
  const m = DECIMAL_RE.exec(s);
  if (!m) return { ok: false, code: 'not_numeric', message: 'must be a decimal number such as -12.50' };
  const frac = m[3] ?? '';
  if (frac.length > 2 && /[^0]/.test(frac.slice(2))) return { ok: false, code: 'too_precise', message: 'has more than 2 decimal places' };
  const int = (m[2] ?? '0').replace(/^0+(?=\d)/, '');
  if (int.length > MAX_INTEGER_DIGITS) return { ok: false, code: 'out_of_range', message: `must be below 10^${MAX_INTEGER_DIGITS}` };
  const minor = Number(int) * 100 + Number(`${frac}00`.slice(0, 2));
  return { ok: true, minor: m[1] === '-' && minor !== 0 ? -minor : minor };
}

/** Integer minor units → JSON number (12.34); exact because the shortest form of n/100 is the decimal. */
export const minorToNumber = (minor: number): number => (minor === 0 ? 0 : minor / 100);

/** Integer minor units → decimal string for numeric columns ("-12.50"). */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Numeric column value ("12.50") → integer minor units. */
export function decimalToMinor(v: string | null): number | null {
  if (v === null) return null;
  const r = toMinor(v);
  return r.ok ? r.minor : null;
}

export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01' && s <= '2100-12-31';
}

/** Reads a required or optional amount, recording a problem; undefined when absent or bad. */
export function readAmount(p: Problems, field: string, v: unknown, required: boolean): number | null | undefined {
  if (v === undefined || v === null) {
    if (!required) return null;
    p.add(field, 'required', 'is required');
    return undefined;
  }
  const r = toMinor(v);
  if (!r.ok) {
    p.add(field, r.code, r.message);
    return undefined;
  }
  return r.minor;
}

export function readDate(p: Problems, field: string, v: unknown, required: boolean): string | null | undefined {
  if (v === undefined || v === null) {
    if (required) p.add(field, 'required', 'is required');
    return null;
  }
  if (!isIsoDate(v)) {
    p.add(field, 'invalid_date', 'must be a real calendar date YYYY-MM-DD');
    return undefined;
  }
  return v;
}

export function readString(p: Problems, field: string, v: unknown, o: { required: boolean; max: number; nonEmpty?: boolean }): string | null {
  if (v === undefined || v === null) {
    if (o.required) p.add(field, 'required', 'is required');
    return null;
  }
  if (typeof v !== 'string') {
    p.add(field, 'invalid_type', 'must be a string');
    return null;
  }
  if (o.nonEmpty && v.trim() === '') {
    p.add(field, 'required', 'must not be empty');
    return null;
  }
  if (v.length > o.max) {
    p.add(field, 'too_long', `must be at most ${o.max} characters`);
    return null;
  }
  return v;
}

export function readIban(p: Problems, field: string, v: unknown): string | null {
  const s = readString(p, field, v, { required: true, max: 64, nonEmpty: true });
  if (s === null) return null;
  const iban = electronicFormatIBAN(s);
  if (!iban || !isValidIBAN(iban)) {
    p.add(field, 'invalid_iban', 'is not a valid IBAN (country, length or check digits)');
    return null;
  }
  return iban;
}

/** An optional IBAN (of a counterparty): absent, null or blank is null; anything else must be a valid IBAN. */
export function readOptionalIban(p: Problems, field: string, v: unknown): string | null | undefined {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
  const s = readString(p, field, v, { required: false, max: 64 });
  if (s === null) return undefined;
  const iban = electronicFormatIBAN(s);
  if (!iban || !isValidIBAN(iban)) {
    p.add(field, 'invalid_iban', 'is not a valid IBAN (country, length or check digits)');
    return undefined;
  }
  return iban;
}

/**
 * Longest counterparty name kept: ISO 20022's party name (Nm, Max140Text), which SEPA and NextGenPSD2
 * names fit in.
 */
export const MAX_COUNTERPARTY_CHARS = 140;

/** A party's name as one line: whitespace runs become one space, ends trimmed; blank is null. */
export const oneLine = (v: string): string | null => {
  const s = v.replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
};

/** An optional counterparty name: trimmed to one line, at most MAX_COUNTERPARTY_CHARS; blank is null. */
export function readCounterparty(p: Problems, field: string, v: unknown): string | null | undefined {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') {
    p.add(field, 'invalid_type', 'must be a string');
    return undefined;
  }
  const s = oneLine(v);
  if (s !== null && s.length > MAX_COUNTERPARTY_CHARS) {
    p.add(field, 'too_long', `must be at most ${MAX_COUNTERPARTY_CHARS} characters`);
    return undefined;
  }
  return s;
}

export function readCurrency(p: Problems, field: string, v: unknown, fallback: string | null): string | null {
  if (v === undefined || v === null) {
    if (fallback === null) p.add(field, 'required', 'is required');
    return fallback;
  }
  if (typeof v !== 'string' || !/^[A-Z]{3}$/.test(v) || !ISO_4217.has(v)) {
    p.add(field, 'invalid_currency', 'must be an ISO 4217 currency code of 3 upper-case letters');
    return null;
  }
  return v;
}

export function rejectUnknown(p: Problems, prefix: string, obj: Record<string, unknown>, known: readonly string[]): void {
  for (const k of Object.keys(obj)) {
    if (!known.includes(k)) p.add(prefix ? `${prefix}.${k}` : k, 'unknown_field', 'is not a known field');
  }
}
