/**
 * Counter stores for @fastify/rate-limit with one behaviour in memory (one API process) and in
 * PostgreSQL (several API processes share the counters). A key's window starts with its first
 * request and lasts `timeWindow`; with back-off on, every request over the limit restarts the
 * window doubled (timeWindow × 2^(over − 1), at most a week), so a client that keeps trying
 * while locked out stays locked out longer. Unlike the plugin's own LocalStore, the back-off
 * really blocks: the counter resets only when the (extended) window has passed.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

export interface Counter {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res: Counter) => void;

/** The store contract of @fastify/rate-limit (constructor(params), child(params), incr, read). */
export interface RateLimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(params: { exponentialBackoff?: boolean }): RateLimitStore;
}
export type RateLimitStoreClass = new (params: { exponentialBackoff?: boolean }) => RateLimitStore;

const MAX_TTL_MS = 7 * 24 * 3600 * 1000;
const MAX_KEYS = 100_000;

export const backoffTtl = (timeWindow: number, over: number): number =>
  Math.min(MAX_TTL_MS, timeWindow * 2 ** Math.min(over - 1, 30));

interface Entry {
  count: number;
  start: number;
  ttl: number;
}

/** In-process counters (a Map used as an LRU, bounded to MAX_KEYS). */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStoreClass {
  const entries = new Map<string, Entry>();
  return class MemoryRateLimitStore implements RateLimitStore {
    private readonly backoff: boolean;
    constructor(params: { exponentialBackoff?: boolean }) {
      this.backoff = params.exponentialBackoff === true;
    }
    child(params: { exponentialBackoff?: boolean }): RateLimitStore {
      return new MemoryRateLimitStore(params);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const t = now();
      let e = entries.get(key);
      entries.delete(key);
      if (!e || e.start + e.ttl <= t) e = { count: 1, start: t, ttl: timeWindow };
      else {
        e.count++;
        if (this.backoff && e.count > max) {
          e.start = t;
          e.ttl = backoffTtl(timeWindow, e.count - max);
        }
      }
      entries.set(key, e);
      if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
      cb(null, { current: e.count, ttl: Math.max(0, e.start + e.ttl - t) });
    }
    read(key: string, cb: Callback): void {
      const t = now();
      const e = entries.get(key);
      if (!e || e.start + e.ttl <= t) cb(null, { current: 0, ttl: 0 });
      else cb(null, { current: e.count, ttl: e.start + e.ttl - t });
    }
  };
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/** Counters in the rate_limits table: one atomic upsert per request, on the database's clock. */
export function postgresRateLimitStore(db: Executor): RateLimitStoreClass {
  let calls = 0;
  return class PostgresRateLimitStore implements RateLimitStore {
    private readonly backoff: boolean;
    constructor(params: { exponentialBackoff?: boolean }) {
      this.backoff = params.exponentialBackoff === true;
    }
    child(params: { exponentialBackoff?: boolean }): RateLimitStore {
      return new PostgresRateLimitStore(params);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const backoff = this.backoff;
      // In ON CONFLICT … SET every r.* is the row before this request.
      const expired = sql`(r.window_start + r.ttl_ms * interval '1 millisecond' <= now())`;
      const over = sql`(not ${expired} and ${backoff} and r.count + 1 > ${max})`;
      const query = sql`
        insert into rate_limits as r (key, count, window_start, ttl_ms) values (${key}, 1, now(), ${timeWindow})
        on conflict (key) do update set
          count = case when ${expired} then 1 else r.count + 1 end,
          window_start = case when ${expired} or ${over} then now() else r.window_start end,
          ttl_ms = case when ${expired} then ${timeWindow}::bigint
                        when ${over} then least(${MAX_TTL_MS}::bigint, ${timeWindow}::bigint * power(2, least(r.count + 1 - ${max} - 1, 30))::bigint)
                        else r.ttl_ms end
        returning count, greatest(0, (extract(epoch from (window_start + ttl_ms * interval '1 millisecond' - now())) * 1000))::bigint as ttl`;
      db.execute(query).then(
        (r) => {
          const row = rowsOf<{ count: number; ttl: string | number }>(r)[0]!;
          cb(null, { current: Number(row.count), ttl: Number(row.ttl) });
          // Now and then, forget keys whose window ended long ago.
          if (++calls % 1000 === 0) {
            db.execute(
              sql`delete from rate_limits where window_start + ttl_ms * interval '1 millisecond' < now() - interval '1 hour'`,
            ).catch(() => undefined);
          }
        },
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }
    read(key: string, cb: Callback): void {
      db.execute(
        sql`select count, greatest(0, (extract(epoch from (window_start + ttl_ms * interval '1 millisecond' - now())) * 1000))::bigint as ttl
            from rate_limits where key = ${key} and window_start + ttl_ms * interval '1 millisecond' > now()`,
      ).then(
        (r) => {
          const row = rowsOf<{ count: number; ttl: string | number }>(r)[0];
          cb(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        },
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }
  };
}
