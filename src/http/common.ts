/** Schemas shared by every route: problem details, pagination, list envelopes, ids. */
import { Type, type TSchema } from 'typebox';
import { RAW_JSON_KEYWORD } from '../shared/raw-json.ts';

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String(),
    instance: Type.Optional(Type.String()),
    request_id: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(Type.Object({ field: Type.Optional(Type.String()), code: Type.String(), message: Type.String() })),
    ),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details (application/problem+json)' },
);

export const problemRef = Type.Unsafe({ $ref: 'Problem#' });

/** Standard error responses of an authenticated route, for the OpenAPI document. */
export const errorResponses = (...codes: number[]): Record<number, TSchema> =>
  Object.fromEntries([400, 401, 403, 404, 429, ...codes].map((c) => [c, problemRef]));

/** The Idempotency-Key header of the create endpoints (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IdempotencyHeaders = Type.Object(
  {
    'idempotency-key': Type.Optional(
      Type.String({ description: 'A retry with the same key and request gets the first answer again; another request with that key is a 422' }),
    ),
  },
  { additionalProperties: true },
);

export const IDEMPOTENCY_DOC =
  'Send an Idempotency-Key header (1-255 visible characters, optionally a quoted string) to retry safely: the same key with the ' +
  'same request answers the first answer again (header Idempotent-Replayed: true) without doing anything twice; another ' +
  'request with that key is a 422; while the first is still running, a 409 with Retry-After. Keys are per client space and endpoint, kept for 24 hours.';

export const PaginationQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'page size, 1-100 (default 20)' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'items to skip (default 0)' })),
};

/** A page of items; with rawItems the items may be stored JSON texts (RawJson, see src/http/serializer.ts). */
export const listEnvelope = <T extends TSchema>(item: T, description: string, opts: { rawItems?: boolean } = {}) =>
  Type.Object(
    { items: Type.Array(item, opts.rawItems ? { [RAW_JSON_KEYWORD]: true } : {}), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() },
    { description },
  );

/** Moved to shared/ (modules import it from there); kept here for the modules not moved yet. */
export type { Page } from '../shared/pagination.ts';

export const Uuid = (description: string) => Type.String({ format: 'uuid', description });
export const Timestamp = Type.String({ format: 'date-time' });
