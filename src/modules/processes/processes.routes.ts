import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IDEMPOTENCY_DOC, IdempotencyHeaders, errorResponses } from '../../http/common.ts';
import { REPLAYED_HEADER, fingerprint, parseIdempotencyKey, type IdempotencyService } from '../idempotency/index.ts';
import { principalOf } from '../../http/auth-hook.ts';
import { asValue } from '../../shared/raw-json.ts';
import {
  ArchivedProcessSchema,
  ProcessIdParams,
  ProcessListQuery,
  ProcessListSchema,
  ProcessSchema,
  StartProcessBody,
} from './processes.schemas.ts';
import type { ProcessesService } from './processes.service.ts';

const tags = ['Processes'];

export const processesRoutes =
  (service: ProcessesService, idempotency: IdempotencyService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/document-engine/v1/start-process',
      {
        config: { scope: 'processes:write' },
        schema: {
          operationId: 'startProcess',
          tags,
          summary: 'Create a process (one case or application)',
          description: IDEMPOTENCY_DOC,
          headers: IdempotencyHeaders,
          body: StartProcessBody,
          response: { 201: ProcessSchema, ...errorResponses(409, 415, 422) },
        },
      },
      async (req, reply) => {
        const { spaceId } = principalOf(req);
        const key = parseIdempotencyKey(req.headers['idempotency-key']);
        const a = await idempotency.run(spaceId, 'startProcess', key, fingerprint(req.body), async () => ({ status: 201 as const, body: asValue(await service.start(spaceId, req.body)) }));
        if (a.replayed) reply.header(REPLAYED_HEADER, 'true');
        return reply.status(a.status).send(a.body);
      },
    );

    app.get(
      '/document-engine/v1/processes',
      {
        config: { scope: 'processes:read' },
        schema: {
          operationId: 'listProcesses',
          tags,
          summary: 'List processes, created_at descending',
          querystring: ProcessListQuery,
          response: { 200: ProcessListSchema, ...errorResponses() },
        },
      },
      async (req) => service.list(principalOf(req).spaceId, req.query),
    );

    app.get(
      '/document-engine/v1/processes/:process_id',
      {
        config: { scope: 'processes:read' },
        schema: { operationId: 'getProcess', tags, summary: 'Read a process', params: ProcessIdParams, response: { 200: ProcessSchema, ...errorResponses() } },
      },
      async (req) => asValue(await service.getJson(principalOf(req).spaceId, req.params.process_id)),
    );

    app.post(
      '/document-engine/v1/processes/:process_id/archive',
      {
        config: { scope: 'processes:write' },
        schema: {
          operationId: 'archiveProcess',
          tags,
          summary: 'Archive a process (read-only from then on)',
          params: ProcessIdParams,
          response: { 200: ArchivedProcessSchema, ...errorResponses(409) },
        },
      },
      async (req) => service.archive(principalOf(req).spaceId, req.params.process_id),
    );
  };
