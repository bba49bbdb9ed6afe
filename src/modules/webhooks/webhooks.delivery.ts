/**
 * Delivery workers: claim due outbox rows in batches (one statement for many rows, skipping rows other
 * workers hold), send each as one signed POST over kept-alive connections, at most `maxPerOrigin` at a
 * time per receiver origin, and write the outcomes back in batches. A failed attempt sets the row's
 * next_attempt_at from the contract's schedule; that column is the one retry mechanism: the same
 * claimer picks the row up when it falls due (woken by a timer at the next due time, by the NOTIFY of
 * a new event, and by a slow poll as a safety net).
 *
 * Safety: a claim counts the attempt and leases the row (next_attempt_at = lease end, updated_at = the
 * claim's fencing token). An attempt starts only while its lease has room for a whole send, so two
 * workers never send the same attempt at once; a worker that dies mid-attempt loses its lease and the
 * row falls due again when the lease ends (at-least-once; receivers deduplicate on webhook-id).
 */
import http from 'node:http';
import https from 'node:https';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { listenChannel, type Listening } from '../../jobs/wakeup.ts';
import type { Clock } from '../../shared/clock.ts';
import { postWebhook, type PostOutcome, type Poster } from './http-client.ts';
import { signatureHeader } from './signing.ts';
import type { Resolver } from './ssrf.ts';
import { retryDelaySeconds, type WebhookTuning } from './webhooks.tuning.ts';
import {
  originKey,
  WEBHOOKS_CHANNEL,
  webhooksRepository as repo,
  type AttemptResult,
  type ClaimedDelivery,
  type DeliveryStatus,
} from './webhooks.repository.ts';

export interface DeliveryDeps {
  database: Database;
  clock: Clock;
  log: Logger;
  tuning: WebhookTuning;
  allowPrivate: boolean;
  version: string;
  poster?: Poster;
  resolver?: Resolver;
}

interface Lane {
  active: number;
  waiting: ClaimedDelivery[];
}

/** Margin kept between the end of a send's budget and the end of its lease. */
const LEASE_MARGIN_MS = 20_000;

export class WebhookDelivery {
  private readonly d: DeliveryDeps;
  private readonly t: WebhookTuning;
  private readonly poster: Poster;
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly abort = new AbortController();
  private readonly lanes = new Map<string, Lane>();
  /** Origins whose last claim may have left due rows behind (their cap was reached). */
  private readonly capped = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private local = 0;
  private running = false;
  private stopped = false;
  private claiming: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private hotUntil = 0;
  private listening: Listening | null = null;
  private results: AttemptResult[] = [];
  private flushing: Promise<void> | null = null;
  private flushQueued = false;

  constructor(deps: DeliveryDeps) {
    this.d = deps;
    this.t = deps.tuning;
    this.poster = deps.poster ?? postWebhook;
    const agentOpts = { keepAlive: true, maxSockets: this.t.maxPerOrigin, maxFreeSockets: this.t.maxPerOrigin, scheduling: 'lifo' as const };
    this.agents = { http: new http.Agent(agentOpts), https: new https.Agent(agentOpts) };
  }

  /** Starts claiming in this process (a worker): listens for new events, then claims what is due. */
  async start(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    this.listening = await listenChannel(this.d.database, WEBHOOKS_CHANNEL, () => this.wake(), this.d.log);
    this.wake();
  }

