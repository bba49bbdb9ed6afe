/**
 * Vocabulary of bank exports in Italian, German and English: which header names a
 * column's role, and which preamble/footer labels carry account data. Matching is
 * on normalised text (lower case, no accents, no "(EUR)" suffixes).
 */
export type ColumnRole =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'balance'
  | 'counterparty'
  | 'currency'
  | 'dcMark';

const HEADERS: Record<string, ColumnRole> = {
  // it
  data: 'date',
  'data operazione': 'date',
  'data contabile': 'date',
  'data registrazione': 'date',
  'data valuta': 'valueDate',
  descrizione: 'description',
  'descrizione operazione': 'description',
  causale: 'description',
  dettagli: 'description',
  importo: 'amount',
  entrate: 'credit',
  avere: 'credit',
  accrediti: 'credit',
  uscite: 'debit',
  dare: 'debit',
  addebiti: 'debit',
  saldo: 'balance',
  divisa: 'currency',
  beneficiario: 'counterparty',
  controparte: 'counterparty',
  // de
  buchungstag: 'date',
  buchungsdatum: 'date',
  buchung: 'date',
  datum: 'date',
  valuta: 'valueDate',
  valutadatum: 'valueDate',
  wertstellung: 'valueDate',
  wertstellungsdatum: 'valueDate',
  verwendungszweck: 'description',
  buchungstext: 'description',
  umsatzart: 'description',
  vorgang: 'description',
  betrag: 'amount',
  umsatz: 'amount',
  soll: 'debit',
  haben: 'credit',
  'soll/haben': 'dcMark',
  's/h': 'dcMark',
  kontostand: 'balance',
  'saldo nach buchung': 'balance',
  waehrung: 'currency',
  wahrung: 'currency',
  auftraggeber: 'counterparty',
  empfanger: 'counterparty',
  empfaenger: 'counterparty',
  'auftraggeber / empfanger': 'counterparty',
  'auftraggeber/empfanger': 'counterparty',
  'beguenstigter/zahlungspflichtiger': 'counterparty',
  'begunstigter/zahlungspflichtiger': 'counterparty',
  'zahlungsempfanger*in': 'counterparty',
  'zahlungspflichtige*r': 'counterparty',
  beguenstigter: 'counterparty',
  begunstigter: 'counterparty',
  'name zahlungsbeteiligter': 'counterparty',
  // en
  date: 'date',
  'booking date': 'date',
  'transaction date': 'date',
  'posting date': 'date',
  'value date': 'valueDate',
  description: 'description',
  details: 'description',
  memo: 'description',
  reference: 'description',
  narrative: 'description',
  amount: 'amount',
  debit: 'debit',
  'money out': 'debit',
  'paid out': 'debit',
  withdrawals: 'debit',
  credit: 'credit',
  'money in': 'credit',
  'paid in': 'credit',
  deposits: 'credit',
  balance: 'balance',
  'running balance': 'balance',
  payee: 'counterparty',
  counterparty: 'counterparty',
  currency: 'currency',
};

export function normaliseLabel(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\((?:eur|euro|€|usd|chf|gbp)\)|€|\beur\b|in eur/g, '')
    .replace(/[:.]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function roleOf(header: string): ColumnRole | null {
  return HEADERS[normaliseLabel(header)] ?? null;
}

export type LabelKind = 'holder' | 'opening' | 'closing' | 'bank' | 'iban' | 'currency';

// Order matters: "alter kontostand" must be seen before the bare "kontostand".
const LABELS: [string, LabelKind][] = [
  ['anfangssaldo', 'opening'],
  ['alter kontostand', 'opening'],
  ['saldo alt', 'opening'],
  ['startsaldo', 'opening'],
  ['saldo iniziale', 'opening'],
  ['saldo contabile iniziale', 'opening'],
  ['saldo di apertura', 'opening'],
  ['opening balance', 'opening'],
  ['balance brought forward', 'opening'],
  ['endsaldo', 'closing'],
  ['schlusssaldo', 'closing'],
  ['neuer kontostand', 'closing'],
  ['saldo neu', 'closing'],
  ['kontostand', 'closing'],
  ['saldo finale', 'closing'],
  ['saldo contabile finale', 'closing'],
  ['saldo di chiusura', 'closing'],
  ['closing balance', 'closing'],
  ['balance carried forward', 'closing'],
  ['kontoinhaber', 'holder'],
  ['inhaber', 'holder'],
  ['intestatario', 'holder'],
  ['intestato a', 'holder'],
  ['titolare', 'holder'],
  ['account holder', 'holder'],
  ['account name', 'holder'],
  ['bank', 'bank'],
  ['banca', 'bank'],
  ['kreditinstitut', 'bank'],
  ['iban', 'iban'],
  ['waehrung', 'currency'],
  ['wahrung', 'currency'],
  ['valuta del conto', 'currency'],
  ['currency', 'currency'],
];

export function labelKind(cell: string): LabelKind | null {
  const n = normaliseLabel(cell);
  if (n.length === 0 || n.length > 60) return null;
  for (const [label, kind] of LABELS) if (n === label || n.startsWith(label + ' ')) return kind;
  return null;
}
