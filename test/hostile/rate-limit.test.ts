/** Per-client rate limits: token endpoint with lockout back-off, test events, the API; 429 problem+json with Retry-After. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    workers: false,
    env: { DOCRISK_RATE_LIMIT_PER_MINUTE: '40', DOCRISK_TEST_EVENTS_PER_MINUTE: '3', DOCRISK_AUTH_FAILURES_PER_MINUTE: '20' },
  });
});
afterAll(async () => t?.close());

const token = (clientId: string, secret: string) =>
  t.request({
    method: 'POST',
    url: '/auth/v1/oauth/token',
    auth: false,
    headers: { 'ocp-apim-subscription-key': BOOT.subscriptionKey },
    payload: { client_id: clientId, client_secret: secret },
  });

function expect429(r: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { code: string };
}): number {
  expect(r.statusCode).toBe(429);
  expect(r.headers['content-type']).toContain('application/problem+json');
  expect(r.json().code).toBe('rate_limited');
  const after = Number(r.headers['retry-after']);
  expect(after).toBeGreaterThan(0);
  return after;
}

describe('token endpoint', () => {
  it('ten wrong secrets are 401; then 429 with a Retry-After that grows while the client keeps trying', async () => {
    for (let i = 0; i < 10; i++) expect((await token('victim-client', 'wrong')).statusCode).toBe(401);
    const first = expect429(await token('victim-client', 'wrong'));
    const second = expect429(await token('victim-client', 'wrong'));
    const third = expect429(await token('victim-client', 'wrong'));
    expect(first).toBeGreaterThanOrEqual(60);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
    // Locked out even with the right secret; other clients are not affected.
    expect429(await token('victim-client', 'anything'));
    expect((await token(BOOT.clientId, BOOT.clientSecret)).statusCode).toBe(200);
  });
});

describe('invalid credentials', () => {
  const bad = (ip: string, authorization: string) =>
    t.app.server!.inject({
      method: 'GET',
      url: '/document-engine/v1/processes',
      remoteAddress: ip,
      headers: { authorization, 'ocp-apim-subscription-key': BOOT.subscriptionKey },
    });

  it('an address sending invalid bearers is answered 429 with Retry-After once over its limit, growing while it keeps on', async () => {
    const forged = 'Bearer eyJhbGciOiJFZERTQSIsImtpZCI6Im5vLXN1Y2gta2V5In0.eyJzdWIiOiJ4In0.c2ln';
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await bad('203.0.113.7', forged)).statusCode);
    expect(new Set(codes)).toEqual(new Set([401]));
    const first = expect429(await bad('203.0.113.7', forged));
    const second = expect429(await bad('203.0.113.7', 'Bearer garbage'));
    expect(first).toBeGreaterThanOrEqual(60);
    expect(second).toBeGreaterThanOrEqual(first);
    // Missing credentials count too, and the lockout holds even for a valid token from that address.
    expect429(await bad('203.0.113.7', `Bearer ${(await t.headers()).authorization!.slice(7)}`));
    // Other addresses are not affected: their failures are 401, their valid requests 200.
    expect((await bad('198.51.100.9', forged)).statusCode).toBe(401);
    const ok = await t.app.server!.inject({
      method: 'GET',
      url: '/document-engine/v1/processes',
      remoteAddress: '198.51.100.9',
      headers: await t.headers(),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('API', () => {
  it('test events are limited per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await t.request({ method: 'POST', url: '/portal/v1/webhooks/test', payload: {} })).statusCode,
      );
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
  });

  it('every route with credentials shares one budget per client; health checks are never limited', async () => {
    let last = 0;
    const r = [];
    for (let i = 0; i < 45; i++) {
      const res = await t.request({ method: 'GET', url: '/document-engine/v1/processes' });
      last = res.statusCode;
      r.push(res);
      if (last === 429) break;
    }
    expect(last).toBe(429);
    expect429(r[r.length - 1]!);
    expect(r[0]!.headers['x-ratelimit-limit']).toBe('40');
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/document-engine/v1/processes/00000000-0000-0000-0000-000000000000',
        })
      ).statusCode,
    ).toBe(429);
    for (let i = 0; i < 50; i++)
      expect((await t.request({ method: 'GET', url: '/healthz', auth: false })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the 429 with Retry-After on limited routes, including the token route', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json', auth: false })).json();
    for (const [path, method] of [
      ['/auth/v1/oauth/token', 'post'],
      ['/document-engine/v1/processes', 'get'],
      ['/portal/v1/webhooks/test', 'post'],
    ] as const) {
      const r429 = doc.paths[path][method].responses['429'];
      expect(r429, `${method} ${path}`).toBeDefined();
      expect(r429.headers['retry-after'].schema.type).toBe('integer');
    }
    expect(doc.paths['/healthz'].get.responses['429']).toBeUndefined();
    expect(doc.info.description).toContain('nosniff');
  });
});
