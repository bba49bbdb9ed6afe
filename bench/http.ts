/**
 * Throughput and latency of GET process and start-process on loopback, against PGlite (default) or
 * PostgreSQL (BENCH_DATABASE_URL). The server runs as its own process (`docrisk serve`); autocannon here.
 *   node bench/http.ts [seconds=10] [connections=20]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);
const port = 18080 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-bench-'));
const pgUrl = process.env.BENCH_DATABASE_URL ?? null;
let dbName: string | null = null;
let databaseUrl = '';
if (pgUrl) {
  dbName = `docrisk_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}

const creds = { id: 'bench-client', secret: 'bench-secret-1', key: 'bench-subscription-key' };
const server = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=bench/out'] : []), 'src/main.ts', 'serve'], {
  env: {
    ...process.env,
    PORT: String(port),
    DOCRISK_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    DOCRISK_BOOTSTRAP_CLIENT_ID: creds.id,
    DOCRISK_BOOTSTRAP_CLIENT_SECRET: creds.secret,
    DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: creds.key,
    // One client drives the whole load: per-client rate limits would measure the limiter instead.
    DOCRISK_RATE_LIMIT_PER_MINUTE: process.env.DOCRISK_RATE_LIMIT_PER_MINUTE ?? '10000000',
    DOCRISK_REPORTS_PER_MINUTE: process.env.DOCRISK_REPORTS_PER_MINUTE ?? '10000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function cleanup() {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName && pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const tok = await fetch(`${base}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': creds.key },
    body: JSON.stringify({ client_id: creds.id, client_secret: creds.secret }),
  });
  const { access_token } = (await tok.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'ocp-apim-subscription-key': creds.key, 'content-type': 'application/json' };
  const created = await fetch(`${base}/document-engine/v1/start-process`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ext_application_id: 'BENCH', options: { applicant_type: 'employee' } }),
  });
  const { process_id } = (await created.json()) as { process_id: string };

  const run = (title: string, opts: autocannon.Options) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ connections, duration: seconds, headers, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    }).then((r) => {
      const bad = r.non2xx + r.errors + r.timeouts;
      console.log(
        `${title.padEnd(22)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
          `max ${r.latency.max} ms  (${r.requests.total} requests, ${bad} non-2xx/errors)`,
      );
    });

  console.log(`docrisk HTTP bench — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, ` +
    `${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${seconds} s each`);
  await run('warm-up', { url: `${base}/document-engine/v1/processes/${process_id}`, duration: 2 });
  await run('GET process', { url: `${base}/document-engine/v1/processes/${process_id}` });
  await run('POST start-process', {
    url: `${base}/document-engine/v1/start-process`,
    method: 'POST',
    body: JSON.stringify({ ext_application_id: 'BENCH-W', options: { applicant_type: 'employee' } }),
  });
  await run('GET process (after)', { url: `${base}/document-engine/v1/processes/${process_id}` });
} finally {
  await cleanup();
}
