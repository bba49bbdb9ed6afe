/**
 * Fastify assembly: validation, problem+json errors, request ids, auth hook, OpenAPI, health and metrics.
 * Routes come from the modules; this file holds no business rules.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { isUuid, newId } from '../shared/ids.ts';
import { registerAuthHook, type Authenticator } from './auth-hook.ts';
import { registerControlCharGuard } from './control-chars.ts';
import { authFailureLimiter, registerRateLimits, type RateLimitDeps } from './rate-limit.ts';
import { DEFAULT_EDGE_OPTIONS, registerResponseHeaders, registerSlowBodyGuard, type EdgeOptions } from './edges.ts';
import { ProblemSchema } from './common.ts';
import { errorHandler, sendProblem } from './errors.ts';
import type { Metrics } from './metrics.ts';
import { securitySchemes, transformDocument, transformRoute, type OpenApiDeps } from './openapi.ts';
import { validatorCompiler } from './validation.ts';
import { OneLineLogController, lazyChildLogger } from './request-log.ts';
import { buildSerializer } from './serializer.ts';

export interface ServerDeps {
  logger: Logger;
  auth: Authenticator;
  adminToken: string | null;
  maxUploadBytes: number;
  metrics: Metrics;
  ready: () => Promise<void>;
  routes: FastifyPluginAsyncTypebox[];
  version: string;
  /** Named schemas, scopes and callbacks for the OpenAPI document (from the modules, through app/). */
  openapi?: Omit<OpenApiDeps, 'version'>;
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
    logController: new OneLineLogController(),
    schemaController: { compilersFactory: { buildSerializer } },
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, req, { status: 404, code: 'route_not_found', detail: `no route ${req.method} ${req.url.split('?')[0]}` }),
  );
  app.addSchema(ProblemSchema);

  // Hooks that never wait are written with `done`: an async hook costs a promise and a microtask per request.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', String(req.id));
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    deps.metrics.httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
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
        securitySchemes: securitySchemes(deps.openapi?.scopes ?? {}) as never,
      },
      security: [{ bearerAuth: [], subscriptionKey: [] }],
    },
    transform: transformRoute as never,
    transformObject: (documentObject) =>
      transformDocument((documentObject as { openapiObject: Record<string, unknown> }).openapiObject, { version: deps.version, ...(deps.openapi ?? {}) }) as never,
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: {
      validatorUrl: null,
      // The explore box shows the document's public address, not the UI's own copy at /docs/json.
      urls: [{ url: '/openapi.json', name: 'docrisk API' }],
      persistAuthorization: false,
      // The token route wants the subscription key too: signing in with the OAuth2 flow sends the one entered under subscriptionKey.
      requestInterceptor: DOCS_REQUEST_INTERCEPTOR,
    } as never,
  });

  registerAuthHook(app, deps.auth, deps.adminToken, deps.rateLimit ? authFailureLimiter(deps.rateLimit) : null);
  registerControlCharGuard(app);
  registerResponseHeaders(app);
  registerSlowBodyGuard(app, edges);
  if (deps.rateLimit) await registerRateLimits(app, deps.rateLimit);

  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { config: { auth: 'public' }, schema: { operationId: 'getHealth', tags: ['Operations'], summary: 'Process alive', response: { 200: StatusSchema('ok') } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get('/readyz', { config: { auth: 'public' }, schema: { operationId: 'getReadiness', tags: ['Operations'], summary: 'Database reachable', response: { 200: StatusSchema('ready'), 503: ProblemRef } } }, async (req, reply) => {
    try {
      await deps.ready();
      return { status: 'ready' as const };
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed');
      return sendProblem(reply, req, { status: 503, code: 'not_ready', detail: 'database unreachable' });
    }
  });
  app.get('/metrics', { config: { auth: 'public' }, schema: { operationId: 'getMetrics', tags: ['Operations'], summary: 'Prometheus metrics', produces: ['text/plain'] } }, async (_req, reply) =>
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics()),
  );

  for (const r of deps.routes) await app.register(r);
  return app as unknown as FastifyInstance;
}

export { isUuid };

const ProblemRef = { $ref: 'Problem#' };
const StatusSchema = <S extends string>(status: S) => Type.Object({ status: Type.Literal(status) });

/**
 * Runs in the browser (Swagger UI serialises it into its initialiser, where `ui` is the UI instance):
 * adds the subscription key the user entered to the token request of the OAuth2 sign-in.
 */
const DOCS_REQUEST_INTERCEPTOR = new Function(
  'req',
  `if (/\\/auth\\/v1\\/oauth\\/token$/.test(String(req.url))) {
    try {
      const key = ui.authSelectors.authorized().getIn(['subscriptionKey', 'value']);
      if (key) req.headers['Ocp-Apim-Subscription-Key'] = key;
    } catch (e) { /* not signed in with a key yet */ }
  }
  return req;`,
);
