/**
 * The OpenAPI document as a client generator reads it (what Redocly's recommended rules check):
 * operationIds, named component schemas, problem+json errors as sent, webhooks, OAuth2, servers, licence.
 */
// db-selection: PGlite is enough — the OpenAPI document and the answers' shapes; the routes' database work runs on PostgreSQL in their own tests
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/modules/auth/scopes.ts';
import { BOOT, createTestApp, type TestApp } from './helpers/app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let doc: Json;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
const refs = (node: unknown, out: string[] = []): string[] => {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
};

beforeAll(async () => {
  t = await createTestApp({ workers: false });
  const r = await t.request({ method: 'GET', url: '/openapi.json', auth: false });
  doc = r.json();
});
afterAll(async () => t?.close());

describe('OpenAPI document for client generators', () => {
  it('every operation has a unique, URL-safe operationId, a summary, declared tags, a 2xx and a 4xx answer', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(36);
    const ids = ops.map((o) => o.op.operationId);
    for (const [i, id] of ids.entries()) expect(id, `${ops[i]!.method} ${ops[i]!.path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Map((doc.tags as { name: string; description: string }[]).map((x) => [x.name, x.description]));
    for (const { path, method, op } of ops) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      for (const tag of op.tags ?? []) expect(declared.get(tag), tag).toBeTruthy();
      const codes = Object.keys(op.responses);
      expect(codes.some((c) => c.startsWith('2')), `${method} ${path} 2xx`).toBe(true);
      expect(codes.some((c) => c.startsWith('4')), `${method} ${path} 4xx`).toBe(true);
      for (const m of path.matchAll(/\{([^}]+)\}/g)) {
        expect((op.parameters ?? []).some((p: Json) => p.in === 'path' && p.name === m[1] && p.required), `${path} ${m[1]}`).toBe(true);
      }
    }
  });

  it('bodies are named component schemas; every $ref resolves and every component is used', () => {
    for (const { path, method, op } of operations()) {
      const media = [
        ...Object.values((op.requestBody?.content ?? {}) as Json),
        ...Object.entries(op.responses as Json).flatMap(([, r]) => Object.values(((r as Json).content ?? {}) as Json)),
      ] as Json[];
      for (const m of media) {
        if (m.schema?.format === 'binary') continue;
        expect(m.schema?.$ref, `${method} ${path}`).toMatch(/^#\/components\/schemas\/[A-Za-z0-9]+$/);
      }
    }
    const schemas = doc.components.schemas as Json;
    for (const name of ['Process', 'ProcessList', 'File', 'FileList', 'CreditReport', 'BankAccount', 'Settings', 'Problem', 'WorkflowBody']) expect(schemas[name], name).toBeDefined();
    const all = refs(doc);
    for (const r of all) expect(schemas[r.replace('#/components/schemas/', '')], r).toBeDefined();
    const used = new Set(all.map((r) => r.replace('#/components/schemas/', '')));
    for (const name of Object.keys(schemas)) expect(used.has(name), `unused component ${name}`).toBe(true);
  });

  it('errors are application/problem+json, as the server sends them (the token route: RFC 6749 JSON)', async () => {
    for (const { path, method, op } of operations()) {
      for (const [code, r] of Object.entries(op.responses as Json)) {
        if (!/^[45]/.test(code)) continue;
        const types = Object.keys((r as Json).content ?? {});
        // RFC 6749 section 5.2 bodies on the token route (its 400 and 401); problem+json everywhere else, its 429 included.
        const oauth = path === '/auth/v1/oauth/token' && (code === '400' || code === '401');
        expect(types, `${method} ${path} ${code}`).toEqual([oauth ? 'application/json' : 'application/problem+json']);
      }
    }
    const notFound = await t.request({ method: 'GET', url: '/document-engine/v1/processes/00000000-0000-4000-8000-000000000000' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-type']).toMatch(/^application\/problem\+json/);
    const badToken = await t.request({ method: 'POST', url: '/auth/v1/oauth/token', auth: false, payload: { client_id: 'x', client_secret: 'y' } });
    expect(badToken.headers['content-type']).toMatch(/^application\/json/);
  });

  it('servers, licence, OAuth2 client credentials with every scope, and public routes without security', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: expect.any(String) })]);
    expect(doc.info.license).toMatchObject({ name: 'Apache-2.0', url: expect.stringMatching(/^https:/) });
    const oauth = doc.components.securitySchemes.oauth2;
    expect(oauth.flows.clientCredentials.tokenUrl).toBe('/auth/v1/oauth/token');
    expect(Object.keys(oauth.flows.clientCredentials.scopes).sort()).toEqual([...SCOPES].sort());
    const byPath = (p: string, m = 'get') => doc.paths[p][m] as Json;
    for (const p of ['/healthz', '/readyz', '/metrics', '/auth/v1/jwks']) expect(byPath(p).security, p).toEqual([]);
    expect(byPath('/auth/v1/oauth/token', 'post').security).toEqual([{ subscriptionKey: [] }]);
    expect(byPath('/document-engine/v1/processes/{process_id}/files', 'post').security).toContainEqual({ oauth2: ['files:write'], subscriptionKey: [] });
    expect(byPath('/admin/v1/spaces', 'post').security).toEqual([{ adminToken: [] }]);
  });

  it('the two callbacks are under webhooks, with the Standard Webhooks headers and the resource bodies', () => {
    const hooks = doc.webhooks as Json;
    const expected = { 'doc_engine.file.parsed': 'File', 'workflow.credit_report.finished': 'CreditReport' };
    expect(Object.keys(hooks).sort()).toEqual(Object.keys(expected).sort());
    for (const [event, schema] of Object.entries(expected)) {
      const op = hooks[event].post as Json;
      expect(op.operationId).toMatch(/^on[A-Z]/);
      expect(op.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      const headers = (op.parameters as Json[]).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
      expect(headers.sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    }
  });

  it('the docs page explores /openapi.json and signs in through the OAuth2 flow with the subscription key', async () => {
    const init = await t.request({ method: 'GET', url: '/docs/static/swagger-initializer.js', auth: false });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"url":"/openapi.json"');
    expect(init.body).toMatch(/requestInterceptor[\s\S]*oauth[\s\S]*token[\s\S]*Ocp-Apim-Subscription-Key/);
  });

  it('the token route takes what an OAuth2 client (the docs page) sends: a form body or HTTP Basic, with grant_type', async () => {
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/auth/v1/oauth/token',
        auth: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'ocp-apim-subscription-key': BOOT.subscriptionKey, ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
    const inBody = await form({ grant_type: 'client_credentials', client_id: BOOT.clientId, client_secret: BOOT.clientSecret });
    expect(inBody.statusCode).toBe(200);
    expect(inBody.json().token_type).toBe('Bearer');
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const inHeader = await form({ grant_type: 'client_credentials' }, { authorization: basic(BOOT.clientId, BOOT.clientSecret) });
    expect(inHeader.statusCode).toBe(200);
    const wrong = await form({ grant_type: 'client_credentials' }, { authorization: basic(BOOT.clientId, 'not-the-secret') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(Object.keys(doc.paths['/auth/v1/oauth/token'].post.requestBody.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });
});
