import { Type, type Static } from 'typebox';
import { PaginationQuery, Timestamp, Uuid, listEnvelope } from '../../http/common.ts';

const OptionalNumber = (description: string) =>
  Type.Optional(
    Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), Type.Null()], {
      description: `${description}; a number, a decimal string or null`,
    }),
  );

export const ReportParamsSchema = Type.Object(
  {
    account_holder: Type.Optional(
      Type.String({
        maxLength: 300,
        description: 'must match a holder found in the selected data; when omitted or empty, the process attribute main_applicant_name is used',
      }),
    ),
    data_market: Type.String({ enum: ['it', 'de'] }),
    data_source: Type.String({ enum: ['retail', 'commercial'] }),
    tax_code: Type.Optional(Type.String({ maxLength: 64, description: 'optional; falls back to the process attribute main_tax_code' })),
    loan_period: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 600 }), Type.String({ pattern: '^\\d{1,3}$' }), Type.Null()], { description: 'months, or null' }),
    ),
    requested_loan_amount: OptionalNumber('amount in the account currency'),
    overdraft_limit: OptionalNumber('overdraft limit in the account currency'),
  },
  { additionalProperties: false },
);
export type ReportParamsInput = Static<typeof ReportParamsSchema>;

const IdArray = (what: string) =>
  Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000, description: `ids of ${what}; empty or omitted selects none` }));

export const ReportInputsBody = Type.Object(
  {
    include_all_data: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'every parsed statement or movements file plus all bank and Open Banking accounts; the id arrays are then ignored',
      }),
    ),
    file_ids: IdArray('already-parsed files'),
    bank_account_ids: IdArray('bank accounts'),
    open_banking_account_ids: IdArray('Open Banking accounts'),
    report_params: ReportParamsSchema,
  },
  { additionalProperties: false, description: 'report inputs: the same body for run-validation and run-report' },
);
export type ReportInputsBody = Static<typeof ReportInputsBody>;

const open = (props: Parameters<typeof Type.Object>[0], description?: string) =>
  Type.Object(props, { additionalProperties: true, ...(description ? { description } : {}) });

export const ValidationResultSchema = Type.Object(
  {
    is_valid: Type.Boolean(),
    account_holder_check: Type.Object({
      selected_matches_any_from_files: Type.Boolean(),
      acc_holders_from_files_are_same: Type.Boolean(),
      selected_account_holder: Type.String(),
    }),
    data_details: Type.Object({
      elems: Type.Array(
        Type.Object({
          id: Type.String(),
          type: Type.String({ description: 'file, bank_account or open_banking_account' }),
          account_holder: Type.String(),
          normalized_account_holder: Type.String(),
          account_holder_mismatch: Type.Boolean(),
          iban: Type.String(),
          has_balance_mismatch: Type.Boolean(),
          is_blocking_report: Type.Boolean(),
          blocking_reason: Type.Union([Type.String(), Type.Null()], {
            description: 'not_parsed, parsing_in_progress, parse_error, failed_validation, unsupported_document_type, no_transactions',
          }),
          account_holder_status: Type.Optional(
            Type.String({
              enum: ['match', 'mismatch', 'same_iban', 'unverified'],
              description: 'same_iban: no holder printed, IBAN of a matching input; unverified: no holder and nothing tying the input to the applicant (flagged as a mismatch)',
            }),
          ),
        }),
      ),
    }),
    balance_mismatch_check: Type.Object({
      passed: Type.Boolean(),
      items: Type.Array(Type.Object({ id: Type.String(), type: Type.String(), expected_closing: Type.Number(), computed_closing: Type.Number(), difference: Type.Number() })),
    }),
    continuity_check: Type.Object({
      passed: Type.Boolean(),
      gaps: Type.Array(Type.Object({ iban: Type.String(), from: Type.String(), to: Type.String(), days: Type.Integer() })),
    }),
    window_check: Type.Optional(
      Type.Object(
        {
          passed: Type.Boolean(),
          window: Type.Union([Type.Object({ from: Type.String(), to: Type.String() }), Type.Null()]),
          inputs: Type.Array(
            Type.Object({
              id: Type.String(),
              type: Type.String(),
              iban: Type.Union([Type.String(), Type.Null()]),
              period_from: Type.Union([Type.String(), Type.Null()]),
              period_to: Type.Union([Type.String(), Type.Null()]),
              transactions: Type.Integer(),
              used_transactions: Type.Integer(),
              outside_window: Type.Integer(),
              used: Type.Boolean(),
              excluded_reason: Type.Union([Type.String(), Type.Null()], { description: 'before_window, after_window, after_report_date, no_transactions' }),
            }),
          ),
        },
        { description: 'the 12 months the report will score and, per input, the transactions outside them; passed = every input contributes (an input wholly outside does not block, it is left out)' },
      ),
    ),
  },
  { description: 'result of run-validation (and of the server-side check of run-report)' },
);

