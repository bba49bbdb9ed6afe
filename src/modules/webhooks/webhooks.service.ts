/**
 * Callbacks: a transactional outbox (recordEvent writes the delivery row and its job in the caller's
 * transaction), a dispatcher (job `webhooks.deliver` → per-origin lane → one signed POST per attempt,
 * retries as new delayed jobs), a sweep that re-enqueues lost work, and the delivery log.
 */
import type { Logger } from 'pino';
import { Type } from 'typebox';
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../http/common.ts';
import type { JobDefinition } from '../../jobs/registry.ts';
import type { EnqueueOptions } from '../../jobs/runtime.ts';
import type { Clock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import { Dispatcher } from './dispatcher.ts';
import { postWebhook, type Poster } from './http-client.ts';
import { signatureHeader, newWebhookId } from './signing.ts';
import { checkWebhookUrl, RefusedAddressError, resolveChecked, systemResolver, type Resolver } from './ssrf.ts';
import { webhookErrors } from './webhooks.errors.ts';
import { webhooksRepository as repo, type DeliveryRow, type DeliveryStatus, type SpaceWebhookSettings } from './webhooks.repository.ts';
import { EVENT_TYPES, TEST_EVENT_TYPE, type DeliveryListQuery, type DeliveryView, type EventType } from './webhooks.schemas.ts';

export const DELIVER_JOB = 'webhooks.deliver';

/** The extensions' schedule: retry after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

export interface WebhookTuning {
  retryScheduleSeconds: readonly number[];
  /** ± fraction applied to each retry delay. */
  jitter: number;
  timeoutMs: number;
  maxPerOrigin: number;
  maxQueued: number;
  sweepIntervalMs: number;
  /** A pending row overdue by this much with no live job is re-enqueued by the sweep. */
  sweepGraceMs: number;
  /** After a rotation, deliveries are signed with both secrets for this long. */
  rotationGraceMs: number;
}

export const DEFAULT_TUNING: WebhookTuning = {
  retryScheduleSeconds: DEFAULT_RETRY_SCHEDULE_SECONDS,
  jitter: 0.1,
  timeoutMs: 10_000,
  maxPerOrigin: 4,
  maxQueued: 5_000,
  sweepIntervalMs: 60_000,
  sweepGraceMs: 30_000,
  rotationGraceMs: 24 * 3600 * 1000,
};

export interface JobQueue {
  enqueue(executor: Executor, name: string, data: object, opts?: EnqueueOptions): Promise<string | null>;
}

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  /** The job runtime, late-bound: it is built from the job definitions this service provides. */
  queue: () => JobQueue;
  allowPrivate: boolean;
  version: string;
  tuning?: Partial<WebhookTuning>;
  poster?: Poster;
  resolver?: Resolver;
}

export interface RecordEventInput {
  spaceId: string;
  eventType: EventType;
  resourceId: string;
  /** The resource JSON; serialised once here, delivered byte-for-byte. */
  body: object;
}

export interface RecordedEvent {
  deliveryId: string;
  webhookId: string;
  status: 'pending' | 'skipped';
}

const URL_FIELD: Record<EventType, string> = {
  'doc_engine.file.parsed': 'webhooks.doc_engine_url',
  'workflow.credit_report.finished': 'webhooks.workflow_url',
};

