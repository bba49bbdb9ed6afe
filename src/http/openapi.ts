/**
 * The OpenAPI 3.1 document, shaped for client generators: an operationId on every operation, the
 * request and response bodies as named component schemas, errors as application/problem+json (what
 * the error handler sends), the callbacks as `webhooks`, an OAuth2 client-credentials scheme beside
 * the plain bearer one, and public routes marked as needing no credentials.
 * The modules' schemas and scopes come in through `OpenApiDeps` (this folder imports no module).
 */
import { RAW_JSON_KEYWORD } from '../shared/raw-json.ts';
import type { TSchema } from 'typebox';

export interface OpenApiCallback {
  /** Event type, e.g. doc_engine.file.parsed: the key under `webhooks`. */
  eventType: string;
  operationId: string;
  summary: string;
  description: string;
  /** Name of the body's schema among `namedSchemas`. */
  schemaName: string;
}

export interface OpenApiDeps {
  version: string;
  /** Schemas that become components under these names wherever they appear (export name without "Schema"). */
  namedSchemas?: Record<string, TSchema>;
  /** OAuth2 scopes with their descriptions. */
  scopes?: Record<string, string>;
  callbacks?: OpenApiCallback[];
}

const TAGS: Record<string, string> = {
  Authentication: 'Access tokens (OAuth2 client credentials) and the keys that verify them',
  Admin: 'Operator API: spaces (tenants) and clients; bearer DOCRISK_ADMIN_TOKEN',
  Processes: 'A process is one case or loan application; everything else hangs off it',
  Files: 'Uploaded documents: validation at upload, parsing in the background',
  'Bank accounts': 'Bank-account data sent as JSON (e.g. from core banking)',
  'Open Banking accounts': 'Berlin Group NextGenPSD2 account reports',
  'Credit reports': 'Input validation, credit reports and their PDF',
  Workflow: 'The combined workflow endpoint and the legacy bank-statement upload',
  Portal: "A client's own settings, callbacks and their delivery log",
  Operations: 'Health, readiness and metrics (no credentials)',
  Callbacks: 'Requests docrisk sends to your URLs (Standard Webhooks signatures)',
};

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Malformed request or failed validation',
  '401': 'Missing or invalid credentials',
  '403': 'The token lacks the scope this operation needs',
  '404': 'Unknown resource (or one of another space)',
  '409': 'The process is archived (read-only)',
  '413': 'Upload too large',
  '415': 'Unsupported content type',
  '422': 'Idempotency-Key reused with a different request',
  '429': 'Rate limited (see Retry-After)',
  '503': 'Not ready',
};

const PROBLEM_JSON = 'application/problem+json';
const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema's identity for matching: JSON with sorted keys, without its top-level description (swagger moves it). */
function canon(schema: unknown, top = true): string {
  if (Array.isArray(schema)) return `[${schema.map((s) => canon(s, false)).join(',')}]`;
  if (!isObj(schema)) return JSON.stringify(schema) ?? 'null';
  const keys = Object.keys(schema)
    .filter((k) => !(top && (k === 'description' || k === '$id' || k === 'title')) && schema[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canon(schema[k], false)}`).join(',')}}`;
}

/** What @fastify/swagger does to a schema in `paths`, done to the raw ones too so both compare equal. */
function normalise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalise);
  if (!isObj(schema)) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'patternProperties' && isObj(v) && Object.keys(v).length === 1 && '^.*$' in v) out.additionalProperties = normalise(v['^.*$']);
    else if (k === 'const' && !('enum' in schema)) out.enum = [v];
    else out[k] = normalise(v);
  }
  return out;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Per-route: security from the route's auth config (public: none; a scope: OAuth2 with that scope, or a bearer token). */
export function transformRoute({ schema, url, route }: { schema: unknown; url: string; route: { config?: unknown } }): { schema: Json; url: string } {
  const s: Json = { ...(schema as Json) };
  const config = (route.config ?? {}) as { auth?: string; scope?: string };
  if (config.auth === 'public') s.security = s.security ?? [];
  else if (config.auth !== 'admin' && !s.security) {
    const scopes = config.scope ? [config.scope] : [];
    s.security = [
      { oauth2: scopes, subscriptionKey: [] },
      { bearerAuth: [], subscriptionKey: [] },
    ];
  }
  return { schema: s, url };
}

