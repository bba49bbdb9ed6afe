/**
 * The typed TypeScript client's generator: OpenAPI 3.1 document → one TypeScript module with a type per
 * component schema and a function per operationId (fetch-based, no dependencies). `scripts/generate-client.ts`
 * writes it to clients/typescript/src/index.ts; test/client.test.ts fails when the committed file is stale.
 */
type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const ident = (s: string) => (/^[A-Za-z_$][\w$]*$/.test(s) ? s : JSON.stringify(s));
const refName = (ref: string) => ref.replace('#/components/schemas/', '');
const doc = (text: unknown, indent: string) =>
  typeof text === 'string' && text ? `${indent}/** ${text.replace(/\*\//g, '* /').replace(/\n/g, ' ')} */\n` : '';

/** A JSON Schema as a TypeScript type. */
export function tsType(schema: unknown, indent = ''): string {
  if (schema === true || schema === undefined || (isObj(schema) && Object.keys(schema).length === 0)) return 'unknown';
  if (!isObj(schema)) return 'unknown';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  for (const k of ['anyOf', 'oneOf'] as const) {
    const alts = schema[k];
    if (Array.isArray(alts)) return [...new Set(alts.map((a) => tsType(a, indent)))].map((t) => (t.includes(' ') && !t.startsWith('{') ? `(${t})` : t)).join(' | ');
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((a) => tsType(a, indent)).join(' & ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [isObj(schema.properties) ? 'object' : 'unknown'];
  return types.map((t) => single(t, schema, indent)).join(' | ');
}

function single(type: string, schema: Json, indent: string): string {
  switch (type) {
    case 'string':
      return schema.format === 'binary' ? 'Blob' : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = tsType(schema.items, indent);
      return /[ |&]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
    }
    case 'object': {
      const props = isObj(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const inner = `${indent}  `;
      const lines = Object.entries(props).map(([k, v]) => `${doc(isObj(v) ? v.description : undefined, inner)}${inner}${ident(k)}${required.has(k) ? '' : '?'}: ${tsType(v, inner)};`);
      const extra = schema.additionalProperties;
      if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: ${extra === true ? 'unknown' : tsType(extra, inner)};`);
      else if (Object.keys(props).length === 0) return 'Record<string, unknown>';
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

interface Operation {
  id: string;
  method: string;
  path: string;
  summary: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: unknown; description?: string }[];
  headers: { name: string; required: boolean; description?: string }[];
  body: { kind: 'json' | 'form'; type: string; required: boolean } | null;
  result: { kind: 'json'; type: string } | { kind: 'raw' } | { kind: 'none' };
}

function operations(d: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries((d.paths ?? {}) as Record<string, Json>)) {
    for (const [method, raw] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || !isObj(raw) || typeof raw.operationId !== 'string') continue;
      const params = (Array.isArray(raw.parameters) ? raw.parameters : []) as Json[];
      const content = isObj(raw.requestBody) && isObj(raw.requestBody.content) ? (raw.requestBody.content as Record<string, Json>) : null;
      let body: Operation['body'] = null;
      if (content?.['application/json']) body = { kind: 'json', type: tsType(content['application/json'].schema, '  '), required: raw.requestBody !== undefined && (raw.requestBody as Json).required === true };
      else if (content?.['multipart/form-data']) body = { kind: 'form', type: 'FormData', required: true };
      const ok = Object.entries((raw.responses ?? {}) as Record<string, Json>).find(([code]) => /^2/.test(code));
      const okContent = ok && isObj(ok[1].content) ? (ok[1].content as Record<string, Json>) : null;
      const result: Operation['result'] = okContent?.['application/json'] ? { kind: 'json', type: tsType(okContent['application/json'].schema, '  ') } : okContent ? { kind: 'raw' } : { kind: 'none' };
      out.push({
        id: raw.operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof raw.summary === 'string' ? raw.summary : '',
        pathParams: params.filter((p) => p.in === 'path').map((p) => String(p.name)),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), required: p.required === true, schema: p.schema, description: p.description as string | undefined })),
        headers: params
          .filter((p) => p.in === 'header' && !['authorization', 'ocp-apim-subscription-key'].includes(String(p.name).toLowerCase()))
          .map((p) => ({ name: String(p.name), required: p.required === true, description: p.description as string | undefined })),
        body,
        result,
      });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

function argsType(o: Operation): { type: string; required: boolean } {
  const parts: string[] = [];
  let required = false;
  if (o.pathParams.length) {
    parts.push(`    path: { ${o.pathParams.map((p) => `${ident(p)}: string`).join('; ')} };`);
    required = true;
  }
  if (o.query.length) {
    const req = o.query.some((q) => q.required);
    parts.push(`    query${req ? '' : '?'}: {\n${o.query.map((q) => `${doc(q.description, '      ')}      ${ident(q.name)}${q.required ? '' : '?'}: ${tsType(q.schema, '      ')};`).join('\n')}\n    };`);
    required ||= req;
  }
  if (o.headers.length) {
    const req = o.headers.some((h) => h.required);
    parts.push(`    headers${req ? '' : '?'}: {\n${o.headers.map((h) => `${doc(h.description, '      ')}      ${ident(h.name)}${h.required ? '' : '?'}: string;`).join('\n')}\n    };`);
    required ||= req;
  }
  if (o.body) {
    parts.push(`    body${o.body.required ? '' : '?'}: ${o.body.type.replace(/\n/g, '\n  ')};`);
    required ||= o.body.required;
  }
  parts.push('    signal?: AbortSignal;');
  return { type: `{\n${parts.join('\n')}\n  }`, required };
}

const RUNTIME = `
/** An RFC 9457 problem (or the token route's RFC 6749 error) the API answered with. */
export class ApiError extends Error {
  readonly status: number;
  /** The problem's code (or the OAuth error), or the HTTP status as text. */
  readonly code: string;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    super(String(b.detail ?? b.error_description ?? b.title ?? \`HTTP \${status}\`));
    this.name = 'ApiError';
    this.status = status;
    this.code = String(b.code ?? b.error ?? status);
    this.body = body;
  }
}

export interface ClientOptions {
  /** The API's address ('' in a page served by the API itself). */
  baseUrl?: string;
  /** Headers sent with every request: the bearer token and the subscription key. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  fetch?: typeof fetch;
  /** Called with every error answer before it is thrown (e.g. to sign out on 401). */
  onError?: (error: ApiError) => void;
}

interface CallArgs {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

function url(base: string, template: string, args: CallArgs): string {
  const path = template.replace(/\\{(\\w+)\\}/g, (_m, k: string) => encodeURIComponent(args.path?.[k] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(args.query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
  }
  const s = q.toString();
  return \`\${base}\${path}\${s ? \`?\${s}\` : ''}\`;
}

async function call(o: ClientOptions, method: string, template: string, args: CallArgs = {}, kind: 'json' | 'raw' | 'none' = 'json'): Promise<unknown> {
  const headers: Record<string, string> = { ...(o.headers ? await o.headers() : {}) };
  for (const [k, v] of Object.entries(args.headers ?? {})) if (v !== undefined) headers[k] = v;
  let body: BodyInit | undefined;
  if (args.body instanceof FormData) body = args.body;
  else if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  const r = await (o.fetch ?? fetch)(url(o.baseUrl ?? '', template, args), { method, headers, ...(body !== undefined ? { body } : {}), ...(args.signal ? { signal: args.signal } : {}) });
  if (!r.ok) {
    let b: unknown = null;
    try {
      b = await r.json();
    } catch {
      /* not JSON */
    }
    const e = new ApiError(r.status, b);
    o.onError?.(e);
    throw e;
  }
  if (kind === 'raw') return r;
  if (kind === 'none' || r.status === 204) return undefined;
  return r.json();
}
`;

/** The client module's text. */
export function generateClient(d: Json): string {
  const info = (d.info ?? {}) as Json;
  const schemas = ((d.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>;
  let out = `/**
 * Typed client of the ${String(info.title ?? 'API')} ${String(info.version ?? '')}, generated from its OpenAPI document by
 * scripts/generate-client.ts. Do not edit: run \`node scripts/generate-client.ts\` (test/client.test.ts
 * fails while this file is stale).
 */
`;
  out += '\n// ---- component schemas ----\n\n';
  for (const [name, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) {
    out += `${doc(isObj(schema) ? schema.description : undefined, '')}export type ${name} = ${tsType(schema)};\n\n`;
  }
  out += '// ---- runtime ----\n';
  out += RUNTIME;
  out += '\n// ---- operations ----\n\n';
  const ops = operations(d);
  out += '/** One function per operationId. */\nexport interface DocriskClient {\n';
  for (const o of ops) {
    const a = argsType(o);
    const result = o.result.kind === 'json' ? o.result.type : o.result.kind === 'raw' ? 'Response' : 'void';
    out += `${doc(`${o.method} ${o.path}: ${o.summary}`, '  ')}  ${o.id}(args${a.required ? '' : '?'}: ${a.type}): Promise<${result.replace(/\n/g, '\n  ')}>;\n`;
  }
  out += '}\n\nexport function createClient(options: ClientOptions = {}): DocriskClient {\n  return {\n';
  for (const o of ops) {
    out += `    ${o.id}: (args?: CallArgs) => call(options, ${JSON.stringify(o.method)}, ${JSON.stringify(o.path)}, args, ${JSON.stringify(o.result.kind)}),\n`;
  }
  out += '  } as DocriskClient;\n}\n';
  return out;
}
