/**
 * The webhooks module's face: the outbox (record a callback in the caller's transaction), the delivery
 * workers (claim due rows, sign, POST, record outcomes and retries) and the admin side (delivery log,
 * redeliver, replay, test events, URL checks). Each lives in its own file; this class wires them.
 */
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client.ts';
import type { Page } from '../../http/common.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Poster } from './http-client.ts';
import { systemResolver, type Resolver } from './ssrf.ts';
import { WebhooksAdmin } from './webhooks.admin.ts';
import { WebhookDelivery } from './webhooks.delivery.ts';
import { DEFAULT_TUNING, type WebhookTuning } from './webhooks.tuning.ts';
import { WebhookOutbox, type RecordedEvent, type RecordEventInput } from './webhooks.outbox.ts';
import type { DeliveryListQuery, DeliveryView, EventType } from './webhooks.schemas.ts';

export interface WebhooksDeps {
  database: Database;
  clock: Clock;
  log: Logger;
  allowPrivate: boolean;
  version: string;
  tuning?: Partial<WebhookTuning>;
  poster?: Poster;
  resolver?: Resolver;
}

export class WebhooksService {
  private readonly outbox: WebhookOutbox;
  private readonly admin: WebhooksAdmin;
  private readonly delivery: WebhookDelivery;

  constructor(deps: WebhooksDeps) {
    const tuning = { ...DEFAULT_TUNING, ...(deps.tuning ?? {}) };
    const resolver = deps.resolver ?? systemResolver;
    this.outbox = new WebhookOutbox(deps.clock, tuning.notifyEveryMs);
    this.admin = new WebhooksAdmin({ db: deps.database.db, clock: deps.clock, outbox: this.outbox, allowPrivate: deps.allowPrivate, resolver });
    this.delivery = new WebhookDelivery({
      database: deps.database,
      clock: deps.clock,
      log: deps.log,
      tuning,
      allowPrivate: deps.allowPrivate,
      version: deps.version,
      resolver,
      ...(deps.poster ? { poster: deps.poster } : {}),
    });
  }

  /** Records a callback in the caller's transaction (the one of the state change it reports). */
  recordEvent(tx: Executor, e: RecordEventInput): Promise<RecordedEvent> {
    return this.outbox.record(tx, e);
  }

  validateUrl(field: string, raw: string): Promise<string> {
    return this.admin.validateUrl(field, raw);
  }

  list(spaceId: string, q: DeliveryListQuery): Promise<Page<DeliveryView>> {
    return this.admin.list(spaceId, q);
  }

  redeliver(spaceId: string, deliveryId: string): Promise<DeliveryView> {
    return this.admin.redeliver(spaceId, deliveryId);
  }

  replay(f: { ids?: string[]; statuses?: string[]; since?: Date }, limit?: number): Promise<{ queued: string[]; refused: { id: string; reason: string }[] }> {
    return this.admin.replay(f, limit);
  }

  pendingCount(ids: string[]): Promise<number> {
    return this.admin.pendingCount(ids);
  }

  sendTest(spaceId: string, eventType?: EventType): Promise<DeliveryView[]> {
    return this.admin.sendTest(spaceId, eventType);
  }

  /** Starts the delivery workers of this process (roles with workers). */
  startDelivery(): Promise<void> {
    return this.delivery.start();
  }

  /** Stops the delivery workers; attempts still running after `timeoutMs` are aborted. */
  stop(timeoutMs: number): Promise<void> {
    return this.delivery.stop(timeoutMs);
  }
}
