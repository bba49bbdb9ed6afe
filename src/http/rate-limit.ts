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
 *
 * Over the limit: 429 problem+json `rate_limited` with Retry-After (seconds).
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
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppError({
        status: 429,
        code: 'rate_limited',
        title: 'Too Many Requests',
        detail: `rate limit of ${ctx.max} requests exceeded; retry in ${seconds} s`,
        headers: { 'retry-after': String(seconds) },
      });
    },
  });
}
