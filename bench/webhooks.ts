/**
 * Webhook delivery benchmark: N events recorded (each in its own transaction) to a local receiver.
 * Prints delivered events/s, the latency from recordEvent's commit to receipt (p50/p99), and the
 * process's CPU time per event (recording, delivery and the receiver together: they share the process).
 *   node bench/webhooks.ts [N]              burst (PGlite in memory)
 *   TEST_DATABASE_URL=postgres://… node bench/webhooks.ts [N]
 *   node bench/webhooks.ts N RATE           paced: RATE events/s (latency with a healthy, un-backlogged receiver)
 *   node bench/webhooks.ts N --backlog      N events recorded with no worker running, then one worker
 *                                           starts: the delivery rate alone, recording not competing
 * BENCH_RECEIVER=child puts the receiver in a process of its own (bench/webhook-receiver-child.ts).
 * Floors (burst): the recording alone (bare insert transactions) and the delivery alone (the same POSTs from
 * the service's HTTP client), and both in series; per event, the statements this process sent by kind, the
 * database's commits and WAL, and PostgreSQL's CPU.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/db/client.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { newId } from '../src/shared/ids.ts';
import { startReceiver, waitFor, webhookTestApp } from '../src/modules/webhooks/webhooks.test-support.ts';
import { DEFAULT_TUNING } from '../src/modules/webhooks/index.ts';
import { postgresTicks } from './lib/postgres-cpu.ts';
import { postWebhook } from '../src/modules/webhooks/http-client.ts';
import http from 'node:http';
import https from 'node:https';

const N = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BACKLOG = process.argv[3] === '--backlog';
const RATE = process.argv[3] && !BACKLOG ? Number(process.argv[3]) : null;

const created = await createTestDatabase();
// On PostgreSQL the service's own pool size (10; the test helper's is 5).
const db = created.url ? { database: await openPostgres(created.url, 10), drop: () => created.drop() } : created;
if (created.url) await created.database.close();
/** The receiver: in this process (default) or in a child process; either way `received` holds each receipt. */
async function receiver(): Promise<{ url: string; received: { headers: Record<string, string | undefined>; at: number }[]; maxConcurrent: number; close(): Promise<void> }> {
  if (process.env.BENCH_RECEIVER !== 'child') return startReceiver() as never;
  const child = fork(new URL('./webhook-receiver-child.ts', import.meta.url).pathname, [], { stdio: 'inherit' });
  const r = { url: '', received: [] as { headers: Record<string, string | undefined>; at: number }[], maxConcurrent: 0, close: async () => {
    child.send({ stop: true });
    await new Promise((res) => child.once('exit', res));
  } };
  await new Promise<void>((resolve) =>
    child.on('message', (m: { port?: number; receipts?: [string, number][]; maxConcurrent?: number }) => {
      if (m.port) {
        r.url = `http://127.0.0.1:${m.port}/hook`;
        resolve();
      }
      for (const [id, at] of m.receipts ?? []) r.received.push({ headers: { 'webhook-id': id }, at });
      if (m.maxConcurrent) r.maxConcurrent = m.maxConcurrent;
    }),
  );
  return r;
}
const rx = await receiver();
// BENCH_WEBHOOK_TUNING='{"maxPerOrigin":16}' tries other settings.
const TUNING = { ...DEFAULT_TUNING, ...(JSON.parse(process.env.BENCH_WEBHOOK_TUNING ?? '{}') as object) };
const t = await webhookTestApp(db.database, { workers: !BACKLOG, tuning: TUNING });
const spaceId = (await t.request({ method: 'GET', url: '/portal/v1/settings' })).json().space_id as string;
await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { doc_engine_url: rx.url } } });

/**
 * The floor of the recording side: the same number of transactions at the same concurrency, each
 * inserting the same body into a bare table (no webhooks, no workers running yet in burst mode).
 */
