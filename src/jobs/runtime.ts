/**
 * The durable job queue: pg-boss on PostgreSQL, and on PGlite through its built-in adapter.
 * Enqueue runs inside the caller's transaction (fromDrizzle), so a job exists iff its state change committed.
 * Delivery is at-least-once; handlers are idempotent.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type JobResult, type JobWithMetadata } from 'pg-boss';
import { Value } from 'typebox/value';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/client.ts';
import type { Static, TSchema } from 'typebox';
import {
  checkRegistry,
  JOB_NAME_RE,
  JobRegistryError,
  type EnqueueOptions,
  type HandlerOptions,
  type JobDefinition,
  type JobHandle,
  type JobHandler,
  type Jobs,
  type JobSpec,
} from './registry.ts';

export interface JobRuntimeOptions {
  concurrency: number;
  /** How often pg-boss looks for expired jobs (seconds). */
  superviseIntervalSeconds?: number;
  /** Seconds without a heartbeat after which an active job counts as lost (its worker died); >= 10. */
  heartbeatSeconds?: number;
  /** Called after each attempt with its outcome (metrics). */
  onHandled?: (job: string, outcome: 'completed' | 'failed' | 'deadletter') => void;
}

const DEAD_SUFFIX = '__dead';

interface Entry {
  spec: JobSpec;
  handle: JobHandle<unknown>;
  handler?: JobHandler<never>;
  onExhausted?: (data: never, error: unknown) => Promise<void>;
}

/**
 * Built first, before the modules: each module declares its jobs on it (`define`) and registers the
 * handlers it owns (`handle`); `start()` refuses a declared job without a handler.
 */
export class JobRuntime implements Jobs {
  private readonly boss: PgBoss;
  private readonly entries = new Map<string, Entry>();
  private started = false;
  private working = false;
  private readonly database: Database;
  private readonly log: Logger;
  private readonly opts: JobRuntimeOptions;

