import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth-hook.ts';
import { IDEMPOTENCY_DOC, IdempotencyHeaders, errorResponses, problemRef } from '../../http/common.ts';
import { REPLAYED_HEADER, fingerprint, parseIdempotencyKey, type IdempotencyService } from '../idempotency/index.ts';
import {
  CreditReportListSchema,
  CreditReportSchema,
  PdfQuery,
  ProcessParams,
  ReportInputsBody,
  ReportListQuery,
  ReportParams,
  ValidationResultSchema,
} from './reports.schemas.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['Credit reports'];
const base = '/document-engine/v1/processes/:process_id/credit-reports';

export const reportsRoutes =
  (service: ReportsService, idempotency: IdempotencyService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      `${base}/run-validation`,
      {
        config: { scope: 'reports:write' },
        schema: {
          operationId: 'runValidation',
          tags,
          summary: 'Validate report inputs (no report is created)',
          description:
            'Holder check, per-input details (is_blocking_report with blocking_reason), balance_mismatch_check and continuity_check. ' +
            'Unknown ids are a 400 naming them.',
          params: ProcessParams,
          body: ReportInputsBody,
          response: { 200: ValidationResultSchema, ...errorResponses(415) },
        },
      },
      async (req) => service.runValidation(principalOf(req).spaceId, req.params.process_id, req.body),
    );

    app.post(
      `${base}/run-report`,
      {
        config: { scope: 'reports:write' },
        schema: {
          operationId: 'runReport',
          tags,
          summary: 'Start a credit report (answers at once with status processing)',
          description:
            'Re-runs the validation on the server: when it fails the answer is a 400 problem whose `validation` member holds the ' +
            'validation result, and no report is created. The result arrives by the Workflow callback or by reading the report. ' +
            IDEMPOTENCY_DOC,
          params: ProcessParams,
          headers: IdempotencyHeaders,
          body: ReportInputsBody,
          response: { 201: CreditReportSchema, ...errorResponses(409, 415, 422) },
        },
      },
      async (req, reply) => {
        const { spaceId } = principalOf(req);
        const processId = req.params.process_id;
        const key = parseIdempotencyKey(req.headers['idempotency-key']);
        const a = await idempotency.run(spaceId, 'runReport', key, fingerprint(processId, req.body), async () => ({
          status: 201 as const,
          body: await service.runReport(spaceId, processId, req.body),
        }));
        if (a.replayed) reply.header(REPLAYED_HEADER, 'true');
        return reply.status(a.status).send(a.body);
      },
    );

    app.get(
      base,
      {
        config: { scope: 'reports:read' },
        schema: { operationId: 'listCreditReports', tags, summary: 'List the credit reports of a process', params: ProcessParams, querystring: ReportListQuery, response: { 200: CreditReportListSchema, ...errorResponses() } },
      },
      async (req) => service.list(principalOf(req).spaceId, req.params.process_id, req.query),
    );

    app.get(
      `${base}/:credit_report_id`,
      {
        config: { scope: 'reports:read' },
        schema: { operationId: 'getCreditReport', tags, summary: 'Read a credit report (same shape as the Workflow callback)', params: ReportParams, response: { 200: CreditReportSchema, ...errorResponses() } },
      },
      async (req) => service.get(principalOf(req).spaceId, req.params.process_id, req.params.credit_report_id),
    );

    app.get(
      `${base}/:credit_report_id/generate-pdf`,
      {
        config: { scope: 'reports:read' },
        schema: {
          operationId: 'generateCreditReportPdf',
          tags,
          summary: 'Render a completed credit report as PDF (it, de or en)',
          description: '400 when the report is not completed, lacks the srg block, or langCountryCode is not it, de or en.',
          params: ReportParams,
          querystring: PdfQuery,
          produces: ['application/pdf', 'application/problem+json'],
          response: {
            200: { description: 'the PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
            ...errorResponses(),
            400: problemRef,
          },
        },
      },
      async (req, reply) => {
        const { pdf, filename } = await service.generatePdf(principalOf(req).spaceId, req.params.process_id, req.params.credit_report_id, req.query.langCountryCode);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
    );
  };
