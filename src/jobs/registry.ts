/**
 * Jobs as typed handles. A module declares each job it enqueues on the runtime (`jobs.define(spec)`:
 * a name, a payload schema, queue options) and gets a handle (`parseJob.enqueue(tx, payload)`); the
 * handler is registered on that handle (`jobs.handle(parseJob, handler)`), by the same module or
 * another. The runtime refuses to start while a declared job has no handler, and checks every payload
 * against the schema on both sides (enqueue and fetch).
 */
import type { Static, TSchema } from 'typebox';
import type { Executor } from '../db/client.ts';

export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True when this attempt is the last one before the job goes to the dead-letter queue. */
  isLastAttempt: boolean;
}

/** A job's declaration: name, payload schema and queue options. */
export interface JobSpec<S extends TSchema = TSchema> {
  name: string;
  schema: S;
  retryLimit?: number;
  /** Seconds before the first retry; doubled per retry with jitter. */
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  batchSize?: number;
  concurrency?: number;
}

export interface EnqueueOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** What a module holds to enqueue one job. */
export interface JobHandle<T> {
  readonly name: string;
  /** Enqueues inside `tx` (a transaction or the db): the job exists iff the caller's transaction commits. */
  enqueue(tx: Executor, payload: T, opts?: EnqueueOptions): Promise<string | null>;
}

export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<void>;

export interface HandlerOptions<T> {
  /** Called once when every attempt failed (before dead-lettering); must be idempotent too. */
  onExhausted?: (data: T, error: unknown) => Promise<void>;
}

/** The registration side of the runtime, as modules see it. */
export interface Jobs {
  define<S extends TSchema, T = Static<S>>(spec: JobSpec<S>): JobHandle<T>;
  handle<T>(job: JobHandle<T>, handler: JobHandler<T>, opts?: HandlerOptions<T>): void;
}

/** A declaration and its handler together (tests, plug-ins): `jobs.register(def)`. */
export interface JobDefinition<T = unknown> extends JobSpec, HandlerOptions<T> {
  handler: JobHandler<T>;
}

export class JobRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRegistryError';
  }
}

export const JOB_NAME_RE = /^[a-z][a-z0-9._-]{0,62}$/;

/** Every declared job must have a handler: the names declared and never handled, in an error. */
export function checkRegistry(declared: readonly string[], handled: ReadonlySet<string>): void {
  const missing = declared.filter((n) => !handled.has(n));
  if (missing.length > 0) throw new JobRegistryError(`no handler registered for job(s): ${missing.join(', ')}`);
}
