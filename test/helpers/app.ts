/** A real application on a test database, driven through Fastify's inject (no sockets) or a real port. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp, type App, type AppOptions } from '../../src/app/app.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import type { Clock } from '../../src/shared/clock.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export const BOOT = { clientId: 'test-client', clientSecret: 'test-secret-123', subscriptionKey: 'test-subscription-key' };
export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

export interface TestApp {
  app: App;
  db: TestDatabase;
  config: Config;
  /** Bearer + subscription key headers of the bootstrap client (token cached). */
  headers(): Promise<Record<string, string>>;
  request(opts: InjectOptions & { auth?: boolean | Record<string, string> }): Promise<LightMyRequestResponse>;
  tokenFor(clientId: string, secret: string, key: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  workers?: boolean;
  clock?: Clock;
  extraJobs?: AppOptions['extraJobs'];
  jobTuning?: AppOptions['jobTuning'];
  /** A database made by the caller (default: createTestDatabase()); closed and dropped with the app. */
  database?: TestDatabase;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const db = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    DOCRISK_DATA_DIR: '/tmp/docrisk-test-unused',
    DOCRISK_BOOTSTRAP_CLIENT_ID: BOOT.clientId,
    DOCRISK_BOOTSTRAP_CLIENT_SECRET: BOOT.clientSecret,
    DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: BOOT.subscriptionKey,
    DOCRISK_ADMIN_TOKEN: ADMIN_TOKEN,
    DOCRISK_SHUTDOWN_GRACE_MS: '2000',
    LOG_LEVEL: 'silent',
    ...(opts.env ?? {}),
  });
  const app = await buildApp({
    config,
    http: true,
    workers: opts.workers ?? true,
    database: db.database,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.extraJobs ? { extraJobs: opts.extraJobs } : {}),
    ...(opts.jobTuning ? { jobTuning: opts.jobTuning } : {}),
  });
  const server = app.server!;
  let cached: string | null = null;
  const tokenFor = async (clientId: string, secret: string, key: string) => {
    const r = await server.inject({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      headers: { 'ocp-apim-subscription-key': key },
      payload: { client_id: clientId, client_secret: secret },
    });
    if (r.statusCode !== 200) throw new Error(`token failed: ${r.statusCode} ${r.body}`);
    return (r.json() as { access_token: string }).access_token;
  };
  const headers = async () => {
    cached ??= await tokenFor(BOOT.clientId, BOOT.clientSecret, BOOT.subscriptionKey);
    return { authorization: `Bearer ${cached}`, 'ocp-apim-subscription-key': BOOT.subscriptionKey };
  };
  return {
    app,
    db,
    config,
    headers,
    tokenFor,
    async request(o) {
      const { auth = true, ...rest } = o;
      const h = auth === true ? await headers() : auth === false ? {} : auth;
      return server.inject({ ...rest, headers: { ...h, ...(rest.headers ?? {}) } });
    },
    async close() {
      await app.close().catch(() => undefined);
      await db.drop().catch(() => undefined);
    },
  };
}
