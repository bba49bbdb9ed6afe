/**
 * Fastify assembly: validation, problem+json errors, request ids, auth hook, OpenAPI, health and metrics.
 * Routes come from the modules; this file holds no business rules.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isUuid, newId } from '../shared/ids.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { registerAuthHook } from './auth-hook.ts';
import { registerControlCharGuard } from './control-chars.ts';
import { registerRateLimits, type RateLimitDeps } from './rate-limit.ts';
import { DEFAULT_EDGE_OPTIONS, registerResponseHeaders, registerSlowBodyGuard, type EdgeOptions } from './edges.ts';
import { ProblemSchema } from './common.ts';
import { errorHandler, sendProblem } from './errors.ts';
import type { Metrics } from './metrics.ts';
import { validatorCompiler } from './validation.ts';

export interface ServerDeps {
  logger: Logger;
  auth: AuthService;
  adminToken: string | null;
  maxUploadBytes: number;
  metrics: Metrics;
  ready: () => Promise<void>;
  routes: FastifyPluginAsyncTypebox[];
  version: string;
  edges?: EdgeOptions;
  rateLimit?: RateLimitDeps;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export async function createServer(deps: ServerDeps): Promise<FastifyInstance> {
  const edges = deps.edges ?? DEFAULT_EDGE_OPTIONS;
  // FastifyInstance is typed with the base logger; pino's Logger is a structural superset.
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    bodyLimit: 16 * 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      const v = Array.isArray(h) ? h[0] : h;
      return v && REQUEST_ID_RE.test(v) ? v : newId();
    },
    return503OnClosing: true,
    requestTimeout: edges.requestTimeoutMs,
    http: { headersTimeout: edges.headersTimeoutMs },
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, req, { status: 404, code: 'route_not_found', detail: `no route ${req.method} ${req.url.split('?')[0]}` }),
  );
  app.addSchema(ProblemSchema);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', String(req.id));
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    deps.metrics.httpDuration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode >= 500) req.log.error({ reqId: req.id, route, status: reply.statusCode }, 'request failed');
  });

  await app.register(multipart, {
    limits: { fileSize: deps.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 200 },
    throwFileSizeLimit: true,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'docrisk API',
        version: deps.version,
        description:
          'Document parsing and credit risk reports. Every route except the token, health and docs routes needs ' +
          '`Authorization: Bearer <access_token>` and `Ocp-Apim-Subscription-Key`. Errors are RFC 9457 problem+json. ' +
          'Every answer carries `X-Content-Type-Options: nosniff`; API data carries `Cache-Control: no-store`. Routes with ' +
          'credentials are rate limited per client (and the token route per client_id and address): 429 problem+json with ' +
          '`Retry-After`, and `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on every limited answer. ' +
          'A request body arriving slower than the configured rate gets 408.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          subscriptionKey: { type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'DOCRISK_ADMIN_TOKEN' },
        },
      },
      security: [{ bearerAuth: [], subscriptionKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { validatorUrl: null } as never });

  registerAuthHook(app, deps.auth, deps.adminToken);
  registerControlCharGuard(app);
  registerResponseHeaders(app);
  registerSlowBodyGuard(app, edges);
  if (deps.rateLimit) await registerRateLimits(app, deps.rateLimit);

  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { config: { auth: 'public' }, schema: { tags: ['Operations'], summary: 'Process alive' } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { auth: 'public' }, schema: { tags: ['Operations'], summary: 'Database reachable' } }, async (req, reply) => {
    try {
      await deps.ready();
      return { status: 'ready' };
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed');
      return sendProblem(reply, req, { status: 503, code: 'not_ready', detail: 'database unreachable' });
    }
  });
  app.get('/metrics', { config: { auth: 'public' }, schema: { tags: ['Operations'], summary: 'Prometheus metrics' } }, async (_req, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );

  for (const r of deps.routes) await app.register(r);
  return app as unknown as FastifyInstance;
}

export { isUuid };
