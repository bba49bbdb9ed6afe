import { LIMITS } from '../../limits.ts';
import { daysInMonth, isoDate } from '../../values/dates.ts';
import { corrupt, tooLarge } from '../../errors.ts';
import { digitsToCents } from '../../values/money.ts';
import { parseDetails } from './mt940-details.ts';
import { ibanFromAccountId } from './national-iban.ts';
import type { ExtractedDocument, StatementPart } from '../../statement/model.ts';
import { decodeText, splitLines } from '../../sniff/text.ts';

/** One SWIFT field: tag without colons ("61", "60F") and its (possibly multi-line) value. */
interface Mt940Field {
  tag: string;
  value: string;
}

export interface Mt940Balance {
  cents: number;
  date: string | null;
  currency: string | null;
}

export interface Mt940Transaction {
  valueDate: string;
  entryDate: string | null;
  amountCents: number;
  mark: string;
  transactionType: string;
  reference: string;
  description: string;
  counterparty: string | null;
  gvc: string | null;
}

export interface Mt940Statement {
  reference: string;
  account: string | null;
  number: string | null;
  opening: Mt940Balance | null;
  closing: Mt940Balance | null;
  closingAvailable: Mt940Balance | null;
  transactions: Mt940Transaction[];
}

// Fields whose value continues on the next lines; for the others, stray lines are
// bank-specific headers or trailers (e.g. ABN AMRO's "ABNANL2A / 940") and ignored.
const MULTILINE = new Set(['86', '61']);

/** Splits an MT940 file into fields, dropping {1:}{2:}{3:}{4: envelopes and -} trailers. */
export function tokenize(text: string): Mt940Field[] {
  const lines = splitLines(text.replace(/\{1:[^}]*\}(?:\s*\{2:[^}]*\})?(?:\s*\{3:(?:\{[^}]*\})*\})?\s*\{4:/g, '\n'));
  const fields: Mt940Field[] = [];
  let current: Mt940Field | null = null;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    if (line.length > LIMITS.maxLineBytes) throw tooLarge('MT940 line exceeds the maximum line length');
    // Some exporters wrap right after the colon that opens a tag (":\n86:").
    if (line === ':' && /^\d{2}[A-Z]?:/.test(lines[i + 1] ?? '')) {
      line = ':' + (lines[i + 1] ?? '');
      i++;
    }
    const tag = /^:(\d{2}[A-Z]?):/.exec(line);
    if (tag) {
      current = { tag: tag[1] ?? '', value: line.slice(tag[0].length) };
      fields.push(current);
      if (fields.length > LIMITS.maxTransactions * 3) throw tooLarge('MT940 file has too many fields');
    } else if (/^-\}?\s*$/.test(line) || line.startsWith('-}') || line.startsWith('{5:')) {
      current = null;
    } else if (current && MULTILINE.has(current.tag)) {
      current.value += '\n' + line;
    }
  }
  return fields;
}

// The currency is mandatory in SWIFT but some exporters leave it out.
const BALANCE = /^([CD])(\d{6})([A-Z]{3})?(\d*(?:,\d*)?)/;

function parseYymmdd(s: string): string | null {
  const yy = Number(s.slice(0, 2));
  const mm = Number(s.slice(2, 4));
  let dd = Number(s.slice(4, 6));
  const year = 2000 + yy;
  // Some banks print 30 February for month-end interest; the booking is the last day of the month.
  if (mm >= 1 && mm <= 12 && dd > daysInMonth(year, mm) && dd <= 31) dd = daysInMonth(year, mm);
  return isoDate(year, mm, dd);
}

function parseAmount(s: string): number | null {
  const m = /^(\d*)(?:,(\d*))?$/.exec(s.trim().replace(/^0+(?=\d)/, ''));
  return m ? digitsToCents(m[1] ?? '', m[2] ?? '', false) : null;
}

export function parseBalance(value: string): Mt940Balance | null {
  const m = BALANCE.exec(value.replace(/\s+/g, ''));
  if (!m) return null;
  const cents = parseAmount(m[4] ?? '');
  if (cents === null) return null;
  return { cents: m[1] === 'D' ? -cents : cents, date: parseYymmdd(m[2] ?? ''), currency: m[3] ?? null };
}

// 6!n[4!n]2a[1!a]15d1!a3!c16x[//16x]: value date, entry date, mark (C, D, RC, RD,
// plus a funds code letter), amount with decimal comma, type, reference.
const LINE61 = /^(\d{6})(\d{4})?\s*(RC|RD|C|D|EC|ED)([A-Z])?\s*(\d+,\d*|\d+)\s*([A-Z][A-Z0-9]{3})?([^/\n]*)/;

