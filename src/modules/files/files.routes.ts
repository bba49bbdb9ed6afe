import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth-hook.ts';
import { IDEMPOTENCY_DOC, IdempotencyHeaders, errorResponses } from '../../http/common.ts';
import { REPLAYED_HEADER, fingerprint, parseIdempotencyKey, type IdempotencyService } from '../idempotency/index.ts';
import { JsonBytes } from '../../shared/json-bytes.ts';
import { sendWithBytes } from '../../http/json-bytes-reply.ts';
import { fileErrors } from './files.errors.ts';
import { readMultipartUpload } from './files.multipart.ts';
import {
  FileListQuery,
  FileListSchema,
  FileParams,
  FileSchema,
  ProcessParams,
  RunParsingBody,
  RunParsingResponse,
  UploadMultipartSchema,
} from './files.schemas.ts';
import type { FilesService } from './files.service.ts';

const tags = ['Files'];

export const filesRoutes =
  (service: FilesService, idempotency: IdempotencyService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/document-engine/v1/processes/:process_id/files',
      {
        config: { scope: 'files:write' },
        schema: {
          operationId: 'uploadFile',
          tags,
          summary: 'Upload a file (multipart/form-data); validated at once, parsed in the background',
          description:
            'Fields: ext_file_id (required), file (required), document_type (optional; prefixed or un-prefixed), ' +
            'check_id_completeness (optional, true enables id_doc_incomplete). Accepted formats: PDF, JPEG, PNG, TIFF, CSV, XLSX, MT940, camt.053. ' +
            IDEMPOTENCY_DOC,
          headers: IdempotencyHeaders,
          params: ProcessParams,
          consumes: ['multipart/form-data'],
          body: UploadMultipartSchema,
          response: { 201: FileSchema, ...errorResponses(409, 413, 415, 422) },
        },
        // The multipart body is read by the handler as a stream, not validated as JSON.
        validatorCompiler: ({ httpPart }) => (httpPart === 'body' ? () => true : () => true),
        attachValidation: false,
      },
      async (req, reply) => {
        const { spaceId } = principalOf(req);
        const processId = req.params.process_id;
        if (!/^[0-9a-f-]{36}$/i.test(processId)) throw fileErrors.badField('process_id', 'must be a UUID');
        if (!req.isMultipart()) throw fileErrors.notMultipart();
        await service.assertUploadable(spaceId, processId);
        const key = parseIdempotencyKey(req.headers['idempotency-key']);
        const upload = await readMultipartUpload(req, service);
        const hash = fingerprint(processId, upload.fields, upload.blob?.sha256 ?? null, upload.filename);
        let a;
        try {
          a = await idempotency.run(spaceId, 'uploadFile', key, hash, async () => ({ status: 201 as const, body: await service.upload(spaceId, processId, upload) }));
        } catch (err) {
          // Not discarded on a refused retry: the same bytes are the same blob, which the first request may still be validating.
          throw err;
        }
        if (a.replayed) {
          // The first upload's file holds these bytes (same content, same blob): this drops the copy only if that file is gone.
          if (upload.blob) await service.discardBlob(upload.blob);
          reply.header(REPLAYED_HEADER, 'true');
        }
        return reply.status(a.status).send(a.body);
      },
    );

    app.get(
      '/document-engine/v1/processes/:process_id/files',
      {
        config: { scope: 'files:read' },
        schema: { operationId: 'listFiles', tags, summary: 'List the files of a process', params: ProcessParams, querystring: FileListQuery, response: { 200: FileListSchema, ...errorResponses() } },
      },
      async (req) => service.list(principalOf(req).spaceId, req.params.process_id, req.query),
    );

    app.get(
      '/document-engine/v1/processes/:process_id/files/:file_id',
      {
        config: { scope: 'files:read' },
        schema: { operationId: 'getFile', tags, summary: 'Read a file (same shape as the Doc Engine callback)', params: FileParams, response: { 200: FileSchema, ...errorResponses() } },
      },
      async (req, reply) => {
        const view = await service.get(principalOf(req).spaceId, req.params.process_id, req.params.file_id);
        // A large stored result (bytes) is written as it is, around the serialised rest of the view.
        return view.parsing_result instanceof JsonBytes ? sendWithBytes(reply, view, 'parsing_result') : view;
      },
    );

    app.get(
      '/document-engine/v1/processes/:process_id/files/:file_id/content',
      {
        config: { scope: 'files:read' },
        schema: {
          operationId: 'getFileContent',
          tags,
          summary: 'Download the uploaded document (original bytes, with its content type)',
          description:
            'Streams the stored file exactly as uploaded, e.g. to show a page beside the parsed fields. ' +
            'Content-Type follows the detected format (application/pdf, image/jpeg, image/png, image/tiff, text/csv, ' +
            'application/xml, …; application/octet-stream when the format was not recognised); Content-Disposition carries the original name.',
          params: FileParams,
          produces: ['application/octet-stream'],
          response: {
            200: {
              description: 'The uploaded bytes',
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            },
            ...errorResponses(),
          },
        },
      },
      async (req, reply) => {
        const c = await service.content(principalOf(req).spaceId, req.params.process_id, req.params.file_id);
        const name = (c.filename ?? 'file').replace(/[\r\n"\\]/g, '_');
        const ascii = name.replace(/[^\x20-\x7e]/g, '_');
        return reply
          .header('content-type', c.contentType)
          .header('content-length', c.bytes.length)
          .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(c.bytes as never); // raw bytes; the 200 schema only documents them
      },
    );

    app.post(
      '/document-engine/v1/processes/:process_id/run-parsing',
      {
        config: { scope: 'files:write' },
        schema: {
          operationId: 'runParsing',
          tags,
          summary: 'Parse uploaded files (all uploaded+success files, or those in file_ids_filter)',
          params: ProcessParams,
          body: RunParsingBody,
          response: { 202: RunParsingResponse, ...errorResponses(409) },
        },
      },
      async (req, reply) =>
        reply.status(202).send(await service.runParsing(principalOf(req).spaceId, req.params.process_id, req.body?.file_ids_filter)),
    );
  };
