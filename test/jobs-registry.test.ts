/** The job registry check: every job the modules enqueue has a handler, or the application refuses to start. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp, ENQUEUED_JOBS } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import * as files from '../src/modules/files/index.ts';
import * as reports from '../src/modules/reports/index.ts';
import * as webhooks from '../src/modules/webhooks/index.ts';
import * as workflow from '../src/modules/workflow/index.ts';
import { createTestDatabase } from './helpers/db.ts';

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

describe('job registry', () => {
  it('ENQUEUED_JOBS names every job constant the modules pass to enqueue', () => {
    const constants: Record<string, unknown> = { ...files, ...reports, ...webhooks, ...workflow };
    const used = new Set<string>();
    for (const f of walk(new URL('../src/modules', import.meta.url).pathname)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/enqueue\(\s*[^,]+,\s*([A-Z][A-Z0-9_]*_JOB)\b/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThanOrEqual(4);
    for (const name of used) expect(ENQUEUED_JOBS, name).toContain(constants[name]);
  });

  it('refuses to start when a job the modules enqueue has no handler', async () => {
    const db = await createTestDatabase();
    try {
      const config = loadConfig({ DOCRISK_DATA_DIR: '/tmp/docrisk-test-unused', LOG_LEVEL: 'silent' });
      await expect(
        buildApp({ config, http: false, workers: false, database: db.database, logger: pino({ level: 'silent' }), withoutJobs: [files.PARSE_JOB] }),
      ).rejects.toThrow(/no handler registered for job\(s\): files\.parse/);
    } finally {
      await db.drop();
    }
  });
});
