/**
 * Request bodies → normalised account records. Bank accounts are our own JSON shape; Open Banking
 * accounts are Berlin Group NextGenPSD2 account reports (only booked transactions count). Every bad
 * field is named with its path (transactions[3].amount, transactions.booked[2].bookingDate).
 */
import { createHash } from 'node:crypto';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { categoriseTransactions, type Market, type RiskTransaction } from '../../risk/index.ts';
import { accountErrors } from './accounts.errors.ts';
import {
  Problems,
  isObject,
  MAX_COUNTERPARTY_CHARS,
  oneLine,
  readAmount,
  readCounterparty,
  readCurrency,
  readDate,
  readIban,
  readOptionalIban,
  readString,
  rejectUnknown,
} from './accounts.values.ts';

export const MAX_TRANSACTIONS = 50_000;

/** A transaction as stored (jsonb) for both account kinds: money in integer cents. */
export interface StoredTransaction {
  date: string;
  value_date: string | null;
  amount_minor: number;
  currency: string;
  description: string;
  balance_minor: number | null;
  category: string;
  /** The other party (payee of a debit, payer of a credit) as the data named it; null when it named none. */
  counterparty: string | null;
  /** The other party's IBAN when the data gave one (absent in rows stored before it was read). */
  counterparty_iban?: string | null;
  transaction_id?: string | null;
  end_to_end_id?: string | null;
  bank_transaction_code?: string | null;
  purpose_code?: string | null;
}

export interface NormalisedBankAccount {
  extBankAccountId: string | null;
  iban: string;
  accountHolder: string;
  currencyCode: string;
  bankName: string | null;
  openingMinor: number | null;
  closingMinor: number | null;
  transactions: StoredTransaction[];
  dateMin: string | null;
  dateMax: string | null;
  contentHash: string;
}

export interface StoredBalance {
  balance_type: string;
  amount_minor: number;
  currency: string;
  reference_date: string | null;
}

export interface NormalisedOpenBankingAccount {
  extOpenBankingAccountId: string | null;
  provider: string | null;
  iban: string;
  accountHolder: string | null;
  currencyCode: string;
  balances: StoredBalance[];
  transactions: StoredTransaction[];
  dateMin: string | null;
  dateMax: string | null;
  contentHash: string;
}

type Draft = Omit<StoredTransaction, 'category' | 'counterparty'> & { counterparty: string | null; codes: RiskTransaction['codes'] };

const BANK_FIELDS = ['ext_bank_account_id', 'iban', 'account_holder', 'currency_code', 'bank_name', 'opening_balance', 'closing_balance', 'transactions'] as const;
const BANK_TXN_FIELDS = ['date', 'value_date', 'amount', 'description', 'balance', 'counterparty', 'counterparty_iban'] as const;

/** The categoriser's market for an account: German-speaking IBANs use the de rules, the rest it. */
export const marketOfIban = (iban: string): Market => (/^(DE|AT|CH|LI|LU)/.test(iban) ? 'de' : 'it');

const hashOf = (body: unknown): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');

function dateRange(txns: readonly { date: string }[]): { dateMin: string | null; dateMax: string | null } {
  let min: string | null = null;
  let max: string | null = null;
  for (const t of txns) {
    if (min === null || t.date < min) min = t.date;
    if (max === null || t.date > max) max = t.date;
  }
  return { dateMin: min, dateMax: max };
}

function categorise(drafts: Draft[], market: Market, holder: string | null, iban: string): StoredTransaction[] {
  const input: RiskTransaction[] = drafts.map((d) => ({
    date: d.date,
    valueDate: d.value_date,
    amountMinor: d.amount_minor,
    currency: d.currency,
    description: d.description,
    counterparty: d.counterparty,
    counterpartyIban: d.counterparty_iban ?? null,
    balanceMinor: d.balance_minor,
    codes: d.codes ?? null,
  }));
  const labelled = categoriseTransactions(input, market, { holderNames: [holder], ownIbans: [iban] });
  return drafts.map((d, i) => {
    const { codes: _codes, ...rest } = d;
    const l = labelled[i];
    // counterparty stays the party the data named (null when none): the normalised form is a grouping key, not a name
    return { ...rest, category: l?.category ?? 'uncategorised' };
  });
}

function readTransactionsArray(p: Problems, field: string, v: unknown): unknown[] | null {
  if (v === undefined || v === null) {
    p.add(field, 'required', 'is required');
    return null;
  }
  if (!Array.isArray(v)) {
    p.add(field, 'invalid_type', 'must be an array');
    return null;
  }
  if (v.length > MAX_TRANSACTIONS) {
    p.add(field, 'too_many', `holds ${v.length} items; at most ${MAX_TRANSACTIONS} are accepted per request`);
    return null;
  }
  return v;
}

