/** The delivery log and what a lender or an operator does with it: list, redeliver, replay, test events, URL checks. */
import type { Db } from '../../db/client.ts';
import type { Page } from '../../http/common.ts';
import type { Clock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import { checkWebhookUrl, RefusedAddressError, resolveChecked, type Resolver } from './ssrf.ts';
import { webhookErrors } from './webhooks.errors.ts';
import { URL_FIELD, urlFor, type WebhookOutbox } from './webhooks.outbox.ts';
import { webhooksRepository as repo, type DeliveryRow } from './webhooks.repository.ts';
import { EVENT_TYPES, TEST_EVENT_TYPE, type DeliveryListQuery, type DeliveryView, type EventType } from './webhooks.schemas.ts';

export interface AdminDeps {
  db: Db;
  clock: Clock;
  outbox: WebhookOutbox;
  allowPrivate: boolean;
  resolver: Resolver;
}

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

export class WebhooksAdmin {
  private readonly d: AdminDeps;

  constructor(deps: AdminDeps) {
    this.d = deps;
  }

  /** Checks a webhook URL for PATCH settings: syntax, then every address it resolves to. */
  async validateUrl(field: string, raw: string): Promise<string> {
    const checked = checkWebhookUrl(raw, this.d.allowPrivate);
    if (!checked.ok) throw webhookErrors.invalidUrl(field, checked.code, checked.message);
    if (!checked.ipLiteral) {
      try {
        await Promise.race([
          resolveChecked(checked.host, this.d.allowPrivate, this.d.resolver),
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
    const { rows, total } = await repo.list(this.d.db, spaceId, limit, offset);
    return { items: rows.map(toDeliveryView), total, limit, offset };
  }

  /** Sends the same message again (same webhook-id and body) to the URL now configured for its type. */
  async redeliver(spaceId: string, deliveryId: string): Promise<DeliveryView> {
    return this.d.db.transaction(async (tx) => {
      const row = await repo.findInSpace(tx, spaceId, deliveryId);
      if (!row) throw webhookErrors.deliveryNotFound();
      const settings = await repo.spaceSettings(tx, spaceId);
      // A real event goes to the URL configured now for its type (fixed URLs take effect); a test event keeps its URL.
      const type = (EVENT_TYPES as readonly string[]).includes(row.eventType) ? (row.eventType as EventType) : null;
      const url = type ? (settings ? urlFor(settings, type) : null) : row.url;
      if (!url) throw webhookErrors.noUrl(type ? URL_FIELD[type] : 'webhooks');
      const reset = await repo.resetForRedelivery(tx, spaceId, deliveryId, url, this.d.clock.now());
      if (!reset) throw webhookErrors.deliveryNotFound();
      return toDeliveryView(reset);
    });
  }

  /**
   * Operator replay across spaces: sends matching deliveries again (same webhook-id and body).
   * Returns the ids queued and, per refused delivery, why (e.g. no URL configured any more).
   */
  async replay(f: { ids?: string[]; statuses?: string[]; since?: Date }, limit = 1000): Promise<{ queued: string[]; refused: { id: string; reason: string }[] }> {
    const rows = await repo.findForReplay(this.d.db, f, limit);
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
    const rows = await repo.findForReplay(this.d.db, { ids, statuses: ['pending'] }, ids.length);
    return rows.length;
  }

  /** Sends a `webhook.test` event to the configured URL of `eventType`, or of both types. */
  async sendTest(spaceId: string, eventType?: EventType): Promise<DeliveryView[]> {
    return this.d.db.transaction(async (tx) => {
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
        const body = { type: TEST_EVENT_TYPE, event_type: t, space_id: spaceId, test_id: resourceId, sent_at: this.d.clock.now().toISOString() };
        out.push(toDeliveryView(await this.d.outbox.recordTo(tx, { spaceId, eventType: TEST_EVENT_TYPE, resourceId, body, url })));
      }
      return out;
    });
  }
}
