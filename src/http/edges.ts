/**
 * Edge hardening that applies to every route: response headers and the slow-body guard.
 * Registered from server.ts with one call; tuned from config (see edgeOptions).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './errors.ts';

export interface EdgeOptions {
  /** Whole request (headers and body) must have arrived within this (Node's server.requestTimeout). */
  requestTimeoutMs: number;
  /** Request headers must have arrived within this (slowloris on headers). */
  headersTimeoutMs: number;
  /** A body that arrives slower than this, averaged over `bodyRateWindowMs`, is cut off with a 408. */
  minBodyBytesPerSecond: number;
  bodyRateWindowMs: number;
}

export const DEFAULT_EDGE_OPTIONS: EdgeOptions = {
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 20_000,
  minBodyBytesPerSecond: 1024,
  bodyRateWindowMs: 10_000,
};

/** Routes whose answers a browser or proxy may cache: the docs UI and the portal's static assets. */
const cacheable = (url: string): boolean =>
  url.startsWith('/docs') || (url.startsWith('/portal/') && !url.startsWith('/portal/v1/'));

export function registerResponseHeaders(app: FastifyInstance): void {
  // With `done`, not async: a hook on every answer should not cost a promise and a microtask.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    // Report, file and account data are personal financial data: never kept by caches.
    if (!reply.hasHeader('cache-control') && !cacheable(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

const hasBody = (req: FastifyRequest): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Slow-body guard: a client trickling its body (1 byte/s) would hold a socket and an upload slot for
 * the whole request timeout. Every second the bytes read on the socket are sampled; when fewer than
 * minBodyBytesPerSecond × window arrived in the last window before the body completed, the request
 * ends with 408 and the connection is closed. Sampling socket.bytesRead needs no data listener, so
 * the body parsers see the stream untouched.
 */
export function registerSlowBodyGuard(app: FastifyInstance, opts: EdgeOptions): void {
  const tickMs = Math.min(1000, opts.bodyRateWindowMs);
  const windowTicks = Math.max(1, Math.round(opts.bodyRateWindowMs / tickMs));
  const minBytesPerWindow = (opts.minBodyBytesPerSecond * opts.bodyRateWindowMs) / 1000;
  app.addHook('onRequest', (req, reply, done) => {
    if (opts.minBodyBytesPerSecond > 0 && hasBody(req)) watchBody(req, reply);
    done();
  });
  const watchBody = (req: FastifyRequest, reply: FastifyReply): void => {
    const socket = req.raw.socket as Partial<Socket> | undefined;
    // Injected requests (light-my-request) have no real socket and no bytes to wait for.
    if (!socket || typeof socket.bytesRead !== 'number' || typeof socket.destroy !== 'function') return;
    const live = socket as Socket;
    let done = false;
    req.raw.once('end', () => {
      done = true;
    });
    const samples: number[] = [live.bytesRead];
    const timer = setInterval(() => {
      if (done || req.raw.complete || live.destroyed || reply.sent) {
        clearInterval(timer);
        return;
      }
      samples.push(live.bytesRead);
      if (samples.length <= windowTicks) return;
      const received = samples[samples.length - 1]! - samples[samples.length - 1 - windowTicks]!;
      samples.shift();
      if (received >= minBytesPerWindow) return;
      clearInterval(timer);
      req.log.warn(
        { reqId: req.id, received, windowMs: opts.bodyRateWindowMs },
        'request body too slow; closing',
      );
      reply.header('connection', 'close');
      void sendProblem(reply, req, {
        status: 408,
        code: 'request_timeout',
        detail: `the request body arrived slower than ${opts.minBodyBytesPerSecond} bytes/s`,
      });
      // The body will never finish: drop the socket once the answer is written.
      reply.raw.once('finish', () => live.destroy());
      setTimeout(() => live.destroy(), 1000).unref();
    }, tickMs);
    timer.unref();
    req.raw.once('close', () => clearInterval(timer));
  };
}