export function parseLine61(value: string): Omit<Mt940Transaction, 'description' | 'counterparty' | 'gvc'> | null {
  const first = value.replace(/\r?\n/g, '');
  const m = LINE61.exec(first);
  if (!m) return null;
  const valueDate = parseYymmdd(m[1] ?? '');
  const cents = parseAmount(m[5] ?? '');
  if (!valueDate || cents === null) return null;
  let entryDate: string | null = null;
  if (m[2]) {
    const vYear = Number(valueDate.slice(0, 4));
    const vMonth = Number(valueDate.slice(5, 7));
    const eMonth = Number(m[2].slice(0, 2));
    // The entry date has no year: it sits next to the value date, possibly across New Year.
    const year = vMonth === 12 && eMonth === 1 ? vYear + 1 : vMonth === 1 && eMonth === 12 ? vYear - 1 : vYear;
    entryDate = parseYymmdd(String(year - 2000).padStart(2, '0') + m[2]);
  }
  const mark = m[3] ?? '';
  // RD = reversal of a debit (money comes back), RC = reversal of a credit.
  const credit = mark === 'C' || mark === 'RD' || mark === 'EC';
  return {
    valueDate,
    entryDate,
    amountCents: credit ? cents : -cents,
    mark,
    transactionType: m[6] ?? '',
    reference: (m[7] ?? '').trim(),
  };
}

function newStatement(reference: string): Mt940Statement {
  return { reference, account: null, number: null, opening: null, closing: null, closingAvailable: null, transactions: [] };
}

/** Parses every statement of an MT940 (or MT942) file; throws StructuredError when none is readable. */
export function parseMt940(bytes: Uint8Array): Mt940Statement[] {
  const fields = tokenize(decodeText(bytes).text);
  const statements: Mt940Statement[] = [];
  let st: Mt940Statement | null = null;
  let txCount = 0;
  for (const f of fields) {
    if (f.tag === '20' || !st || (f.tag.startsWith('60') && (st.closing !== null || st.opening !== null))) {
      st = newStatement(f.tag === '20' ? f.value.trim() : (st?.reference ?? ''));
      statements.push(st);
      if (statements.length > LIMITS.maxStatements) throw tooLarge('MT940 file has too many statements');
      if (f.tag === '20') continue;
    }
    switch (f.tag) {
      case '25':
        st.account = f.value.trim();
        break;
      case '28':
      case '28C':
        st.number = f.value.trim();
        break;
      case '60F':
      case '60M':
        st.opening = parseBalance(f.value);
        if (!st.opening) throw corrupt(`unreadable opening balance :${f.tag}:${f.value.slice(0, 40)}`);
        break;
      case '62F':
      case '62M':
        st.closing = parseBalance(f.value);
        if (!st.closing) throw corrupt(`unreadable closing balance :${f.tag}:${f.value.slice(0, 40)}`);
        break;
      case '64':
        st.closingAvailable = parseBalance(f.value);
        break;
      case '61': {
        const line = parseLine61(f.value);
        if (!line) throw corrupt(`unreadable statement line :61:${f.value.slice(0, 40)}`);
        if (++txCount > LIMITS.maxTransactions) throw tooLarge('MT940 file has too many transactions');
        st.transactions.push({ ...line, description: line.reference, counterparty: null, gvc: null });
        break;
      }
      case '86': {
        const last = st.transactions[st.transactions.length - 1];
        // A :86: after the closing balance belongs to the statement, not to a line.
        if (last && st.closing === null) {
          const d = parseDetails(f.value);
          last.description = d.description;
          last.counterparty = d.counterparty;
          last.gvc = d.gvc;
        }
        break;
      }
      default:
        break;
    }
  }
  const useful = statements.filter((s) => s.transactions.length > 0 || s.opening !== null || s.closing !== null);
  if (useful.length === 0) throw corrupt('no MT940 statement with balances or transactions found');
  return useful;
}

/** An IBAN at the start of :25: (some banks append the currency or use BLZ/account instead). */
function ibanOf(account: string | null): string | null {
  const m = /^([A-Z]{2}\d{2}[A-Z0-9]{10,30}?)(?:[A-Z]{3})?$/.exec((account ?? '').replace(/\s+/g, ''));
  return m?.[1] ?? null;
}

export function mt940ToDocument(statements: readonly Mt940Statement[]): ExtractedDocument {
  const parts: StatementPart[] = statements.map((s) => {
    const currency = s.opening?.currency ?? s.closing?.currency ?? null;
    return {
      account: s.account,
      currency,
      openingCents: s.opening?.cents ?? null,
      closingCents: s.closing?.cents ?? null,
      transactions: s.transactions.map((t) => ({
        date: t.entryDate ?? t.valueDate,
        valueDate: t.valueDate,
        amountCents: t.amountCents,
        currency,
        description: t.description === 'NONREF' ? '' : t.description,
        balanceCents: null,
        counterparty: t.counterparty,
        codes: t.gvc ? { gvc: t.gvc } : null,
      })),
    };
  });
  const account = statements.find((s) => s.account)?.account ?? null;
  const iban = ibanOf(account) ?? (account ? ibanFromAccountId(account, parts[0]?.currency ?? null) : null);
  return { format: 'mt940', bankName: null, iban, holder: null, parts, skippedRows: 0 };
}
