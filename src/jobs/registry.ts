/**
 * Job declarations: a name, a payload schema and one idempotent handler each.
 * The registry refuses to start with a missing or duplicate handler.
 */
import type { TSchema } from 'typebox';

export interface JobContext {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** True when this attempt is the last one before the job goes to the dead-letter queue. */
  isLastAttempt: boolean;
}

export interface JobDefinition<T = unknown> {
  name: string;
  schema: TSchema;
  handler: (data: T, ctx: JobContext) => Promise<void>;
  /** Called once when every attempt failed (before dead-lettering); must be idempotent too. */
  onExhausted?: (data: T, error: unknown) => Promise<void>;
  retryLimit?: number;
  /** Seconds before the first retry; doubled per retry with jitter. */
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  batchSize?: number;
  concurrency?: number;
}

export class JobRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRegistryError';
  }
}

/** Checks the definitions against the names the application expects to handle. */
export function checkRegistry(definitions: readonly JobDefinition<never>[], expected: readonly string[]): void {
  const seen = new Set<string>();
  for (const d of definitions) {
    if (!/^[a-z][a-z0-9._-]{0,62}$/.test(d.name)) throw new JobRegistryError(`invalid job name ${JSON.stringify(d.name)}`);
    if (seen.has(d.name)) throw new JobRegistryError(`duplicate handler for job ${d.name}`);
    if (typeof d.handler !== 'function') throw new JobRegistryError(`job ${d.name} has no handler`);
    seen.add(d.name);
  }
  const missing = expected.filter((n) => !seen.has(n));
  if (missing.length > 0) throw new JobRegistryError(`no handler registered for job(s): ${missing.join(', ')}`);
}
