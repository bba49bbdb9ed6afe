import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t?.close());

describe('operations endpoints', () => {
  it('healthz, readyz and metrics need no credentials', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz', auth: false })).json()).toEqual({ status: 'ok' });
    expect((await t.request({ method: 'GET', url: '/readyz', auth: false })).json()).toEqual({ status: 'ready' });
    await t.request({ method: 'GET', url: '/document-engine/v1/processes' });
    const m = await t.request({ method: 'GET', url: '/metrics', auth: false });
    expect(m.statusCode).toBe(200);
    expect(m.body).toContain('docrisk_http_request_duration_seconds_bucket');
    expect(m.body).toContain('route="/document-engine/v1/processes"');
  });

  it('serves OpenAPI 3.1 with every route and the security schemes, and the docs page', async () => {
    const r = await t.request({ method: 'GET', url: '/openapi.json', auth: false });
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/auth/v1/oauth/token',
      '/document-engine/v1/start-process',
      '/document-engine/v1/processes',
      '/document-engine/v1/processes/{process_id}',
      '/document-engine/v1/processes/{process_id}/archive',
      '/admin/v1/spaces',
      '/admin/v1/spaces/{space_id}/clients',
      '/admin/v1/clients/{client_id}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(doc.components.securitySchemes.subscriptionKey).toMatchObject({ in: 'header', name: 'Ocp-Apim-Subscription-Key' });
    const docs = await t.request({ method: 'GET', url: '/docs/', auth: false });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('<html');
  });
});

describe('bad input is a 4xx problem+json, never a 500', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.request({ method: 'POST', url: '/document-engine/v1/start-process', headers: { 'content-type': contentType }, payload });

  it.each([
    ['malformed JSON', () => post('{"ext_application_id":'), 400, 'malformed_json'],
    ['empty JSON body', () => post(''), 400, 'empty_body'],
    ['wrong content type', () => post('ext_application_id=1', 'text/csv'), 415, 'unsupported_media_type'],
    ['JSON array', () => post('[1,2]'), 400, 'validation_failed'],
    ['oversized body', () => post(JSON.stringify({ ext_application_id: 'x'.repeat(17 * 1024 * 1024) })), 413, 'payload_too_large'],
    ['proto pollution', () => post('{"__proto__":{"x":1},"ext_application_id":"a"}'), 400, 'malformed_json'],
    ['unknown route', () => t.request({ method: 'GET', url: '/nope' }), 404, 'route_not_found'],
    ['wrong method', () => t.request({ method: 'DELETE', url: '/document-engine/v1/processes' }), 404, 'route_not_found'],
  ])('%s', async (_n, call, status, code) => {
    const r = await call();
    expect(r.statusCode).toBe(status);
    expect(r.headers['content-type']).toContain('application/problem+json');
    const body = r.json();
    expect(body).toMatchObject({ status, code, type: `urn:docrisk:problem:${code}`, title: expect.any(String), detail: expect.any(String) });
    expect(body.request_id).toBe(r.headers['x-request-id']);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('echoes a well-formed X-Request-Id and replaces a hostile one', async () => {
    const ok = await t.request({ method: 'GET', url: '/healthz', auth: false, headers: { 'x-request-id': 'abc-123' } });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await t.request({ method: 'GET', url: '/healthz', auth: false, headers: { 'x-request-id': 'a b\u0000c' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
