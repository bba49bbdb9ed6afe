/**
 * Per-client rate limits (@fastify/rate-limit), with the counters in memory for one API process
 * or in PostgreSQL when several share them (DOCRISK_RATE_LIMIT_STORE). Every route that needs
 * credentials is limited; the operations and docs routes are not (health checks must always answer).
 *
 * | group       | key                     | routes                                            |
 * |-------------|-------------------------|---------------------------------------------------|
 * | token       | client_id + address     | POST /auth/v1/oauth/token (with lockout back-off) |
 * | test-events | client                  | test event, redeliver                             |
 * | reports     | client                  | run-report, the workflow endpoint                 |
 * | api         | client (admin: address) | every other route with credentials                |
 * | auth-fail   | address                 | requests refused 401 on any route (lockout back-off) |
 *
 * Over the limit: 429 problem+json `rate_limited` with Retry-After (seconds). The last group counts
 * only failed authentications (a flood of invalid bearers has no client to be counted against);
 * an address over it is refused before its credentials are looked at (authFailureLimiter).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Executor } from '../db/client.ts';
import { AppError } from '../shared/errors.ts';
import {
  memoryRateLimitStore,
  postgresRateLimitStore,
  type RateLimitStoreClass,
} from './rate-limit-store.ts';

export interface RateLimitSettings {
  store: 'memory' | 'postgres';
  apiPerMinute: number;
  tokenPerMinute: number;
  testEventsPerMinute: number;
  reportsPerMinute: number;
  authFailuresPerMinute: number;
}

export interface RateLimitDeps extends RateLimitSettings {
  storeClass: RateLimitStoreClass;
}

export function rateLimitDeps(settings: RateLimitSettings, db: Executor): RateLimitDeps {
  return {
    ...settings,
    storeClass: settings.store === 'postgres' ? postgresRateLimitStore(db) : memoryRateLimitStore(),
  };
}

const MINUTE = 60_000;

const TEST_EVENT_ROUTES = new Set([
  'POST /portal/v1/webhooks/test',
  'POST /portal/v1/webhook-deliveries/:delivery_id/redeliver',
]);
const REPORT_ROUTES = new Set([
  'POST /document-engine/v1/processes/:process_id/credit-reports/run-report',
  'POST /workflow/sbx/v1/workflow',
]);

const clientKey =
  (group: string) =>
  (req: FastifyRequest): string =>
    req.principal ? `${group}:c:${req.principal.clientId}` : `${group}:ip:${req.ip}`;

const tokenKey = (req: FastifyRequest): string => {
  const body = req.body as { client_id?: unknown } | null | undefined;
  const id = body && typeof body.client_id === 'string' ? body.client_id.slice(0, 128) : '';
  return `token:${id}:${req.ip}`;
};

function limitFor(route: RouteOptions, s: RateLimitSettings): Record<string, unknown> | null {
  const cfg = route.config ?? {};
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const id = `${methods[0]} ${route.url}`;
  if (cfg.oauth) {
    // preValidation: the body is parsed, so the key can hold the client_id.
    return {
      max: s.tokenPerMinute,
      timeWindow: MINUTE,
      exponentialBackoff: true,
      hook: 'preValidation',
      keyGenerator: tokenKey,
    };
  }
  if (cfg.auth === 'public' || methods.includes('HEAD')) return null;
  if (TEST_EVENT_ROUTES.has(id))
    return {
      max: s.testEventsPerMinute,
      timeWindow: MINUTE,
      hook: 'preHandler',
      keyGenerator: clientKey('test-events'),
    };
  if (REPORT_ROUTES.has(id))
    return {
      max: s.reportsPerMinute,
      timeWindow: MINUTE,
      hook: 'preHandler',
      keyGenerator: clientKey('reports'),
    };
  // preHandler: after the auth hook, so the key is the client, not a (shared) address.
  return { max: s.apiPerMinute, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: clientKey('api') };
}

const rateLimited = (max: number, ttlMs: number): AppError => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError({
    status: 429,
    code: 'rate_limited',
    title: 'Too Many Requests',
    detail: `rate limit of ${max} requests exceeded; retry in ${seconds} s`,
    headers: { 'retry-after': String(seconds) },
  });
};

export interface AuthFailureLimiter {
  /** Throws the 429 when this address is locked out for failed authentications. */
  before(req: FastifyRequest): void;
  /** Counts a failed authentication of this address; throws the 429 once it is over the limit. */
  failed(req: FastifyRequest): Promise<void>;
}

const LOCK_KEYS = 100_000;

/**
 * Failed authentications per source address, in the same store as the other limits (shared
 * through PostgreSQL when scaled out), with lockout back-off. A lockout learnt from the store is
 * also kept in this process, so a locked-out address costs no token check and no database query
 * (another API process learns it at that address's next failure there).
 */
export function authFailureLimiter(deps: RateLimitDeps, now: () => number = Date.now): AuthFailureLimiter {
  const store = new deps.storeClass({ exponentialBackoff: true });
  const max = deps.authFailuresPerMinute;
  const lockedUntil = new Map<string, number>();
  return {
    before(req) {
      const until = lockedUntil.get(req.ip);
      if (until === undefined) return;
      const left = until - now();
      if (left > 0) throw rateLimited(max, left);
      lockedUntil.delete(req.ip);
    },
    async failed(req) {
      // A store that cannot count (database down) leaves the 401 as it is: never a 5xx from here.
      const counter = await new Promise<{ current: number; ttl: number }>((resolve) =>
        store.incr(`auth-fail:ip:${req.ip}`, (err, res) => resolve(err ? { current: 0, ttl: 0 } : res), MINUTE, max),
      );
      if (counter.current <= max) return;
      lockedUntil.delete(req.ip);
      lockedUntil.set(req.ip, now() + counter.ttl);
      if (lockedUntil.size > LOCK_KEYS) lockedUntil.delete(lockedUntil.keys().next().value!);
      throw rateLimited(max, counter.ttl);
    },
  };
}

/** The 429 of every limited route in the OpenAPI document: problem+json and its headers. */
const RATE_LIMITED_RESPONSE = {
  $ref: 'Problem#',
  description: 'Too Many Requests: rate limited (problem code rate_limited); retry after Retry-After seconds',
  headers: {
    'retry-after': { type: 'integer', description: 'seconds until a request is accepted again' },
    'x-ratelimit-limit': { type: 'integer', description: 'requests allowed in the window' },
    'x-ratelimit-remaining': { type: 'integer', description: 'requests left in the window' },
    'x-ratelimit-reset': { type: 'integer', description: 'seconds until the window ends' },
  },
};

export async function registerRateLimits(app: FastifyInstance, deps: RateLimitDeps): Promise<void> {
  // Runs before the plugin's own onRoute hook (registered below), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    if (route.config && 'rateLimit' in route.config) return;
    const limit = limitFor(route, deps);
    if (!limit) return;
    route.config = { ...(route.config ?? {}), rateLimit: limit } as never;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response) response[429] = RATE_LIMITED_RESPONSE;
  });
  await app.register(rateLimit, {
    global: false,
    store: deps.storeClass as never,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (_req, ctx) => rateLimited(ctx.max, ctx.ttl),
  });
}
