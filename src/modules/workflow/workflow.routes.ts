import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth-hook.ts';
import { errorResponses } from '../../http/common.ts';
import { readMultipartUpload, type FilesService } from '../files/index.ts';
import { workflowErrors } from './workflow.errors.ts';
import { LegacyUploadMultipartSchema, LegacyUploadResponse, WorkflowBody, WorkflowHeaders, WorkflowQuery, WorkflowResponse } from './workflow.schemas.ts';
import type { WorkflowService } from './workflow.service.ts';

const tags = ['Workflow'];

/** Idempotency-Key is a structured-field string ("…"); a bare token is accepted too. */
function idempotencyKeyOf(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const key = v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw workflowErrors.badIdempotencyKey();
  return key;
}

export const workflowRoutes =
  (service: WorkflowService, files: FilesService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/workflow/sbx/v1/workflow',
      {
        config: { scope: 'workflow:run' },
        schema: {
          operationId: 'runWorkflow',
          tags,
          summary: 'Run the whole workflow for an idPratica: accounts, parsing, validation, credit report',
          description:
            'Finds or creates the process whose ext_application_id is idPratica. parse items name statements uploaded through ' +
            'POST /parsing/bank-statements/sbx/v2/upload (an unknown fileID is a 400 naming parse[i].fileID); parsedTransactions and ' +
            'coreTransactions items are bank-account bodies, psd2Transactions items NextGenPSD2 account reports. Waits for parsing, ' +
            'validates (a blocking validation is a 400 whose `validation` member holds the result; no report is created), runs the ' +
            'report and answers 200 when it finished within waitSeconds, else 202 with status processing (the Workflow callback ' +
            'follows; a retry returns the same report). Report parameters: accountHolder → account_holder (default: the ' +
            'account_holder stored by the legacy upload, then main_applicant_name), vatNumber → tax_code, loanPeriod (default 12) → ' +
            'loan_period, requestedLoanAmount → requested_loan_amount. nsgUser, nsgCompany, superNSGUser, superNSGCompany are stored ' +
            'as process attributes. Idempotent: with an Idempotency-Key header a retry with the same body returns the same report ' +
            '(another body with that key is a 422); without one, a retry with the same content for the same idPratica reuses the ' +
            'accounts and the report (a failed report is run again).',
          querystring: WorkflowQuery,
          headers: WorkflowHeaders,
          body: WorkflowBody,
          response: { 200: WorkflowResponse, 202: WorkflowResponse, ...errorResponses(409, 415, 422) },
        },
      },
      async (req, reply) => {
        const key = idempotencyKeyOf(req.headers['idempotency-key']);
        const { code, view } = await service.run(principalOf(req).spaceId, req.body, { waitSeconds: req.query.waitSeconds ?? 60, idempotencyKey: key });
        return reply.status(code).send(view);
      },
    );

    app.post(
      '/parsing/bank-statements/sbx/v2/upload',
      {
        config: { scope: 'files:write' },
        schema: {
          operationId: 'uploadLegacyBankStatement',
          tags,
          summary: 'Upload or replace a PDF bank statement for an IdPratica (multipart/form-data)',
          description:
            'Every field is required (a 400 names each missing one). Finds or creates the process whose ext_application_id is ' +
            'IdPratica, stores the file as ext_file_id = fileID with document type bank_statement asserted (another type gives ' +
            'validation_status failure) and parses it. An upload with a fileID already used for this IdPratica replaces that file ' +
            '(row, parse and blob) in the same transaction. ABI is checked against the IBAN once parsed: a different bank code ' +
            'adds {code: bank_code_mismatch} to the file validation_result.errors (the status stays success). account_holder, ' +
            'NSGUser, NSGCompany, SuperNSGUser and SuperNSGCompany are stored as process attributes (account_holder, nsg_user, ' +
            'nsg_company, super_nsg_user, super_nsg_company; main_applicant_name when unset). Read the file with ' +
            'GET /document-engine/v1/processes/{process_id}/files/{file_id}.',
          consumes: ['multipart/form-data'],
          body: LegacyUploadMultipartSchema,
          response: { 201: LegacyUploadResponse, ...errorResponses(409, 413, 415) },
        },
        // The multipart body is read by the handler as a stream, not validated as JSON.
        validatorCompiler: () => () => true,
      },
      async (req, reply) => {
        const { spaceId } = principalOf(req);
        const upload = await readMultipartUpload(req, files);
        return reply.status(201).send(await service.legacyUpload(spaceId, upload));
      },
    );
  };
