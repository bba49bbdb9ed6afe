/** The one place where errors become responses: RFC 9457 problem+json (RFC 6749 bodies on the token route). */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, isRenderedError, RenderedError, type ErrorResponse, type FieldProblem } from '../shared/errors.ts';
import { fieldProblems } from './validation.ts';

export const PROBLEM_JSON = 'application/problem+json';

/** RFC 6749 section 5.2 `invalid_request` of the token route (its errors are not problem+json). */
class OAuthInvalidRequest extends RenderedError {
  response(): ErrorResponse {
    return { status: 400, headers: { 'cache-control': 'no-store' }, body: { error: 'invalid_request', error_description: this.message } };
  }
}
export const oauthInvalidRequest = (description: string): RenderedError => new OAuthInvalidRequest(description);

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  request_id?: string;
  errors?: FieldProblem[];
  [k: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const problemType = (code: string): string => `urn:docrisk:problem:${code}`;

export interface ProblemInit {
  status: number;
  code: string;
  detail: string;
  title?: string;
  errors?: FieldProblem[];
  [k: string]: unknown;
}

export function sendProblem(reply: FastifyReply, req: FastifyRequest, p: ProblemInit): FastifyReply {
  const body: ProblemBody = {
    ...p,
    type: problemType(p.code),
    title: p.title ?? TITLES[p.status] ?? 'Error',
    instance: req.url.split('?')[0],
    request_id: String(req.id),
  };
  return reply.status(p.status).type(PROBLEM_JSON).send(JSON.stringify(body));
}

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'not_multipart',
  FST_PARTS_LIMIT: 'too_many_parts',
  FST_FILES_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
  FST_PROTO_VIOLATION: 'malformed_multipart',
};

export function errorHandler(error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isRenderedError(error)) {
    const r = error.response();
    return reply.status(r.status).headers(r.headers).send(r.body);
  }
  if (isAppError(error)) {
    if (error.headers) reply.headers(error.headers);
    return sendProblem(reply, req, {
      status: error.status,
      code: error.code,
      title: error.title,
      detail: error.detail,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.extensions ?? {}),
    });
  }
  const fe = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (fe.validation) {
    const errors = fieldProblems(fe.validation, fe.validationContext);
    if (req.routeOptions.config?.oauth) {
      return reply
        .status(400)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: errors.map((e) => e.message).join('; ') });
    }
    return sendProblem(reply, req, {
      status: 400,
      code: 'validation_failed',
      detail: errors.map((e) => e.message).join('; '),
      errors,
    });
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = (fe.code && FASTIFY_CODES[fe.code]) ?? (status === 413 ? 'payload_too_large' : 'bad_request');
    if (req.routeOptions.config?.oauth && status === 400) {
      return reply.status(400).send({ error: 'invalid_request', error_description: fe.message });
    }
    return sendProblem(reply, req, { status, code, detail: fe.message });
  }
  req.log.error({ err: error }, 'unhandled error');
  return sendProblem(reply, req, {
    status: 500,
    code: 'internal_error',
    detail: `an internal error occurred; quote request id ${String(req.id)} to the operator`,
  });
}
