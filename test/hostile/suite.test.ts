/**
 * The hostile-input suite over HTTP: every generated file (test/hostile/generate.ts) is uploaded to a
 * real listening service with the document sandbox on at its DEFAULT settings, while a prober
 * measures /healthz. Each upload must end in a clear outcome (no 5xx) within 60 s, parsing must leave
 * `processing` within 60 s, no sandbox child grows more than 512 MB above its own idle RSS, the API
 * process grows by at most 512 MB, and /healthz answers within 200 ms (p99) throughout (on
 * PostgreSQL: TEST_DATABASE_URL; see the notes on PGlite below).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dbKind } from '../helpers/db.ts';
import { HOSTILE_CASES } from './generate.ts';

let t: TestApp;
let base: string;
const health: number[] = [];
let probing = true;
let prober: Promise<void>;

beforeAll(async () => {
  t = await createTestApp({
    workers: true,
    env: { DOCRISK_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  await t.app.server!.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server!.server.address() as AddressInfo).port}`;
  prober = (async () => {
    while (probing) {
      const t0 = performance.now();
      const r = await fetch(`${base}/healthz`);
      await r.arrayBuffer();
      health.push(performance.now() - t0);
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
}, 120_000);

afterAll(async () => {
  probing = false;
  await prober;
  await t?.close();
});

const CLEAR = ['success', 'failure', 'unreadable', 'merged', 'id_doc_incomplete'];

describe('hostile inputs over HTTP', () => {
  let processId: string;
  let headers: Record<string, string>;

  it('set up a process', async () => {
    headers = await t.headers();
    const r = await fetch(`${base}/document-engine/v1/start-process`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ext_application_id: 'hostile-suite' }),
    });
    processId = ((await r.json()) as { process_id: string }).process_id;
    expect(processId).toBeTruthy();
  });

  for (const c of HOSTILE_CASES) {
    it(`${c.name}: a clear outcome within 60 s, bounded memory`, async () => {
      const bytes = await c.make();
      const before = process.memoryUsage();
      const form = new FormData();
      form.set('ext_file_id', c.file);
      form.set('file', new Blob([new Uint8Array(bytes)]), c.file);
      const t0 = performance.now();
      const r = await fetch(`${base}/document-engine/v1/processes/${processId}/files`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = (await r.json()) as {
        file_id: string;
        validation_result?: { status: string; errors: { code: string }[] };
      };
      const uploadMs = performance.now() - t0;
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(uploadMs).toBeLessThan(60_000);
      if (r.status === 201) {
        expect(CLEAR).toContain(body.validation_result!.status);
        expect(body.validation_result!.status).toBe(c.outcome.status);
        if (c.outcome.code) expect(body.validation_result!.errors[0]?.code).toBe(c.outcome.code);
        // Parsing (when it was started) leaves `processing` within the same budget.
        let parsing = 'processing';
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const f = (await (
            await fetch(`${base}/document-engine/v1/processes/${processId}/files/${body.file_id}`, {
              headers,
            })
          ).json()) as { parsing_status: string };
          parsing = f.parsing_status;
          if (parsing !== 'processing') break;
          await new Promise((res) => setTimeout(res, 250));
        }
        expect(parsing).not.toBe('processing');
        console.log(
          `${c.file}: upload ${Math.round(uploadMs)} ms → ${body.validation_result!.status} ${JSON.stringify(body.validation_result!.errors.map((e) => e.code))}, parsing ${parsing}`,
        );
      }
      const after = process.memoryUsage();
      const mb = (k: keyof NodeJS.MemoryUsage) => Math.round((after[k] - before[k]) / 1048576);
      console.log(
        `${c.file}: API process growth rss ${mb('rss')} MB, heap ${mb('heapUsed')} MB, array buffers ${mb('arrayBuffers')} MB`,
      );
      expect(after.heapUsed - before.heapUsed).toBeLessThan(512 * 1024 * 1024);
      // On PGlite this process also hosts the database, whose WASM memory grows with a large JSONB
      // result and is not given back; the RSS bound is the one of a service on PostgreSQL.
      if (dbKind === 'postgres') expect(after.rss - before.rss).toBeLessThan(512 * 1024 * 1024);
      // Within 512 MB of the idle RSS of the child that ran it (the default cap is below that, and
      // the bombs are refused while decoding: bounded by construction, not by the kill).
      const stats = t.app.sandbox!.stats;
      console.log(`${c.file}: children idle ${Math.round(stats.idleRssBytes / 1048576)} MB, peak growth so far ${Math.round(stats.peakGrowthBytes / 1048576)} MB, killed ${stats.killed}`);
      expect(stats.idleRssBytes).toBeGreaterThan(0);
      expect(stats.peakGrowthBytes).toBeLessThan(512 * 1024 * 1024);
      if (/bomb/.test(c.file)) expect(stats.killed).toBe(0);
    }, 150_000);
  }

  it('/healthz answered within 200 ms (p99) throughout', () => {
    const sorted = [...health].sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    console.log(
      `healthz (${dbKind}): n=${sorted.length} p50=${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms p99=${p99.toFixed(1)} ms max=${sorted[sorted.length - 1]?.toFixed(1)} ms; sandbox ${JSON.stringify(t.app.sandbox!.stats)}`,
    );
    expect(sorted.length).toBeGreaterThan(20);
    // PGlite runs SQL on this event loop (storing a 199k-row result takes it for a few seconds);
    // the 200 ms target is the one of a service on PostgreSQL (CI runs both).
    expect(p99).toBeLessThan(dbKind === 'postgres' ? 200 : 500);
  });
});
