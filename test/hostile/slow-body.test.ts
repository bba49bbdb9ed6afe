/** Slowloris on the body: a 1 byte/s upload is answered 408 and its connection closed. */
// db-selection: PGlite is enough — an HTTP edge (the slow-body guard, response headers): the app and its database are only the set-up
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';
import { csvRows } from './generate.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    workers: false,
    env: { DOCRISK_BODY_RATE_WINDOW_MS: '2000', DOCRISK_MIN_BODY_BYTES_PER_SEC: '100' },
  });
  await t.app.server!.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server!.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

describe('slow request bodies', () => {
  it('a body trickling at 1 byte/s is cut off with 408 and the socket closed', async () => {
    const h = await t.headers();
    const p = await t.request({
      method: 'POST',
      url: '/document-engine/v1/start-process',
      payload: { ext_application_id: 'slow' },
    });
    const processId = p.json().process_id as string;
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    // Body bytes trickled (one a second, on this process's clock like the server's sampling), and how
    // many had been when the answer came.
    let trickled = 0;
    let trickledAtAnswer: number | null = null;
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      trickledAtAnswer ??= trickled;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(
      `POST /document-engine/v1/processes/${processId}/files HTTP/1.1\r\nHost: x\r\n` +
        `authorization: ${h.authorization}\r\nocp-apim-subscription-key: ${h['ocp-apim-subscription-key']}\r\n` +
        'content-type: multipart/form-data; boundary=b\r\ncontent-length: 100000\r\n\r\n--b\r\n',
    );
    const trickle = setInterval(() => {
      if (socket.writable) {
        socket.write('x');
        trickled++;
      }
    }, 1000);
    await closed;
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain('request_timeout');
    // The slow-body guard's answer, from its 2 s window (about 2 bytes trickled by then): not Node's
    // requestTimeout (120 s, a bare 408) nor a window of the default 10 s (10 bytes trickled).
    expect(answer).toContain('arrived slower than 100 bytes/s');
    expect(trickledAtAnswer).not.toBeNull();
    expect(trickledAtAnswer!).toBeLessThanOrEqual(5);
    // Closed with the answer: no more of the body was taken.
    expect(trickled - trickledAtAnswer!).toBeLessThanOrEqual(1);
  });

  it('a body sent at once is not cut off while the handler takes longer than the window', async () => {
    const h = await t.headers();
    const p = await t.request({
      method: 'POST',
      url: '/document-engine/v1/start-process',
      payload: { ext_application_id: 'fast-body' },
    });
    const form = new FormData();
    form.set('ext_file_id', 'big');
    form.set('file', new Blob([new Uint8Array(csvRows(199_000))]), 'big.csv');
    const t0 = Date.now();
    const r = await fetch(
      `http://127.0.0.1:${port}/document-engine/v1/processes/${p.json().process_id}/files`,
      { method: 'POST', headers: h, body: form },
    );
    expect(r.status).toBe(201);
    // Validation (in the sandbox) outlasted the 2 s rate window.
    expect(Date.now() - t0).toBeGreaterThan(2000);
  });

  it('an injected request (no socket) is never taken for a slow one', async () => {
    const p = await t.request({
      method: 'POST',
      url: '/document-engine/v1/start-process',
      payload: { ext_application_id: 'inject-body' },
    });
    const m = multipart(
      { ext_file_id: 'big' },
      { filename: 'big.csv', content: Buffer.from(csvRows(199_000)) },
    );
    const r = await t.request({
      method: 'POST',
      url: `/document-engine/v1/processes/${p.json().process_id}/files`,
      ...m,
    });
    expect(r.statusCode).toBe(201);
  });

  it('a normal request is not affected', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(r.status).toBe(200);
  });
});

describe('response headers', () => {
  it('nosniff on every answer; no-store on API data, not on the docs', async () => {
    const api = await t.request({ method: 'GET', url: '/document-engine/v1/processes' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cache-control']).toBe('no-store');
    const missing = await t.request({ method: 'GET', url: '/nope', auth: false });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const docs = await t.request({ method: 'GET', url: '/docs/', auth: false });
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });
});
