/**
 * Blobs in S3-compatible object storage (AWS S3, MinIO, Ceph, …) under `<prefix><aa>/<sha256>`.
 * The upload is spooled to a temp file while it is hashed and counted (the key is its SHA-256, known
 * only at the end), then sent with its length; memory stays at one chunk whatever the size.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertKey, derivedKey, type BlobStore, type LocalBlob, type StoredBlob } from './blob-store.ts';
import { spoolToFile, tempCopy } from './spool.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Endpoint of an S3-compatible service (MinIO: http://host:9000); null = AWS. */
  endpoint: string | null;
  /** Path-style URLs (bucket in the path), as MinIO and most S3-compatible services want. */
  forcePathStyle: boolean;
  /** null = the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  prefix: string;
}

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404;
};

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly s: S3Settings;

  constructor(settings: S3Settings, client?: S3Client) {
    this.s = settings;
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: S3-compatible services that predate the flexible
        // checksums (aws-chunked uploads with trailers) accept plain signed requests.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
      });
  }

  private keyOf(key: string): string {
    assertKey(key);
    return `${this.s.prefix}${key.slice(0, 2)}/${key}`;
  }

  async put(stream: Readable, opts: { maxBytes: number }): Promise<StoredBlob> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docrisk-s3-'));
    const tmp = path.join(dir, randomBytes(8).toString('hex'));
    try {
      const { sha256, size } = await spoolToFile(stream, tmp, opts.maxBytes);
      if (!(await this.exists(sha256))) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.s.bucket,
            Key: this.keyOf(sha256),
            Body: createReadStream(tmp),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          }),
        );
      }
      return { key: sha256, sha256, size };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: this.keyOf(key) }));
      return Buffer.from(await r.Body!.transformToByteArray());
    } catch (e) {
      if (notFound(e)) throw Object.assign(new Error(`blob ${key} not found`), { code: 'ENOENT' });
      throw e;
    }
  }

  async localFile(key: string): Promise<LocalBlob> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: this.keyOf(key) }));
      return await tempCopy(r.Body as Readable);
    } catch (e) {
      if (notFound(e)) throw Object.assign(new Error(`blob ${key} not found`), { code: 'ENOENT' });
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (e) {
      if (notFound(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.keyOf(key) }));
  }

  async putDerived(key: string, name: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: `${this.s.prefix}${key.slice(0, 2)}/${derivedKey(key, name)}`,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async getDerived(key: string, name: string): Promise<Buffer | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: `${this.s.prefix}${key.slice(0, 2)}/${derivedKey(key, name)}` }));
      return Buffer.from(await r.Body!.transformToByteArray());
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async deleteDerived(key: string, name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: `${this.s.prefix}${key.slice(0, 2)}/${derivedKey(key, name)}` }));
  }

  /** Closes the SDK's connection pool. */
  close(): void {
    this.client.destroy();
  }
}
