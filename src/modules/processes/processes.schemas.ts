import { Type, type Static } from 'typebox';
import { PaginationQuery, Timestamp, Uuid, listEnvelope } from '../../http/common.ts';

export const APPLICANT_TYPES = [
  'employee',
  'self_employed',
  'freelancer',
  'pensioner',
  'unemployed',
  'student',
  'company',
  'sole_trader',
  'other',
] as const;

const nullableString = (description?: string) =>
  Type.Union([Type.String(), Type.Null()], description ? { description } : {});

export const ProcessOptionsSchema = Type.Object(
  {
    ext_user_id: Type.Optional(Type.String({ maxLength: 200 })),
    applicant_type: Type.Optional(
      Type.String({ enum: [...APPLICANT_TYPES], description: `one of ${APPLICANT_TYPES.join(', ')}` }),
    ),
  },
  { additionalProperties: false },
);

export const ProcessAttributesInput = Type.Object(
  {
    main_applicant_name: Type.Optional(Type.String({ maxLength: 300 })),
    main_tax_code: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const StartProcessBody = Type.Object(
  {
    ext_application_id: Type.String({ minLength: 1, maxLength: 200, description: 'client-supplied application id' }),
    options: Type.Optional(ProcessOptionsSchema),
    attributes: Type.Optional(ProcessAttributesInput),
  },
  { additionalProperties: false },
);
export type StartProcessBody = Static<typeof StartProcessBody>;

export const FileRefSchema = Type.Object({
  file_id: Type.String(),
  ext_file_id: nullableString(),
  validation_status: Type.String(),
  parsing_status: Type.String(),
  document_type: Type.String(),
  created_at: Type.Optional(Timestamp),
  updated_at: Type.Optional(Timestamp),
});

const BankAccountRef = Type.Object({
  bank_account_id: Type.String(),
  ext_bank_account_id: nullableString(),
  iban: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const OpenBankingAccountRef = Type.Object({
  open_banking_account_id: Type.String(),
  ext_open_banking_account_id: nullableString(),
  iban: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const CreditReportRef = Type.Object({
  credit_report_id: Type.String(),
  status: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ProcessSchema = Type.Object(
  {
    process_id: Type.String({ format: 'uuid' }),
    ext_application_id: nullableString(),
    space_id: Type.String(),
    status: Type.String({ enum: ['active', 'archived'] }),
    created_at: Timestamp,
    updated_at: Timestamp,
    total_files: Type.Integer(),
    total_bank_accounts: Type.Integer(),
    total_open_banking_accounts: Type.Integer(),
    total_credit_reports: Type.Integer(),
    file_refs: Type.Array(FileRefSchema, { description: 'ten most recent files' }),
    bank_account_refs: Type.Array(BankAccountRef, { description: 'ten most recent bank accounts' }),
    open_banking_account_refs: Type.Array(OpenBankingAccountRef, { description: 'ten most recent Open Banking accounts' }),
    credit_report_refs: Type.Array(CreditReportRef, { description: 'ten most recent credit reports' }),
    options: Type.Object({ ext_user_id: Type.Optional(Type.String()), applicant_type: Type.Optional(Type.String()) }),
    attributes: Type.Object(
      {
        main_applicant_name: Type.Optional(Type.String()),
        main_tax_code: Type.Optional(Type.String()),
        source: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  },
  { description: 'a process with counts and ten-most-recent previews of its sub-resources' },
);
export type ProcessView = Static<typeof ProcessSchema>;

export const ArchivedProcessSchema = Type.Object({
  process_id: Type.String(),
  ext_application_id: nullableString(),
  status: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  file_refs: Type.Array(
    Type.Object({
      file_id: Type.String(),
      ext_file_id: nullableString(),
      validation_status: Type.String(),
      parsing_status: Type.String(),
      document_type: Type.String(),
    }),
  ),
  options: Type.Object({ ext_user_id: Type.Optional(Type.String()), applicant_type: Type.Optional(Type.String()) }),
});
export type ArchivedProcessView = Static<typeof ArchivedProcessSchema>;

export const ProcessListQuery = Type.Object(
  {
    ext_application_id: Type.Optional(Type.String({ maxLength: 200 })),
    space_ids: Type.Optional(Type.Array(Type.String(), { description: 'comma-separated or repeated' })),
    statuses: Type.Optional(Type.Array(Type.String(), { description: 'active, archived; comma-separated or repeated' })),
    created_at_from: Type.Optional(Type.String({ description: 'ISO 8601 date or date-time, inclusive' })),
    created_at_to: Type.Optional(Type.String({ description: 'ISO 8601 date or date-time, inclusive' })),
    ...PaginationQuery,
  },
  { additionalProperties: false },
);
export type ProcessListQuery = Static<typeof ProcessListQuery>;

export const ProcessListSchema = listEnvelope(ProcessSchema, 'processes, created_at descending', { rawItems: true });

export const ProcessIdParams = Type.Object({ process_id: Uuid('process id') });
