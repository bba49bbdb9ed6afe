/** One contract for both counter stores: windows, limits and the lockout back-off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import {
  backoffTtl,
  memoryRateLimitStore,
  postgresRateLimitStore,
  type Counter,
  type RateLimitStore,
} from './rate-limit-store.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

const incr = (s: RateLimitStore, key: string, window: number, max: number) =>
  new Promise<Counter>((resolve, reject) => s.incr(key, (e, r) => (e ? reject(e) : resolve(r)), window, max));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each([
  ['memory', () => memoryRateLimitStore()],
  ['postgres', () => postgresRateLimitStore(db.database.db)],
])('%s rate-limit store', (_name, make) => {
  it('counts within a window and starts again after it', async () => {
    const s = new (make())({});
    const key = `k-${Math.random()}`;
    expect((await incr(s, key, 300, 2)).current).toBe(1);
    const second = await incr(s, key, 300, 2);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    expect((await incr(s, key, 300, 2)).current).toBe(3);
    await sleep(350);
    expect((await incr(s, key, 300, 2)).current).toBe(1);
  });

  it('with back-off, each request over the limit doubles the lockout, and the lockout really holds', async () => {
    const s = new (make())({}).child({ exponentialBackoff: true });
    const key = `b-${Math.random()}`;
    await incr(s, key, 200, 1);
    const over1 = await incr(s, key, 200, 1);
    expect(over1.current).toBe(2);
    expect(over1.ttl).toBeGreaterThan(150);
    const over2 = await incr(s, key, 200, 1);
    expect(over2.ttl).toBeGreaterThan(350);
    const over3 = await incr(s, key, 200, 1);
    expect(over3.ttl).toBeGreaterThan(750);
    await sleep(300); // past the configured window, inside the lockout
    expect((await incr(s, key, 200, 1)).current).toBeGreaterThan(1);
  });

  it('keys are independent', async () => {
    const s = new (make())({});
    const a = `a-${Math.random()}`;
    await incr(s, a, 1000, 1);
    await incr(s, a, 1000, 1);
    expect((await incr(s, `other-${Math.random()}`, 1000, 1)).current).toBe(1);
  });
});

it('back-off is capped at a week', () => {
  expect(backoffTtl(60_000, 1)).toBe(60_000);
  expect(backoffTtl(60_000, 3)).toBe(240_000);
  expect(backoffTtl(60_000, 500)).toBe(7 * 24 * 3600 * 1000);
});

describe('postgres rate-limit store across processes (counts sent in batches)', () => {
  it('one process counts locally between round trips and adds them to the shared counter', async () => {
    const a = new (postgresRateLimitStore(db.database.db, { flushMs: 50 }))({});
    const b = new (postgresRateLimitStore(db.database.db, { flushMs: 50 }))({});
    const key = `s-${Math.random()}`;
    for (let i = 1; i <= 5; i++) expect((await incr(a, key, 60_000, 100)).current).toBe(i);
    await sleep(150);
    // The other process's first request of the window reads the shared counter: a's five are in it.
    expect((await incr(b, key, 60_000, 100)).current).toBe(6);
  });

  it('a refusal is decided on the shared count, never on a stale local estimate', async () => {
    const a = new (postgresRateLimitStore(db.database.db, { flushMs: 60_000 }))({});
    const b = new (postgresRateLimitStore(db.database.db, { flushMs: 50 }))({});
    const key = `r-${Math.random()}`;
    await incr(a, key, 60_000, 4);
    await incr(b, key, 60_000, 4); // b's first: shared 2
    await incr(a, key, 60_000, 4); // a: local 2 (not sent)
    await incr(a, key, 60_000, 4); // a: local 3
    expect((await incr(a, key, 60_000, 4)).current).toBe(4); // a's estimate (b's request not seen yet)
    // The next would pass 4 on a's estimate: it goes to the database with a's three unsent requests,
    // where b's request is counted too.
    const over = await incr(a, key, 60_000, 4);
    expect(over.current).toBe(6);
    // b admitted its own next request on its estimate (the bound: one flush interval of a process's
    // traffic); after its flush it knows the shared count, and refuses.
    expect((await incr(b, key, 60_000, 4)).current).toBe(3);
    await sleep(150);
    expect((await incr(b, key, 60_000, 4)).current).toBe(8);
  });
});
