/**
 * Vocabulary of table exports (CSV, XLSX) in Italian, German and English, version 2.
 * Headings and labels are hints: the table reader decides column roles from the
 * content and the balance chain, and uses these words to name what it found and to
 * break ties. Terms are normalised text (see normaliseLabel): lower case, no
 * accents, no currency suffixes, single spaces.
 */
export type ColumnRole =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'type'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'balance'
  | 'counterparty'
  | 'currency'
  | 'dcMark'
  | 'code'
  | 'category'
  | 'status';

export const TABLE_VOCAB_VERSION = 2;

/**
 * Heading terms per role, in priority order: a heading takes the first role one of
 * whose terms it equals or contains as whole words ("Causale / Descrizione" is a
 * description, "Causale ABI" a code, "Valuta divisa" a currency).
 */
export const HEADING_TERMS: readonly (readonly [ColumnRole, readonly string[]])[] = [
  ['dcMark', ['soll/haben', 's/h', 'd/a', 'dr/cr', 'd/c', 'cr/dr', 'segno', 'dare/avere', 'debit/credit', '+/-', 'credit/debit indicator']],
  ['currency', ['waehrung', 'wahrung', 'divisa', 'currency', 'ccy', 'valuta divisa']],
  ['balance', ['saldo', 'kontostand', 'balance', 'running balance', 'saldo nach buchung', 'saldo contabile']],
  ['valueDate', ['data valuta', 'valuta', 'valutadatum', 'wertstellung', 'wertstellungsdatum', 'wert', 'value date', 'effective date']],
  ['date', ['data contabile', 'data operazione', 'data registrazione', 'data movimento', 'data', 'buchungstag', 'buchungsdatum', 'buchung', 'datum', 'umsatztag', 'date', 'booking date', 'transaction date', 'posting date']],
  ['description', ['descrizione', 'descrizione operazione', 'descrizione operazioni', 'dettagli', 'dettaglio', 'verwendungszweck', 'buchungsdetails', 'beschreibung', 'description', 'details', 'memo', 'narrative', 'text', 'purpose', 'remittance information', 'zahlungsgrund', 'betreff', 'reference', 'riferimento']],
  ['counterparty', ['beneficiario', 'ordinante', 'controparte', 'auftraggeber', 'empfanger', 'empfaenger', 'beguenstigter', 'begunstigter', 'zahlungspflichtiger', 'zahlungsbeteiligter', 'name zahlungsbeteiligter', 'zahlungsempfanger', 'counterparty', 'payee', 'payer', 'name']],
  ['code', ['causale abi', 'cod causale', 'codice causale', 'gvc', 'buchungsschlussel', 'code', 'transaction code', 'codice']],
  ['type', ['causale', 'operazione', 'tipo operazione', 'tipo', 'buchungstext', 'umsatzart', 'vorgang', 'type', 'transaction type']],
  ['debit', ['dare', 'uscite', 'uscita', 'addebiti', 'addebito', 'soll', 'belastung', 'ausgang', 'ausgaben', 'debit', 'debit amount', 'paid out', 'money out', 'withdrawals', 'withdrawal']],
  ['credit', ['avere', 'entrate', 'entrata', 'accrediti', 'accredito', 'haben', 'gutschrift', 'eingang', 'einnahmen', 'credit', 'credit amount', 'paid in', 'money in', 'deposits', 'deposit']],
  ['amount', ['importo', 'betrag', 'umsatz', 'amount', 'value', 'importo in euro']],
  ['category', ['categoria', 'kategorie', 'category']],
  ['status', ['stato', 'status', 'info']],
];

/** Marker cell values: which ones mean money out and money in. */
export const DEBIT_MARKS: readonly string[] = ['s', 'd', 'dr', 'db', '-', 'soll', 'dare', 'debit', 'dbit', 'addebito', 'belastung', 'out'];
export const CREDIT_MARKS: readonly string[] = ['h', 'c', 'cr', 'a', '+', 'haben', 'avere', 'credit', 'crdt', 'accredito', 'gutschrift', 'in'];

export type LabelKind = 'holder' | 'bank' | 'iban' | 'currency' | 'opening' | 'closing' | 'balance';