const urlFor = (s: SpaceWebhookSettings, eventType: EventType): string | null =>
  eventType.startsWith('doc_engine.') ? s.docEngineUrl : s.workflowUrl;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toDeliveryView(r: DeliveryRow): DeliveryView {
  return {
    delivery_id: r.id,
    webhook_id: r.webhookId,
    event_type: r.eventType,
    resource_id: r.resourceId,
    url: r.url,
    status: r.status,
    attempts: r.attempts,
    last_status_code: r.lastStatusCode,
    last_error: r.lastError,
    next_attempt_at: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

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

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

export class WebhooksService {
  private readonly deps: WebhooksDeps;
  private readonly tuning: WebhookTuning;
  private readonly poster: Poster;
  private readonly resolver: Resolver;
  private readonly dispatcher: Dispatcher;
  private readonly abort = new AbortController();
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private sweeping: Promise<number> | null = null;

  constructor(deps: WebhooksDeps) {
    this.deps = deps;
    this.tuning = { ...DEFAULT_TUNING, ...(deps.tuning ?? {}) };
    this.poster = deps.poster ?? postWebhook;
    this.resolver = deps.resolver ?? systemResolver;
    this.dispatcher = new Dispatcher({
      maxPerOrigin: this.tuning.maxPerOrigin,
      maxQueued: this.tuning.maxQueued,
      attempt: (id) => this.attempt(id),
      log: deps.log,
    });
  }

  /** The queue jobs of this module, for the job registry. */
  jobDefinitions(): JobDefinition<never>[] {
    const deliver: JobDefinition<{ deliveryId: string }> = {
      name: DELIVER_JOB,
      schema: Type.Object({ deliveryId: Type.String({ format: 'uuid' }) }),
      handler: (data) => this.handleDeliverJob(data.deliveryId),
      // Delivery failures are scheduled by the service itself; these retries only cover database errors.
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: 120,
      batchSize: 20,
      concurrency: 2,
    };
    return [deliver as unknown as JobDefinition<never>];
  }

  /**
   * Records a callback in the caller's transaction (the one of the state change it reports) and
   * enqueues its delivery there too. With no URL configured for the event type the row is `skipped`.
   */
  async recordEvent(tx: Executor, e: RecordEventInput): Promise<RecordedEvent> {
    const settings = await repo.spaceSettings(tx, e.spaceId);
    const url = settings ? urlFor(settings, e.eventType) : null;
    return this.insertDelivery(tx, { ...e, url });
  }

  private async insertDelivery(
    tx: Executor,
    e: { spaceId: string; eventType: string; resourceId: string; body: object; url: string | null },
  ): Promise<RecordedEvent & { row: DeliveryRow }> {
    const now = this.deps.clock.now();
    const status: 'pending' | 'skipped' = e.url ? 'pending' : 'skipped';
    const row = await repo.insert(tx, {
      id: newId(),
      spaceId: e.spaceId,
      webhookId: newWebhookId(),
      eventType: e.eventType,
      resourceId: e.resourceId,
      url: e.url,
      body: JSON.stringify(e.body),
      status,
      nextAttemptAt: status === 'pending' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    if (status === 'pending') await this.deps.queue().enqueue(tx, DELIVER_JOB, { deliveryId: row.id });
    return { deliveryId: row.id, webhookId: row.webhookId, status, row };
  }

  /** Checks a webhook URL for PATCH settings: syntax, then every address it resolves to. */
  async validateUrl(field: string, raw: string): Promise<string> {
    const checked = checkWebhookUrl(raw, this.deps.allowPrivate);
    if (!checked.ok) throw webhookErrors.invalidUrl(field, checked.code, checked.message);
    if (!checked.ipLiteral) {
      try {
        await Promise.race([
          resolveChecked(checked.host, this.deps.allowPrivate, this.resolver),
          new Promise((resolve) => setTimeout(resolve, 3000).unref()),
        ]);
      } catch (err) {
        if (err instanceof RefusedAddressError) throw webhookErrors.invalidUrl(field, 'refused_address', `targets a refused address: ${err.message}`);
        // A name that does not resolve (yet) is not proven refused; the connect-time guard still applies.
      }
    }
    return raw;
  }

  async list(spaceId: string, q: DeliveryListQuery): Promise<Page<DeliveryView>> {
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { rows, total } = await repo.list(this.deps.db, spaceId, limit, offset);
    return { items: rows.map(toDeliveryView), total, limit, offset };
  }

  /** Sends the same message again (same webhook-id and body) to the URL now configured for its type. */
  async redeliver(spaceId: string, deliveryId: string): Promise<DeliveryView> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.findInSpace(tx, spaceId, deliveryId);
      if (!row) throw webhookErrors.deliveryNotFound();
      const settings = await repo.spaceSettings(tx, spaceId);
      // A real event goes to the URL configured now for its type (fixed URLs take effect); a test event keeps its URL.
      const type = (EVENT_TYPES as readonly string[]).includes(row.eventType) ? (row.eventType as EventType) : null;
      const url = type ? (settings ? urlFor(settings, type) : null) : row.url;
      if (!url) throw webhookErrors.noUrl(type ? URL_FIELD[type] : 'webhooks');
      const reset = await repo.resetForRedelivery(tx, spaceId, deliveryId, url, this.deps.clock.now());
      if (!reset) throw webhookErrors.deliveryNotFound();
      await this.deps.queue().enqueue(tx, DELIVER_JOB, { deliveryId });
      return toDeliveryView(reset);
    });
  }

  /**
   * Operator replay across spaces: sends matching deliveries again (same webhook-id and body).
   * Returns the ids queued and, per refused delivery, why (e.g. no URL configured any more).
   */
  async replay(f: { ids?: string[]; statuses?: string[]; since?: Date }, limit = 1000): Promise<{ queued: string[]; refused: { id: string; reason: string }[] }> {
    const rows = await repo.findForReplay(this.deps.db, f, limit);
    const queued: string[] = [];
    const refused: { id: string; reason: string }[] = [];
    for (const row of rows) {
      try {
        await this.redeliver(row.spaceId, row.id);
        queued.push(row.id);
      } catch (err) {
        refused.push({ id: row.id, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    return { queued, refused };
  }

  /** Number of the given deliveries still pending. */
  async pendingCount(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await repo.findForReplay(this.deps.db, { ids, statuses: ['pending'] }, ids.length);
    return rows.length;
  }

  /** Sends a `webhook.test` event to the configured URL of `eventType`, or of both types. */
  async sendTest(spaceId: string, eventType?: EventType): Promise<DeliveryView[]> {
    return this.deps.db.transaction(async (tx) => {
      const settings = await repo.spaceSettings(tx, spaceId);
      const types: EventType[] = eventType ? [eventType] : ['doc_engine.file.parsed', 'workflow.credit_report.finished'];
      const targets = types.flatMap((t) => {
        const url = settings ? urlFor(settings, t) : null;
        return url ? [{ t, url }] : [];
      });
      if (targets.length === 0) throw webhookErrors.noUrl(eventType ? URL_FIELD[eventType] : 'webhooks');
      const out: DeliveryView[] = [];
      for (const { t, url } of targets) {
        const resourceId = newId();
        const body = { type: TEST_EVENT_TYPE, event_type: t, space_id: spaceId, test_id: resourceId, sent_at: this.deps.clock.now().toISOString() };
        const r = await this.insertDelivery(tx, { spaceId, eventType: TEST_EVENT_TYPE, resourceId, body, url });
        out.push(toDeliveryView(r.row));
      }
      return out;
    });
  }

  /** Job handler: hands a due delivery to its origin's lane; early or duplicate jobs do nothing. */
  private async handleDeliverJob(deliveryId: string): Promise<void> {
    const row = await repo.find(this.deps.db, deliveryId);
    if (!row || row.status !== 'pending' || !row.url) return;
    const wait = (row.nextAttemptAt?.getTime() ?? 0) - this.deps.clock.now().getTime();
    if (wait > 0) {
      // Not due: either a duplicate of a job that is due later or in flight (leased), or clock skew.
      if (wait <= 2000) await this.deps.queue().enqueue(this.deps.db, DELIVER_JOB, { deliveryId }, { startAfterSeconds: wait / 1000 + 0.05 });
      return;
    }
    await this.dispatcher.submit(deliveryId, originOf(row.url));
  }

  /** One delivery attempt: claim (fenced), sign, POST, record the outcome and schedule the retry. */
  private async attempt(deliveryId: string): Promise<void> {
    const { db, clock } = this.deps;
    const claimedAt = clock.now();
    const leaseUntil = new Date(claimedAt.getTime() + this.tuning.timeoutMs + 20_000);
    const claimed = await repo.claimWithSettings(db, deliveryId, claimedAt, leaseUntil);
    const url = claimed?.row.url;
    if (!claimed || !url) return;
    const { row, settings } = claimed;
    const secrets = this.signingSecrets(settings, claimedAt);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const outcome =
      secrets.length === 0
        ? { ok: false as const, statusCode: null, error: 'space not found' }
        : await this.poster({
            url,
            body: row.body,
            timeoutMs: this.tuning.timeoutMs,
            allowPrivate: this.deps.allowPrivate,
            resolver: this.resolver,
            signal: this.abort.signal,
            headers: {
              'webhook-id': row.webhookId,
              'webhook-timestamp': String(timestamp),
              'webhook-signature': signatureHeader(secrets, row.webhookId, timestamp, row.body),
              'content-type': 'application/json',
              'user-agent': `docrisk-webhooks/${this.deps.version}`,
            },
          });
    const now = clock.now();
    if (outcome.ok) {
      await repo.finishAttempt(db, deliveryId, claimedAt, { status: 'succeeded', lastStatusCode: outcome.statusCode, lastError: null, nextAttemptAt: null, updatedAt: now });
      return;
    }
    const delay = retryDelaySeconds(row.attempts, this.tuning.retryScheduleSeconds, this.tuning.jitter, Math.random, outcome.retryAfterSeconds);
    const status: DeliveryStatus = delay === null ? 'failed' : 'pending';
    const next = delay === null ? null : new Date(now.getTime() + delay * 1000);
    await db.transaction(async (tx) => {
      const own = await repo.finishAttempt(tx, deliveryId, claimedAt, {
        status,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        nextAttemptAt: next,
        updatedAt: now,
      });
      if (own && delay !== null) await this.deps.queue().enqueue(tx, DELIVER_JOB, { deliveryId }, { startAfterSeconds: Math.max(delay, 0.01) });
      return own;
    }).then((own) => {
      // The queue polls deferred jobs every few seconds; a short retry is also timed here. Whichever
      // comes first claims the row, the other finds it not due and does nothing.
      if (own && delay !== null && delay <= 30) this.timeRetry(deliveryId, row.url!, delay);
    });
    this.deps.log.info(
      { deliveryId, attempts: row.attempts, status, error: outcome.error, ...('logDetail' in outcome && outcome.logDetail ? { detail: outcome.logDetail } : {}) },
      'webhook attempt failed',
    );
  }

  private timeRetry(deliveryId: string, url: string, delaySeconds: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.dispatcher.submit(deliveryId, originOf(url)).catch((err: unknown) => this.deps.log.error({ err, deliveryId }, 'webhook retry hand-over failed'));
    }, delaySeconds * 1000 + 20);
    timer.unref();
    this.retryTimers.add(timer);
  }

  private signingSecrets(s: SpaceWebhookSettings, now: Date): string[] {
    const inGrace =
      s.webhookSecretPrevious !== null &&
      s.webhookSecretRotatedAt !== null &&
      now.getTime() - s.webhookSecretRotatedAt.getTime() < this.tuning.rotationGraceMs;
    return inGrace ? [s.webhookSecret, s.webhookSecretPrevious!] : [s.webhookSecret];
  }

  /** Re-enqueues pending deliveries that are overdue and have no live job. Returns how many. */
  async sweep(): Promise<number> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      const before = new Date(this.deps.clock.now().getTime() - this.tuning.sweepGraceMs);
      const ids = await repo.orphans(this.deps.db, DELIVER_JOB, before, 500);
      for (const deliveryId of ids) await this.deps.queue().enqueue(this.deps.db, DELIVER_JOB, { deliveryId });
      if (ids.length > 0) this.deps.log.warn({ count: ids.length }, 're-enqueued overdue webhook deliveries');
      return ids.length;
    })().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** Starts the periodic sweep (with the workers): once now, then every sweepIntervalMs. */
  startSweep(): void {
    if (this.sweepTimer) return;
    const run = () => {
      this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'webhook sweep failed'));
    };
    this.sweepTimer = setInterval(run, this.tuning.sweepIntervalMs);
    this.sweepTimer.unref();
    run();
  }

  /** Stops the sweep and the dispatcher; attempts still running after `timeoutMs` are aborted. */
  async stop(timeoutMs: number): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.sweeping?.catch(() => undefined);
    await this.dispatcher.stop(timeoutMs);
    this.abort.abort();
    await this.dispatcher.stop(1000);
  }
}
