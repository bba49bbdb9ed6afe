/**
 * The listening service the hostile tests over HTTP share: a test app with workers on a real port
 * (rate limit out of the way), a process to upload into, and /healthz probed every 50 ms until
 * close() (the probes' latencies in `health`, judged per test with healthSince).
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../helpers/app.ts';

export interface Uploaded {
  status: number;
  body: {
    file_id: string;
    validation_result: { status: string; errors: { code: string; message: string }[] };
  };
}

export interface HostileService {
  t: TestApp;
  base: string;
  headers: Record<string, string>;
  processId: string;
  /** Latencies of the /healthz probes so far (ms), in order. */
  health: number[];
  upload(name: string, bytes: Uint8Array): Promise<Uploaded>;
  /** The probes taken since `from` (an index into `health`): count, p99, max. */
  healthSince(from: number): { n: number; p50: number; p99: number; max: number };
  close(): Promise<void>;
}

export async function startHostileService(application: string, env: Record<string, string> = {}): Promise<HostileService> {
  const t = await createTestApp({ workers: true, env: { DOCRISK_RATE_LIMIT_PER_MINUTE: '100000', ...env } });
  await t.app.server!.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server!.server.address() as AddressInfo).port}`;
  const headers = await t.headers();
  const r = await fetch(`${base}/document-engine/v1/start-process`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ext_application_id: application }),
  });
  const processId = ((await r.json()) as { process_id?: string }).process_id;
  if (!processId) throw new Error(`start-process answered ${r.status}`);
  const health: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t0 = performance.now();
      const h = await fetch(`${base}/healthz`);
      await h.arrayBuffer();
      health.push(performance.now() - t0);
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  return {
    t,
    base,
    headers,
    processId,
    health,
    async upload(name, bytes) {
      const form = new FormData();
      form.set('ext_file_id', name);
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      const u = await fetch(`${base}/document-engine/v1/processes/${processId}/files`, { method: 'POST', headers, body: form });
      return { status: u.status, body: (await u.json()) as Uploaded['body'] };
    },
    healthSince(from) {
      const s = health.slice(from).sort((a, b) => a - b);
      return { n: s.length, p50: s[Math.floor(s.length / 2)] ?? 0, p99: s[Math.floor(s.length * 0.99)] ?? 0, max: s.at(-1) ?? 0 };
    },
    async close() {
      probing = false;
      await prober;
      await t.close();
    },
  };
}