/**
 * Labels of preamble lines, info sheets and summary rows. `balance` is a balance
 * whose side (opening or closing) follows from its date or its place in the file
 * ("Kontostand vom 01.03.2026", "Saldo per 31.03.", a "Balance" row under the table).
 * Longer labels win ("alter kontostand" before "kontostand").
 */
const LABELS: [string, LabelKind][] = [
  ['saldo iniziale', 'opening'],
  ['saldo contabile iniziale', 'opening'],
  ['saldo di apertura', 'opening'],
  ['saldo precedente', 'opening'],
  ['saldo inizio periodo', 'opening'],
  ['saldo al inizio', 'opening'],
  ['anfangssaldo', 'opening'],
  ['anfangsbestand', 'opening'],
  ['alter kontostand', 'opening'],
  ['alter saldo', 'opening'],
  ['saldo alt', 'opening'],
  ['startsaldo', 'opening'],
  ['saldovortrag', 'opening'],
  ['opening balance', 'opening'],
  ['balance brought forward', 'opening'],
  ['previous balance', 'opening'],
  ['start balance', 'opening'],
  ['starting balance', 'opening'],
  ['saldo finale', 'closing'],
  ['saldo contabile finale', 'closing'],
  ['saldo di chiusura', 'closing'],
  ['saldo fine periodo', 'closing'],
  ['endsaldo', 'closing'],
  ['endbestand', 'closing'],
  ['schlusssaldo', 'closing'],
  ['neuer kontostand', 'closing'],
  ['neuer saldo', 'closing'],
  ['saldo neu', 'closing'],
  ['closing balance', 'closing'],
  ['balance carried forward', 'closing'],
  ['end balance', 'closing'],
  ['ending balance', 'closing'],
  ['final balance', 'closing'],
  ['kontostand', 'balance'],
  ['saldo contabile', 'balance'],
  ['saldo', 'balance'],
  ['balance', 'balance'],
  ['current balance', 'balance'],
  ['kontoinhaber', 'holder'],
  ['inhaber', 'holder'],
  ['intestatario', 'holder'],
  ['intestatari', 'holder'],
  ['intestato a', 'holder'],
  ['titolare', 'holder'],
  ['account holder', 'holder'],
  ['account name', 'holder'],
  ['account owner', 'holder'],
  ['kunde', 'holder'],
  ['cliente', 'holder'],
  ['customer', 'holder'],
  ['customer name', 'holder'],
  ['banca', 'bank'],
  ['bank', 'bank'],
  ['bank name', 'bank'],
  ['kreditinstitut', 'bank'],
  ['istituto', 'bank'],
  ['iban', 'iban'],
  ['waehrung', 'currency'],
  ['wahrung', 'currency'],
  ['valuta del conto', 'currency'],
  ['divisa', 'currency'],
  ['currency', 'currency'],
];
export const INFO_LABELS: readonly (readonly [string, LabelKind])[] = [...LABELS].sort((a, b) => b[0].length - a[0].length);

/** Currency of an IBAN's country when the export names none (every transaction carries one). */
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  IT: 'EUR', DE: 'EUR', AT: 'EUR', FR: 'EUR', ES: 'EUR', NL: 'EUR', BE: 'EUR', IE: 'EUR', LU: 'EUR', PT: 'EUR', FI: 'EUR',
  SM: 'EUR', MT: 'EUR', SI: 'EUR', SK: 'EUR', GR: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', CY: 'EUR', HR: 'EUR',
  CH: 'CHF', LI: 'CHF', GB: 'GBP', PL: 'PLN', CZ: 'CZK', HU: 'HUF', SE: 'SEK', DK: 'DKK', NO: 'NOK',
};

/** ISO 4217 codes recognised in cells ("1.234,56 EUR", a currency column). */
export const CURRENCY_CODES: ReadonlySet<string> = new Set([
  'EUR', 'USD', 'GBP', 'CHF', 'JPY', 'PLN', 'CZK', 'HUF', 'SEK', 'DKK', 'NOK', 'RON', 'BGN', 'CAD', 'AUD', 'CNY', 'TRY', 'RUB', 'HRK', 'INR', 'BRL', 'MXN', 'ZAR', 'AED', 'MAD', 'ALL', 'RSD', 'UAH',
]);