async function commitFloor(): Promise<number> {
  const d = db.database.db;
  await d.execute(sql`create table if not exists bench_floor (id bigserial primary key, body text not null, created_at timestamptz not null default now())`);
  let k = 0;
  const s0 = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (k < N) {
        const i = k++;
        await d.transaction((tx) => tx.execute(sql`insert into bench_floor (body) values (${JSON.stringify(body(i))})`));
      }
    }),
  );
  const rate = (N * 1000) / (Date.now() - s0);
  await d.execute(sql`drop table bench_floor`);
  return rate;
}

/**
 * The floor of the delivery side: the same number of signed-size POSTs from the service's own HTTP client to
 * the same receiver, as many at once as the service sends to one origin (maxPerOrigin), nothing else running.
 * In a burst the process records and delivers at once (and, by default, receives): its floor is both floors
 * in series, 1 / (1/recording + 1/delivery), on the same cores.
 */
async function postFloor(): Promise<number> {
  const opts = { keepAlive: true, maxSockets: TUNING.maxPerOrigin, maxFreeSockets: TUNING.maxPerOrigin, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(opts), https: new https.Agent(opts) };
  let k = 0;
  const s0 = Date.now();
  await Promise.all(
    Array.from({ length: TUNING.maxPerOrigin }, async () => {
      while (k < N) {
        const i = k++;
        const o = await postWebhook({ url: rx.url, body: JSON.stringify(body(i)), headers: { 'webhook-id': `floor_${i}`, 'content-type': 'application/json' }, timeoutMs: 10_000, allowPrivate: true, agents });
        if (!o.ok) throw new Error(`floor POST failed: ${JSON.stringify(o)}`);
      }
    }),
  );
  const rate = (N * 1000) / (Date.now() - s0);
  agents.http.destroy();
  rx.received.length = 0;
  return rate;
}

const committed = new Map<string, number>();
const body = (i: number) => ({ file_id: newId(), parsing_status: 'completed', n: i, parsing_result: { iban: 'IT60X0542811101000000123456', lines: Array.from({ length: 20 }, (_, k) => ({ k, amount: k * 1.5 })) } });
const floor = RATE ? null : await commitFloor();
const deliveryFloor = RATE || process.env.BENCH_RECEIVER === 'child' ? null : await postFloor();
const combinedFloor = floor && deliveryFloor ? 1 / (1 / floor + 1 / deliveryFloor) : null;
/** Statements this process sends (every pg client query: recording, claims, outcomes, polls) and the database's commits and WAL. */
let statements = 0;
const kinds = new Map<string, number>();
const kindOf = (q: unknown): string => {
  const text = typeof q === 'string' ? q : ((q as { text?: string; name?: string } | null)?.text ?? '');
  const m = /^\s*(with cand|with ins|update webhook_deliveries d\s+set status|begin|commit|rollback|select \(extract|select 1)/i.exec(text);
  return m ? m[1]!.toLowerCase().replace(/\s+/g, ' ') : 'other';
};
const origQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  statements++;
  const k = kindOf(a[0]);
  kinds.set(k, (kinds.get(k) ?? 0) + 1);
  return (origQuery as (...x: unknown[]) => unknown).apply(this, a);
} as typeof origQuery;
const dbStats = async (): Promise<{ commits: number; walBytes: number; walRecords: number }> => {
  if (!created.url) return { commits: 0, walBytes: 0, walRecords: 0 };
  const c = new pg.Client({ connectionString: created.url });
  await c.connect();
  const r = await c.query<{ commits: string; wal_bytes: string; wal_records: string }>(
    'select (select xact_commit from pg_stat_database where datname = current_database()) as commits, wal_bytes, wal_records from pg_stat_wal',
  );
  await c.end();
  return { commits: Number(r.rows[0]!.commits), walBytes: Number(r.rows[0]!.wal_bytes), walRecords: Number(r.rows[0]!.wal_records) };
};
const stats0 = await dbStats();
const pg0 = postgresTicks();
statements = 0;
kinds.clear();
const cpu0 = process.cpuUsage();
const t0 = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) {
      const i = next++;
      if (RATE) {
        const due = t0 + (i * 1000) / RATE;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
      const ev = await t.app.database.db.transaction((tx) =>
        t.app.services.webhooks.recordEvent(tx, { spaceId, eventType: 'doc_engine.file.parsed', resourceId: newId(), body: body(i) }),
      );
      committed.set(ev.webhookId, Date.now());
    }
  }),
);
const tRecorded = Date.now();
const cpuRecorded = process.cpuUsage(cpu0);
// --backlog: a second application on the same database is the worker that drains the outbox.
const tStart = Date.now();
const worker = BACKLOG ? await webhookTestApp(db.database, { workers: true, tuning: TUNING }) : null;
await waitFor(() => new Set(rx.received.map((r) => r.headers['webhook-id'])).size >= N, 600_000, 'all deliveries');
const tDone = Date.now();
const cpu = process.cpuUsage(cpu0);
const pgMs = (postgresTicks() - pg0) * 10;
const sentStatements = statements;
const sentKinds = [...kinds].map(([k, n]) => `${k} ${(n / N).toFixed(3)}`).join(', ');
const stats1 = await dbStats();

