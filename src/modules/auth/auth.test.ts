import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BOOT, createTestApp, type TestApp } from '../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t?.close());

const tokenReq = (body: unknown, key: string | null = BOOT.subscriptionKey) =>
  t.request({
    method: 'POST',
    url: '/auth/v1/oauth/token',
    auth: false,
    headers: key ? { 'ocp-apim-subscription-key': key } : {},
    payload: body as object,
  });

describe('POST /auth/v1/oauth/token', () => {
  it('issues an EdDSA JWT with kid, iss, aud, exp and scope, lifetime 86400', async () => {
    const r = await tokenReq({ client_id: BOOT.clientId, client_secret: BOOT.clientSecret });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const body = r.json();
    expect(body).toMatchObject({ refresh_token: null, expires_in: 86400, token_type: 'Bearer' });
    expect(body.scope).toContain('processes:read');
    const header = decodeProtectedHeader(body.access_token);
    expect(header.alg).toBe('EdDSA');
    expect(header.kid).toMatch(/^k_/);
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ iss: 'docrisk', aud: 'docrisk-api', sub: BOOT.clientId, scope: body.scope });
    expect(claims.exp! - claims.iat!).toBe(86400);
  });

  it.each([
    ['wrong secret', { client_id: BOOT.clientId, client_secret: 'nope' }, BOOT.subscriptionKey, 401, 'invalid_client'],
    ['unknown client', { client_id: 'ghost', client_secret: 'x' }, BOOT.subscriptionKey, 401, 'invalid_client'],
    ['missing subscription key', { client_id: BOOT.clientId, client_secret: BOOT.clientSecret }, null, 401, 'invalid_client'],
    ['wrong subscription key', { client_id: BOOT.clientId, client_secret: BOOT.clientSecret }, 'other', 401, 'invalid_client'],
    ['missing client_secret', { client_id: BOOT.clientId }, BOOT.subscriptionKey, 400, 'invalid_request'],
    ['not an object', ['x'], BOOT.subscriptionKey, 400, 'invalid_request'],
  ])('%s → %i %s (RFC 6749 body)', async (_n, body, key, status, error) => {
    const r = await tokenReq(body, key);
    expect(r.statusCode).toBe(status);
    expect(r.json()).toEqual({ error, error_description: expect.any(String) });
  });

  it('answers malformed JSON with invalid_request', async () => {
    const r = await t.request({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      auth: false,
      headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': BOOT.subscriptionKey },
      payload: '{"client_id":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('invalid_request');
  });
});

describe('bearer + subscription key on every other route', () => {
  const get = (headers: Record<string, string>) =>
    t.request({ method: 'GET', url: '/document-engine/v1/processes', auth: headers });

  it('accepts both', async () => {
    expect((await get(await t.headers())).statusCode).toBe(200);
  });

  it.each([
    ['no headers', () => ({})],
    ['token only', async () => ({ authorization: (await t.headers()).authorization! })],
    ['key only', () => ({ 'ocp-apim-subscription-key': BOOT.subscriptionKey })],
    ['wrong key', async () => ({ ...(await t.headers()), 'ocp-apim-subscription-key': 'wrong' })],
    ['garbage token', () => ({ authorization: 'Bearer abc.def.ghi', 'ocp-apim-subscription-key': BOOT.subscriptionKey })],
    ['basic scheme', () => ({ authorization: 'Basic Zm9vOmJhcg==', 'ocp-apim-subscription-key': BOOT.subscriptionKey })],
    [
      'tampered token',
      async () => {
        const h = await t.headers();
        const [a, b, c] = h.authorization!.slice(7).split('.');
        const claims = JSON.parse(Buffer.from(b!, 'base64url').toString());
        claims.sub = 'someone-else';
        return { ...h, authorization: `Bearer ${a}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${c}` };
      },
    ],
  ])('%s → 401 problem+json', async (_n, mk) => {
    const r = await get(await mk());
    expect(r.statusCode).toBe(401);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });
});