  /** Claims due rows now (coalesced: a claim running when woken runs once more). */
  wake(): void {
    if (!this.running || this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimLoop()
      .catch((err: unknown) => {
        this.d.log.error({ err }, 'webhook claim failed');
        this.armTimer(Date.now() + this.t.pollIntervalMs);
      })
      .finally(() => {
        this.claiming = null;
      });
  }

  private async claimLoop(): Promise<void> {
    do {
      this.again = false;
      if (this.stopped) return;
      const room = this.t.maxInFlight - this.local;
      if (room <= 0) return; // an attempt that ends wakes the claimer
      const perOrigin = 2 * this.t.maxPerOrigin; // in flight + one waiting behind each
      const busy: Record<string, number> = {};
      for (const [origin, lane] of this.lanes) busy[origin] = lane.active + lane.waiting.length;
      const limit = Math.min(this.t.batchSize, room);
      const now = this.d.clock.now();
      const leaseUntil = new Date(now.getTime() + 2 * this.t.timeoutMs + LEASE_MARGIN_MS);
      const rows = await repo.claimBatch(this.d.database.db, { now, leaseUntil, limit, perOrigin, busy, scan: Math.max(4 * limit, 200) });
      const claimedPer = new Map<string, number>();
      for (const row of rows) {
        const origin = originKey(row.url);
        claimedPer.set(origin, (claimedPer.get(origin) ?? 0) + 1);
        this.hand(origin, row);
      }
      for (const [origin, n] of Object.entries(busy)) if (n >= perOrigin) this.capped.add(origin);
      for (const [origin, n] of claimedPer) if (n + (busy[origin] ?? 0) >= perOrigin) this.capped.add(origin);
      if (rows.length > 0) this.hotUntil = Date.now() + this.t.hotForMs;
      if (rows.length >= limit) this.again = true;
      else if (!this.again) {
        if (Date.now() < this.hotUntil) this.armTimer(Date.now() + this.t.hotPollMs);
        else {
          const next = await repo.nextDueAfter(this.d.database.db, now);
          this.armTimer(Math.min(next?.getTime() ?? Infinity, Date.now() + this.t.pollIntervalMs));
        }
      }
    } while (this.again);
  }

  private armTimer(at: number): void {
    if (this.stopped) return;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.wake();
    }, Math.max(5, at - Date.now()));
    this.timer.unref();
  }

  private hand(origin: string, row: ClaimedDelivery): void {
    let lane = this.lanes.get(origin);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.lanes.set(origin, lane);
    }
    this.local++;
    lane.waiting.push(row);
    this.pumpLane(origin, lane);
  }

  private pumpLane(origin: string, lane: Lane): void {
    while (!this.stopped && lane.active < this.t.maxPerOrigin && lane.waiting.length > 0) {
      const row = lane.waiting.shift()!;
      lane.active++;
      const p: Promise<void> = this.attempt(row)
        .catch((err: unknown) => this.d.log.error({ err, deliveryId: row.id }, 'webhook attempt crashed'))
        .finally(() => {
          this.inFlight.delete(p);
          lane.active--;
          this.local--;
          const full = this.local + 1 >= this.t.maxInFlight;
          if (lane.active === 0 && lane.waiting.length === 0) this.lanes.delete(origin);
          else this.pumpLane(origin, lane);
          // Claim more for this origin once its waiting rows are all on their way, or when the process had no room.
          if ((lane.waiting.length === 0 && this.capped.delete(origin)) || full) this.wake();
        });
      this.inFlight.add(p);
    }
  }

  /** One attempt: sign, POST, and queue the outcome for the next batched write. */
  private async attempt(row: ClaimedDelivery): Promise<void> {
    const { clock } = this.d;
    const leaseEnds = row.claimedAt.getTime() + 2 * this.t.timeoutMs + LEASE_MARGIN_MS;
    if (clock.now().getTime() + this.t.timeoutMs + LEASE_MARGIN_MS / 2 > leaseEnds) {
      // Waited too long here (a stalled process): the lease could end mid-send, so give the claim back.
      this.push({ id: row.id, claimedAt: row.claimedAt, status: 'pending', lastStatusCode: null, lastError: null, nextAttemptAt: clock.now(), at: clock.now(), release: true });
      return;
    }
    const secrets = this.signingSecrets(row, clock.now());
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const outcome: PostOutcome =
      secrets.length === 0
        ? { ok: false, statusCode: null, error: 'space not found' }
        : await this.poster({
            url: row.url,
            body: row.body,
            timeoutMs: this.t.timeoutMs,
            allowPrivate: this.d.allowPrivate,
            ...(this.d.resolver ? { resolver: this.d.resolver } : {}),
            signal: this.abort.signal,
            agents: this.agents,
            headers: {
              'webhook-id': row.webhookId,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': signatureHeader(secrets, row.webhookId, timestamp, row.body),
              'content-type': 'application/json',
              'user-agent': `docrisk-webhooks/${this.d.version}`,
            },
          });
    const now = clock.now();
    if (outcome.ok) {
      this.push({ id: row.id, claimedAt: row.claimedAt, status: 'succeeded', lastStatusCode: outcome.statusCode, lastError: null, nextAttemptAt: null, at: now });
      return;
    }
    const delay = retryDelaySeconds(row.attempts, this.t.retryScheduleSeconds, this.t.jitter, Math.random, outcome.retryAfterSeconds);
    const status: DeliveryStatus = delay === null ? 'failed' : 'pending';
    const next = delay === null ? null : new Date(now.getTime() + delay * 1000);
    this.push({ id: row.id, claimedAt: row.claimedAt, status, lastStatusCode: outcome.statusCode, lastError: outcome.error, nextAttemptAt: next, at: now });
    this.d.log.info(
      { deliveryId: row.id, attempts: row.attempts, status, error: outcome.error, ...(outcome.logDetail ? { detail: outcome.logDetail } : {}) },
      'webhook attempt failed',
    );
  }

  private signingSecrets(row: ClaimedDelivery, now: Date): string[] {
    if (row.secret === null) return [];
    const inGrace =
      row.secretPrevious !== null && row.secretRotatedAt !== null && now.getTime() - row.secretRotatedAt.getTime() < this.t.rotationGraceMs;
    return inGrace ? [row.secret, row.secretPrevious!] : [row.secret];
  }

  private push(r: AttemptResult): void {
    this.results.push(r);
    this.scheduleFlush();
  }

  /** Outcomes are written together: one statement per flush, flushes one at a time. */
  private scheduleFlush(): void {
    if (this.flushing) {
      this.flushQueued = true;
      return;
    }
    this.flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flushNow())
      .finally(() => {
        this.flushing = null;
        if (this.flushQueued) {
          this.flushQueued = false;
          if (this.results.length > 0) this.scheduleFlush();
        }
      });
  }

  private async flushNow(): Promise<void> {
    const batch = this.results;
    this.results = [];
    if (batch.length === 0) return;
    try {
      const own = await repo.finishBatch(this.d.database.db, batch);
      let soonest = Infinity;
      for (const r of batch) {
        if (!own.has(r.id)) this.d.log.debug({ deliveryId: r.id }, 'attempt outcome not recorded: the delivery changed since its claim');
        else if (r.status === 'pending' && r.nextAttemptAt) soonest = Math.min(soonest, r.nextAttemptAt.getTime());
      }
      if (soonest < Infinity) this.armTimer(soonest);
    } catch (err) {
      // Unrecorded outcomes: the rows come back when their leases end and are sent again (at-least-once).
      this.d.log.error({ err, count: batch.length }, 'webhook outcomes not recorded; those deliveries will be retried');
    }
  }

  get stats(): { inFlight: number; local: number } {
    return { inFlight: this.inFlight.size, local: this.local };
  }

  /** Stops claiming, gives unstarted claims back, waits for attempts in flight (then aborts them), writes outcomes. */
  async stop(timeoutMs: number): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.listening?.close();
    await this.claiming;
    const now = this.d.clock.now();
    for (const lane of this.lanes.values()) {
      for (const row of lane.waiting.splice(0)) {
        this.local--;
        this.results.push({ id: row.id, claimedAt: row.claimedAt, status: 'pending', lastStatusCode: null, lastError: null, nextAttemptAt: now, at: now, release: true });
      }
    }
    let t: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => (t = setTimeout(r, timeoutMs)))]);
    clearTimeout(t);
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
    while (this.flushing) await this.flushing;
    await this.flushNow();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