/** Whole document: components, problem+json, tags, servers, license, webhooks. */
export function transformDocument(doc: Json, deps: OpenApiDeps): Json {
  const components = (doc.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const byCanon = new Map<string, string>();
  for (const [name, schema] of Object.entries(deps.namedSchemas ?? {})) {
    const key = canon(normalise(JSON.parse(JSON.stringify(schema))));
    if (!byCanon.has(key)) byCanon.set(key, name);
  }

  const componentFor = (name: string, body: Json): Json => {
    let n = name;
    for (let i = 2; n in schemas && canon(schemas[n]) !== canon(body); i++) n = `${name}${i}`;
    schemas[n] ??= body;
    return { $ref: `#/components/schemas/${n}` };
  };
  // Replaces every sub-schema that is a named schema by a reference to its component.
  const walk = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(walk);
    if (!isObj(schema) || '$ref' in schema) return schema;
    const out: Json = {};
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && isObj(v)) out[k] = Object.fromEntries(Object.entries(v).map(([p, ps]) => [p, walk(ps)]));
      else if (k === 'items' || k === 'additionalProperties' || k === 'not') out[k] = walk(v);
      else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf' || k === 'prefixItems') && Array.isArray(v)) out[k] = v.map(walk);
      else out[k] = v;
    }
    const name = byCanon.get(canon(schema));
    return name ? componentFor(name, out) : out;
  };
  const hoist = (schema: unknown, fallback: string, description?: string): unknown => {
    const walked = walk(schema);
    if (!isObj(walked) || '$ref' in walked) return walked;
    if (walked.type !== 'object' && walked.type !== 'array' && !walked.anyOf && !walked.oneOf) return walked;
    const own = description && !walked.description && !Object.values(STATUS_TEXT).includes(description);
    return componentFor(fallback, own ? { ...walked, description } : walked);
  };

  const usedTags = new Set<string>();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const ops of Object.values(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!isObj(op) || method === 'parameters') continue;
      const opId = typeof op.operationId === 'string' ? op.operationId : `${method}Operation`;
      for (const t of (op.tags as string[] | undefined) ?? []) usedTags.add(t);
      const body = op.requestBody as Json | undefined;
      if (body && isObj(body.content)) {
        for (const media of Object.values(body.content as Record<string, Json>)) {
          if (media.schema) media.schema = hoist(media.schema, `${pascal(opId)}Request`);
        }
      }
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const successes = Object.keys(responses).filter((c) => /^2/.test(c));
      for (const [code, res] of Object.entries(responses)) {
        if (res.description === 'Default Response' && STATUS_TEXT[code]) res.description = STATUS_TEXT[code];
        const content = res.content as Record<string, Json> | undefined;
        if (/^[45]/.test(code)) {
          // Errors are problem+json, whatever the success media type is; the token route's RFC 6749 bodies stay JSON.
          const problem = content && Object.values(content).some((m) => canon(m.schema) === canon(PROBLEM_REF) || canon(m.schema) === canon({ $ref: 'Problem#' }));
          if (problem || !content) res.content = { [PROBLEM_JSON]: { schema: PROBLEM_REF } };
          else for (const m of Object.values(content)) if (m.schema) m.schema = hoist(m.schema, `${pascal(opId)}Error`);
          continue;
        }
        if (!content) continue;
        const suffix = successes.length > 1 ? `${code}Response` : 'Response';
        for (const media of Object.values(content)) {
          if (media.schema) media.schema = hoist(media.schema, `${pascal(opId)}${suffix}`, res.description as string | undefined);
        }
      }
      // Any route can answer a problem+json 400 before it runs (a malformed URL, say).
      if (!Object.keys(responses).some((c) => /^4/.test(c))) {
        responses['4XX'] = { description: 'Malformed request, rejected before the operation runs', content: { [PROBLEM_JSON]: { schema: PROBLEM_REF } } };
      }
      op.responses = responses;
    }
  }

  const webhooks: Record<string, Json> = {};
  for (const cb of deps.callbacks ?? []) {
    const schema = deps.namedSchemas?.[cb.schemaName];
    if (!schema) throw new Error(`openapi: callback ${cb.eventType} names unknown schema ${cb.schemaName}`);
    usedTags.add('Callbacks');
    const header = (name: string, description: string, example: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' }, example });
    webhooks[cb.eventType] = {
      post: {
        operationId: cb.operationId,
        summary: cb.summary,
        description: cb.description,
        tags: ['Callbacks'],
        security: [],
        parameters: [
          header('webhook-id', 'Unique per event; the same on every retry: deduplicate on it', 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W'),
          header('webhook-timestamp', 'Unix seconds when this attempt was signed', '1767225600'),
          header('webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>` (two during a secret rotation)', 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: walk(normalise(JSON.parse(JSON.stringify(schema)))) } } },
        responses: {
          '2XX': { description: 'Received. Any other answer, or none within 10 s, is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then failed' },
          '4XX': { description: 'Refused (a bad signature, say): retried on the same schedule' },
        },
      },
    };
  }

  components.schemas = schemas;

  const info = { ...((doc.info ?? {}) as Json), license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' } };
  const ordered: Json = {
    openapi: doc.openapi,
    info,
    servers: [{ url: '/', description: 'the server that serves this document' }],
    tags: [...usedTags].sort().map((name) => ({ name, description: TAGS[name] ?? name })),
    security: [
      { oauth2: [], subscriptionKey: [] },
      { bearerAuth: [], subscriptionKey: [] },
    ],
    paths,
    webhooks,
    components,
  };
  return withoutInternalKeywords(ordered) as Json;
}

/** The serializer's marks are not part of the contract. */
function withoutInternalKeywords(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutInternalKeywords);
  if (!isObj(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => k !== RAW_JSON_KEYWORD).map(([k, x]) => [k, withoutInternalKeywords(x)]));
}

/** Bearer token (from the token route), subscription key, the same token as an OAuth2 client-credentials flow, and the admin token. */
export function securitySchemes(scopes: Record<string, string>): Json {
  return {
    oauth2: {
      type: 'oauth2',
      description:
        'Client credentials: POST /auth/v1/oauth/token with client_id and client_secret (and the Ocp-Apim-Subscription-Key header) gives an access token for `Authorization: Bearer`.',
      flows: { clientCredentials: { tokenUrl: '/auth/v1/oauth/token', scopes } },
    },
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from POST /auth/v1/oauth/token' },
    subscriptionKey: { type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key', description: "The client's subscription key" },
    adminToken: { type: 'http', scheme: 'bearer', description: 'DOCRISK_ADMIN_TOKEN' },
  };
}

/** Scope descriptions from their names ("files:write" → "create and change files"). */
export function describeScopes(scopes: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    scopes.map((s) => {
      const [resource = s, action = ''] = s.split(':');
      const verb = action === 'read' ? 'read' : action === 'write' ? 'create and change' : action === 'run' ? 'run' : action;
      return [s, `${verb} ${resource}`.trim()];
    }),
  );
}
