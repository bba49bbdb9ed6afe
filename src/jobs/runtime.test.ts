import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { checkRegistry, JobRegistryError, type JobDefinition } from './registry.ts';
import { JobRuntime } from './runtime.ts';

const waitFor = async (cond: () => boolean | Promise<boolean>, ms = 20000) => {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('registry', () => {
  const h = async () => undefined;
  const d = (name: string): JobDefinition<never> => ({ name, schema: Type.Object({}), handler: h });
  it('refuses duplicate and missing handlers', () => {
    expect(() => checkRegistry([d('a'), d('a')], ['a'])).toThrow(/duplicate/);
    expect(() => checkRegistry([d('a')], ['a', 'b'])).toThrow(/no handler registered for job\(s\): b/);
    expect(() => checkRegistry([d('Bad Name')], [])).toThrow(JobRegistryError);
    expect(() => checkRegistry([d('a'), d('b')], ['a', 'b'])).not.toThrow();
  });
});

describe('JobRuntime', () => {
  let db: TestDatabase;
  let rt: JobRuntime;
  const seen: number[] = [];
  const attempts = new Map<number, number>();
  const exhausted: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const defs: JobDefinition<never>[] = [
      {
        name: 'test.echo',
        schema: Type.Object({ n: Type.Integer() }),
        handler: (async (data: { n: number }) => {
          const a = (attempts.get(data.n) ?? 0) + 1;
          attempts.set(data.n, a);
          if (data.n < 0 && a < 2) throw new Error('first attempt fails');
          if (data.n === -99) throw new Error('always fails');
          seen.push(data.n);
        }) as never,
        onExhausted: (async (data: { n: number }) => {
          exhausted.push(data.n);
        }) as never,
        retryLimit: 2,
        retryDelaySeconds: 1,
      },
    ];
    rt = new JobRuntime(db.database, defs, pino({ level: 'silent' }), { concurrency: 2, expected: ['test.echo'] });
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
        await rt.enqueue(tx, 'test.echo', { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.database.db.transaction(async (tx) => {
      await rt.enqueue(tx, 'test.echo', { n: 2 });
    });
    await waitFor(() => seen.includes(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).not.toContain(1);
  });

  it('refuses payloads that do not match the schema and unknown jobs', async () => {
    await expect(rt.enqueue(db.database.db, 'test.echo', { n: 'x' })).rejects.toThrow(/does not match/);
    await expect(rt.enqueue(db.database.db, 'test.nope', {})).rejects.toThrow(/unknown job/);
  });

  it('retries a failed attempt with backoff', async () => {
    await rt.enqueue(db.database.db, 'test.echo', { n: -1 });
    await waitFor(() => seen.includes(-1));
    expect(attempts.get(-1)).toBe(2);
  });

  it('dead-letters a job whose attempts are exhausted, calling onExhausted once', async () => {
    await rt.enqueue(db.database.db, 'test.echo', { n: -99 });
    await waitFor(async () => (await rt.countJobs('test.echo__dead', ['created', 'active', 'completed', 'failed', 'retry'])) > 0, 30000);
    expect(attempts.get(-99)).toBe(3);
    expect(exhausted).toEqual([-99]);
  });
});
