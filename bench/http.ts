/**
 * Read throughput over loopback: GET process and GET file (a parsed 8-page statement) against this tree's
 * server, side by side with a reference tree's (BENCH_REFERENCE=/path/to/other/worktree, e.g. main) and a
 * Fastify hello-world on the same Node (the floor). Each server runs alone as its own process (`docrisk
 * serve`); autocannon runs here. PGlite by default, PostgreSQL with BENCH_DATABASE_URL (a fresh database
 * per server). Besides req/s and latency it prints the server's CPU time per request (from /proc), which
 * the other work on a shared machine disturbs less than throughput, and PostgreSQL's: of every postgres
 * process on the machine, and of the backends connected to the server's own database only ("its backends").
 * "GET process ×200" spreads the requests over 200 processes at random (BENCH_SPREAD=0 leaves it out).
 *   node bench/http.ts [seconds=8] [connections=20]
 *   BENCH_REFERENCE=/tmp/base-api BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/http.ts
 * BENCH_PERF=1 records each measured phase of each server with `perf record -e cpu-clock -g` (on-CPU samples only,
 * unlike --cpu-prof's wall-clock ones, which a loaded host fills with preempted syscalls) into
 * bench/out/perf-<tree>-<phase>.data, the server started with --perf-basic-prof so JIT frames have names:
 *   perf report -i bench/out/perf-….data --no-children --sort sym
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateStatement } from '../test/fixtures/generator/index.ts';
import { serverEnv, waitReady, signIn, startProcess } from './lib/server.ts';
import { postgresTicks } from './lib/postgres-cpu.ts';

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 20);
const pgUrl = process.env.BENCH_DATABASE_URL ?? null;
const reference = process.env.BENCH_REFERENCE ?? null;
const here = path.resolve(import.meta.dirname, '..');
const CLK_TCK = 100;
/** BENCH_SPREAD=0 leaves out the phase over 200 different processes. */
const SPREAD = process.env.BENCH_SPREAD !== '0';
const PERF = process.env.BENCH_PERF === '1';
/** Seconds of warm-up load on each measured URL before the phases (BENCH_WARMUP; 2 s before 2026-11-27, process URL only). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? (pgUrl ? 4 : 8));

interface Phase {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  cpuUsPerReq: number;
  pgUsPerReq: number;
  /** CPU of the backends connected to this server's database only (the others' work on the machine left out). */
  pgOwnUsPerReq: number;
  bytes: number;
}

const cpuTicks = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, fields 14 and 15
};


/** The backends connected to one database (the server's pool), by pid. */
async function backendsOf(database: string | null): Promise<number[]> {
  if (!pgUrl || !database) return [];
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  await c.end();
  return r.rows.map((x) => x.pid);
}
const ticksOf = (pids: number[]): number =>
  pids.reduce((t, pid) => {
    try {
      return t + cpuTicks(pid);
    } catch {
      return t; // gone
    }
  }, 0);

/**
 * One load phase. `paths` (optional) spreads the requests over several URLs of the same server, one
 * picked at random per request, so that concurrent requests ask for different rows.
 */
