/**
 * Server CPU per request of two (or more) docrisk trees on a shared, loaded host: every tree's server
 * (`docrisk serve`) is up at once, and each round loads them either at the same time (AB_PARALLEL=1,
 * one autocannon per server: both see the same host at the same moment, so the ratio of their CPU per
 * request is steadier than either figure) or one after the other. Prints each round and, with
 * AB_PARALLEL=1, the median of the per-round ratio last tree / first tree (run a tree against itself to
 * see the noise: the ratio's median should be ≈ 1).
 *   node bench/http-ab.ts ROUNDS SECONDS CONNECTIONS KIND TREE...     KIND: process | spread | file | both
 *   AB_PARALLEL=1 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/http-ab.ts 10 5 10 process /work/base .
 * `spread` asks for 200 processes at random, `file` for a parsed 8-page statement, `both` alternates GET
 * file and GET process on each server, one after the other (not with AB_PARALLEL: they share a server;
 * PGlite: which one is dearer once warm). PGlite without
 * BENCH_DATABASE_URL. AB_FLAGS passes node flags to the servers; AB_OUT=prefix keeps their stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateStatement } from '../test/fixtures/generator/index.ts';
import { serverEnv, signIn, startProcess, waitReady } from './lib/server.ts';

const [rounds, seconds, connections] = process.argv.slice(2, 5).map(Number) as [number, number, number];
const kind = process.argv[5] ?? 'process';
const trees = process.argv.slice(6).map((t) => path.resolve(t));
if (!rounds || !seconds || !connections || trees.length === 0 || !['process', 'spread', 'file', 'both'].includes(kind)) {
  console.error('usage: node bench/http-ab.ts ROUNDS SECONDS CONNECTIONS process|spread|file|both TREE...');
  process.exit(2);
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? null;
const PARALLEL = process.env.AB_PARALLEL === '1';

const ticks = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, 1/100 s
};
async function admin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl! });
  await c.connect();
  await c.query(q);
  await c.end();
}

interface Target { name: string; server: ChildProcess; base: string; headers: Record<string, string>; paths: string[] }
const statement = kind === 'file' || kind === 'both' ? await generateStatement({ layout: 'it_dare_avere', seed: 8, transactions: 180 }) : null;
const targets: Target[] = [];
const cleanups: (() => Promise<void>)[] = [];

for (const [i, dir] of trees.entries()) {
  const port = 18080 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  let dbUrl = '';
  if (pgUrl) {
    const name = `docrisk_ab_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await admin(`create database ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-ab-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const out = process.env.AB_OUT ? openSync(`${process.env.AB_OUT}-${i}.txt`, 'w') : 'ignore';
  const server = spawn(process.execPath, [...(process.env.AB_FLAGS ? process.env.AB_FLAGS.split(' ') : []), 'src/main.ts', 'serve'], {
    cwd: dir,
    // One client drives the whole load: per-client rate limits would measure the limiter instead.
    env: serverEnv(port, dataDir, dbUrl, { LOG_LEVEL: 'info', DOCRISK_RATE_LIMIT_PER_MINUTE: '10000000', DOCRISK_REPORTS_PER_MINUTE: '10000000' }),
    stdio: ['ignore', out, 'inherit'],
  });
  cleanups.unshift(async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  });
  await waitReady(base, server);
  const headers = await signIn(base);
  const pid = await startProcess(base, headers, { ext_application_id: 'AB', options: { applicant_type: 'employee' } });
  const processPaths = [`/document-engine/v1/processes/${pid}`];
  if (kind === 'spread') {
    processPaths.length = 0;
    for (let k = 0; k < 200; k++) processPaths.push(`/document-engine/v1/processes/${await startProcess(base, headers, { ext_application_id: `AB-${k}`, options: { applicant_type: 'employee' } })}`);
  }
  const label = `${i}:${path.basename(dir)}`;
  if (statement) {
    const form = new FormData();
    form.set('ext_file_id', 'ab');
    form.set('file', new Blob([new Uint8Array(statement.pdf)], { type: 'application/pdf' }), 'statement.pdf');
    const up = (await fetch(`${base}/document-engine/v1/processes/${pid}/files`, { method: 'POST', headers, body: form }).then((r) => r.json())) as { file_id: string };
    const filePath = `/document-engine/v1/processes/${pid}/files/${up.file_id}`;
    for (let k = 0; ; k++) {
      const f = (await fetch(base + filePath, { headers }).then((r) => r.json())) as { parsing_status: string };
      if (f.parsing_status === 'completed') break;
      if (f.parsing_status !== 'processing' || k > 900) throw new Error(`file ended ${f.parsing_status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    targets.push({ name: kind === 'both' ? `${label} file` : label, server, base, headers, paths: [filePath] });
  }
  if (kind !== 'file') targets.push({ name: kind === 'both' ? `${label} process` : label, server, base, headers, paths: processPaths });
}

const run = (t: Target, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: t.base + t.paths[0],
        connections,
        duration,
        headers: t.headers,
        ...(t.paths.length > 1 ? { requests: [{ setupRequest: (r: object) => ({ ...r, path: t.paths[Math.floor(Math.random() * t.paths.length)] }) }] } : {}),
      } as autocannon.Options,
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );

for (const t of targets) await run(t, 3); // warm-up
console.log(`docrisk http-ab — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, ${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${kind}, ${connections} connections per server, ${seconds} s per round, ${PARALLEL ? 'servers loaded at the same time' : 'one after the other'}`);
const cpu: Record<string, number[]> = {};
const ratios: number[] = [];
const phase = async (t: Target, r: number): Promise<number> => {
  const t0 = ticks(t.server.pid!);
  const la = os.loadavg()[0]!;
  const res = await run(t, seconds);
  const us = ((ticks(t.server.pid!) - t0) * 1e4) / Math.max(1, res.requests.total);
  (cpu[t.name] ??= []).push(us);
  console.log(`r${r} ${t.name.padEnd(22)} ${res.requests.average.toFixed(0).padStart(6)} req/s  p99 ${res.latency.p99} ms  server CPU ${us.toFixed(0)} µs/req  ${res.non2xx + res.errors} non-2xx  load ${la.toFixed(1)}`);
  return us;
};
for (let r = 0; r < rounds; r++) {
  if (PARALLEL) {
    const us = await Promise.all(targets.map((t) => phase(t, r)));
    ratios.push(us[us.length - 1]! / us[0]!);
  } else for (const t of targets) await phase(t, r);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, xs] of Object.entries(cpu)) console.log(`${name.padEnd(22)} server CPU µs/req: median ${median(xs).toFixed(0)}, min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}`);
if (ratios.length) console.log(`ratio ${targets[targets.length - 1]!.name} / ${targets[0]!.name} per round: median ${median(ratios).toFixed(3)}, min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}`);
for (const c of cleanups) await c().catch(() => undefined);
