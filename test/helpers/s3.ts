/** A real S3 protocol server for tests (s3rver, files under a temp directory) with one bucket. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3Settings } from '../../src/blobs/s3-store.ts';

export interface TestS3 {
  settings: S3Settings;
  /** The S3_* variables of a docrisk process using this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'docrisk-test'): Promise<TestS3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const addr = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${addr.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials, prefix: 'blobs/' },
    env: {
      DOCRISK_BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: 'blobs/',
    },
    async close() {
      await (server.close() as Promise<void>).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
