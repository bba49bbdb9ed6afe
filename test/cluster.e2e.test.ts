/**
 * The cluster of scripts/cluster.ts (api + 2 workers, PostgreSQL, S3 via s3rver): a batch of 50 uploads
 * with a worker killed (SIGKILL) midway. Every file ends parsed within 2 minutes of the kill, and the
 * Doc Engine callback reaches the receiver at least once for each. Needs PostgreSQL (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../src/modules/webhooks/webhooks.test-support.ts';
import { TEST_DATABASE_URL } from './helpers/db.ts';
import { multipart } from './helpers/multipart.ts';

interface ClusterInfo {
  api: { address: string; pid: number };
  workers: { address: string; pid: number }[];
  credentials: { id: string; secret: string; key: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!TEST_DATABASE_URL)('cluster: api + 2 workers on PostgreSQL and S3', () => {
  let cluster: ChildProcess | null = null;
  let rx: Receiver | null = null;
  afterAll(async () => {
    if (cluster && cluster.exitCode === null && cluster.signalCode === null) {
      cluster.kill('SIGTERM');
      await new Promise((r) => cluster!.once('exit', r));
    }
    await rx?.close();
  });

  it('50 uploads, a worker killed midway: every file parsed within 2 minutes of the kill, every callback delivered', async () => {
    cluster = spawn(process.execPath, ['scripts/cluster.ts', '--workers=2', '--port=0'], {
      env: { ...process.env, CLUSTER_PG: TEST_DATABASE_URL!, DOCRISK_WEBHOOK_ALLOW_PRIVATE: '1', DOCRISK_JOB_HEARTBEAT_SECONDS: '10', DOCRISK_SHUTDOWN_GRACE_MS: '2000' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const info = await new Promise<ClusterInfo>((resolve, reject) => {
      let out = '';
      cluster!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as ClusterInfo);
      });
      cluster!.once('exit', (code) => reject(new Error(`cluster exited ${code}`)));
    });
    const base = info.api.address;
    const c = info.credentials;
    const token = ((await (await fetch(`${base}/auth/v1/oauth/token`, { method: 'POST', headers: { 'ocp-apim-subscription-key': c.key, 'content-type': 'application/json' }, body: JSON.stringify({ client_id: c.id, client_secret: c.secret }) })).json()) as { access_token: string }).access_token;
    const h = { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': c.key };
    rx = await startReceiver();
    expect((await fetch(`${base}/portal/v1/settings`, { method: 'PATCH', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ webhooks: { doc_engine_url: rx.url } }) })).status).toBe(200);
    const p = (await (await fetch(`${base}/document-engine/v1/start-process`, { method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ ext_application_id: 'CLUSTER' }) })).json()) as { process_id: string };
    const filesUrl = `${base}/document-engine/v1/processes/${p.process_id}/files`;
    const pdf = readFileSync('examples/statement.pdf');
    const statuses = async () => {
      const r = (await (await fetch(`${filesUrl}?limit=100`, { headers: h })).json()) as { items: { file_id: string; parsing_status: string }[] };
      return r.items;
    };

    const ids: string[] = [];
    let killedAt = 0;
    const upload = async (i: number) => {
      const m = multipart({ ext_file_id: `stmt-${i}` }, { content: pdf, filename: `s${i}.pdf` });
      const r = await fetch(filesUrl, { method: 'POST', headers: { ...h, ...m.headers }, body: new Uint8Array(m.payload) });
      expect(r.status).toBe(201);
      ids.push(((await r.json()) as { file_id: string }).file_id);
    };
    // Five at a time, so that a backlog builds up and the workers hold claimed jobs.
    for (let i = 0; i < 50; i += 5) {
      await Promise.all([0, 1, 2, 3, 4].map((k) => upload(i + k)));
      if (i === 25) {
        // Midway: a worker dies without a chance to finish or release what it holds.
        process.kill(info.workers[0]!.pid, 'SIGKILL');
        killedAt = Date.now();
      }
    }
    let items = await statuses();
    while (items.some((f) => f.parsing_status === 'processing') && Date.now() - killedAt < 120_000) {
      await sleep(1000);
      items = await statuses();
    }
    const terminalAfter = (Date.now() - killedAt) / 1000;
    expect(items).toHaveLength(50);
    // Jobs the dead worker held come back by its missing heartbeat (their expiry, 15 min, is past the wait above).
    expect(items.filter((f) => f.parsing_status !== 'completed')).toEqual([]);

    const delivered = () => new Set(rx!.received.map((x) => (JSON.parse(x.body) as { file_id: string }).file_id));
    for (let i = 0; i < 60 && ids.some((id) => !delivered().has(id)); i++) await sleep(500);
    expect(ids.filter((id) => !delivered().has(id))).toEqual([]);
    console.log(`cluster: 50 files parsed ${terminalAfter.toFixed(1)} s after the kill; ${rx.received.length} callbacks for 50 files`);
  }, 240_000);
});
