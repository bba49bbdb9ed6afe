/**
 * A worker process for the crash test: the real application (workers only) plus one slow job.
 * Phase 1 enqueues the job and hangs inside it until killed; phase 2 finishes it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { Type } from 'typebox';
import { buildApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';

const markers = process.env.CRASH_MARKERS!;
const phase = process.env.CRASH_PHASE!;
const config = loadConfig({
  DATABASE_URL: process.env.CRASH_DATABASE_URL ?? '',
  DOCRISK_DATA_DIR: process.env.CRASH_DATA_DIR ?? '',
  DOCRISK_BOOTSTRAP_CLIENT_ID: 'crash-client',
  DOCRISK_BOOTSTRAP_CLIENT_SECRET: 'crash-secret',
  DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: 'crash-key-123',
  LOG_LEVEL: 'silent',
  ...(process.env.CRASH_HEARTBEAT_SECONDS ? { DOCRISK_JOB_HEARTBEAT_SECONDS: process.env.CRASH_HEARTBEAT_SECONDS } : {}),
});
// CRASH_EXPIRE=default keeps the production expiry (900 s): only the heartbeat can bring the job back.
const expire = process.env.CRASH_EXPIRE === 'default' ? {} : { expireInSeconds: 2 };

const app = await buildApp({
  config,
  http: false,
  workers: true,
  logger: pino({ level: 'silent' }),
  jobTuning: { superviseIntervalSeconds: 1 },
  extraJobs: [
    {
      name: 'test.slow',
      schema: Type.Object({ id: Type.String() }),
      ...expire,
      retryDelaySeconds: 1,
      handler: (async (data: { id: string }, ctx: { retryCount: number }) => {
        if (existsSync(path.join(markers, `done-${data.id}`))) return;
        writeFileSync(path.join(markers, `started-${phase}-${ctx.retryCount}`), '');
        if (phase === '1') await new Promise(() => undefined); // hang until SIGKILL
        writeFileSync(path.join(markers, `done-${data.id}`), String(ctx.retryCount));
      }) as never,
    },
  ],
});
if (phase === '1') await app.jobs.job('test.slow').enqueue(app.database.db, { id: 'job-1' });
writeFileSync(path.join(markers, `ready-${phase}`), String(process.pid));
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
});
