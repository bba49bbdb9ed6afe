/** Test support: real loopback receivers and an application with injectable webhook tuning. */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp, type App } from '../../app/app.ts';
import { loadConfig } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import { ADMIN_TOKEN, BOOT } from '../../../test/helpers/app.ts';
import type { WebhookTuning } from './webhooks.tuning.ts';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Behaviour = (
  req: Received,
  n: number,
) => { status?: number; delayMs?: number; headers?: Record<string, string>; /** Answer only once this settles (after delayMs). */ until?: Promise<unknown> } | void;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  maxConcurrent: number;
  behave(b: Behaviour): void;
  close(): Promise<void>;
  /** Listens again on the same port (receiver "comes back up"). */
  reopen(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => undefined, port = 0): Promise<Receiver> {
  let b = behaviour;
  let active = 0;
  const sockets = new Set<Socket>();
  const r: Receiver = {
    url: '',
    port: 0,
    received: [],
    maxConcurrent: 0,
    behave: (nb) => {
      b = nb;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((res) => server.close(() => res()));
    },
    reopen: async () => {
      await new Promise<void>((res) => server.listen(r.port, '127.0.0.1', () => res()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      active++;
      r.maxConcurrent = Math.max(r.maxConcurrent, active);
      const rec: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      r.received.push(rec);
      const out = b(rec, r.received.length) ?? {};
      const answer = () => {
        active--;
        if (res.destroyed) return;
        res.writeHead(out.status ?? 200, out.headers ?? {});
        res.end('ok');
      };
      setTimeout(() => (out.until ? void out.until.then(answer, answer) : answer()), out.delayMs ?? 0);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((res) => server.listen(port, '127.0.0.1', () => res()));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}/hook`;
  return r;
}

export const FAST_TUNING: Partial<WebhookTuning> = {
  retryScheduleSeconds: [0.2, 0.5, 1],
  jitter: 0,
  timeoutMs: 1000,
  maxPerOrigin: 4,
};

export interface WebhookTestApp {
  app: App;
  headers(): Promise<Record<string, string>>;
  request(o: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object; auth?: Record<string, string> }): Promise<LightMyRequestResponse>;
  tokenHeaders(clientId: string, secret: string, key: string): Promise<Record<string, string>>;
}

export async function webhookTestApp(
  database: Database,
  opts: { workers?: boolean; tuning?: Partial<WebhookTuning>; allowPrivate?: boolean } = {},
): Promise<WebhookTestApp> {
  const config = loadConfig({
    DOCRISK_DATA_DIR: '/tmp/docrisk-test-unused',
    DOCRISK_BOOTSTRAP_CLIENT_ID: BOOT.clientId,
    DOCRISK_BOOTSTRAP_CLIENT_SECRET: BOOT.clientSecret,
    DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: BOOT.subscriptionKey,
    DOCRISK_ADMIN_TOKEN: ADMIN_TOKEN,
    DOCRISK_SHUTDOWN_GRACE_MS: '2000',
    DOCRISK_WEBHOOK_ALLOW_PRIVATE: opts.allowPrivate === false ? '0' : '1',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    http: true,
    workers: opts.workers ?? true,
    database,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    jobTuning: { superviseIntervalSeconds: 1 },
    webhookTuning: { ...FAST_TUNING, ...(opts.tuning ?? {}) },
  });
  const server = app.server!;
  const tokenHeaders = async (clientId: string, secret: string, key: string) => {
    const r = await server.inject({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      headers: { 'ocp-apim-subscription-key': key },
      payload: { client_id: clientId, client_secret: secret },
    });
    if (r.statusCode !== 200) throw new Error(`token failed: ${r.statusCode} ${r.body}`);
    return { authorization: `Bearer ${(r.json() as { access_token: string }).access_token}`, 'ocp-apim-subscription-key': key };
  };
  let cached: Record<string, string> | null = null;
  const headers = async () => (cached ??= await tokenHeaders(BOOT.clientId, BOOT.clientSecret, BOOT.subscriptionKey));
  return {
    app,
    headers,
    tokenHeaders,
    async request(o) {
      const h = o.auth ?? (await headers());
      return server.inject({ method: o.method, url: o.url, headers: h, ...(o.payload ? { payload: o.payload } : {}) });
    },
  };
}

export const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 20_000, what = 'condition'): Promise<void> => {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};
