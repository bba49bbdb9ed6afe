/**
 * Authenticates every route by its config.auth: client (default), admin or public. With a limiter,
 * every 401 counts against the source address, and an address over its limit gets 429 before its
 * credentials are looked at.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../shared/principal.ts';
import type { Scope } from '../shared/scopes.ts';
import { isAppError } from '../shared/errors.ts';
import type { AuthFailureLimiter } from './rate-limit.ts';
import './fastify-types.ts';

/** What the hook needs from the auth module (its AuthService), so this folder imports no module. */
export interface Authenticator {
  authenticate(authorization: string | undefined, subscriptionKey: string | undefined): Promise<Principal>;
  requireScope(p: Principal, scope: Scope): void;
  checkAdminToken(authorization: string | undefined, adminToken: string | null): void;
  /**
   * The principal when everything authenticate() checks is in the process's caches and passes, with no
   * promise made; null otherwise (then authenticate() decides). Never accepts what authenticate() refuses.
   */
  cached?(authorization: string | undefined, subscriptionKey: string | undefined): Principal | null;
}

export const SUBSCRIPTION_HEADER = 'ocp-apim-subscription-key';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export function registerAuthHook(
  app: FastifyInstance,
  auth: Authenticator,
  adminToken: string | null,
  limiter: AuthFailureLimiter | null = null,
): void {
  app.decorateRequest('principal', null);
  const check = async (req: FastifyRequest, mode: 'client' | 'admin', scope: Scope | undefined): Promise<void> => {
    try {
      if (mode === 'admin') {
        auth.checkAdminToken(header(req, 'authorization'), adminToken);
        return;
      }
      const principal = await auth.authenticate(header(req, 'authorization'), header(req, SUBSCRIPTION_HEADER));
      if (scope) auth.requireScope(principal, scope);
      req.principal = principal;
    } catch (e) {
      if (limiter && isAppError(e) && e.status === 401) await limiter.failed(req);
      throw e;
    }
  };
  // With `done`, not async: a client whose token, client row and key are in the caches (auth.cached) is
  // let through with no promise made; every other request goes through check(), as before.
  app.addHook('onRequest', (req, _reply, done) => {
    const cfg = req.routeOptions.config ?? {};
    const mode = cfg.auth ?? 'client';
    const url = req.routeOptions.url;
    // The docs UI (registered by @fastify/swagger-ui) is public like /openapi.json.
    if (mode === 'public' || url === undefined || url === '/docs' || url.startsWith('/docs/')) return done();
    try {
      limiter?.before(req);
      if (mode === 'client' && auth.cached) {
        const principal = auth.cached(header(req, 'authorization'), header(req, SUBSCRIPTION_HEADER));
        if (principal) {
          if (cfg.scope) auth.requireScope(principal, cfg.scope);
          req.principal = principal;
          return done();
        }
      }
    } catch (e) {
      return done(e as Error);
    }
    check(req, mode, cfg.scope).then(() => done(), (e: unknown) => done(e as Error));
  });
}

/** The authenticated principal of a client route (the hook guarantees it). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new Error('route reached without a principal');
  return req.principal;
}
