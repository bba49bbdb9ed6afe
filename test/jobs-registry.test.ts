/**
 * The job registry check in the real application: every job a module declares (and so can enqueue) has a
 * handler, or the application refuses to start; modules enqueue only through typed handles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createTestDatabase } from './helpers/db.ts';

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });

const modulesDir = new URL('../src/modules', import.meta.url).pathname;

describe('job registry', () => {
  it.each(['files.parse', 'reports.score', 'workflow.continue'])('refuses to start when the handler of %s is missing', async (job) => {
    const db = await createTestDatabase();
    try {
      const config = loadConfig({ DOCRISK_DATA_DIR: '/tmp/docrisk-test-unused', LOG_LEVEL: 'silent' });
      await expect(
        buildApp({ config, http: false, workers: false, database: db.database, logger: pino({ level: 'silent' }), withoutJobs: [job] }),
      ).rejects.toThrow(new RegExp(`no handler registered for job\\(s\\): ${job.replace('.', '\\.')}$`));
    } finally {
      await db.drop();
    }
  });

  it('modules enqueue through handles, never by a job name, and never read pg-boss tables', () => {
    const files = walk(modulesDir);
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      expect(src, f).not.toMatch(/\benqueue\(\s*[^,()]+,\s*['"`A-Z]/);
      expect(src, f).not.toMatch(/\bpgboss\./);
    }
  });
});
