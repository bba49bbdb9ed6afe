/**
 * BlobStore port: content-addressed (SHA-256) storage of uploaded files.
 * `put` streams, hashing and counting bytes in flight, and aborts past `maxBytes` leaving nothing behind.
 */
import type { Readable } from 'node:stream';

export interface StoredBlob {
  key: string;
  sha256: string;
  size: number;
}

export class BlobTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`file exceeds the upload limit of ${limit} bytes`);
    this.name = 'BlobTooLargeError';
    this.limit = limit;
  }
}

/** A blob as a file on this machine, for readers that take a path (the document sandbox's children). */
export interface LocalBlob {
  path: string;
  /** Removes the file when it is a temporary copy (the fs store's own file stays). */
  release(): Promise<void>;
}

export interface BlobStore {
  readonly kind: string;
  put(stream: Readable, opts: { maxBytes: number }): Promise<StoredBlob>;
  get(key: string): Promise<Buffer>;
  /** The blob as a local file (fs: the stored file itself; elsewhere a temporary copy, streamed). */
  localFile(key: string): Promise<LocalBlob>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Derived artifacts of a blob (the document engine's reading of it), stored beside it under a short
   * name: a cache, so getDerived answers null for one that is missing; the caller deletes it with its blob.
   */
  putDerived(key: string, name: string, bytes: Uint8Array): Promise<void>;
  getDerived(key: string, name: string): Promise<Buffer | null>;
  deleteDerived(key: string, name: string): Promise<void>;
}

export const KEY_RE = /^[0-9a-f]{64}$/;

export function assertKey(key: string): void {
  if (!KEY_RE.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
}

const DERIVED_RE = /^[a-z][a-z0-9-]{0,31}$/;

/** The storage name of a blob's derived artifact: `<sha256>.<name>` (never a valid blob key). */
export function derivedKey(key: string, name: string): string {
  assertKey(key);
  if (!DERIVED_RE.test(name)) throw new Error(`invalid derived blob name ${JSON.stringify(name)}`);
  return `${key}.${name}`;
}
