import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LIMITS } from '../../limits.ts';
import { corrupt, StructuredError, tooLarge } from '../../errors.ts';
import type { ExtractedDocument, RawTransaction, StatementPart } from '../../statement/model.ts';
import { parseDotDecimal } from '../../values/money.ts';
import { decodeText } from '../../sniff/text.ts';

/** Loosely typed XML node as fast-xml-parser returns it (all values kept as strings). */
type Node = { [key: string]: unknown };

const ARRAYS = new Set(['Stmt', 'Ntry', 'Bal', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  maxNestedTags: LIMITS.xmlMaxDepth,
  isArray: (name) => ARRAYS.has(name),
  // The callbacks above need no path: without this the parser builds each element's path as a string
  // for every callback (a third of a 20 MB statement's reading).
  jPath: false,
});

function obj(v: unknown): Node | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
}
function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const key of path) {
    const o = obj(cur);
    if (!o) return undefined;
    cur = o[key];
  }
  return cur;
}
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The parser leaves entities alone (no DTD expansion, by design); the five predefined
 * ones and character references are decoded here ("GmbH &amp; Co. KG").
 */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (m, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return PREDEFINED[name] ?? m;
  });
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return decodeEntities(v.trim());
  const o = obj(v);
  if (o && typeof o['#text'] === 'string') return decodeEntities(o['#text'].trim());
  return null;
}
function list(v: unknown): Node[] {
  return Array.isArray(v) ? v.flatMap((x) => (obj(x) ? [x as Node] : [])) : [];
}

/** ISO date from <Dt> or <DtTm>; a date-time keeps the date as printed by the bank. */
function dateOf(node: unknown): string | null {
  const d = text(at(node, 'Dt')) ?? text(at(node, 'DtTm'));
  return d && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : null;
}

/** Signed cents of an <Amt Ccy> + <CdtDbtInd> pair. */
function signedAmount(node: Node): { cents: number; currency: string | null } | null {
  const amt = at(node, 'Amt');
  const raw = text(amt);
  const cents = raw === null ? null : parseDotDecimal(raw);
  if (cents === null) return null;
  const currency = text(at(amt, '@_Ccy'));
  return { cents: text(node['CdtDbtInd']) === 'DBIT' ? -cents : cents, currency };
}

function partyName(party: unknown): string | null {
  return text(at(party, 'Nm')) ?? text(at(party, 'Pty', 'Nm'));
}

function transactionOf(entry: Node): RawTransaction {
  const amount = signedAmount(entry);
  if (!amount) throw corrupt('camt entry without a readable amount');
  const details = list(at(entry, 'NtryDtls')).flatMap((d) => list(d['TxDtls']));
  // A batch (Btch, or several TxDtls) is one booking: its own text describes it, not one of its payments.
  const batch = details.length > 1 || list(at(entry, 'NtryDtls')).some((d) => d['Btch'] !== undefined);
  const tx = batch ? undefined : details[0];
  const parties = at(tx, 'RltdPties');
  // The other side of the booking: who paid us on a credit, whom we paid on a debit.
  const counterparty =
    amount.cents >= 0
      ? (partyName(at(parties, 'UltmtDbtr')) ?? partyName(at(parties, 'Dbtr')))
      : (partyName(at(parties, 'UltmtCdtr')) ?? partyName(at(parties, 'Cdtr')));
  const rawUstrd = at(tx, 'RmtInf', 'Ustrd');
  const ustrd = (Array.isArray(rawUstrd) ? rawUstrd : []).map(text).filter((u): u is string => !!u);
  const strd = at(tx, 'RmtInf', 'Strd');
  const structured = text(at(Array.isArray(strd) ? strd[0] : strd, 'CdtrRefInf', 'Ref'));
  const entryText = text(entry['AddtlNtryInf']);
  const own = ustrd.length > 0 ? ustrd.join(' ') : (structured ?? text(at(tx, 'AddtlTxInf')));
  const description = ((batch ? entryText : own) ?? entryText ?? own ?? '').replace(/\s+/g, ' ').trim();
  const domain = at(entry, 'BkTxCd', 'Domn');
  const btc = domain
    ? [text(at(domain, 'Cd')), text(at(domain, 'Fmly', 'Cd')), text(at(domain, 'Fmly', 'SubFmlyCd'))].filter(Boolean).join('/')
    : text(at(entry, 'BkTxCd', 'Prtry', 'Cd'));
  const purpose = text(at(tx, 'Purp', 'Cd'));
  const booking = dateOf(entry['BookgDt']);
  const value = dateOf(entry['ValDt']);
  const date = booking ?? value;
  if (!date) throw corrupt('camt entry without booking or value date');
  const codes: NonNullable<RawTransaction['codes']> = {};
  if (btc) codes.bank_transaction_code = btc;
  if (purpose) codes.purpose = purpose;
  return {
    date,
    valueDate: value,
    amountCents: amount.cents,
    currency: amount.currency,
    description,
    balanceCents: null,
    counterparty: counterparty ?? null,
    codes: Object.keys(codes).length > 0 ? codes : null,
  };
}

