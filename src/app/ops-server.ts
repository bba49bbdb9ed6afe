/**
 * A worker's own listener: /healthz (alive), /readyz (database reachable), /metrics (Prometheus).
 * Plain node:http: a worker serves no API, so it carries no Fastify, auth or OpenAPI.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Metrics } from '../http/metrics.ts';

export interface OpsServer {
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

export function createOpsServer(deps: { metrics: Metrics; ready: () => Promise<void>; log: Logger; role: string }): OpsServer {
  const json = (status: number, body: object, type = 'application/json') => ({ status, type, text: JSON.stringify(body) });
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { type: 'about:blank', title: 'Method Not Allowed', status: 405, code: 'method_not_allowed' }, 'application/problem+json');
      if (path === '/healthz') return json(200, { status: 'ok', role: deps.role });
      if (path === '/readyz') {
        try {
          await deps.ready();
          return json(200, { status: 'ready', role: deps.role });
        } catch (err) {
          deps.log.warn({ err }, 'readiness check failed');
          return json(503, { type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'not_ready', detail: 'database unreachable' }, 'application/problem+json');
        }
      }
      if (path === '/metrics') return { status: 200, type: deps.metrics.registry.contentType, text: await deps.metrics.registry.metrics() };
      return json(404, { type: 'about:blank', title: 'Not Found', status: 404, code: 'route_not_found', detail: `no route ${req.method} ${path}` }, 'application/problem+json');
    };
    answer().then(
      (a) => res.writeHead(a.status, { 'content-type': a.type, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : a.text),
      (err: unknown) => {
        deps.log.error({ err }, 'ops listener failed');
        res.writeHead(500).end();
      },
    );
  });
  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const a = server.address() as AddressInfo;
          resolve(`http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
