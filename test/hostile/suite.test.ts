/**
 * The hostile-input suite over HTTP: every generated file (test/hostile/generate.ts) is uploaded to a
 * real listening service with the document sandbox on at its default settings except the parse
 * budget, set to the 60 s like the validation's default (the parse's default is 300 s), while a
 * prober measures /healthz. Each upload must end in a clear outcome (no 5xx) given by the reader itself
 * — no child killed, so inside the sandbox's 60 s budget —, parsing must leave `processing` the same
 * way, no sandbox child grows more than 512 MB above its own idle RSS, the API process grows by at most
 * 512 MB, and /healthz answers within 200 ms (p99) throughout (on PostgreSQL: TEST_DATABASE_URL; see
 * the notes on PGlite below).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind } from '../helpers/db.ts';
import { HOSTILE_CASES } from './generate.ts';
import { startHostileService, type HostileService } from './service.ts';

let s: HostileService;

beforeAll(async () => {
  s = await startHostileService('hostile-suite', { DOCRISK_SANDBOX_PARSE_TIMEOUT_MS: '60000' });
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const CLEAR = ['success', 'failure', 'unreadable', 'merged', 'id_doc_incomplete'];

describe('hostile inputs over HTTP', () => {
  for (const c of HOSTILE_CASES) {
    it(`${c.name}: a clear outcome from the reader (no child killed on the 60 s budget), bounded memory`, async () => {
      const bytes = await c.make();
      const before = process.memoryUsage();
      const killedBefore = s.t.app.sandbox!.stats.killed;
      const t0 = performance.now();
      const { status, body } = await s.upload(c.file, bytes);
      const uploadMs = performance.now() - t0;
      expect(status, JSON.stringify(body)).toBeLessThan(500);
      if (status === 201) {
        expect(CLEAR).toContain(body.validation_result.status);
        expect(body.validation_result.status).toBe(c.outcome.status);
        if (c.outcome.code) expect(body.validation_result.errors[0]?.code).toBe(c.outcome.code);
        // Parsing (when it was started) leaves `processing`: ended by the reader or by the budget's kill
        // (counted below), whichever comes first.
        let parsing = 'processing';
        await expect
          .poll(
            async () => {
              const f = await fetch(`${s.base}/document-engine/v1/processes/${s.processId}/files/${body.file_id}`, { headers: s.headers });
              parsing = ((await f.json()) as { parsing_status: string }).parsing_status;
              return parsing;
            },
            { timeout: 120_000, interval: 250 },
          )
          .not.toBe('processing');
        console.log(
          `${c.file}: upload ${Math.round(uploadMs)} ms → ${body.validation_result.status} ${JSON.stringify(body.validation_result.errors.map((e) => e.code))}, parsing ${parsing}`,
        );
      }
      // The outcomes above are the reader's: a validation or parse past its 60 s budget is killed
      // (`unreadable too_large` / `error too_large`, which a bomb's expected outcome would not tell apart).
      expect(s.t.app.sandbox!.stats.killed - killedBefore).toBe(0);
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
      const stats = s.t.app.sandbox!.stats;
      console.log(`${c.file}: children idle ${Math.round(stats.idleRssBytes / 1048576)} MB, peak growth so far ${Math.round(stats.peakGrowthBytes / 1048576)} MB, killed ${stats.killed}`);
      expect(stats.idleRssBytes).toBeGreaterThan(0);
      expect(stats.peakGrowthBytes).toBeLessThan(512 * 1024 * 1024);
    }, 150_000);
  }

  it('/healthz answered within 200 ms (p99) throughout', () => {
    const h = s.healthSince(0);
    const p99 = h.p99;
    console.log(
      `healthz (${dbKind}): n=${h.n} p50=${h.p50.toFixed(1)} ms p99=${p99.toFixed(1)} ms max=${h.max.toFixed(1)} ms; sandbox ${JSON.stringify(s.t.app.sandbox!.stats)}`,
    );
    expect(h.n).toBeGreaterThan(20);
    // PGlite runs SQL on this event loop (storing a 199k-row result takes it for a few seconds);
    // the 200 ms target is the one of a service on PostgreSQL (CI runs both).
    expect(p99).toBeLessThan(dbKind === 'postgres' ? 200 : 500);
  });
});
