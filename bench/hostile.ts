/**
 * Hostile and large documents through the document sandbox, with DEFAULT settings unless the
 * environment says otherwise (DOCRISK_SANDBOX_*), one fresh child per file:
 *   node bench/hostile.ts sandbox [--scans DIR]
 * For each file: the validation outcome, the parse outcome (when validation let it through), wall
 * time, the child's idle RSS (after start-up and one tiny job) and its peak RSS above that idle,
 * sampled every 20 ms from /proc (the pool's own watchdog samples every 100 ms). `--scans DIR` adds
 * every PDF/PNG/JPEG/TIFF in DIR (e.g. testkit scans and photos: the worst legitimate OCR load).
 *
 *   node bench/hostile.ts http [--scans DIR]
 * `--only REGEX` keeps the files whose name matches (e.g. `--only long-scan` with `--scans` on the
 * directory `node scripts/hostile.ts DIR --long-scan` wrote).
 * The same files uploaded over HTTP to a real `docrisk serve` process (embedded PGlite, or
 * BENCH_DATABASE_URL for PostgreSQL) with default settings, while a prober asks /healthz every 50 ms:
 * upload status and time, validation and parsing outcome, time to leave `processing`, peak RSS of the
 * server and of its children above their idle, and /healthz p50/p99/max over the whole run. The prober
 * runs on a thread of its own and the inputs are made before it starts (this process's own work is not
 * the server's latency); `cd OTHER_CHECKOUT && node THIS/bench/hostile.ts http` measures another checkout.
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocumentSandbox, rssOf } from '../src/sandbox/pool.ts';
import { loadConfig } from '../src/config/config.ts';
import { HOSTILE_CASES, LARGE_CASES } from '../test/hostile/generate.ts';
import { serverEnv, waitReady, signIn, startProcess } from './lib/server.ts';

const mode = process.argv[2] ?? 'sandbox';
const scansAt = process.argv.indexOf('--scans');
const scanDir = scansAt > 0 ? process.argv[scansAt + 1] : undefined;
const MB = 1024 * 1024;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? new RegExp(process.argv[onlyAt + 1]!) : null;

interface Input {
  name: string;
  file: string;
  bytes: Uint8Array;
}

async function inputs(): Promise<Input[]> {
  const out: Input[] = [];
  for (const c of [...HOSTILE_CASES, ...LARGE_CASES]) out.push({ name: c.name, file: c.file, bytes: await c.make() });
  if (scanDir)
    for (const f of readdirSync(scanDir).sort())
      if (/\.(pdf|png|jpe?g|tiff?)$/i.test(f))
        out.push({ name: `legitimate ${f}`, file: f, bytes: new Uint8Array(readFileSync(path.join(scanDir, f))) });
  return only ? out.filter((i) => only.test(i.file)) : out;
}

/** Every child process of `pid`, recursively (Linux /proc). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tasks) {
    let kids = '';
    try {
      kids = readFileSync(`/proc/${pid}/task/${t}/children`, 'latin1');
    } catch {
      continue;
    }
    for (const k of kids.split(' ').filter(Boolean).map(Number)) out.push(k, ...descendants(k));
  }
  return out;
}

function header(): void {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`docrisk hostile inputs — ${cpu} ×${os.cpus().length}, ${Math.round(os.totalmem() / MB)} MB, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

const pad = (s: string | number, n: number): string => String(s).padEnd(n);

async function sandboxMode(): Promise<void> {
  const settings = loadConfig({ DOCRISK_DATA_DIR: os.tmpdir(), ...process.env }).sandbox;
  header();
  console.log(`sandbox: ${JSON.stringify(settings)}; one fresh child per file`);
  console.log(
    `${pad('file', 34)} ${pad('validation', 30)} ${pad('parse', 30)} ${pad('time s', 7)} ${pad('idle MB', 8)} peak above idle MB`,
  );
  let worstPeak = 0;
  let worstTime = 0;
  for (const input of await inputs()) {
    const sb = new DocumentSandbox({ ...settings, workers: 1, recycleAfterJobs: 1000 });
    // Start-up and one tiny job: the child's idle RSS.
    await sb.validateDocument(new TextEncoder().encode('Data;Importo\n01/01/2024;1,00\n'));
    await new Promise((r) => setTimeout(r, 300));
    const kids = descendants(process.pid);
    const idle = Math.max(...kids.map(rssOf));
    let peak = 0;
    const sampler = setInterval(() => {
      for (const k of descendants(process.pid)) peak = Math.max(peak, rssOf(k));
    }, 20);
    const t0 = performance.now();
    const v = await sb.validateDocument(input.bytes);
    let parse = '-';
    if (v.status === 'success' || v.status === 'merged' || v.status === 'failure') {
      try {
        const p = await sb.parseDocument(input.bytes, {
          format: v.format ?? 'pdf',
          documentType: v.document_type === 'unknown' ? 'bank_statement' : v.document_type,
          ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}),
        });
        const tx = (p.parsing_result.transactions as { value?: unknown[] } | undefined)?.value;
        parse = `ok ${tx?.length ?? 0} tx`;
      } catch (e) {
        parse = `error ${(e as { code?: string }).code ?? (e as Error).message.slice(0, 40)}`;
      }
    }
    const secs = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    await sb.close();
    const above = Math.max(0, peak - idle) / MB;
    worstPeak = Math.max(worstPeak, above);
    worstTime = Math.max(worstTime, secs);
    const vs = `${v.status} ${v.errors.map((e) => e.code).join(',')}`;
    console.log(
      `${pad(input.file.slice(0, 34), 34)} ${pad(vs.slice(0, 30), 30)} ${pad(parse.slice(0, 30), 30)} ${pad(secs.toFixed(1), 7)} ${pad(Math.round(idle / MB), 8)} ${Math.round(above)}`,
    );
  }
  console.log(`worst: ${worstTime.toFixed(1)} s, ${Math.round(worstPeak)} MB above idle`);
}

async function httpMode(): Promise<void> {
  const port = 19080 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-bench-hostile-'));
  // The server's own event-loop delay (bench/lib/loop-delay.ts), and any extra flags (BENCH_SERVER_FLAGS,
  // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const loopFile = path.join(dataDir, 'loop-delay.json');
  const preload = fileURLToPath(new URL('./lib/loop-delay.ts', import.meta.url));
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...flags, '--import', preload, 'src/main.ts', 'serve'], {
    env: serverEnv(port, dataDir, process.env.BENCH_DATABASE_URL ?? '', { DOCRISK_RATE_LIMIT_PER_MINUTE: '100000', BENCH_LOOP_FILE: loopFile }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health: number[] = [];
  let prober: Promise<void> = Promise.resolve();
  let stopProbe = (): void => undefined;
  try {
    await waitReady(base, server);
    header();
    console.log(`server: docrisk serve, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, default settings`);
    const headers = await signIn(base);
    const proc = { process_id: await startProcess(base, headers, { ext_application_id: 'BENCH-HOSTILE' }) };
    const pid = server.pid!;
    await new Promise((r) => setTimeout(r, 1000));
    const serverIdle = rssOf(pid);
    const files = await inputs();
    console.log(`server idle RSS ${Math.round(serverIdle / MB)} MB`);
    // The prober runs on a thread of its own: this thread's own work (generating the inputs, building
    // uploads, reading a 40 MB GET) must not count as the server's latency.
    const probe = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       let on = true; parentPort.on('message', () => { on = false; });
       (async () => {
         const out = [];
         while (on) {
           const t0 = performance.now();
           const r = await fetch(workerData + '/healthz');
           await r.arrayBuffer();
           out.push(performance.now() - t0);
           await new Promise((res) => setTimeout(res, 50));
         }
         parentPort.postMessage(out);
       })();`,
      { eval: true, workerData: base },
    );
    prober = new Promise<void>((resolve) => {
      probe.once('message', (out: number[]) => {
        health.push(...out);
        void probe.terminate().then(() => resolve());
      });
    });
    stopProbe = () => probe.postMessage('stop');
    server.kill('SIGUSR2'); // the server's event-loop record starts with the prober (bench/lib/loop-delay.ts)
    console.log(
      `${pad('file', 34)} ${pad('upload', 12)} ${pad('validation', 28)} ${pad('parsing', 11)} ${pad('done s', 7)} ${pad('server +MB*', 11)} child +MB`,
    );
    let childIdle = 0;
    for (const input of files) {
      let serverPeak = 0;
      let childPeak = 0;
      const kidsIdle = descendants(pid).map(rssOf);
      if (kidsIdle.length > 0) childIdle = Math.min(...kidsIdle);
      const sampler = setInterval(() => {
        serverPeak = Math.max(serverPeak, rssOf(pid));
        for (const k of descendants(pid)) childPeak = Math.max(childPeak, rssOf(k));
      }, 20);
      const form = new FormData();
      form.set('ext_file_id', input.file);
      form.set('file', new Blob([new Uint8Array(input.bytes)]), input.file);
      const t0 = performance.now();
      const r = await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files`, { method: 'POST', headers, body: form });
      const body = (await r.json()) as { file_id?: string; validation_result?: { status: string; errors: { code: string }[] }; parsing_status?: string };
      const upMs = performance.now() - t0;
      let parsing = body.parsing_status ?? '-';
      while (body.file_id && parsing === 'processing' && performance.now() - t0 < 300_000) {
        await new Promise((res) => setTimeout(res, 250));
        const f = (await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files/${body.file_id}`, { headers }).then((x) => x.json())) as { parsing_status: string };
        parsing = f.parsing_status;
      }
      const secs = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      const vr = body.validation_result;
      const vs = vr ? `${vr.status} ${vr.errors.map((e) => e.code).join(',')}` : '-';
      console.log(
        `${pad(input.file.slice(0, 34), 34)} ${pad(`${r.status} ${(upMs / 1000).toFixed(1)}s`, 12)} ${pad(vs.slice(0, 28), 28)} ${pad(parsing, 11)} ${pad(secs.toFixed(1), 7)} ${pad(Math.round(Math.max(0, serverPeak - serverIdle) / MB), 11)} ${childIdle ? Math.round(Math.max(0, childPeak - childIdle) / MB) : '-'}`,
      );
    }
  } finally {
    stopProbe();
    await prober;
    console.log('* server RSS growth since the start of the run (cumulative: a heap grown by one file is not given back)');
    const sorted = [...health].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(1);
    console.log(`load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log(`healthz: n=${sorted.length} p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    try {
      const loop = JSON.parse(readFileSync(loopFile, 'utf8')) as { p50: number; p99: number; max: number; stalls: { atMs: number; ms: number }[] };
      const worst = [...loop.stalls].sort((a, b) => b.ms - a.ms).slice(0, 8);
      console.log(
        `server event-loop delay: p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms; stalls > 50 ms: ${loop.stalls.length}, > 200 ms: ${loop.stalls.filter((x) => x.ms > 200).length} (worst ${worst.map((x) => `${x.ms} ms at ${(x.atMs / 1000).toFixed(1)} s`).join(', ')})`,
      );
    } catch {
      console.log('server event-loop delay: not recorded');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (mode === 'sandbox') await sandboxMode();
else if (mode === 'http') await httpMode();
else {
  console.error('usage: node bench/hostile.ts sandbox|http [--scans DIR]');
  process.exit(2);
}
