/**
 * The cached fast path of authentication (AuthService.cached, used by the auth hook with no promise):
 * it lets a request through only when authenticate() would, on the same cached state, and the requests
 * it lets through are still rate limited.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRepository } from './auth.repository.ts';
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

describe('client rows: one read at a time, renewed before they expire', () => {
  it('re-reads a row near its expiry once, in the background, while requests keep passing the cache', async () => {
    const auth = t.app.services.auth;
    const space = await auth.ensureSpace('cached-refresh');
    const c = await auth.createClient(space, 'refresh');
    const token = await t.tokenFor(c.client_id, c.client_secret, c.subscription_key);
    const h = bearer(token);
    const reads = vi.spyOn(authRepository, 'findClient');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      vi.setSystemTime(start);
      await auth.authenticate(h, c.subscription_key); // reads the row (token endpoint's own read aside)
      const first = reads.mock.calls.length;
      vi.setSystemTime(start + 1700); // within the last 500 ms of the row's 2 s
      for (let i = 0; i < 5; i++) expect(auth.cached(h, c.subscription_key)).not.toBeNull();
      expect(reads.mock.calls.length).toBe(first + 1);
      await vi.waitFor(() => expect(reads.mock.results.at(-1)?.type).toBe('return'));
      await reads.mock.results.at(-1)!.value;
      await new Promise((r) => setImmediate(r));
      vi.setSystemTime(start + 2300); // past the first read's 2 s: the renewed row answers, no request waits
      expect(auth.cached(h, c.subscription_key)).not.toBeNull();
      expect(reads.mock.calls.length).toBe(first + 1);
    } finally {
      vi.useRealTimers();
      reads.mockRestore();
    }
  });

  it('requests arriving after a row expired share one read of it', async () => {
    const auth = t.app.services.auth;
    const space = await auth.ensureSpace('cached-shared');
    const c = await auth.createClient(space, 'shared');
    const token = await t.tokenFor(c.client_id, c.client_secret, c.subscription_key);
    const h = bearer(token);
    await auth.authenticate(h, c.subscription_key);
    const reads = vi.spyOn(authRepository, 'findClient');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5000);
      expect(auth.cached(h, c.subscription_key)).toBeNull();
      const principals = await Promise.all(Array.from({ length: 10 }, () => auth.authenticate(h, c.subscription_key)));
      expect(new Set(principals.map((p) => p.clientId))).toEqual(new Set([c.client_id]));
      expect(reads).toHaveBeenCalledTimes(1);
      expect(auth.cached(h, c.subscription_key)).not.toBeNull();
    } finally {
      vi.useRealTimers();
      reads.mockRestore();
    }
  });

  it('a client revoked while its row is being read is refused by the next request', async () => {
    const auth = t.app.services.auth;
    const space = await auth.ensureSpace('cached-race');
    const c = await auth.createClient(space, 'race');
    const token = await t.tokenFor(c.client_id, c.client_secret, c.subscription_key);
    const h = bearer(token);
    await auth.authenticate(h, c.subscription_key);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5000);
      const reading = auth.authenticate(h, c.subscription_key); // reads the row, not yet revoked
      await auth.revokeClient(c.client_id);
      await reading.catch(() => undefined);
      expect(auth.cached(h, c.subscription_key)).toBeNull();
      await expect(auth.authenticate(h, c.subscription_key)).rejects.toMatchObject({ status: 401 });
    } finally {
      vi.useRealTimers();
    }
  });
});
