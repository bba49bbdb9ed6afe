/**
 * The transactional outbox: a callback is one row written in the transaction of the state change it
 * reports. The row is the delivery's job (pending and due → a delivery worker claims it).
 *
 * Wake-up: the row's statement also NOTIFYs the workers, at most once per `notifyEveryMs` per process
 * (a NOTIFY serialises commits). Skipping is safe: a worker that claimed rows keeps polling every
 * hotPollMs for hotForMs (> notifyEveryMs), so events that follow a notified one within that window are
 * found by its polls; an idle worker was idle longer than notifyEveryMs, so the next event notifies. A
 * notifying transaction that rolls back leaves the next few to the idle poll (pollIntervalMs).
 */
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import { JsonBytes } from '../../shared/json-bytes.ts';
import { newWebhookId } from './signing.ts';
import { webhooksRepository as repo, type DeliveryRow, type SpaceWebhookSettings } from './webhooks.repository.ts';
import type { EventType } from './webhooks.schemas.ts';

export interface RecordEventInput {
  spaceId: string;
  eventType: EventType;
  resourceId: string;
  /**
   * The resource JSON; serialised once here, delivered byte-for-byte. A large one (a File with its
   * parsing result) comes already serialised, as bytes, and is stored as it is.
   */
  body: object | JsonBytes;
}

export interface RecordedEvent {
  deliveryId: string;
  webhookId: string;
  status: 'pending' | 'skipped';
}

/** The settings field that holds the URL of an event type (for error messages). */
export const URL_FIELD: Record<EventType, string> = {
  'doc_engine.file.parsed': 'webhooks.doc_engine_url',
  'workflow.credit_report.finished': 'webhooks.workflow_url',
};

const URL_COLUMN: Record<EventType, 'doc_engine_url' | 'workflow_url'> = {
  'doc_engine.file.parsed': 'doc_engine_url',
  'workflow.credit_report.finished': 'workflow_url',
};

export const urlFor = (s: SpaceWebhookSettings, eventType: EventType): string | null =>
  URL_COLUMN[eventType] === 'doc_engine_url' ? s.docEngineUrl : s.workflowUrl;

export class WebhookOutbox {
  private readonly clock: Clock;
  private readonly notifyEveryMs: number;
  private lastNotify = -Infinity;

  constructor(clock: Clock, notifyEveryMs: number) {
    this.clock = clock;
    this.notifyEveryMs = notifyEveryMs;
  }

  private shouldNotify(): boolean {
    const t = performance.now();
    if (t - this.lastNotify < this.notifyEveryMs) return false;
    this.lastNotify = t;
    return true;
  }

  /**
   * Records a callback in the caller's transaction, to the URL the space has configured for its type
   * (read in the same statement); with none the row is `skipped`.
   */
  async record(tx: Executor, e: RecordEventInput): Promise<RecordedEvent> {
    const body = e.body instanceof JsonBytes ? e.body : JSON.stringify(e.body);
    const r = await this.write(tx, { ...e, body, url: { column: URL_COLUMN[e.eventType] } });
    return { deliveryId: r.id, webhookId: r.webhookId, status: r.status };
  }

  /** Records a message to a given URL (test events). */
  async recordTo(tx: Executor, e: { spaceId: string; eventType: string; resourceId: string; body: object; url: string }): Promise<DeliveryRow> {
    const body = JSON.stringify(e.body);
    const { id, webhookId, status, url, now } = await this.write(tx, { ...e, body, url: { fixed: e.url } });
    return {
      id,
      spaceId: e.spaceId,
      webhookId,
      eventType: e.eventType,
      resourceId: e.resourceId,
      url,
      body,
      status,
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: status === 'pending' ? now : null,
      createdAt: now,
      updatedAt: now,
    };
  }

  private async write(
    tx: Executor,
    e: { spaceId: string; eventType: string; resourceId: string; body: string | JsonBytes; url: { fixed: string } | { column: 'doc_engine_url' | 'workflow_url' } },
  ): Promise<{ id: string; webhookId: string; status: 'pending' | 'skipped'; url: string | null; now: Date }> {
    const now = this.clock.now();
    const id = newId();
    const webhookId = newWebhookId();
    const { status, url } = await repo.insertOutbox(tx, {
      id,
      spaceId: e.spaceId,
      webhookId,
      eventType: e.eventType,
      resourceId: e.resourceId,
      body: e.body,
      now,
      url: e.url,
      notify: this.shouldNotify(),
    });
    return { id, webhookId, status, url, now };
  }
}
