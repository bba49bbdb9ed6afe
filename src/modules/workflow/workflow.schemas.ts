import { Type, type Static } from 'typebox';
import { CreditReportSchema, ValidationResultSchema } from '../reports/index.ts';

const Id = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 200, description }));
const Items = (description: string) =>
  Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 50, description }));

export const WorkflowBody = Type.Object(
  {
    idPratica: Type.String({ minLength: 1, maxLength: 200, description: 'external process identifier (the process ext_application_id); found or created' }),
    accountHolder: Type.Optional(
      Type.String({ maxLength: 300, description: 'report_params.account_holder; default: the account_holder the legacy upload stored, then main_applicant_name' }),
    ),
    vatNumber: Type.Optional(Type.String({ maxLength: 64, description: 'report_params.tax_code' })),
    dataMarket: Type.String({ enum: ['it', 'de'] }),
    dataSource: Type.String({ enum: ['retail', 'commercial'] }),
    nsgUser: Id('unique user identifier (stored as process attribute nsg_user)'),
    nsgCompany: Id('unique company identifier (process attribute nsg_company)'),
    superNSGUser: Id('unique clone user identifier (process attribute super_nsg_user)'),
    superNSGCompany: Id('unique clone company identifier (process attribute super_nsg_company)'),
    loanPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: 600, description: 'months; default 12' })),
    requestedLoanAmount: Type.Optional(Type.Number({ minimum: 0, description: 'amount in EUR' })),
    parse: Type.Optional(
      Type.Array(
        Type.Object({ fileID: Type.String({ minLength: 1, maxLength: 200, description: 'fileID of a statement uploaded through POST /parsing/bank-statements/sbx/v2/upload' }) }, { additionalProperties: false }),
        { maxItems: 50, description: 'statements uploaded through the legacy endpoint for this idPratica; the workflow waits for their parsing' },
      ),
    ),
    parsedTransactions: Items('bank-account bodies (as POST …/bank-accounts): transactions from the parsing service'),
    psd2Transactions: Items('Berlin Group NextGenPSD2 account reports (as POST …/open-banking-accounts)'),
    coreTransactions: Items('bank-account bodies (as POST …/bank-accounts): transactions from the bank directly'),
  },
  { additionalProperties: false },
);
export type WorkflowBody = Static<typeof WorkflowBody>;

export const WorkflowQuery = Type.Object(
  {
    waitSeconds: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 300, default: 60, description: 'how long to wait for parsing and scoring before answering 202 (0-300, default 60)' }),
    ),
  },
  { additionalProperties: false },
);
export type WorkflowQuery = Static<typeof WorkflowQuery>;

export const WorkflowHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ description: 'IETF Idempotency-Key: a retry with the same key and body returns the same result; another body with the same key is a 422' }),
  ),
});

export const WorkflowResponse = Type.Object(
  {
    idPratica: Type.String(),
    process_id: Type.String(),
    status: Type.String({ enum: ['processing', 'completed', 'error', 'terminated'], description: 'the credit report status; processing while parsing or scoring runs' }),
    validation: Type.Union([ValidationResultSchema, Type.Null()], { description: 'the validation the report passed; null while parsing runs' }),
    credit_report: Type.Union([CreditReportSchema, Type.Null()], { description: 'the credit report; null while parsing runs' }),
  },
  { description: '200 when the report finished within waitSeconds, else 202 with status processing (the Workflow callback follows)' },
);

export const LEGACY_FIELDS = ['IdPratica', 'ABI', 'account_holder', 'SuperNSGCompany', 'SuperNSGUser', 'NSGCompany', 'NSGUser', 'fileID'] as const;

export const LegacyUploadMultipartSchema = Type.Object(
  {
    IdPratica: Type.String({ description: 'unique application identifier (process ext_application_id); found or created' }),
    ABI: Type.String({ description: 'ABI (Italian bank code, up to 5 digits) of the issuing bank; checked against the parsed IBAN' }),
    account_holder: Type.String({ description: 'company name; stored on the process (account_holder; main_applicant_name when unset)' }),
    SuperNSGCompany: Type.String(),
    SuperNSGUser: Type.String(),
    NSGCompany: Type.String(),
    NSGUser: Type.String(),
    fileID: Type.String({ description: 'client file id (ext_file_id); the same fileID again replaces the earlier file' }),
    file: Type.String({ format: 'binary', description: 'the PDF statement' }),
  },
  { required: [...LEGACY_FIELDS, 'file'] },
);

export const LegacyUploadResponse = Type.Object({
  IdPratica: Type.String(),
  fileID: Type.String(),
  process_id: Type.String(),
  file_id: Type.String(),
  validation_status: Type.String({ enum: ['success', 'failure', 'merged', 'unreadable', 'id_doc_incomplete'] }),
  parsing_status: Type.String({ enum: ['uploaded', 'processing', 'completed', 'error'] }),
});
export type LegacyUploadView = Static<typeof LegacyUploadResponse>;
