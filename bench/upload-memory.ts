/** `node bench/upload.ts memory`: RSS growth of a server while it takes an upload (see bench/upload.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverEnv, waitReady, signIn, startProcess } from './lib/server.ts';

const here = path.resolve(import.meta.dirname, '..');
const rss = (pid: number): number => Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]) * 4096;
const MiB = 2 ** 20;

/** Peak RSS above the idle level while `upload` runs, in bytes (max over the uploads). */
async function measure(server: ChildProcess, upload: () => Promise<Response>, uploads: number): Promise<{ idle: number; peak: number; statuses: number[] }> {
  const statuses: number[] = [];
  let worst = 0;
  let idle = 0;
  for (let i = 0; i < uploads; i++) {
    if (typeof global.gc === 'function') global.gc();
    await new Promise((r) => setTimeout(r, 1500)); // let the server's GC settle
    idle = rss(server.pid!);
    let peak = idle;
    const timer = setInterval(() => {
      peak = Math.max(peak, rss(server.pid!));
    }, 5);
    const r = await upload();
    await r.arrayBuffer();
    statuses.push(r.status);
    await new Promise((res) => setTimeout(res, 100));
    clearInterval(timer);
    worst = Math.max(worst, peak - idle);
  }
  return { idle, peak: worst, statuses };
}

async function docriskTree(dir: string, body: Buffer, uploads: number) {
  const port = 20080 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-bench-mem-'));
  const server = spawn(process.execPath, ['src/main.ts', 'serve'], {
    cwd: dir,
    env: serverEnv(port, dataDir, process.env.BENCH_DATABASE_URL ?? '', { DOCRISK_MAX_UPLOAD_BYTES: String(body.length + MiB), DOCRISK_RATE_LIMIT_PER_MINUTE: '10000000' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(base, server);
    const headers = await signIn(base);
    const proc = { process_id: await startProcess(base, headers, { ext_application_id: 'BENCH-MEM' }) };
    let n = 0;
    return await measure(
      server,
      () => {
        const form = new FormData();
        form.set('ext_file_id', `mem-${n++}`);
        // Different bytes each time: a repeated upload of the same content is deduplicated by the blob store.
        form.set('file', new Blob([new Uint8Array(body.subarray(0, body.length - 8)), new Uint8Array(randomBytes(8))], { type: 'application/pdf' }), 'big.pdf');
        return fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files`, { method: 'POST', headers, body: form });
      },
      uploads,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function floor(body: Buffer, uploads: number) {
  const port = 21080 + Math.floor(Math.random() * 1000);
  const server = spawn(process.execPath, [path.join(here, 'bench/upload-floor-server.ts'), String(port), String(body.length + MiB)], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitReady(`http://127.0.0.1:${port}`, server, '/ready');
    return await measure(
      server,
      () => {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), 'big.pdf');
        return fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', body: form });
      },
      uploads,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

export async function uploadMemory(mib: number, uploads: number): Promise<void> {
  const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(mib * MiB - 9)]);
  console.log(`upload memory — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${mib} MiB file, worst of ${uploads} uploads; server RSS above idle`);
  const rows: [string, Awaited<ReturnType<typeof floor>>][] = [];
  if (process.env.BENCH_REFERENCE) rows.push([`reference (${path.basename(process.env.BENCH_REFERENCE)})`, await docriskTree(process.env.BENCH_REFERENCE, body, uploads)]);
  rows.push(['this tree', await docriskTree(here, body, uploads)]);
  rows.push(['bare Fastify multipart → file', await floor(body, uploads)]);
  for (const [who, m] of rows) {
    console.log(`${who.padEnd(32)} +${(m.peak / MiB).toFixed(0).padStart(4)} MiB (${(m.peak / body.length).toFixed(2)}× the file)  idle ${(m.idle / MiB).toFixed(0)} MiB  statuses ${m.statuses.join(',')}`);
  }
}
