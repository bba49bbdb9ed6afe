import path from 'node:path';
import type { BlobStoreKind } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import type { BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-store.ts';
import { PgBlobStore } from './pg-store.ts';

export type { BlobStore, StoredBlob } from './blob-store.ts';
export { BlobTooLargeError } from './blob-store.ts';
export { FsBlobStore, PgBlobStore };

export function createBlobStore(kind: BlobStoreKind, dataDir: string, db: Db): BlobStore {
  switch (kind) {
    case 'fs':
      return new FsBlobStore(path.join(dataDir, 'blobs'));
    case 'postgres':
      return new PgBlobStore(db);
  }
}