function balance(bals: Node[], ...codes: string[]): number | null {
  for (const code of codes) {
    const b = bals.find((x) => text(at(x, 'Tp', 'CdOrPrtry', 'Cd')) === code);
    if (b) return signedAmount(b)?.cents ?? null;
  }
  return null;
}

export interface CamtStatement extends StatementPart {
  id: string | null;
  holder: string | null;
  bankName: string | null;
  iban: string | null;
}

function statementOf(stmt: Node): CamtStatement {
  const acct = at(stmt, 'Acct');
  const iban = text(at(acct, 'Id', 'IBAN'));
  const other = text(at(acct, 'Id', 'Othr', 'Id'));
  const bals = list(stmt['Bal']);
  const entries = list(stmt['Ntry']).filter((e) => {
    // Pending/information entries are not booked and do not move the balance.
    const status = text(e['Sts']) ?? text(at(e, 'Sts', 'Cd'));
    return status === null || status === 'BOOK';
  });
  return {
    id: text(stmt['Id']),
    account: iban ?? other,
    currency: text(at(acct, 'Ccy')),
    // A statement without OPBD may carry the previous closing booked balance instead.
    openingCents: balance(bals, 'OPBD', 'PRCD'),
    closingCents: balance(bals, 'CLBD'),
    transactions: entries.map(transactionOf),
    holder: text(at(acct, 'Ownr', 'Nm')) ?? text(at(acct, 'Nm')),
    bankName: text(at(acct, 'Svcr', 'FinInstnId', 'Nm')),
    iban,
  };
}

/** Parses a camt.053 document (versions .001.02 to .001.08) into its statements. */
export function parseCamt053(bytes: Uint8Array): CamtStatement[] {
  if (bytes.length > LIMITS.xmlMaxBytes) throw tooLarge('camt.053 document exceeds the XML size limit');
  const xml = decodeText(bytes).text;
  // No DTDs in ISO 20022 messages: a DOCTYPE or ENTITY can only be an expansion attack.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new StructuredError('hostile', 'XML with DOCTYPE/ENTITY declarations is refused');
  if (XMLValidator.validate(xml) !== true) throw corrupt('camt.053 document is not well-formed XML');
  let root: unknown;
  try {
    root = parser.parse(xml);
  } catch (e) {
    throw corrupt(`camt.053 document could not be read: ${(e as Error).message.slice(0, 200)}`);
  }
  const stmts = list(at(root, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (stmts.length === 0) throw corrupt('camt.053 document holds no statement');
  if (stmts.length > LIMITS.maxStatements) throw tooLarge('camt.053 document has too many statements');
  const parsed = stmts.map(statementOf);
  if (parsed.reduce((n, s) => n + s.transactions.length, 0) > LIMITS.maxTransactions) {
    throw tooLarge('camt.053 document has too many entries');
  }
  return parsed;
}

export function camtToDocument(statements: readonly CamtStatement[]): ExtractedDocument {
  const first = statements[0];
  return {
    format: 'camt053',
    bankName: statements.find((s) => s.bankName)?.bankName ?? null,
    iban: first?.iban ?? null,
    holder: statements.find((s) => s.holder)?.holder ?? null,
    parts: statements.map((s) => ({
      account: s.account,
      currency: s.currency ?? s.transactions[0]?.currency ?? null,
      openingCents: s.openingCents,
      closingCents: s.closingCents,
      transactions: s.transactions,
    })),
    skippedRows: 0,
  };
}
