import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { checkRegistry, JobRegistryError, type JobHandle } from './registry.ts';
import { JobRuntime } from './runtime.ts';

const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 20000) => {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('registry', () => {
  it('names a declared job without a handler', () => {
    expect(() => checkRegistry(['a', 'b'], new Set(['a']))).toThrow(/no handler registered for job\(s\): b/);
    expect(() => checkRegistry(['a', 'b'], new Set(['a', 'b']))).not.toThrow();
  });
});

describe('typed handles', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  const runtime = () => new JobRuntime(db.database, pino({ level: 'silent' }), { concurrency: 1 });

  it('refuses to start while a declared job has no handler', async () => {
    const rt = runtime();
    const a = rt.define({ name: 'test.a', schema: Type.Object({}) });
    rt.define({ name: 'test.b', schema: Type.Object({}) });
    rt.handle(a, async () => undefined);
    await expect(rt.start()).rejects.toThrow(/no handler registered for job\(s\): test\.b/);
  });

  it('refuses duplicate declarations and handlers, bad names, and handles of another runtime', () => {
    const rt = runtime();
    const a = rt.define({ name: 'test.a', schema: Type.Object({}) });
    expect(() => rt.define({ name: 'test.a', schema: Type.Object({}) })).toThrow(/declared twice/);
    expect(() => rt.define({ name: 'Bad Name', schema: Type.Object({}) })).toThrow(JobRegistryError);
    rt.handle(a, async () => undefined);
    expect(() => rt.handle(a, async () => undefined)).toThrow(/duplicate handler/);
    const other = runtime().define({ name: 'test.a', schema: Type.Object({}) });
    expect(() => rt.handle(other, async () => undefined)).toThrow(/not declared on this runtime/);
  });
});

describe('JobRuntime', () => {
  let db: TestDatabase;
  let rt: JobRuntime;
  let echo: JobHandle<{ n: number }>;
  const seen: number[] = [];
  const attempts = new Map<number, number>();
  const exhausted: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    rt = new JobRuntime(db.database, pino({ level: 'silent' }), { concurrency: 2 });
    echo = rt.register<{ n: number }>(
      {
        name: 'test.echo',
        schema: Type.Object({ n: Type.Integer() }),
        handler: async (data) => {
          const a = (attempts.get(data.n) ?? 0) + 1;
          attempts.set(data.n, a);
          if (data.n < 0 && a < 2) throw new Error('first attempt fails');
          if (data.n === -99) throw new Error('always fails');
          seen.push(data.n);
        },
        onExhausted: async (data) => {
          exhausted.push(data.n);
        },
        retryLimit: 2,
        retryDelaySeconds: 1,
      },
    );
    await rt.start();
    await rt.work();
  });
  afterAll(async () => {
    await rt?.stop(2000);
    await db?.drop();
  });

  it('enqueues inside the caller transaction: rolled back → no job; committed → handled', async () => {
    await expect(
      db.database.db.transaction(async (tx) => {
        await echo.enqueue(tx, { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.database.db.transaction(async (tx) => {
      await echo.enqueue(tx, { n: 2 });
    });
    await waitFor(() => seen.includes(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).not.toContain(1);
  });

  it('checks payloads against the schema on both sides', async () => {
    await expect(echo.enqueue(db.database.db, { n: 'x' } as never)).rejects.toThrow(/does not match/);
    expect(() => rt.job('test.nope')).toThrow(/unknown job/);
  });

  it('retries a failed attempt with backoff', async () => {
    await echo.enqueue(db.database.db, { n: -1 });
    await waitFor(() => seen.includes(-1));
    expect(attempts.get(-1)).toBe(2);
  });

  it('dead-letters a job whose attempts are exhausted, calling onExhausted once', async () => {
    await echo.enqueue(db.database.db, { n: -99 });
    await waitFor(async () => (await rt.countJobs('test.echo__dead', ['created', 'active', 'completed', 'failed', 'retry'])) > 0, 30000);
    expect(attempts.get(-99)).toBe(3);
    expect(exhausted).toEqual([-99]);
  });
});
