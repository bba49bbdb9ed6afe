/**
 * A loopback webhook receiver in a process of its own, for bench/webhooks.ts (BENCH_RECEIVER=child):
 * answers 200 to every POST and reports each receipt (webhook-id, time) to the parent in batches.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

let pending: [string, number][] = [];
let active = 0;
let maxConcurrent = 0;
const flush = () => {
  if (pending.length > 0) process.send!({ receipts: pending, maxConcurrent });
  pending = [];
};
setInterval(flush, 20).unref();
const server = http.createServer((req, res) => {
  active++;
  maxConcurrent = Math.max(maxConcurrent, active);
  req.resume();
  req.on('end', () => {
    pending.push([String(req.headers['webhook-id']), Date.now()]);
    active--;
    res.writeHead(200).end('ok');
  });
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('message', (m: { stop?: boolean }) => {
  if (m.stop) {
    flush();
    server.close();
    process.disconnect();
  }
});
