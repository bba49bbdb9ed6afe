/** One contract suite, run against every BlobStore adapter. */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';
import { BlobTooLargeError, type BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-store.ts';
import { PgBlobStore } from './pg-store.ts';
import { S3BlobStore } from './s3-store.ts';
import { startS3, type TestS3 } from '../../test/helpers/s3.ts';

const chunks = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

const tmp = mkdtempSync(path.join(os.tmpdir(), 'docrisk-blobs-'));
let db: TestDatabase;
let s3: TestS3;
const s3Stores: S3BlobStore[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startS3();
});
afterAll(async () => {
  for (const s of s3Stores) s.close();
  await s3?.close();
  await db?.drop();
  rmSync(tmp, { recursive: true, force: true });
});

const adapters: [string, () => BlobStore][] = [
  ['fs', () => new FsBlobStore(path.join(tmp, 'fs'))],
  ['postgres', () => new PgBlobStore(db.database.db)],
  [
    's3 (s3rver)',
    () => {
      const s = new S3BlobStore(s3.settings);
      s3Stores.push(s);
      return s;
    },
  ],
];

describe.each(adapters)('BlobStore contract: %s', (_name, make) => {
  it('stores content-addressed by SHA-256 and reads it back', async () => {
    const s = make();
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100_000, 7)]);
    const r = await s.put(chunks(body.subarray(0, 5), body.subarray(5)), { maxBytes: 1_000_000 });
    expect(r.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(r.key).toBe(r.sha256);
    expect(r.size).toBe(body.length);
    expect(Buffer.compare(await s.get(r.key), body)).toBe(0);
    expect(await s.exists(r.key)).toBe(true);
  });

  it('is idempotent for identical content', async () => {
    const s = make();
    const a = await s.put(chunks('same bytes'), { maxBytes: 100 });
    const b = await s.put(chunks('same ', 'bytes'), { maxBytes: 100 });
    expect(a).toEqual(b);
  });

  it('aborts past maxBytes and leaves nothing behind', async () => {
    const s = make();
    const big = Buffer.alloc(2048, 1);
    await expect(s.put(chunks(big, big), { maxBytes: 3000 })).rejects.toBeInstanceOf(BlobTooLargeError);
    const key = createHash('sha256').update(Buffer.concat([big, big])).digest('hex');
    expect(await s.exists(key)).toBe(false);
    if (s instanceof FsBlobStore) expect(readdirSync(path.join(tmp, 'fs', 'tmp'))).toEqual([]);
  });

  it('gives a blob as a local file with its bytes; a temporary copy is gone after release', async () => {
    const s = make();
    const body = Buffer.alloc(300_000, 9);
    const r = await s.put(chunks(body), { maxBytes: 1_000_000 });
    const local = await s.localFile(r.key);
    expect(Buffer.compare(readFileSync(local.path), body)).toBe(0);
    await local.release();
    // The fs store's own file stays; a copy is removed.
    expect(existsSync(local.path)).toBe(s instanceof FsBlobStore);
    expect(await s.exists(r.key)).toBe(true);
    await expect(s.localFile('f'.repeat(64))).rejects.toThrow();
  });

  it('deletes, and refuses keys that are not SHA-256 hex', async () => {
    const s = make();
    const r = await s.put(chunks('to delete'), { maxBytes: 100 });
    await s.delete(r.key);
    expect(await s.exists(r.key)).toBe(false);
    await expect(s.get('../../etc/passwd')).rejects.toThrow(/invalid blob key/);
  });

  it('keeps a derived artifact beside a blob: replaced on put, null when missing, deleted on its own', async () => {
    const s = make();
    const r = await s.put(chunks('a document'), { maxBytes: 100 });
    expect(await s.getDerived(r.key, 'reading')).toBeNull();
    await s.putDerived(r.key, 'reading', new Uint8Array([1, 2, 3]));
    await s.putDerived(r.key, 'reading', new Uint8Array([4, 5]));
    expect([...(await s.getDerived(r.key, 'reading'))!]).toEqual([4, 5]);
    expect(Buffer.compare(await s.get(r.key), Buffer.from('a document'))).toBe(0);
    await s.deleteDerived(r.key, 'reading');
    expect(await s.getDerived(r.key, 'reading')).toBeNull();
    expect(await s.exists(r.key)).toBe(true);
    await expect(s.putDerived(r.key, '../x', new Uint8Array([1]))).rejects.toThrow(/invalid derived blob name/);
  });
});
