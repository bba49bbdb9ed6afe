/**
 * CPU of two hot-path pieces, two trees' code in one process, order alternated per round (a loaded host
 * disturbs both alike):
 *   node bench/hot-path-ab.ts post TREE_A TREE_B   one signed webhook POST as a delivery worker sends it (id,
 *                                                  signature, POST under the worker's abort signal, kept-alive,
 *                                                  32 at once) to a receiver in this process: CPU µs per POST
 *   node bench/hot-path-ab.ts log TREE_A TREE_B    one request log line through pino and the tree's log
 *                                                  destination (to /dev/null), 20 lines per event-loop turn
 * Prints each round and the median ratio B/A.  e.g.  node bench/hot-path-ab.ts post /work/base .
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type * as HttpClient from '../src/modules/webhooks/http-client.ts';
import type * as Signing from '../src/modules/webhooks/signing.ts';
import type * as LogDestination from '../src/app/log-destination.ts';

const [what, a, b] = process.argv.slice(2) as [string, string, string];
if (!['post', 'log'].includes(what) || !a || !b) {
  console.error('usage: node bench/hot-path-ab.ts post|log TREE_A TREE_B');
  process.exit(2);
}
const trees = [path.resolve(a), path.resolve(b)];
const ROUNDS = 8;

type Measure = () => Promise<number>;

async function postMeasure(tree: string): Promise<Measure> {
  const { postWebhook } = (await import(`${tree}/src/modules/webhooks/http-client.ts`)) as typeof HttpClient;
  const { newWebhookId, signatureHeader } = (await import(`${tree}/src/modules/webhooks/signing.ts`)) as typeof Signing;
  const srv = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  srv.unref();
  const url = `http://127.0.0.1:${(srv.address() as { port: number }).port}/hook`;
  const opts = { keepAlive: true, maxSockets: 32, maxFreeSockets: 32, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(opts), https: new https.Agent(opts) };
  const signal = new AbortController().signal;
  const body = JSON.stringify({ file_id: 'x', lines: Array.from({ length: 20 }, (_, k) => ({ k, amount: k * 1.5 })) });
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const n = 4000;
  return async () => {
    let k = 0;
    const c0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (k < n) {
          k++;
          const id = newWebhookId();
          const ts = Math.floor(Date.now() / 1000);
          const headers = { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader([secret], id, ts, body), 'content-type': 'application/json' };
          const o = await postWebhook({ url, body, timeoutMs: 10_000, allowPrivate: true, agents, signal, headers });
          if (!o.ok) throw new Error(JSON.stringify(o));
        }
      }),
    );
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / n;
  };
}

async function logMeasure(tree: string): Promise<Measure> {
  const { bufferedLogDestination } = (await import(`${tree}/src/app/log-destination.ts`)) as typeof LogDestination;
  const fd = fs.openSync('/dev/null', 'w');
  const n = 100_000;
  return async () => {
    const d = bufferedLogDestination(fd);
    const logger = pino({ base: { service: 'docrisk' } }, d.stream);
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      logger.info({ reqId: 'a8c0b6f2-1c1e-4f7e-9a55-0c3e7e0f3d2a', method: 'GET', route: '/document-engine/v1/processes/:process_id', status: 200, ms: 1.3 }, 'request');
      if (i % 20 === 19) await new Promise((r) => setImmediate(r)); // about 20 answers per event-loop turn
    }
    await d.close();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / n;
  };
}

const measures = await Promise.all(trees.map((t) => (what === 'post' ? postMeasure(t) : logMeasure(t))));
for (const m of measures) await m(); // warm-up
console.log(`hot-path-ab ${what} — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}; A = ${trees[0]}, B = ${trees[1]}`);
const ratios: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? [0, 1] : [1, 0];
  const us: number[] = [];
  for (const i of order) us[i] = await measures[i]!();
  ratios.push(us[1]! / us[0]!);
  console.log(`r${r} A ${us[0]!.toFixed(1)} µs  B ${us[1]!.toFixed(1)} µs  B/A ${(us[1]! / us[0]!).toFixed(3)}  load ${os.loadavg()[0]!.toFixed(1)}`);
}
ratios.sort((x, y) => x - y);
console.log(`B/A median ${ratios[Math.floor(ROUNDS / 2)]!.toFixed(3)}, min ${ratios[0]!.toFixed(3)}, max ${ratios[ROUNDS - 1]!.toFixed(3)}`);
process.exit(0);
