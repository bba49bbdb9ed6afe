import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blobs } from '../db/schema.ts';
import { assertKey, BlobTooLargeError, derivedKey, type BlobStore, type LocalBlob, type StoredBlob } from './blob-store.ts';
import { tempCopy } from './spool.ts';

/** Blobs in the database (bytea), for several API/worker machines sharing one PostgreSQL. */
export class PgBlobStore implements BlobStore {
  readonly kind = 'postgres';
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async put(stream: Readable, opts: { maxBytes: number }): Promise<StoredBlob> {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += b.length;
      if (size > opts.maxBytes) {
        stream.destroy();
        throw new BlobTooLargeError(opts.maxBytes);
      }
      hash.update(b);
      chunks.push(b);
    }
    const sha256 = hash.digest('hex');
    await this.db.insert(blobs).values({ key: sha256, data: Buffer.concat(chunks), sizeBytes: size }).onConflictDoNothing();
    return { key: sha256, sha256, size };
  }

  async get(key: string): Promise<Buffer> {
    assertKey(key);
    const rows = await this.db.select({ data: blobs.data }).from(blobs).where(eq(blobs.key, key)).limit(1);
    const row = rows[0];
    if (!row) throw Object.assign(new Error(`blob ${key} not found`), { code: 'ENOENT' });
    return row.data;
  }

  async localFile(key: string): Promise<LocalBlob> {
    return tempCopy(Readable.from([await this.get(key)]));
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key);
    const rows = await this.db.select({ key: blobs.key }).from(blobs).where(eq(blobs.key, key)).limit(1);
    return rows.length > 0;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.db.delete(blobs).where(eq(blobs.key, key));
  }

  async putDerived(key: string, name: string, bytes: Uint8Array): Promise<void> {
    const k = derivedKey(key, name);
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    await this.db.insert(blobs).values({ key: k, data, sizeBytes: bytes.length }).onConflictDoUpdate({ target: blobs.key, set: { data, sizeBytes: bytes.length } });
  }

  async getDerived(key: string, name: string): Promise<Buffer | null> {
    const rows = await this.db.select({ data: blobs.data }).from(blobs).where(eq(blobs.key, derivedKey(key, name))).limit(1);
    return rows[0]?.data ?? null;
  }

  async deleteDerived(key: string, name: string): Promise<void> {
    await this.db.delete(blobs).where(eq(blobs.key, derivedKey(key, name)));
  }
}