const lat = rx.received
  .map((r) => r.at - (committed.get(String(r.headers['webhook-id'])) ?? r.at))
  .sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
const unique = new Set(rx.received.map((r) => r.headers['webhook-id'])).size;
const ms = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
console.log(`machine: ${os.cpus()[0]?.model} x${os.cpus().length}, load ${os.loadavg()[0]!.toFixed(1)}, node ${process.version}, database ${db.database.kind}, receiver ${process.env.BENCH_RECEIVER === 'child' ? 'in a child process' : 'in this process'}`);
console.log(`events: ${N}${RATE ? ` paced at ${RATE}/s` : ''}${BACKLOG ? ' (backlog: recorded first, then one worker started)' : ''}, recorded in ${tRecorded - t0} ms (${Math.round((N * 1000) / (tRecorded - t0))}/s, ${CONCURRENCY} concurrent transactions)`);
if (BACKLOG) {
  const first = Math.min(...rx.received.map((r) => r.at));
  console.log(`delivered: ${unique} unique (${rx.received.length} requests) in ${tDone - tStart} ms from the worker's start (incl. its start-up ${first - tStart} ms) → ${Math.round((N * 1000) / (tDone - first))} events/s from the first receipt to the last; recording floor ${Math.round(floor!)}/s`);
  console.log(`cpu per event: recording ${(ms(cpuRecorded) / N).toFixed(2)} ms, start-up + delivery + receiver ${((ms(cpu) - ms(cpuRecorded)) / N).toFixed(2)} ms`);
} else {
  const e2e = (N * 1000) / (tDone - t0);
  console.log(`delivered: ${unique} unique (${rx.received.length} requests) in ${tDone - t0} ms → ${Math.round(e2e)} events/s end to end${floor ? `; floor (bare insert transactions, same concurrency) ${Math.round(floor)}/s, ratio ${(e2e / floor).toFixed(2)}` : ''}`);
  if (combinedFloor) console.log(`delivery floor (the same POSTs alone, ${TUNING.maxPerOrigin} at once) ${Math.round(deliveryFloor!)}/s; recording and delivery in series ${Math.round(combinedFloor)}/s, ratio ${(e2e / combinedFloor).toFixed(2)}`);
  console.log(`latency commit → receipt: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${lat[lat.length - 1]} ms; receiver max concurrency ${rx.maxConcurrent}`);
  console.log(`cpu per event (recording + delivery${process.env.BENCH_RECEIVER === 'child' ? '' : ' + receiver'}, this process): ${(ms(cpu) / N).toFixed(2)} ms`);
}
console.log(
  `per event: ${(sentStatements / N).toFixed(2)} statements sent (begin/commit included)${created.url ? `, ${((stats1.commits - stats0.commits) / N).toFixed(2)} commits, ${Math.round((stats1.walBytes - stats0.walBytes) / N)} WAL bytes in ${((stats1.walRecords - stats0.walRecords) / N).toFixed(1)} records (whole server)` : ''}; PostgreSQL CPU (every postgres process) ${(pgMs / N).toFixed(2)} ms`,
);
console.log(`statements per event by kind: ${sentKinds}`);
await worker?.app.close();
await t.app.close().catch(() => undefined);
await db.drop().catch(() => undefined); // app.close() already closed the database
await rx.close();