  constructor(database: Database, log: Logger, opts: JobRuntimeOptions) {
    this.database = database;
    this.log = log;
    this.opts = opts;
    const common = {
      schema: 'pgboss',
      useListenNotify: true,
      monitorIntervalSeconds: 30,
      superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 15,
    } as const;
    this.boss =
      database.kind === 'pglite' && database.pglite
        ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: poolConnectionString(database), max: 4 });
    this.boss.on('error', (err: unknown) => this.log.error({ err }, 'job queue error'));
  }

  /** Declares a job and returns its handle; names are unique. */
  define<S extends TSchema, T = Static<S>>(spec: JobSpec<S>): JobHandle<T> {
    if (this.started) throw new JobRegistryError(`job ${spec.name} declared after the runtime started`);
    if (!JOB_NAME_RE.test(spec.name)) throw new JobRegistryError(`invalid job name ${JSON.stringify(spec.name)}`);
    if (this.entries.has(spec.name)) throw new JobRegistryError(`job ${spec.name} declared twice`);
    const handle: JobHandle<T> = {
      name: spec.name,
      enqueue: (tx, payload, o) => this.send(spec, tx, payload, o),
    };
    this.entries.set(spec.name, { spec, handle: handle as JobHandle<unknown> });
    return handle;
  }

  /** Registers the one handler of a declared job. */
  handle<T>(job: JobHandle<T>, handler: JobHandler<T>, opts: HandlerOptions<T> = {}): void {
    const e = this.entries.get(job.name);
    if (!e || e.handle !== (job as JobHandle<unknown>)) throw new JobRegistryError(`job ${job.name} was not declared on this runtime`);
    if (e.handler) throw new JobRegistryError(`duplicate handler for job ${job.name}`);
    if (typeof handler !== 'function') throw new JobRegistryError(`job ${job.name} has no handler`);
    e.handler = handler as JobHandler<never>;
    if (opts.onExhausted) e.onExhausted = opts.onExhausted as (data: never, error: unknown) => Promise<void>;
  }

  /** Declares a job and registers its handler at once (tests, plug-ins). */
  register<T>(def: JobDefinition<T>): JobHandle<T> {
    const { handler, onExhausted, ...spec } = def;
    const h = this.define<TSchema, T>(spec);
    this.handle(h, handler, onExhausted ? { onExhausted } : {});
    return h;
  }

  /** The handle of a declared job, by name (the CLI and tests). */
  job(name: string): JobHandle<unknown> {
    const e = this.entries.get(name);
    if (!e) throw new JobRegistryError(`unknown job ${name}`);
    return e.handle;
  }

  /** Creates pg-boss' schema and every queue (with its dead-letter queue). */
  async start(): Promise<void> {
    if (this.started) return;
    checkRegistry([...this.entries.keys()], new Set([...this.entries].filter(([, e]) => e.handler).map(([n]) => n)));
    await this.boss.start();
    for (const { spec: d } of this.entries.values()) {
      const dead = d.name + DEAD_SUFFIX;
      await this.boss.createQueue(dead, { retentionSeconds: 14 * 86400 } as never);
      await this.boss.createQueue(d.name, {
        retryLimit: d.retryLimit ?? 5,
        retryDelay: d.retryDelaySeconds ?? 2,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: d.expireInSeconds ?? 900,
        deadLetter: dead,
        notify: true,
        ...(this.opts.heartbeatSeconds ? { heartbeatSeconds: this.opts.heartbeatSeconds } : {}),
      } as never);
      // createQueue leaves an existing queue as it was: a database made before heartbeats gets them here.
      if (this.opts.heartbeatSeconds) await this.boss.updateQueue(d.name, { heartbeatSeconds: this.opts.heartbeatSeconds } as never);
    }
    // pg-boss resolves a queue on first use with a query of its own, outside the caller's transaction.
    // On PGlite (one connection, held by that transaction) that query would wait forever, so the queue
    // cache is filled now: deleting a job id that cannot exist caches the queue and changes nothing.
    for (const { spec: d } of this.entries.values()) {
      await this.boss.deleteJob(d.name, randomUUID());
      await this.boss.deleteJob(d.name + DEAD_SUFFIX, randomUUID());
    }
    this.started = true;
  }

  /** Starts handling jobs in this process. */
  async work(): Promise<void> {
    if (!this.started) throw new JobRegistryError('job runtime not started');
    if (this.working) return;
    this.working = true;
    for (const e of this.entries.values()) {
      const d = e.spec;
      await this.boss.work(
        d.name,
        {
          batchSize: d.batchSize ?? 10,
          burstWhenBatchFull: true,
          includeMetadata: true,
          perJobResults: true,
          localConcurrency: d.concurrency ?? this.opts.concurrency,
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 5,
        },
        (jobs: JobWithMetadata<unknown>[]) => this.runBatch(e, jobs),
      );
    }
  }

  private async runBatch(e: Entry, jobs: JobWithMetadata<unknown>[]): Promise<JobResult[]> {
    const results = await this.handleBatch(e, jobs);
    if (this.opts.onHandled) for (const r of results) this.opts.onHandled(e.spec.name, r.status as 'completed' | 'failed' | 'deadletter');
    return results;
  }

  private async handleBatch(e: Entry, jobs: JobWithMetadata<unknown>[]): Promise<JobResult[]> {
    const d = e.spec;
    const handler = e.handler!;
    return Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        const isLastAttempt = job.retryCount >= job.retryLimit;
        if (!Value.Check(d.schema, job.data)) {
          this.log.error({ job: d.name, jobId: job.id }, 'job payload does not match its schema; dead-lettering');
          return { id: job.id, status: 'deadletter', output: { error: 'invalid payload' } };
        }
        try {
          await handler(job.data as never, { jobId: job.id, retryCount: job.retryCount, isLastAttempt });
          return { id: job.id, status: 'completed' };
        } catch (err) {
          this.log.warn({ err, job: d.name, jobId: job.id, retryCount: job.retryCount }, 'job attempt failed');
          if (isLastAttempt && e.onExhausted) {
            try {
              await e.onExhausted(job.data as never, err);
            } catch (e) {
              this.log.error({ err: e, job: d.name, jobId: job.id }, 'onExhausted failed');
            }
          }
          return { id: job.id, status: 'failed', output: { error: err instanceof Error ? err.message : String(err) } };
        }
      }),
    );
  }

  /** A handle's enqueue: checked against the schema, inside `executor` (the job exists iff it commits). */
  private async send(d: JobSpec, executor: Executor, data: unknown, opts: EnqueueOptions = {}): Promise<string | null> {
    if (!Value.Check(d.schema, data)) throw new JobRegistryError(`payload of job ${d.name} does not match its schema`);
    return this.boss.send(d.name, data as object, {
      db: fromDrizzle(executor as never, sql as never),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
  }

  /** Stops fetching, waits for in-flight handlers up to `timeoutMs`, then closes pg-boss' connections. */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.working = false;
    await this.boss.stop({ graceful: true, timeout: Math.max(timeoutMs, 1), close: true } as never);
  }

  /** For tests and the CLI: number of jobs in a state, per queue. */
  async countJobs(name: string, states: readonly string[]): Promise<number> {
    const r = await this.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${name} and state = any(${sql.raw(`array[${states.map((s) => `'${s.replace(/'/g, '')}'`).join(',')}]::pgboss.job_state[]`)})`,
    );
    const rows = (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows) as { n: number }[];
    return rows[0]?.n ?? 0;
  }
}

function poolConnectionString(database: Database): string {
  const opts = (database.pool as unknown as { options?: { connectionString?: string } } | null)?.options;
  if (!opts?.connectionString) throw new JobRegistryError('PostgreSQL job runtime needs a connection string');
  return opts.connectionString;
}

export { DEAD_SUFFIX };
