import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRetryAfter, postWebhook, MAX_RESPONSE_BYTES } from './http-client.ts';
import { retryDelaySeconds } from './webhooks.tuning.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function receiver(handler: http.RequestListener): Promise<string> {
  const s = http.createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
}

const keepAlive = () => ({ http: new http.Agent({ keepAlive: true, maxSockets: 4 }), https: new https.Agent({ keepAlive: true, maxSockets: 4 }) });

describe.each([
  ['one connection per POST', () => undefined],
  ['kept-alive connections', keepAlive],
])('webhook answers are bounded (%s)', (_mode, makeAgents) => {
  const post = (url: string, timeoutMs = 1500) => {
    const agents = makeAgents();
    return postWebhook({ url, headers: {}, body: '{}', timeoutMs, allowPrivate: true, ...(agents ? { agents } : {}) });
  };

  it('a receiver trickling its body keeps the socket no longer than the budget', async () => {
    let socketClosedAt = 0;
    const url = await receiver((req, res) => {
      req.resume();
      res.writeHead(200);
      const tick = setInterval(() => res.write('x'), 100);
      res.on('close', () => {
        clearInterval(tick);
        socketClosedAt = Date.now();
      });
    });
    const t0 = Date.now();
    const outcome = await post(url, 1500);
    expect(outcome).toEqual({ ok: true, statusCode: 200 });
    await new Promise((r) => setTimeout(r, 2500));
    expect(socketClosedAt).toBeGreaterThan(0);
    expect(socketClosedAt - t0).toBeLessThan(2500);
  });

  it('reads at most 64 KB of an answer, then closes the socket', async () => {
    let finished = true;
    let closed = false;
    const url = await receiver((req, res) => {
      req.resume();
      res.writeHead(500);
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      let sent = 0;
      const pump = (): void => {
        while (sent < 64 * MAX_RESPONSE_BYTES && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        closed = true;
        finished = res.writableFinished;
      });
      pump();
    });
    const outcome = await post(url, 5000);
    expect(outcome).toMatchObject({ ok: false, statusCode: 500 });
    await new Promise((r) => setTimeout(r, 500));
    expect(closed).toBe(true);
    expect(finished).toBe(false);
  });

  it('passes a 429 or 503 Retry-After on', async () => {
    const url = await receiver((req, res) => {
      req.resume();
      res.writeHead(429, { 'retry-after': '120' }).end();
    });
    expect(await post(url)).toEqual({
      ok: false,
      statusCode: 429,
      error: 'HTTP 429',
      retryAfterSeconds: 120,
    });
  });

  it('does not show tenants the address a refused host resolved to', async () => {
    const agents = makeAgents();
    const outcome = await postWebhook({
      url: 'http://hooks.example.test/x',
      headers: {},
      body: '{}',
      timeoutMs: 1000,
      allowPrivate: false,
      resolver: async () => [{ address: '10.1.2.3', family: 4 }],
      ...(agents ? { agents } : {}),
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) throw new Error('expected a refusal');
    expect(outcome.error).toBe('hooks.example.test resolves to a refused address');
    // The operator's log still learns where it resolved and why.
    expect(outcome.logDetail).toBe('10.1.2.3: private');
  });
});

describe('kept-alive connections', () => {
  it('POSTs in sequence to one origin reuse one connection', async () => {
    let connections = 0;
    const url = await receiver((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    servers.at(-1)!.on('connection', () => connections++);
    const agents = keepAlive();
    for (let i = 0; i < 5; i++) expect(await postWebhook({ url, headers: {}, body: '{}', timeoutMs: 1500, allowPrivate: true, agents })).toEqual({ ok: true, statusCode: 204 });
    expect(connections).toBe(1);
    agents.http.destroy();
  });
});

describe('Retry-After within the contract schedule', () => {
  const schedule = [5, 300, 1800, 7200];
  const mid = () => 0.5; // no jitter

  it('parses delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(
      60,
    );
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('moves a retry later, up to the next step, never earlier', () => {
    expect(retryDelaySeconds(1, schedule, 0.1, mid)).toBe(5);
    expect(retryDelaySeconds(1, schedule, 0.1, mid, 60)).toBe(60);
    expect(retryDelaySeconds(1, schedule, 0.1, mid, 100_000)).toBe(300);
    expect(retryDelaySeconds(2, schedule, 0.1, mid, 1)).toBe(300);
    expect(retryDelaySeconds(4, schedule, 0.1, mid, 100_000)).toBe(7200);
    expect(retryDelaySeconds(5, schedule, 0.1, mid, 10)).toBeNull();
  });
});

describe('POSTs under one abort signal (a delivery worker sends every attempt under its stop signal)', () => {
  it('holds one abort listener for all of them, and aborting ends every one still in flight', async () => {
    const held: http.ServerResponse[] = [];
    const url = await receiver((req, res) => {
      req.resume();
      held.push(res); // never answered
    });
    const ac = new AbortController();
    const agents = keepAlive();
    const posts = Array.from({ length: 4 }, () => postWebhook({ url, headers: {}, body: '{}', timeoutMs: 30_000, allowPrivate: true, agents, signal: ac.signal }));
    for (let i = 0; i < 100 && held.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(4);
    // http.request's own `signal` option adds (and later removes) a listener per request.
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(1);
    ac.abort();
    const outcomes = await Promise.all(posts);
    for (const o of outcomes) expect(o).toMatchObject({ ok: false, statusCode: null, error: 'ABORT_ERR: The operation was aborted' });
    // Already aborted: refused before any connection is made.
    expect(await postWebhook({ url, headers: {}, body: '{}', timeoutMs: 30_000, allowPrivate: true, agents, signal: ac.signal })).toMatchObject({ ok: false, error: 'ABORT_ERR: The operation was aborted' });
    expect(held).toHaveLength(4);
    agents.http.destroy();
  });

  it('lets a finished POST go: its request is no longer held for the signal', async () => {
    const url = await receiver((req, res) => {
      req.resume();
      req.on('end', () => res.end());
    });
    const ac = new AbortController();
    const agents = keepAlive();
    for (let i = 0; i < 5; i++) expect(await postWebhook({ url, headers: {}, body: '{}', timeoutMs: 5_000, allowPrivate: true, agents, signal: ac.signal })).toEqual({ ok: true, statusCode: 200 });
    ac.abort(); // nothing in flight: nothing to end, nothing thrown
    agents.http.destroy();
  });
});
