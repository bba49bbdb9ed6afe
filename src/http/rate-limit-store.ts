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

interface Shared {
  count: number;
  ttl: number;
}

/** One atomic upsert adding `delta` to a key's counter, on the database's clock. */
function upsertSql(key: string, delta: number, timeWindow: number, max: number, backoff: boolean) {
  // In ON CONFLICT … SET every r.* is the row before this request.
  const expired = sql`(r.window_start + r.ttl_ms * interval '1 millisecond' <= now())`;
  const over = sql`(not ${expired} and ${backoff} and r.count + ${delta}::int > ${max})`;
  return sql`
    insert into rate_limits as r (key, count, window_start, ttl_ms) values (${key}, ${delta}::int, now(), ${timeWindow})
    on conflict (key) do update set
      count = case when ${expired} then ${delta}::int else r.count + ${delta}::int end,
      window_start = case when ${expired} or ${over} then now() else r.window_start end,
      ttl_ms = case when ${expired} then ${timeWindow}::bigint
                    when ${over} then least(${MAX_TTL_MS}::bigint, ${timeWindow}::bigint * power(2, least(r.count + ${delta}::int - ${max} - 1, 30))::bigint)
                    else r.ttl_ms end
    returning count, greatest(0, (extract(epoch from (window_start + ttl_ms * interval '1 millisecond' - now())) * 1000))::bigint as ttl`;
}

/** A key's counter as this process knows it: the shared count at the last round trip plus requests not yet sent. */
interface Local {
  shared: number;
  pending: number;
  /** Local time at which the window ends. */
  endsAt: number;
  flushing: boolean;
  timer: NodeJS.Timeout | null;
}

export interface PostgresStoreOptions {
  /** Requests of a key are added to the shared counter at most this often (ms); 0 sends each one. */
  flushMs?: number;
  now?: () => number;
}

/**
 * Counters in the rate_limits table, shared by every API process. The lockout store (back-off, the
 * token route) sends every request. The others count locally and add their requests to the shared
 * counter in one upsert per key every `flushMs` (a request per key and interval instead of a write
 * per request: reads were bound by this write); a key's first request in a window, and any request
 * the local estimate would refuse, goes to the database at once, so refusals are decided on the
 * shared count. Requests other processes admitted since this one's last round trip are seen within
 * `flushMs` while the key is busy here.
 */
export function postgresRateLimitStore(db: Executor, opts: PostgresStoreOptions = {}): RateLimitStoreClass {
  const flushMs = opts.flushMs ?? 200;
  const now = opts.now ?? Date.now;
  let calls = 0;
  const locals = new Map<string, Local>();

  const roundTrip = async (key: string, delta: number, timeWindow: number, max: number, backoff: boolean): Promise<Shared> => {
    const r = await db.execute(upsertSql(key, delta, timeWindow, max, backoff));
    const row = rowsOf<{ count: number; ttl: string | number }>(r)[0]!;
    // Now and then, forget keys whose window ended long ago.
    if (++calls % 1000 === 0) {
      db.execute(sql`delete from rate_limits where window_start + ttl_ms * interval '1 millisecond' < now() - interval '1 hour'`).catch(() => undefined);
    }
    return { count: Number(row.count), ttl: Number(row.ttl) };
  };

  const flush = (key: string, l: Local, timeWindow: number, max: number): void => {
    l.timer = null;
    if (l.pending === 0 || l.flushing) return;
    const delta = l.pending;
    l.pending = 0;
    l.flushing = true;
    roundTrip(key, delta, timeWindow, max, false).then(
      (s) => {
        l.flushing = false;
        l.shared = s.count;
        l.endsAt = now() + s.ttl;
        if (l.pending > 0 && !l.timer) l.timer = setTimeout(() => flush(key, l, timeWindow, max), flushMs).unref();
      },
      () => {
        // The database is unreachable: keep the requests for the next attempt.
        l.flushing = false;
        l.pending += delta;
      },
    );
  };

  return class PostgresRateLimitStore implements RateLimitStore {
    private readonly backoff: boolean;
    constructor(params: { exponentialBackoff?: boolean }) {
      this.backoff = params.exponentialBackoff === true;
    }
    child(params: { exponentialBackoff?: boolean }): RateLimitStore {
      return new PostgresRateLimitStore(params);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const t = now();
      const l = this.backoff || flushMs <= 0 ? undefined : locals.get(key);
      if (l && l.endsAt > t && l.shared + l.pending + 1 <= max) {
        l.pending++;
        if (!l.timer) l.timer = setTimeout(() => flush(key, l, timeWindow, max), flushMs).unref();
        cb(null, { current: l.shared + l.pending, ttl: l.endsAt - t });
        return;
      }
      // First request of the window here, or one the estimate would refuse: ask the shared counter,
      // adding this request and any not yet sent.
      const sameWindow = l !== undefined && l.endsAt > t;
      const delta = 1 + (sameWindow ? l.pending : 0);
      if (l) {
        l.pending = 0;
        if (l.timer) clearTimeout(l.timer);
        l.timer = null;
      }
      roundTrip(key, delta, timeWindow, max, this.backoff).then(
        (s) => {
          if (!this.backoff && flushMs > 0) {
            const cur = locals.get(key);
            if (cur) {
              cur.shared = s.count;
              cur.endsAt = now() + s.ttl;
            } else {
              locals.set(key, { shared: s.count, pending: 0, endsAt: now() + s.ttl, flushing: false, timer: null });
              if (locals.size > MAX_KEYS) {
                const oldest = locals.keys().next().value!;
                const o = locals.get(oldest);
                if (o?.timer) clearTimeout(o.timer);
                locals.delete(oldest);
              }
            }
          }
          cb(null, { current: s.count, ttl: s.ttl });
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
          const pending = locals.get(key)?.pending ?? 0;
          cb(null, row ? { current: Number(row.count) + pending, ttl: Number(row.ttl) } : { current: pending, ttl: 0 });
        },
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }
  };
}
