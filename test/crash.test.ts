/**
 * Kill -9 a worker in the middle of a job, start another: the job is picked up again and finishes.
 * Runs on PGlite (a data directory reopened after the crash) or PostgreSQL (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migratedPgliteDir, pgliteTemplateReady, TEST_DATABASE_URL, type TestDatabase } from './helpers/db.ts';

const waitForFile = async (file: string, ms: number) => {
  const until = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${path.basename(file)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('crash recovery of jobs', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-crash-'));
  const children: ChildProcess[] = [];
  let pgdb: TestDatabase | null = null;
  beforeAll(async () => {
    if (!TEST_DATABASE_URL) await pgliteTemplateReady();
  }, 300_000);
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await pgdb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const killAndRestart = async (extra: Record<string, string>): Promise<void> => {
    const env: Record<string, string> = { ...(process.env as Record<string, string>), CRASH_MARKERS: dir, ...extra };
    if (TEST_DATABASE_URL) {
      pgdb = await createTestDatabase();
      env.CRASH_DATABASE_URL = pgdb.url!;
    } else {
      // The run's migrated template as the application's database (<DOCRISK_DATA_DIR>/pgdata): the first child
      // would otherwise migrate an empty PGlite (≈ 12 CPU s, twice a run); what is tested is the restart.
      await migratedPgliteDir(path.join(dir, 'data', 'pgdata'));
      env.CRASH_DATA_DIR = path.join(dir, 'data');
    }
    const run = (phase: string) => {
      const c = spawn(process.execPath, ['test/helpers/crash-worker.ts'], { env: { ...env, CRASH_PHASE: phase }, stdio: 'inherit' });
      children.push(c);
      return c;
    };

    const first = run('1');
    await waitForFile(path.join(dir, 'started-1-0'), 60000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(existsSync(path.join(dir, 'done-job-1'))).toBe(false);

    run('2');
    await waitForFile(path.join(dir, 'done-job-1'), 120000);
    expect(Number(readFileSync(path.join(dir, 'done-job-1'), 'utf8'))).toBeGreaterThanOrEqual(1);
  };

  it('a job whose worker was killed mid-job finishes after a restart', async () => {
    await killAndRestart({});
  }, 150000);

  it("with the production expiry (900 s), the dead worker's missing heartbeat returns its job within a minute", async () => {
    for (const f of readdirSync(dir)) rmSync(path.join(dir, f), { recursive: true, force: true });
    await pgdb?.drop();
    pgdb = null;
    // The job's expiry stays 900 s, longer than this test may run (150 s): that it is done at all says the
    // missing heartbeat returned it (from the kill to done, worker restart included: ≈ 40 s on a loaded 2-core machine).
    await killAndRestart({ CRASH_EXPIRE: 'default', CRASH_HEARTBEAT_SECONDS: '10' });
  }, 150000);
});
