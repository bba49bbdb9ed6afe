/**
 * The cached fast path of authentication (AuthService.cached, used by the auth hook with no promise):
 * it lets a request through only when authenticate() would, on the same cached state, and the requests
 * it lets through are still rate limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, createTestApp, type TestApp } from '../../../test/helpers/app.ts';

let now = Date.parse('2026-06-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false, clock: { now: () => new Date(now) }, env: { DOCRISK_RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(async () => t?.close());

const bearer = (token: string) => `Bearer ${token}`;

describe('AuthService.cached', () => {
  it('is null until authenticate() has verified the token, then the same principal', async () => {
    const auth = t.app.services.auth;
    const token = await t.tokenFor(BOOT.clientId, BOOT.clientSecret, BOOT.subscriptionKey);
    expect(auth.cached(bearer(token), BOOT.subscriptionKey)).toBeNull();
    const p = await auth.authenticate(bearer(token), BOOT.subscriptionKey);
    expect(auth.cached(bearer(token), BOOT.subscriptionKey)).toBe(p);
    expect(auth.cached(`  bearer   ${token} `, BOOT.subscriptionKey)).toBe(p);
  });

  it('is null for what authenticate() refuses: wrong key, missing parts, a malformed header, an expired token', async () => {
    const auth = t.app.services.auth;
    const token = await t.tokenFor(BOOT.clientId, BOOT.clientSecret, BOOT.subscriptionKey);
    await auth.authenticate(bearer(token), BOOT.subscriptionKey);
    expect(auth.cached(bearer(token), 'another-key')).toBeNull();
    await expect(auth.authenticate(bearer(token), 'another-key')).rejects.toMatchObject({ status: 401 });
    expect(auth.cached(bearer(token), undefined)).toBeNull();
    expect(auth.cached(undefined, BOOT.subscriptionKey)).toBeNull();
    expect(auth.cached(`Basic ${token}`, BOOT.subscriptionKey)).toBeNull();
    expect(auth.cached(`${bearer(token)} x`, BOOT.subscriptionKey)).toBeNull();
    const saved = now;
    try {
      now += 86_401 * 1000;
      expect(auth.cached(bearer(token), BOOT.subscriptionKey)).toBeNull();
      await expect(auth.authenticate(bearer(token), BOOT.subscriptionKey)).rejects.toMatchObject({ status: 401 });
    } finally {
      now = saved;
    }
  });

  it("a revoked client's verified, cached token is refused once the client row is read again (2 s)", async () => {
    const auth = t.app.services.auth;
    const space = await auth.ensureSpace('cached-test');
    const c = await auth.createClient(space, 'cached');
    const token = await t.tokenFor(c.client_id, c.client_secret, c.subscription_key);
    const h = { authorization: bearer(token), 'ocp-apim-subscription-key': c.subscription_key };
    expect((await t.request({ method: 'GET', url: '/document-engine/v1/processes', auth: h })).statusCode).toBe(200);
    expect(auth.cached(h.authorization, c.subscription_key)).not.toBeNull();
    await auth.revokeClient(c.client_id);
    await new Promise((r) => setTimeout(r, 2100));
    expect(auth.cached(h.authorization, c.subscription_key)).toBeNull();
    const r = await t.request({ method: 'GET', url: '/document-engine/v1/processes', auth: h });
    expect(r.statusCode).toBe(401);
    expect(r.json().detail).toMatch(/revoked/);
  });

  it('requests let through by the cache still count against the rate limit', async () => {
    const auth = t.app.services.auth;
    const space = await auth.ensureSpace('cached-limit');
    const c = await auth.createClient(space, 'limited');
    const token = await t.tokenFor(c.client_id, c.client_secret, c.subscription_key);
    const h = { authorization: bearer(token), 'ocp-apim-subscription-key': c.subscription_key };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.request({ method: 'GET', url: '/document-engine/v1/processes', auth: h })).statusCode);
    expect(auth.cached(h.authorization, c.subscription_key)).not.toBeNull();
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
