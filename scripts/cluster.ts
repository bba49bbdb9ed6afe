/**
 * A docrisk cluster on this machine: one `docrisk api` and N `docrisk worker` processes (separate data
 * directories, as on separate machines) sharing a PostgreSQL database and an S3-compatible store.
 *
 *   node scripts/cluster.ts [--workers=2] [--port=8080]
 *
 * PostgreSQL: DATABASE_URL when set, else a new database created through CLUSTER_PG (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end. Object store: the S3_* variables
 * (with DOCRISK_BLOB_STORE=s3) when set, e.g. a MinIO; else an s3rver (the test S3 server from
 * devDependencies) under a temp directory. Prints a paste-ready `export` line (credentials, BASE) on
 * stderr and one JSON line describing the cluster on stdout (the e2e test reads it); Ctrl-C stops all.
 * Other DOCRISK_* variables in the environment reach every node (e.g. DOCRISK_WEBHOOK_ALLOW_PRIVATE=1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startS3, type TestS3 } from '../test/helpers/s3.ts';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const workers = arg('workers', 2);
const port = arg('port', 8080);
const root = new URL('../', import.meta.url).pathname;
const say = (s: string) => process.stderr.write(`cluster: ${s}\n`);

const children: ChildProcess[] = [];
const dirs: string[] = [];
let dbToDrop: string | null = null;
let s3: TestS3 | null = null;
const adminUrl = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function stop(code: number): Promise<never> {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill('SIGTERM');
  await Promise.all(running.map((c) => new Promise((r) => c.once('exit', r))));
  await s3?.close();
  if (dbToDrop) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbToDrop} with (force)`);
    await c.end();
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  process.exit(code);
}

let databaseUrl = process.env.DATABASE_URL ?? '';
if (!databaseUrl) {
  dbToDrop = `docrisk_cluster_${Date.now()}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${dbToDrop}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbToDrop}`;
  databaseUrl = u.toString();
}
let blobEnv: Record<string, string>;
if (process.env.DOCRISK_BLOB_STORE === 's3' && process.env.S3_BUCKET) {
  blobEnv = {};
} else {
  s3 = await startS3('docrisk');
  blobEnv = s3.env;
}
const creds = { id: `cl_${randomBytes(6).toString('hex')}`, secret: `cs_${randomBytes(18).toString('base64url')}`, key: `sk_${randomBytes(12).toString('base64url')}` };
const common = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  ...blobEnv,
  DOCRISK_BOOTSTRAP_CLIENT_ID: creds.id,
  DOCRISK_BOOTSTRAP_CLIENT_SECRET: creds.secret,
  DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: creds.key,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};

/** Starts a node and resolves with the address it logs once listening. */
function node(role: 'api' | 'worker', env: Record<string, string>): Promise<{ child: ChildProcess; address: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `docrisk-${role}-`));
  dirs.push(dir);
  const child = spawn(process.execPath, ['src/main.ts', role], { cwd: root, env: { ...common, DOCRISK_DATA_DIR: dir, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"address":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        resolve({ child, address: m[1]! });
        out = '';
      }
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code} before listening`)));
  });
}

let stopping = false;
const onSignal = () => {
  if (!stopping) {
    stopping = true;
    void stop(0);
  }
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
try {
  // The api node migrates the database first; the workers then start against it.
  const api = await node('api', { PORT: String(port) });
  const ws = [];
  for (let i = 0; i < workers; i++) ws.push(await node('worker', { DOCRISK_WORKER_PORT: '0' }));
  say(`api ${api.address} (pid ${api.child.pid}); workers ${ws.map((w) => `${w.address} (pid ${w.child.pid})`).join(', ')}`);
  say(`database ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; blobs ${blobEnv.S3_ENDPOINT ?? process.env.S3_ENDPOINT ?? 'S3'}`);
  say(`paste: export CID=${creds.id} CS=${creds.secret} SK=${creds.key} BASE=${api.address}`);
  process.stdout.write(
    `${JSON.stringify({
      api: { address: api.address, pid: api.child.pid },
      workers: ws.map((w) => ({ address: w.address, pid: w.child.pid })),
      credentials: creds,
      database: databaseUrl,
    })}\n`,
  );
  // A node that dies is reported; the others keep running (kill one to watch the cluster recover).
  for (const c of children) c.once('exit', (code, signal) => say(`pid ${c.pid} exited (${signal ?? code})`));
} catch (err) {
  say(err instanceof Error ? err.message : String(err));
  await stop(1);
}
