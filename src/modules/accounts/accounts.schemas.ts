import { Type, type Static } from 'typebox';
import { PaginationQuery, Timestamp, Uuid, listEnvelope } from '../../http/common.ts';
import { MAX_TRANSACTIONS } from './accounts.normalise.ts';
import { MAX_COUNTERPARTY_CHARS } from './accounts.values.ts';

const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);
const Amount = (description: string) =>
  Type.Union([Type.Number(), Type.String({ pattern: '^[+-]?\\d+(\\.\\d+)?$' })], {
    description: `${description}; a JSON number or a decimal string ("-12.50"), at most 2 decimal places, stored exactly`,
  });
const IsoDate = (description: string) => Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` });

export const BankTransactionInput = Type.Object(
  {
    date: IsoDate('booking date'),
    value_date: Type.Optional(Type.Union([IsoDate('value date'), Type.Null()])),
    amount: Amount('signed amount, negative = money out'),
    description: Type.String({ maxLength: 2000 }),
    balance: Type.Optional(Type.Union([Amount('running balance after the transaction'), Type.Null()])),
    counterparty: Type.Optional(
      Type.Union([Type.String({ maxLength: MAX_COUNTERPARTY_CHARS }), Type.Null()], {
        description:
          'the other party: the payee of money out, the payer of money in, as the bank knows it (trimmed to one line; blank is none). ' +
          'The risk engine groups payers and payees by it before any name read from the description',
      }),
    ),
    counterparty_iban: Type.Optional(
      Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
        description: "the other party's IBAN; spaces allowed; check digits are verified (400 naming transactions[i].counterparty_iban)",
      }),
    ),
  },
  { additionalProperties: false },
);

export const BankAccountBody = Type.Object(
  {
    ext_bank_account_id: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    iban: Type.String({ description: 'IBAN; spaces allowed; check digits are verified' }),
    account_holder: Type.String({ minLength: 1, maxLength: 300 }),
    currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 (default EUR)' })),
    bank_name: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    opening_balance: Type.Optional(Type.Union([Amount('opening balance'), Type.Null()])),
    closing_balance: Type.Optional(Type.Union([Amount('closing balance'), Type.Null()])),
    transactions: Type.Array(BankTransactionInput, { maxItems: MAX_TRANSACTIONS }),
  },
  { additionalProperties: false, description: 'transaction data of one bank account; every malformed field is named in the 400' },
);

const AmountInObject = Type.Object({ amount: Amount('amount'), currency: Type.String({ pattern: '^[A-Z]{3}$' }) }, { additionalProperties: true });

export const OpenBankingAccountBody = Type.Object(
  {
    ext_open_banking_account_id: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    provider: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    account: Type.Object(
      { iban: Type.String(), currency: Type.String({ pattern: '^[A-Z]{3}$' }), ownerName: Type.Optional(Type.String()), name: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
    balances: Type.Optional(
      Type.Array(
        Type.Object(
          {
            balanceAmount: AmountInObject,
            balanceType: Type.String({ description: 'closingBooked, openingBooked, interimBooked, expected, …' }),
            referenceDate: Type.Optional(IsoDate('reference date')),
          },
          { additionalProperties: true },
        ),
      ),
    ),
    transactions: Type.Object(
      {
        booked: Type.Array(
          Type.Object(
            {
              bookingDate: Type.Optional(IsoDate('booking date')),
              valueDate: Type.Optional(IsoDate('value date')),
              transactionAmount: AmountInObject,
              creditorName: Type.Optional(Type.String({ description: 'the counterparty of money out (cut to 140 characters)' })),
              creditorAccount: Type.Optional(Type.Object({ iban: Type.Optional(Type.String()) }, { additionalProperties: true, description: "its iban is the counterparty_iban of money out (kept when valid)" })),
              debtorName: Type.Optional(Type.String({ description: 'the counterparty of money in (cut to 140 characters)' })),
              debtorAccount: Type.Optional(Type.Object({ iban: Type.Optional(Type.String()) }, { additionalProperties: true, description: 'its iban is the counterparty_iban of money in (kept when valid)' })),
              remittanceInformationUnstructured: Type.Optional(Type.String()),
              remittanceInformationUnstructuredArray: Type.Optional(Type.Array(Type.String())),
              endToEndId: Type.Optional(Type.String()),
              bankTransactionCode: Type.Optional(Type.String()),
              purposeCode: Type.Optional(Type.String()),
            },
            { additionalProperties: true },
          ),
          { maxItems: MAX_TRANSACTIONS },
        ),
        pending: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'accepted and ignored: only booked transactions count' })),
      },
      { additionalProperties: true },
    ),
  },
  {
    additionalProperties: true,
    description:
      'a Berlin Group NextGenPSD2 account report (GET /accounts/{id}/transactions response with the account and optional balances). ' +
      'Opening balance from openingBooked; closing from closingBooked, else interimBooked.',
  },
);

export const TransactionView = Type.Object({
  date: Type.String(),
  value_date: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Number(),
  currency: Type.String(),
  description: Type.String(),
  balance: Type.Union([Type.Number(), Type.Null()]),
  category: Type.String(),
  counterparty: Type.Union([Type.String(), Type.Null()], { description: 'the other party as the data named it (Open Banking: creditorName of money out, debtorName of money in); null when none' }),
  counterparty_iban: Type.Union([Type.String(), Type.Null()], { description: "the other party's IBAN (Open Banking: creditorAccount / debtorAccount iban); null when none" }),
});

export const ObTransactionView = Type.Object({
  ...TransactionView.properties,
  transaction_id: Type.Union([Type.String(), Type.Null()]),
  end_to_end_id: Type.Union([Type.String(), Type.Null()]),
  bank_transaction_code: Type.Union([Type.String(), Type.Null()]),
  purpose_code: Type.Union([Type.String(), Type.Null()]),
});

const bankSummaryProps = {
  bank_account_id: Type.String(),
  process_id: Type.String(),
  ext_bank_account_id: nullable(Type.String()),
  iban: Type.String(),
  account_holder: Type.String(),
  currency_code: Type.String(),
  bank_name: nullable(Type.String()),
  opening_balance: nullable(Type.Number()),
  closing_balance: nullable(Type.Number()),
  total_transactions: Type.Integer(),
  date_min: nullable(Type.String()),
  date_max: nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const BankAccountSchema = Type.Object(bankSummaryProps, { description: 'a bank account (transaction data supplied as JSON)' });
export const BankAccountDetailSchema = Type.Object({ ...bankSummaryProps, transactions: Type.Array(TransactionView) });
export type BankAccountView = Static<typeof BankAccountSchema>;
export type BankAccountDetailView = Static<typeof BankAccountDetailSchema>;

const obSummaryProps = {
  open_banking_account_id: Type.String(),
  process_id: Type.String(),
  ext_open_banking_account_id: nullable(Type.String()),
  provider: nullable(Type.String()),
  iban: Type.String(),
  account_holder: nullable(Type.String()),
  currency_code: Type.String(),
  opening_balance: nullable(Type.Number()),
  closing_balance: nullable(Type.Number()),
  total_transactions: Type.Integer({ description: 'booked transactions only' }),
  date_min: nullable(Type.String()),
  date_max: nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
};
export const OpenBankingAccountSchema = Type.Object(obSummaryProps, { description: 'an Open Banking (NextGenPSD2) account' });
export const OpenBankingAccountDetailSchema = Type.Object({ ...obSummaryProps, transactions: Type.Array(ObTransactionView) });
export type OpenBankingAccountView = Static<typeof OpenBankingAccountSchema>;
export type OpenBankingAccountDetailView = Static<typeof OpenBankingAccountDetailSchema>;

export const BankAccountListSchema = listEnvelope(BankAccountSchema, 'bank accounts, created_at descending');
export const OpenBankingAccountListSchema = listEnvelope(OpenBankingAccountSchema, 'Open Banking accounts, created_at descending');
export const AccountListQuery = Type.Object({ ...PaginationQuery }, { additionalProperties: false });
export type AccountListQuery = Static<typeof AccountListQuery>;

export const ProcessParams = Type.Object({ process_id: Uuid('process id') });
export const BankAccountParams = Type.Object({ process_id: Uuid('process id'), bank_account_id: Uuid('bank account id') });
export const OpenBankingAccountParams = Type.Object({ process_id: Uuid('process id'), open_banking_account_id: Uuid('Open Banking account id') });
