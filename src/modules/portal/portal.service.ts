/** A client's own settings: automatic parsing, callback URLs (SSRF-checked) and the signing secret. */
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { WebhooksService } from '../webhooks/index.ts';
import { portalErrors } from './portal.errors.ts';
import { portalRepository as repo, type SettingsRow, type SettingsUpdate } from './portal.repository.ts';
import type { PatchSettingsBody, SettingsView } from './portal.schemas.ts';

export interface PortalDeps {
  db: Db;
  clock: Clock;
  webhooks: Pick<WebhooksService, 'validateUrl'>;
  newWebhookSecret: () => string;
}

const toView = (r: SettingsRow): SettingsView => ({
  space_id: r.id,
  auto_parsing: r.autoParsing,
  webhooks: { doc_engine_url: r.docEngineUrl, workflow_url: r.workflowUrl },
  webhook_signing_secret: r.webhookSecret,
});

export class PortalService {
  private readonly deps: PortalDeps;

  constructor(deps: PortalDeps) {
    this.deps = deps;
  }

  async get(spaceId: string): Promise<SettingsView> {
    const row = await repo.find(this.deps.db, spaceId);
    if (!row) throw portalErrors.spaceNotFound();
    return toView(row);
  }

  /** Whether uploads of this space are parsed automatically (true when the space is unknown). */
  async getAutoParsing(spaceId: string, db: Executor = this.deps.db): Promise<boolean> {
    return (await repo.find(db, spaceId))?.autoParsing ?? true;
  }

  async patch(spaceId: string, body: PatchSettingsBody): Promise<SettingsView> {
    const set: SettingsUpdate = {};
    if (body.auto_parsing !== undefined) set.autoParsing = body.auto_parsing;
    const urls = [
      ['doc_engine_url', 'docEngineUrl'],
      ['workflow_url', 'workflowUrl'],
    ] as const;
    for (const [field, column] of urls) {
      const raw = body.webhooks?.[field];
      if (raw === undefined) continue;
      const value = raw === null ? '' : raw.trim();
      set[column] = value === '' ? null : await this.deps.webhooks.validateUrl(`webhooks.${field}`, value);
    }
    const row = await repo.update(this.deps.db, spaceId, { ...set, updatedAt: this.deps.clock.now() });
    if (!row) throw portalErrors.spaceNotFound();
    return toView(row);
  }

  /** New signing secret; the previous one keeps signing (alongside) for the grace period. */
  async rotateWebhookSecret(spaceId: string): Promise<SettingsView> {
    return this.deps.db.transaction(async (tx) => {
      const current = await repo.find(tx, spaceId, true);
      if (!current) throw portalErrors.spaceNotFound();
      const now = this.deps.clock.now();
      const row = await repo.update(tx, spaceId, {
        webhookSecret: this.deps.newWebhookSecret(),
        webhookSecretPrevious: current.webhookSecret,
        webhookSecretRotatedAt: now,
        updatedAt: now,
      });
      return toView(row!);
    });
  }
}