const UsedFile = Type.Object({ file_id: Type.String(), ext_file_id: Type.Union([Type.String(), Type.Null()]), document_type: Type.String(), parsing_status: Type.String() });
const UsedBankAccount = Type.Object({
  bank_account_id: Type.String(),
  ext_bank_account_id: Type.Union([Type.String(), Type.Null()]),
  iban: Type.String(),
  account_holder: Type.Union([Type.String(), Type.Null()]),
});
const UsedOpenBankingAccount = Type.Object({
  open_banking_account_id: Type.String(),
  ext_open_banking_account_id: Type.Union([Type.String(), Type.Null()]),
  iban: Type.String(),
  account_holder: Type.Union([Type.String(), Type.Null()]),
});

const SrgSchema = Type.Object({
  score: Type.Number({ minimum: 0, maximum: 1000, description: 'higher means lower risk' }),
  grade: Type.String({ enum: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] }),
  pd_12m: Type.Number({ minimum: 0, maximum: 1 }),
  decision: Type.String({ enum: ['approve', 'review', 'decline'] }),
  reason_codes: Type.Array(Type.Object({ code: Type.String(), description: Type.String(), impact: Type.Number() }), {
    description: 'score reasons by points lost, strongest first; policy codes (which cap the decision, not the score) last with impact 0',
  }),
  policy_reasons: Type.Optional(Type.Array(Type.String(), { description: 'policy codes that set the decision whatever the score (INSUFFICIENT_DATA, UNAFFORDABLE)' })),
  model: Type.Object({ name: Type.String(), version: Type.String() }),
});

// The rows an underwriter reads beside the score (issue 21). Every property is optional: a report stored
// before a field existed is served as stored, never refused by the serializer.
const opt = Type.Optional;
const nullableString = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});
const StreamSchema = open(
  {
    counterparty: opt(nullableString('the party the bank named (most frequent among the lines); null when no line names one')),
    counterparty_key: opt(Type.String({ description: 'the grouping key the stream was detected on' })),
    label: opt(Type.String({ description: 'a representative description of the lines' })),
    category: opt(Type.String()),
    direction: opt(Type.String({ enum: ['in', 'out'] })),
    cadence: opt(Type.String({ enum: ['weekly', 'biweekly', 'monthly', 'quarterly'] })),
    typical_amount: opt(Type.Number({ description: 'median amount, positive, account currency' })),
    count: opt(Type.Number()),
    first_date: opt(Type.String()),
    last_date: opt(Type.String()),
  },
  'a recurring payment: an obligation (direction out) or an income stream (in)',
);
const IncomeSourceSchema = open(
  {
    payer: opt(Type.String({ description: 'the payer as the data named it, else a representative description' })),
    payer_from: opt(
      Type.String({
        enum: ['counterparty', 'counterparty_iban', 'description', 'category'],
        description:
          'where payer and its grouping come from: counterparty (a party the data named: the bank-account or Open Banking counterparty, ' +
          "a statement's counterparty column), counterparty_iban (no name given, grouped by the payer's IBAN; payer is a description), " +
          "description (read from the lines' descriptions, not confirmed by the bank), category (no party: cash paid in with no party " +
          'named is one source, category:cash_deposit, however the bank words it)',
      }),
    ),
    payer_key: opt(
      Type.String({
        description: "the grouping key: the normalised party, '#' and the last 8 characters of the payer's IBAN, or category:<name> where no party is read",
      }),
    ),
    category: opt(Type.String({ description: 'the category most of the money was booked under' })),
    count: opt(Type.Number()),
    total: opt(Type.Number()),
    monthly_average: opt(Type.Number({ description: 'total ÷ months covered' })),
    share: opt(Type.Number({ description: 'share of all income received' })),
    months: opt(Type.Number({ description: 'distinct calendar months with a payment' })),
    regular: opt(Type.Boolean({ description: 'a recurring stream from this payer was detected' })),
  },
  'money received from one payer over the window, largest first',
);
const evidenceRow = (extra: Parameters<typeof Type.Object>[0] = {}, description?: string) =>
  Type.Array(
    open({
      date: opt(Type.String()),
      amount: opt(Type.Number({ description: 'signed, account currency' })),
      description: opt(Type.String({ description: 'as the bank printed it' })),
      counterparty: opt(nullableString()),
      category: opt(Type.String()),
      rule_trace: opt(Type.Array(Type.String(), { description: 'the categorisation rules that decided the category' })),
      ...extra,
    }),
    description ? { description } : {},
  );
