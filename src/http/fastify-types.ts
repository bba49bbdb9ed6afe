import type { Principal } from '../shared/principal.ts';
import type { Scope } from '../shared/scopes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a client (bearer + subscription key, default), the operator, or anyone. */
    auth?: 'client' | 'admin' | 'public';
    scope?: Scope;
    /** The token route: errors follow RFC 6749 section 5.2. */
    oauth?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export {};