describe('admin API', () => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  it('creates spaces and clients; clients see only their own space; revocation stops tokens', async () => {
    const s = await t.request({ method: 'POST', url: '/admin/v1/spaces', auth: admin, payload: { name: 'lender-a' } });
    expect(s.statusCode).toBe(201);
    const space = s.json();
    expect(space).toMatchObject({ name: 'lender-a', space_id: expect.any(String), created_at: expect.any(String) });

    const dup = await t.request({ method: 'POST', url: '/admin/v1/spaces', auth: admin, payload: { name: 'lender-a' } });
    expect(dup.statusCode).toBe(409);

    const c = await t.request({ method: 'POST', url: `/admin/v1/spaces/${space.space_id}/clients`, auth: admin, payload: { name: 'app' } });
    expect(c.statusCode).toBe(201);
    const cred = c.json();
    expect(cred.space_id).toBe(space.space_id);

    const token = await t.tokenFor(cred.client_id, cred.client_secret, cred.subscription_key);
    const h = { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': cred.subscription_key };

    // A process of the bootstrap client's space is invisible (404, not 403) to the other space.
    const mine = await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'A' } });
    const other = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${mine.json().process_id}`, auth: h });
    expect(other.statusCode).toBe(404);
    const archiveOther = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${mine.json().process_id}/archive`, auth: h });
    expect(archiveOther.statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/document-engine/v1/processes', auth: h });
    expect(list.json().total).toBe(0);
    // Naming the other space in space_ids reveals nothing either.
    const spaced = await t.request({ method: 'GET', url: `/document-engine/v1/processes?space_ids=${mine.json().space_id}`, auth: h });
    expect(spaced.json().total).toBe(0);

    const del = await t.request({ method: 'DELETE', url: `/admin/v1/clients/${cred.client_id}`, auth: admin });
    expect(del.statusCode).toBe(204);
    const after = await t.request({ method: 'GET', url: '/document-engine/v1/processes', auth: h });
    expect(after.statusCode).toBe(401);
    const reissue = await t.request({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      auth: false,
      headers: { 'ocp-apim-subscription-key': cred.subscription_key },
      payload: { client_id: cred.client_id, client_secret: cred.client_secret },
    });
    expect(reissue.statusCode).toBe(401);
    const again = await t.request({ method: 'DELETE', url: `/admin/v1/clients/${cred.client_id}`, auth: admin });
    expect(again.statusCode).toBe(404);
  });

  it('rejects a wrong admin token and client tokens', async () => {
    const r = await t.request({ method: 'POST', url: '/admin/v1/spaces', auth: { authorization: 'Bearer wrong' }, payload: { name: 'x' } });
    expect(r.statusCode).toBe(401);
    const r2 = await t.request({ method: 'POST', url: '/admin/v1/spaces', payload: { name: 'x' } });
    expect(r2.statusCode).toBe(401);
  });

  it('404s clients for an unknown space', async () => {
    const r = await t.request({
      method: 'POST',
      url: '/admin/v1/spaces/00000000-0000-4000-8000-000000000000/clients',
      auth: admin,
      payload: {},
    });
    expect(r.statusCode).toBe(404);
  });
});

describe('token lifetime', () => {
  it('a token (even one already verified and cached) stops working after 86400 s', async () => {
    let now = Date.parse('2026-06-01T10:00:00Z');
    const clocked = await createTestApp({ workers: false, clock: { now: () => new Date(now) } });
    try {
      const h = await clocked.headers();
      const get = () => clocked.request({ method: 'GET', url: '/document-engine/v1/processes', auth: h });
      expect((await get()).statusCode).toBe(200);
      now += 86399 * 1000;
      expect((await get()).statusCode).toBe(200);
      now += 2000;
      const r = await get();
      expect(r.statusCode).toBe(401);
      expect(r.json().detail).toMatch(/expired/);
    } finally {
      await clocked.close();
    }
  });
});