const EvidenceSchema = open(
  {
    gambling: opt(evidenceRow({}, 'the gambling transactions: the ten most recent, newest first (categories[].count says how many the window holds)')),
    returned_debits: opt(evidenceRow({}, 'the returned direct debits: the ten most recent, newest first')),
    overdraft_interest: opt(evidenceRow({}, 'overdraft and penalty interest charged: the ten most recent, newest first')),
    largest_debits: opt(evidenceRow({}, 'the five largest debits, largest first')),
    largest_credits: opt(evidenceRow({}, 'the five largest credits, largest first')),
    unusual: opt(
      evidenceRow(
        { ratio_to_monthly: opt(Type.Number({ description: '|amount| ÷ the average monthly money moving the same way' })) },
        'one-off movements no recurring stream explains, at least a whole month’s flow that way and three times the typical movement; never salary, pension, benefits or business revenue; at most ten, largest first',
      ),
    ),
  },
  'the transactions themselves behind the flags, the unusual and the largest movements',
);
const CoverageSchema = open(
  {
    window: opt(Type.Object({ from: Type.String(), to: Type.String() }, { description: 'the 12 months scored' })),
    inputs: opt(
      Type.Array(
        open({
          id: opt(Type.String()),
          type: opt(Type.String()),
          iban: opt(nullableString()),
          period_from: opt(nullableString()),
          period_to: opt(nullableString()),
          transactions: opt(Type.Number()),
          used_transactions: opt(Type.Number()),
          outside_window: opt(Type.Number({ description: 'transactions left out: outside the window or after the report date' })),
          used: opt(Type.Boolean()),
          excluded_reason: opt(
            Type.Union([Type.String({ enum: ['before_window', 'after_window', 'after_report_date', 'no_transactions'] }), Type.Null()], {
              description: 'why an input contributed nothing; null when it was used',
            }),
          ),
        }),
        { description: 'per input: what it contributed and what fell outside the window and why' },
      ),
    ),
  },
  'what the report covers: dates, months, transactions, duplicates removed, gaps, the window and each input',
);

export const CreditReportSchema = Type.Object(
  {
    credit_report_id: Type.String(),
    process_id: Type.String(),
    created_at: Timestamp,
    updated_at: Timestamp,
    status: Type.String({ enum: ['processing', 'completed', 'terminated', 'error'] }),
    report_params: open({}, 'as supplied (tax_code present only when supplied)'),
    attributes: Type.Object({ is_monitored: Type.Boolean() }),
    validation: Type.Object({ is_valid: Type.Boolean() }),
    report_result: Type.Union(
      [
        open(
          {
            srg: SrgSchema,
            metrics: open({}, 'income, expenses, balances, overdraft, debt service, affordability, behaviour'),
            monthly: Type.Array(open({}), { description: 'per month: inflow, outflow, end balance' }),
            categories: Type.Array(open({}), { description: 'totals per category' }),
            flags: open({}, 'gambling, returned debits, overdraft use, income irregularity, data gaps'),
            streams: opt(Type.Array(StreamSchema, { description: 'recurring obligations and income streams with their amounts' })),
            income_sources: opt(Type.Array(IncomeSourceSchema, { description: 'income received payer by payer' })),
            evidence: opt(EvidenceSchema),
            coverage: opt(CoverageSchema),
          },
          'populated when completed',
        ),
        Type.Null(),
      ],
      { description: 'null unless status is completed' },
    ),
    used_files: Type.Optional(Type.Array(UsedFile, { description: 'present when completed' })),
    used_bank_accounts: Type.Optional(Type.Array(UsedBankAccount, { description: 'present when completed' })),
    used_open_banking_accounts: Type.Optional(Type.Array(UsedOpenBankingAccount, { description: 'present when completed' })),
    errors: Type.Optional(
      Type.Array(Type.Object({ code: Type.String(), message: Type.String() }), { description: 'present when status is error or terminated: why' }),
    ),
  },
  { description: 'a credit report: run-report response, read by id, and the Workflow callback payload' },
);
export type CreditReportView = Static<typeof CreditReportSchema>;

export const CreditReportListSchema = listEnvelope(CreditReportSchema, 'credit reports, created_at descending');
export const ReportListQuery = Type.Object({ ...PaginationQuery }, { additionalProperties: false });
export type ReportListQuery = Static<typeof ReportListQuery>;

export const ProcessParams = Type.Object({ process_id: Uuid('process id') });
export const ReportParams = Type.Object({ process_id: Uuid('process id'), credit_report_id: Uuid('credit report id') });
export const PdfQuery = Type.Object(
  {
    langCountryCode: Type.Optional(
      Type.String({ maxLength: 10, description: 'it, de or en (a locale such as it-IT is accepted); default: the report data_market, then it' }),
    ),
  },
  { additionalProperties: false },
);
