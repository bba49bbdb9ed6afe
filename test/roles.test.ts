/**
 * Process roles: api (HTTP only), worker (jobs, with its own health/metrics listener), serve (both).
 * The scale-out part runs real processes on PostgreSQL (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { roleParts, roleProblem } from '../src/app/roles.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './helpers/db.ts';
import { multipart } from './helpers/multipart.ts';
import { sample } from './helpers/samples.ts';
import { startS3, type TestS3 } from './helpers/s3.ts';

const run = promisify(execFile);

describe('role checks', () => {
  const pgUrl = 'postgres://db.internal/docrisk';
  it('api and worker share work through PostgreSQL: the embedded database is refused', () => {
    const c = loadConfig({});
    expect(roleProblem(c, 'serve')).toBeNull();
    expect(roleProblem(c, 'api')).toMatch(/DATABASE_URL/);
    expect(roleProblem(c, 'worker')).toMatch(/DATABASE_URL/);
  });

  it('with DATABASE_URL, an fs blob store that other nodes cannot read is refused unless declared shared', () => {
    const fs = loadConfig({ DATABASE_URL: pgUrl, DOCRISK_DATA_DIR: '/srv/docrisk' });
    expect(roleProblem(fs, 'worker')).toMatch(/DOCRISK_BLOB_STORE=fs keeps uploads under \/srv\/docrisk[\s\S]*DOCRISK_BLOB_DIR_SHARED=1/);
    expect(roleProblem(fs, 'api')).toMatch(/DOCRISK_BLOB_STORE=postgres/);
    expect(roleProblem(fs, 'serve')).toBeNull();
    expect(roleProblem(loadConfig({ DATABASE_URL: pgUrl, DOCRISK_BLOB_DIR_SHARED: '1' }), 'worker')).toBeNull();
    expect(roleProblem(loadConfig({ DATABASE_URL: pgUrl, DOCRISK_BLOB_STORE: 'postgres' }), 'api')).toBeNull();
    expect(roleProblem(loadConfig({ DATABASE_URL: pgUrl, DOCRISK_BLOB_STORE: 's3', S3_BUCKET: 'b' }), 'worker')).toBeNull();
  });

  it('roles map to HTTP and workers', () => {
    expect(roleParts('serve')).toEqual({ http: true, workers: true });
    expect(roleParts('api')).toEqual({ http: true, workers: false });
    expect(roleParts('worker')).toEqual({ http: false, workers: true });
  });

  it('docrisk worker exits 2 before touching the database when its blobs would be unreadable elsewhere', async () => {
    const r = run(process.execPath, ['src/main.ts', 'worker'], { env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/none', DOCRISK_BLOB_STORE: 'fs' } });
    await expect(r).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('DOCRISK_BLOB_DIR_SHARED=1') });
  });
});

interface Proc {
  child: ChildProcess;
  out: string;
  address: Promise<string>;
}

function start(role: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['src/main.ts', role], { env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', DOCRISK_WORKER_PORT: '0', ...env } });
  const p: Proc = { child, out: '', address: Promise.resolve('') };
  p.address = new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      p.out += d.toString();
      const m = /"address":"(http:\/\/[^"]+)"/.exec(p.out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => (p.out += d.toString()));
    child.once('exit', (code) => reject(new Error(`${role} exited ${code}: ${p.out}`)));
  });
  return p;
}

describe.skipIf(!TEST_DATABASE_URL)('scale-out roles on PostgreSQL and S3', () => {
  const procs: Proc[] = [];
  let db: TestDatabase;
  let s3: TestS3;
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await db?.drop();
    await s3?.close();
  });

  it('an api node serves and enqueues but parses nothing; a worker parses, answering health and metrics on its own port', async () => {
    db = await createTestDatabase({ migrated: false });
    s3 = await startS3();
    // Separate data directories, as on separate machines: only the database and the object store are shared.
    const env = { DATABASE_URL: db.url!, ...s3.env };
    const api = start('api', { ...env, DOCRISK_DATA_DIR: '/tmp/docrisk-roles-api-unused' });
    procs.push(api);
    const base = await api.address;
    // The api node created the demo client and printed it once, paste-ready, with the portal's address.
    for (let i = 0; i < 100 && !/export CID=/.test(api.out); i++) await new Promise((r) => setTimeout(r, 50));
    const m = /export CID=(cl_\S+) CS=(cs_\S+) SK=(sk_\S+) BASE=(\S+)/.exec(api.out);
    expect(m).not.toBeNull();
    const [, cid, cs, sk, printedBase] = m!;
    expect(printedBase).toBe(base);
    expect(api.out).toContain(`${base}/portal/`);

    const token = (await (await fetch(`${base}/auth/v1/oauth/token`, { method: 'POST', headers: { 'ocp-apim-subscription-key': sk!, 'content-type': 'application/json' }, body: JSON.stringify({ client_id: cid, client_secret: cs }) })).json()) as { access_token: string };
    const h = { authorization: `Bearer ${token.access_token}`, 'ocp-apim-subscription-key': sk! };
    const p = (await (await fetch(`${base}/document-engine/v1/start-process`, { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ ext_application_id: 'ROLES' }) })).json()) as { process_id: string };
    const mp = multipart({ ext_file_id: 'mt' }, { content: sample('actual-budget-data.sta'), filename: 'x.sta' });
    const up = await fetch(`${base}/document-engine/v1/processes/${p.process_id}/files`, { method: 'POST', headers: { ...h, ...mp.headers }, body: new Uint8Array(mp.payload) });
    expect(up.status).toBe(201);
    const fileUrl = `${base}/document-engine/v1/processes/${p.process_id}/files/${((await up.json()) as { file_id: string }).file_id}`;
    const status = async () => ((await (await fetch(fileUrl, { headers: h })).json()) as { parsing_status: string }).parsing_status;
    await new Promise((r) => setTimeout(r, 2500));
    expect(await status()).toBe('processing');

    const worker = start('worker', { ...env, DOCRISK_DATA_DIR: '/tmp/docrisk-roles-worker-unused' });
    procs.push(worker);
    const ops = await worker.address;
    expect(worker.out).not.toContain('export CID=');
    expect(await (await fetch(`${ops}/healthz`)).json()).toEqual({ status: 'ok', role: 'worker' });
    expect((await fetch(`${ops}/readyz`)).status).toBe(200);
    for (let i = 0; i < 200 && (await status()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('completed');
    const metrics = await (await fetch(`${ops}/metrics`)).text();
    expect(metrics).toMatch(/docrisk_jobs_handled_total\{job="[^"]*parse[^"]*",outcome="completed"\} [1-9]/);
    expect((await fetch(`${ops}/document-engine/v1/processes`)).status).toBe(404);
    const content = await fetch(`${fileUrl}/content`, { headers: h });
    expect(Buffer.from(await content.arrayBuffer()).equals(sample('actual-budget-data.sta'))).toBe(true);
  }, 120_000);
});
