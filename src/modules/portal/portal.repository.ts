/** The client-editable settings columns of spaces. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { spaces } from '../../db/schema.ts';

export interface SettingsRow {
  id: string;
  autoParsing: boolean;
  docEngineUrl: string | null;
  workflowUrl: string | null;
  webhookSecret: string;
}

const columns = {
  id: spaces.id,
  autoParsing: spaces.autoParsing,
  docEngineUrl: spaces.docEngineUrl,
  workflowUrl: spaces.workflowUrl,
  webhookSecret: spaces.webhookSecret,
};

export type SettingsUpdate = Partial<Pick<typeof spaces.$inferInsert, 'autoParsing' | 'docEngineUrl' | 'workflowUrl' | 'webhookSecret' | 'webhookSecretPrevious' | 'webhookSecretRotatedAt'>>;

export const portalRepository = {
  async find(db: Executor, spaceId: string, forUpdate = false): Promise<SettingsRow | null> {
    const q = db.select(columns).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
    const rows = forUpdate ? await q.for('update') : await q;
    return rows[0] ?? null;
  },
  async update(db: Executor, spaceId: string, set: SettingsUpdate & { updatedAt: Date }): Promise<SettingsRow | null> {
    const rows = await db.update(spaces).set(set).where(eq(spaces.id, spaceId)).returning(columns);
    return rows[0] ?? null;
  },
};
