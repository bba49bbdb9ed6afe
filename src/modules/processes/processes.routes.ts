import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/common.ts';
import { principalOf } from '../../http/auth-hook.ts';
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
  (service: ProcessesService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/document-engine/v1/start-process',
      {
        config: { scope: 'processes:write' },
        schema: {
          operationId: 'startProcess',
          tags,
          summary: 'Create a process (one case or application)',
          body: StartProcessBody,
          response: { 201: ProcessSchema, ...errorResponses(415) },
        },
      },
      async (req, reply) => reply.status(201).send(await service.start(principalOf(req).spaceId, req.body)),
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
      async (req) => service.get(principalOf(req).spaceId, req.params.process_id),
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