async function load(server: ChildProcess, url: string, headers: Record<string, string>, duration = seconds, database: string | null = null, paths: string[] = [], perfName: string | null = null): Promise<Phase> {
  // Warm the pool to its size first, so that every backend of the phase is counted.
  const own = await backendsOf(database);
  const perf = PERF && perfName ? spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '1999', '-g', '-p', String(server.pid), '-o', `${here}/bench/out/perf-${perfName}.data`], { stdio: 'ignore' }) : null;
  const t0 = cpuTicks(server.pid!);
  const pg0 = pgUrl ? postgresTicks() : 0;
  const own0 = ticksOf(own);
  const requests = paths.length ? [{ setupRequest: (req: object) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }] : undefined;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) } as autocannon.Options, (err, res) => (err ? reject(err) : resolve(res)));
  });
  const cpu = (cpuTicks(server.pid!) - t0) / CLK_TCK;
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((r) => perf.once('exit', r));
  }
  const pgCpu = pgUrl ? (postgresTicks() - pg0) / CLK_TCK : 0;
  const ownCpu = (ticksOf(own) - own0) / CLK_TCK;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    cpuUsPerReq: (cpu / Math.max(1, r.requests.total)) * 1e6,
    pgUsPerReq: (pgCpu / Math.max(1, r.requests.total)) * 1e6,
    pgOwnUsPerReq: (ownCpu / Math.max(1, r.requests.total)) * 1e6,
    bytes: r.throughput.total / Math.max(1, r.requests.total),
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function freshDatabase(): Promise<{ url: string; name: string | null; drop: () => Promise<void> }> {
  if (!pgUrl) return { url: '', name: null, drop: async () => undefined };
  const name = `docrisk_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const statement = await generateStatement({ layout: 'it_dare_avere', seed: 8, transactions: 180 });

/** One docrisk tree: start its server, make a process and a parsed 8-page file, load both GETs. */
async function measureTree(dir: string): Promise<Record<string, Phase>> {
  const port = 18080 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-bench-'));
  const db = await freshDatabase();
  const tag = dir === here ? 'this' : path.basename(dir);
  const server = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${here}/bench/out`] : []), ...(PERF ? ['--perf-basic-prof'] : []), 'src/main.ts', 'serve'], {
    cwd: dir,
    // One client drives the whole load: per-client rate limits would measure the limiter instead.
    env: serverEnv(port, dataDir, db.url, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', DOCRISK_RATE_LIMIT_PER_MINUTE: '10000000', DOCRISK_REPORTS_PER_MINUTE: '10000000' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(base, server);
    const headers = await signIn(base);
    const proc = { process_id: await startProcess(base, headers, { ext_application_id: 'BENCH', options: { applicant_type: 'employee' } }) };
    const form = new FormData();
    form.set('ext_file_id', 'bench-8-pages');
    form.set('file', new Blob([new Uint8Array(statement.pdf)], { type: 'application/pdf' }), 'statement.pdf');
    const up = (await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files`, { method: 'POST', headers, body: form }).then((r) => r.json())) as { file_id: string };
    const fileUrl = `${base}/document-engine/v1/processes/${proc.process_id}/files/${up.file_id}`;
    for (let i = 0; ; i++) {
      const f = (await fetch(fileUrl, { headers }).then((r) => r.json())) as { parsing_status: string };
      if (f.parsing_status === 'completed') break;
      if (f.parsing_status !== 'processing' || i > 600) throw new Error(`file ended ${f.parsing_status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const processUrl = `${base}/document-engine/v1/processes/${proc.process_id}`;
    // GET process spread: 200 processes, each request asks for one at random (concurrent requests rarely ask for the same row).
    const spread: string[] = [];
    if (SPREAD) for (let i = 0; i < 200; i++) spread.push(`/document-engine/v1/processes/${await startProcess(base, headers, { ext_application_id: `BENCH-${i}`, options: { applicant_type: 'employee' } })}`);
    const only = process.env.BENCH_ONLY; // 'process' or 'file' (e.g. with BENCH_CPU_PROF)
    // Warm-up of every URL measured, before the first phase: a server just started is still compiling
    // (JavaScript, and on PGlite its WebAssembly engine's hot functions, which a loaded host leaves at the
    // baseline tier for many seconds). Only the process URL was warmed before, for 2 s, and only GET
    // process paid the rest: on PGlite it measured 3-12 ms of CPU per request in its first seconds
    // against 0.7-0.9 ms once warm, about what GET file costs (BENCHMARKS.md, 2026-11-27, h/throughput5).
    for (const u of [...(only !== 'file' ? [processUrl] : []), ...(only !== 'process' ? [fileUrl] : [])]) await load(server, u, headers, WARMUP);
    return {
      ...(only !== 'file' ? { 'GET process': await load(server, processUrl, headers, seconds, db.name, [], `${tag}-process`) } : {}),
      ...(only !== 'file' && SPREAD ? { 'GET process ×200': await load(server, base, headers, seconds, db.name, spread, `${tag}-process200`) } : {}),
      ...(only !== 'process' ? { 'GET file': await load(server, fileUrl, headers, seconds, db.name, [], `${tag}-file`) } : {}),
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  }
}

async function measureHello(): Promise<Record<string, Phase>> {
  const port = 17080 + Math.floor(Math.random() * 1000);
  const server = spawn(process.execPath, [...(PERF ? ['--perf-basic-prof'] : []), path.join(here, 'bench/hello-server.ts'), String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitReady(`http://127.0.0.1:${port}`, server, '/hello');
    await load(server, `http://127.0.0.1:${port}/hello`, {}, 2);
    return { 'GET hello': await load(server, `http://127.0.0.1:${port}/hello`, {}, seconds, null, [], 'hello') };
  } finally {
    await stop(server);
  }
}

console.log(
  `docrisk HTTP reads — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, ${pgUrl ? 'PostgreSQL' : 'PGlite'}, ` +
    `${connections} connections, ${seconds} s per phase, load average before ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
const results: [string, Record<string, Phase>][] = [];
if (reference) results.push([`reference (${path.basename(reference)})`, await measureTree(reference)]);
results.push(['this tree', await measureTree(here)]);
if (!process.env.BENCH_ONLY) results.push(['Fastify hello-world', await measureHello()]);

const refPhases = results[0]![1];
for (const [who, phases] of results) {
  for (const [name, p] of Object.entries(phases)) {
    const ratio = reference && who !== results[0]![0] && refPhases[name] ? `  ×${(p.rps / refPhases[name].rps).toFixed(2)} vs reference` : '';
    console.log(
      `${who.padEnd(26)} ${name.padEnd(12)} ${p.rps.toFixed(0).padStart(6)} req/s  p50 ${p.p50} ms  p99 ${p.p99} ms  ` +
        `server CPU ${p.cpuUsPerReq.toFixed(0)} µs/req${pgUrl ? ` + PostgreSQL ${p.pgUsPerReq.toFixed(0)} (its backends ${p.pgOwnUsPerReq.toFixed(0)})` : ''}  ${(p.bytes / 1024).toFixed(1)} KB/resp  ${p.bad} non-2xx${ratio}`,
    );
  }
}
