import path from 'node:path';
import type { BlobStoreKind } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-store.ts';
import { PgBlobStore } from './pg-store.ts';
import type { S3Settings } from './s3-store.ts';

export type { BlobStore, StoredBlob } from './blob-store.ts';
export { BlobTooLargeError } from './blob-store.ts';
export { FsBlobStore, PgBlobStore };

export async function createBlobStore(kind: BlobStoreKind, dataDir: string, db: Db, s3: S3Settings | null = null): Promise<BlobStore> {
  switch (kind) {
    case 'fs':
      return new FsBlobStore(path.join(dataDir, 'blobs'));
    case 'postgres':
      return new PgBlobStore(db);
    case 's3': {
      if (!s3) throw new Error('the s3 blob store needs its settings (S3_BUCKET …)');
      // Loaded only when chosen: the AWS SDK is large.
      const { S3BlobStore } = await import('./s3-store.ts');
      return new S3BlobStore(s3);
    }
  }
}
