/** Delivery settings and the contract's retry schedule (service-spec section 5). */

/** The extensions' schedule: retry after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

export interface WebhookTuning {
  retryScheduleSeconds: readonly number[];
  /** ± fraction applied to each retry delay. */
  jitter: number;
  /** One attempt's whole budget: connect, status line, bounded answer. */
  timeoutMs: number;
  /** Attempts in flight per receiver origin (scheme://host:port). */
  maxPerOrigin: number;
  /** Rows claimed per statement at most. */
  batchSize: number;
  /** Attempts in flight in this process, all origins together. */
  maxInFlight: number;
  /** Idle poll: the safety net when no signal arrives (a throttled or lost NOTIFY, a pooler without LISTEN). */
  pollIntervalMs: number;
  /** While rows keep coming (a claim found some in the last `hotForMs`), the claimer polls this often. */
  hotPollMs: number;
  hotForMs: number;
  /**
   * The outbox notifies the workers at most once per this many ms per process: a NOTIFY serialises
   * the commits that send one (PostgreSQL holds a database-wide lock through commit), which halved the
   * recording rate when every event notified. Must stay below hotForMs (see webhooks.outbox.ts).
   */
  notifyEveryMs: number;
  /** After a rotation, deliveries are signed with both secrets for this long. */
  rotationGraceMs: number;
}

export const DEFAULT_TUNING: WebhookTuning = {
  retryScheduleSeconds: DEFAULT_RETRY_SCHEDULE_SECONDS,
  jitter: 0.1,
  timeoutMs: 10_000,
  maxPerOrigin: 32,
  batchSize: 100,
  maxInFlight: 256,
  pollIntervalMs: 1_000,
  hotPollMs: 25,
  hotForMs: 1_000,
  notifyEveryMs: 200,
  rotationGraceMs: 24 * 3600 * 1000,
};

/**
 * Seconds before the retry that follows failed attempt number `attempts` (1-based); null = give up.
 * A receiver's Retry-After is honoured within the contract schedule: it can move the retry later,
 * up to the schedule's next step, never earlier than the schedule and never past that step.
 */
export function retryDelaySeconds(
  attempts: number,
  schedule: readonly number[],
  jitter: number,
  random: () => number = Math.random,
  retryAfterSeconds?: number,
): number | null {
  const base = schedule[attempts - 1];
  if (base === undefined) return null;
  const delay = base * (1 + jitter * (2 * random() - 1));
  if (retryAfterSeconds === undefined || retryAfterSeconds <= delay) return delay;
  const ceiling = schedule[attempts] ?? base;
  return Math.max(delay, Math.min(retryAfterSeconds, ceiling));
}