export function normaliseBankAccount(body: unknown): NormalisedBankAccount {
  const p = new Problems();
  if (!isObject(body)) throw accountErrors.invalid([{ field: '(body)', code: 'invalid_type', message: 'the body must be a JSON object' }], 'the body must be a JSON object');
  rejectUnknown(p, '', body, BANK_FIELDS);
  const ext = readString(p, 'ext_bank_account_id', body.ext_bank_account_id, { required: false, max: 200 });
  const iban = readIban(p, 'iban', body.iban);
  const holder = readString(p, 'account_holder', body.account_holder, { required: true, max: 300, nonEmpty: true });
  const currency = readCurrency(p, 'currency_code', body.currency_code, 'EUR');
  const bankName = readString(p, 'bank_name', body.bank_name, { required: false, max: 300 });
  const opening = readAmount(p, 'opening_balance', body.opening_balance, false);
  const closing = readAmount(p, 'closing_balance', body.closing_balance, false);
  const raw = readTransactionsArray(p, 'transactions', body.transactions) ?? [];
  const drafts: Draft[] = [];
  raw.forEach((t, i) => {
    const f = `transactions[${i}]`;
    if (!isObject(t)) {
      p.add(f, 'invalid_type', 'must be an object');
      return;
    }
    rejectUnknown(p, f, t, BANK_TXN_FIELDS);
    const date = readDate(p, `${f}.date`, t.date, true);
    const valueDate = readDate(p, `${f}.value_date`, t.value_date, false);
    const amount = readAmount(p, `${f}.amount`, t.amount, true);
    const description = readString(p, `${f}.description`, t.description, { required: true, max: 2000 });
    const balance = readAmount(p, `${f}.balance`, t.balance, false);
    const counterparty = readCounterparty(p, `${f}.counterparty`, t.counterparty);
    const counterpartyIban = readOptionalIban(p, `${f}.counterparty_iban`, t.counterparty_iban);
    if (!date || valueDate === undefined || typeof amount !== 'number' || description === null || balance === undefined) return;
    if (counterparty === undefined || counterpartyIban === undefined) return;
    drafts.push({
      date,
      value_date: valueDate,
      amount_minor: amount,
      currency: currency ?? 'EUR',
      description: description.replace(/\s+/g, ' ').trim(),
      balance_minor: balance,
      counterparty,
      counterparty_iban: counterpartyIban,
      codes: null,
    });
  });
  if (!p.empty || !iban || !holder || !currency || opening === undefined || closing === undefined) throw accountErrors.invalid(p.list, p.summary());
  return {
    extBankAccountId: ext,
    iban,
    accountHolder: holder.trim(),
    currencyCode: currency,
    bankName: bankName,
    openingMinor: opening,
    closingMinor: closing,
    transactions: categorise(drafts, marketOfIban(iban), holder, iban),
    ...dateRange(drafts),
    contentHash: hashOf(body),
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? oneLine(v) : null);

/** A valid IBAN in electronic form, else null (never a problem: an Open Banking report is the bank's, not the caller's). */
function ibanOrNull(v: unknown): string | null {
  if (typeof v !== 'string' || v.length > 64) return null;
  const iban = electronicFormatIBAN(v);
  return iban && isValidIBAN(iban) ? iban : null;
}

/** Berlin Group remittance information in order of preference, joined to one line. */
function descriptionOf(t: Record<string, unknown>): string {
  const arr = Array.isArray(t.remittanceInformationUnstructuredArray) ? t.remittanceInformationUnstructuredArray.filter((x) => typeof x === 'string').join(' ') : null;
  const structured = isObject(t.remittanceInformationStructured) ? str(t.remittanceInformationStructured.reference) : str(t.remittanceInformationStructured);
  return (
    str(t.remittanceInformationUnstructured) ??
    str(arr) ??
    structured ??
    str(t.additionalInformation) ??
    str(t.proprietaryBankTransactionCode) ??
    ''
  );
}

const OB_BALANCE_PRIORITY_CLOSING = ['closingBooked', 'interimBooked'];

export function openingClosing(balances: readonly StoredBalance[]): { openingMinor: number | null; closingMinor: number | null } {
  const find = (types: string[]) => {
    for (const ty of types) {
      const b = balances.find((x) => x.balance_type === ty);
      if (b) return b.amount_minor;
    }
    return null;
  };
  return { openingMinor: find(['openingBooked']), closingMinor: find(OB_BALANCE_PRIORITY_CLOSING) };
}

export function normaliseOpenBankingAccount(body: unknown): NormalisedOpenBankingAccount {
  const p = new Problems();
  if (!isObject(body)) throw accountErrors.invalid([{ field: '(body)', code: 'invalid_type', message: 'the body must be a JSON object' }], 'the body must be a JSON object');
  const ext = readString(p, 'ext_open_banking_account_id', body.ext_open_banking_account_id, { required: false, max: 200 });
  const provider = readString(p, 'provider', body.provider, { required: false, max: 200 });
  let iban: string | null = null;
  let currency: string | null = null;
  let holder: string | null = null;
  if (!isObject(body.account)) {
    p.add('account', body.account === undefined ? 'required' : 'invalid_type', body.account === undefined ? 'is required' : 'must be an object');
  } else {
    iban = readIban(p, 'account.iban', body.account.iban);
    currency = readCurrency(p, 'account.currency', body.account.currency, null);
    holder = readString(p, 'account.ownerName', body.account.ownerName, { required: false, max: 300 });
    readString(p, 'account.name', body.account.name, { required: false, max: 300 });
  }
  const balances: StoredBalance[] = [];
  if (body.balances !== undefined && body.balances !== null) {
    if (!Array.isArray(body.balances)) p.add('balances', 'invalid_type', 'must be an array');
    else
      body.balances.forEach((b, i) => {
        const f = `balances[${i}]`;
        if (!isObject(b)) return p.add(f, 'invalid_type', 'must be an object');
        const type = readString(p, `${f}.balanceType`, b.balanceType, { required: true, max: 64, nonEmpty: true });
        const refDate = readDate(p, `${f}.referenceDate`, b.referenceDate, false);
        if (!isObject(b.balanceAmount)) return p.add(`${f}.balanceAmount`, 'required', 'is required');
        const amount = readAmount(p, `${f}.balanceAmount.amount`, b.balanceAmount.amount, true);
        const cur = readCurrency(p, `${f}.balanceAmount.currency`, b.balanceAmount.currency, currency ?? 'EUR');
        if (type && typeof amount === 'number' && cur && refDate !== undefined) balances.push({ balance_type: type, amount_minor: amount, currency: cur, reference_date: refDate });
      });
  }
  let booked: unknown[] = [];
  if (!isObject(body.transactions)) {
    p.add('transactions', body.transactions === undefined ? 'required' : 'invalid_type', body.transactions === undefined ? 'is required' : 'must be an object {booked, pending?}');
  } else {
    booked = readTransactionsArray(p, 'transactions.booked', body.transactions.booked) ?? [];
    const pending = body.transactions.pending;
    if (pending !== undefined && pending !== null && !Array.isArray(pending)) p.add('transactions.pending', 'invalid_type', 'must be an array');
  }
  const drafts: Draft[] = [];
  booked.forEach((t, i) => {
    const f = `transactions.booked[${i}]`;
    if (!isObject(t)) return p.add(f, 'invalid_type', 'must be an object');
    const bookingDate = readDate(p, `${f}.bookingDate`, t.bookingDate, false);
    const valueDate = readDate(p, `${f}.valueDate`, t.valueDate, false);
    if (bookingDate === null && valueDate === null) p.add(`${f}.bookingDate`, 'required', 'is required (or valueDate)');
    let amount: number | null | undefined;
    let cur: string | null = null;
    if (!isObject(t.transactionAmount)) {
      p.add(`${f}.transactionAmount`, t.transactionAmount === undefined ? 'required' : 'invalid_type', t.transactionAmount === undefined ? 'is required' : 'must be an object {amount, currency}');
    } else {
      amount = readAmount(p, `${f}.transactionAmount.amount`, t.transactionAmount.amount, true);
      cur = readCurrency(p, `${f}.transactionAmount.currency`, t.transactionAmount.currency, currency ?? 'EUR');
    }
    let balance: number | null | undefined = null;
    if (isObject(t.balanceAfterTransaction) && isObject(t.balanceAfterTransaction.balanceAmount)) {
      balance = readAmount(p, `${f}.balanceAfterTransaction.balanceAmount.amount`, t.balanceAfterTransaction.balanceAmount.amount, false);
    }
    const date = bookingDate ?? valueDate;
    if (!date || typeof amount !== 'number' || !cur || balance === undefined || valueDate === undefined) return;
    // the other party: the creditor of money out, the debtor of money in (the same field a bank-account body's
    // counterparty and counterparty_iban fill); a name cut to the bank-account bound, an account kept only
    // when it is a valid IBAN (a report may reference it by BBAN, PAN or a masked PAN: no IBAN then)
    const party = amount < 0 ? { name: t.creditorName, ultimate: t.ultimateCreditor, account: t.creditorAccount } : { name: t.debtorName, ultimate: t.ultimateDebtor, account: t.debtorAccount };
    const counterparty = (str(party.name) ?? str(party.ultimate))?.slice(0, MAX_COUNTERPARTY_CHARS).trim() ?? null;
    const counterpartyIban = isObject(party.account) ? ibanOrNull(party.account.iban) : null;
    const btc = str(t.bankTransactionCode) ?? str(t.proprietaryBankTransactionCode);
    const purpose = str(t.purposeCode);
    drafts.push({
      date,
      value_date: valueDate,
      amount_minor: amount,
      currency: cur,
      description: descriptionOf(t),
      balance_minor: balance,
      counterparty,
      counterparty_iban: counterpartyIban,
      transaction_id: str(t.transactionId),
      end_to_end_id: str(t.endToEndId),
      bank_transaction_code: btc,
      purpose_code: purpose,
      codes: btc || purpose ? { ...(btc ? { bank_transaction_code: btc } : {}), ...(purpose ? { purpose } : {}) } : null,
    });
  });
  if (!p.empty || !iban || !currency) throw accountErrors.invalid(p.list, p.summary());
  return {
    extOpenBankingAccountId: ext,
    provider,
    iban,
    accountHolder: holder?.trim() || null,
    currencyCode: currency,
    balances,
    transactions: categorise(drafts, marketOfIban(iban), holder, iban),
    ...dateRange(drafts),
    contentHash: hashOf(body),
  };
}
