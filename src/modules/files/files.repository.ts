import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { RawJson } from '../../shared/raw-json.ts';
import { batchedRead } from '../../db/batched-read.ts';
import { JsonBytes } from '../../shared/json-bytes.ts';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type FileInsert = typeof files.$inferInsert;
/** The columns the File resource shows (files.view.ts). */
export type FileReadRow = Pick<
  FileRow,
  'id' | 'processId' | 'extFileId' | 'documentType' | 'validationStatus' | 'validationErrors' | 'preResult' | 'parsingStatus' | 'parsingConfidence' | 'parsingResult' | 'errors'
>;

/** The reads of one event-loop turn in one statement (src/db/batched-read.ts): keys (id, process_id, space_id). */
const fileForRead = batchedRead<Record<string, unknown> & { ord: number }>(
  'docrisk_file_read_v2',
  `select k.ord::int as ord, f.id, f.process_id, f.ext_file_id, f.document_type, f.validation_status, f.validation_errors, f.pre_result,
    f.parsing_status, f.parsing_confidence, f.parsing_result::text as parsing_result, f.errors
    from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as k(id, process_id, space_id, ord)
    join files f on f.id = k.id and f.process_id = k.process_id and f.space_id = k.space_id`,
  // On the PGlite thread the result comes as bytes: never a string on the API's thread (files.routes.ts sends them).
  { bytesFields: ['parsing_result'] },
);

/**
 * A stored result read as text of at least this size is held as bytes (JsonBytes) for the answer: the
 * GET then writes it as it is rather than splicing it into the serialised view as one string (a copy of
 * the whole string) and encoding that (a 199k-row result is ≈ 40 MB).
 */
export const RESULT_AS_BYTES_CHARS = 1 << 20;

function storedResult(v: unknown): RawJson | JsonBytes | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return new JsonBytes(v);
  const text = v as string;
  return text.length >= RESULT_AS_BYTES_CHARS ? new JsonBytes(Buffer.from(text, 'utf8')) : new RawJson(text);
}

/** Every column but the parse result: a statement of 199k rows is ≈ 40 MB of JSON, not to be sent back. */
const { parsingResult: _result, ...WITHOUT_RESULT } = getTableColumns(files);

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

  /**
   * What the File resource shows, for the API's read (one prepared statement): the stored parsing result
   * stays JSON text (written as it is).
   */
  async findForRead(db: Executor, spaceId: string, processId: string, fileId: string): Promise<FileReadRow | null> {
    const r = await fileForRead(db, [fileId, processId, spaceId]);
    if (!r) return null;
    const obj = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
    return {
      id: r.id as string,
      processId: r.process_id as string,
      extFileId: r.ext_file_id as string | null,
      documentType: r.document_type as string,
      validationStatus: r.validation_status as string,
      validationErrors: obj(r.validation_errors),
      preResult: obj(r.pre_result),
      parsingStatus: r.parsing_status as string,
      parsingConfidence: r.parsing_confidence as number | null,
      parsingResult: storedResult(r.parsing_result),
      errors: obj(r.errors),
    };
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
        // JSON already serialised (from the document child) is written as it is: ::json of the text.
        parsingResult: set.parsingResult instanceof JsonBytes ? sql`${set.parsingResult}::json` : set.parsingResult,
        parsingConfidence: set.parsingConfidence,
        errors: set.errors,
        ...(set.validationErrors ? { validationErrors: set.validationErrors } : {}),
        updatedAt: set.at,
        parseAttempts: sql`${files.parseAttempts} + 1`,
      })
      .where(and(eq(files.id, fileId), eq(files.parsingStatus, 'processing')))
      .returning(WITHOUT_RESULT);
    // The result just written is the caller's own: not read back (on PGlite that took 7 s of this thread for 40 MB).
    return rows[0] ? { ...rows[0], parsingResult: set.parsingResult } : null;
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
