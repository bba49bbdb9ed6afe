/**
 * What the OpenAPI document needs from the modules: their exported schemas (named components, by
 * export name without "Schema"), the OAuth2 scopes and the two callbacks.
 */
import type { TSchema } from 'typebox';
import type { ServerDeps } from '../http/server.ts';
import { describeScopes } from '../http/openapi.ts';
import { SCOPES } from '../modules/auth/scopes.ts';
import * as accounts from '../modules/accounts/accounts.schemas.ts';
import * as auth from '../modules/auth/auth.schemas.ts';
import * as files from '../modules/files/files.schemas.ts';
import * as portal from '../modules/portal/portal.schemas.ts';
import * as processes from '../modules/processes/processes.schemas.ts';
import * as reports from '../modules/reports/reports.schemas.ts';
import * as webhooks from '../modules/webhooks/webhooks.schemas.ts';
import * as workflow from '../modules/workflow/workflow.schemas.ts';

const isSchema = (v: unknown): v is TSchema => typeof v === 'object' && v !== null && ('type' in v || 'anyOf' in v || 'oneOf' in v);

/** Parameters and query strings stay inline (they are not bodies). */
const INLINE = /(Params|Query|Headers)$/;

function namedSchemas(): Record<string, TSchema> {
  const out: Record<string, TSchema> = {};
  for (const mod of [processes, files, accounts, reports, workflow, portal, webhooks, auth]) {
    for (const [name, value] of Object.entries(mod)) {
      if (!isSchema(value) || INLINE.test(name)) continue;
      const n = name.replace(/Schema$/, '');
      out[n] ??= value;
    }
  }
  return out;
}

export function openApiDeps(): NonNullable<ServerDeps['openapi']> {
  return {
    namedSchemas: namedSchemas(),
    scopes: describeScopes(SCOPES),
    callbacks: [
      {
        eventType: 'doc_engine.file.parsed',
        operationId: 'onFileParsed',
        summary: 'Doc Engine callback: a file was parsed',
        description: 'Sent once per file when its parsing ends (completed or error) to the doc_engine_url of the portal settings. The body is exactly the File of GET …/files/{file_id}.',
        schemaName: 'File',
      },
      {
        eventType: 'workflow.credit_report.finished',
        operationId: 'onCreditReportFinished',
        summary: 'Workflow callback: a credit report finished',
        description: 'Sent when a credit report ends (completed, error or terminated) to the workflow_url of the portal settings. The body is exactly the credit report of GET …/credit-reports/{credit_report_id}.',
        schemaName: 'CreditReport',
      },
    ],
  };
}
