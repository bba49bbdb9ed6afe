/**
 * Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header) for the create endpoints: the first
 * request with a key runs and its answer is kept; a retry with the same key and the same request gets
 * that answer again (Idempotent-Replayed: true), with another request a 422, and while the first is
 * still running a 409. Failed requests (errors) are not kept: a retry runs again. Keys are per space
 * and per operation, and kept for a day (KEEP_MS).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { idempotencyErrors } from './idempotency.errors.ts';
import { idempotencyRepository } from './idempotency.repository.ts';

export interface IdempotentAnswer<T, S extends number = number> {
  status: S;
  body: T;
  replayed: boolean;
}

/** An unanswered claim older than this is taken over by a retry (its request died with its process). */
const STALE_MS = 5 * 60_000;
/** How long a key and its answer are kept (retries come within minutes; a day is generous). */
export const KEEP_MS = 24 * 3600_000;
const PURGE_EVERY_MS = 60_000;

/** The header's value: a structured-field string ("…"), a bare token accepted too; undefined when absent. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const key = v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw idempotencyErrors.badKey();
  return key;
}

/** A stable digest of a request's parts (objects hashed with sorted keys). */
export function fingerprint(...parts: unknown[]): string {
  const canon = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(canon).join(',')}]`
      : v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
            .map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : (JSON.stringify(v) ?? 'null');
  return createHash('sha256').update(parts.map(canon).join('\n')).digest('hex');
}

export class IdempotencyService {
  private readonly db: Db;
  private readonly clock: Clock;
  private lastPurge = 0;
  constructor(deps: { db: Db; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** Runs `exec` once per (space, operation, key); without a key it just runs. */
  async run<T, S extends number>(
    spaceId: string,
    operation: string,
    key: string | undefined,
    requestHash: string,
    exec: () => Promise<{ status: S; body: T }>,
  ): Promise<IdempotentAnswer<T, S>> {
    if (key === undefined) return { ...(await exec()), replayed: false };
    const id = { spaceId, operation, key };
    const now = this.clock.now();
    if (now.getTime() - this.lastPurge >= PURGE_EVERY_MS) {
      // At most once a minute per process: the table holds about a day of keys.
      this.lastPurge = now.getTime();
      await idempotencyRepository.purgeBefore(this.db, new Date(now.getTime() - KEEP_MS));
    }
    if (!(await idempotencyRepository.claim(this.db, id, requestHash, now, new Date(now.getTime() - STALE_MS)))) {
      const row = await idempotencyRepository.find(this.db, id);
      if (!row) return this.run(spaceId, operation, key, requestHash, exec); // released in between: claim again
      if (row.requestHash !== requestHash) throw idempotencyErrors.reused();
      if (row.statusCode === null) throw idempotencyErrors.inFlight();
      return { status: row.statusCode as S, body: row.response as T, replayed: true };
    }
    let answer: { status: S; body: T };
    try {
      answer = await exec();
    } catch (err) {
      await idempotencyRepository.release(this.db, id).catch(() => undefined);
      throw err;
    }
    await idempotencyRepository.complete(this.db, id, answer.status, answer.body);
    return { ...answer, replayed: false };
  }
}

/** Header set on a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';
