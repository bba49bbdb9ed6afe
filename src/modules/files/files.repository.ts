import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { RawJson } from '../../shared/raw-json.ts';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type FileInsert = typeof files.$inferInsert;

export const filesRepository = {
  async insert(db: Executor, row: FileInsert): Promise<FileRow> {
    const rows = await db.insert(files).values(row).returning();
    return rows[0] as FileRow;
  },

  async find(db: Executor, spaceId: string, processId: string, fileId: string): Promise<FileRow | null> {
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.processId, processId), eq(files.spaceId, spaceId)))
      .limit(1);
    return rows[0] ?? null;
  },

  /** A file for the API's read: the stored parsing result stays JSON text (written as it is). */
  async findForRead(db: Executor, spaceId: string, processId: string, fileId: string): Promise<FileRow | null> {
    const rows = await db
      .select({ ...getTableColumns(files), parsingResult: sql<string | null>`${files.parsingResult}::text` })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.processId, processId), eq(files.spaceId, spaceId)))
      .limit(1);
    const r = rows[0];
    return r ? { ...r, parsingResult: r.parsingResult === null ? null : new RawJson(r.parsingResult) } : null;
  },

  async findById(db: Executor, fileId: string): Promise<FileRow | null> {
    const rows = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
    return rows[0] ?? null;
  },

  async list(db: Executor, processId: string, limit: number, offset: number): Promise<{ items: FileRow[]; total: number }> {
    const [items, count] = await Promise.all([
      db.select().from(files).where(eq(files.processId, processId)).orderBy(desc(files.createdAt), desc(files.id)).limit(limit).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.processId, processId)),
    ]);
    return { items, total: count[0]?.n ?? 0 };
  },

  async listByIds(db: Executor, processId: string, ids: string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(files).where(and(eq(files.processId, processId), inArray(files.id, ids)));
  },

  async listAwaitingParse(db: Executor, processId: string): Promise<FileRow[]> {
    return db
      .select()
      .from(files)
      .where(and(eq(files.processId, processId), eq(files.parsingStatus, 'uploaded'), eq(files.validationStatus, 'success')))
      .orderBy(files.createdAt, files.id);
  },

  async listByProcess(db: Executor, processId: string): Promise<FileRow[]> {
    return db.select().from(files).where(eq(files.processId, processId)).orderBy(files.createdAt, files.id);
  },

  async markProcessing(db: Executor, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(files)
      .set({ parsingStatus: 'processing', parsingResult: null, parsingConfidence: null, errors: [], updatedAt: at })
      .where(inArray(files.id, ids));
  },

  /** Moves a file out of `processing`; returns the updated row, or null when it was not processing (idempotence). */
  async finishParsing(
    db: Executor,
    fileId: string,
    set: { parsingStatus: 'completed' | 'error'; parsingResult: unknown; parsingConfidence: number | null; errors: unknown[]; validationErrors?: unknown[]; at: Date },
  ): Promise<FileRow | null> {
    const rows = await db
      .update(files)
      .set({
        parsingStatus: set.parsingStatus,
        parsingResult: set.parsingResult,
        parsingConfidence: set.parsingConfidence,
        errors: set.errors,
        ...(set.validationErrors ? { validationErrors: set.validationErrors } : {}),
        updatedAt: set.at,
        parseAttempts: sql`${files.parseAttempts} + 1`,
      })
      .where(and(eq(files.id, fileId), eq(files.parsingStatus, 'processing')))
      .returning();
    return rows[0] ?? null;
  },

  async countByBlob(db: Executor, blobKey: string): Promise<number> {
    const rows = await db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.blobKey, blobKey));
    return rows[0]?.n ?? 0;
  },

  async findByExtFileId(db: Executor, processId: string, extFileId: string): Promise<FileRow | null> {
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.processId, processId), eq(files.extFileId, extFileId)))
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(1);
    return rows[0] ?? null;
  },

  async listByIdsAnyProcess(db: Executor, ids: string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(files).where(inArray(files.id, ids));
  },

  /** Deletes the files of a process with this ext_file_id; returns the deleted rows. */
  async deleteByExtFileId(db: Executor, processId: string, extFileId: string): Promise<FileRow[]> {
    return db.delete(files).where(and(eq(files.processId, processId), eq(files.extFileId, extFileId))).returning();
  },

  async deleteFile(db: Executor, fileId: string): Promise<void> {
    await db.delete(files).where(eq(files.id, fileId));
  },
};
