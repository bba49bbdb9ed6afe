/**
 * Streams an upload into a new file while hashing and counting it, aborting past the size limit:
 * what every blob store does before it keeps the bytes (fs renames the file, s3 sends it).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobTooLargeError } from './blob-store.ts';

export async function spoolToFile(stream: Readable, file: string, maxBytes: number): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > maxBytes) return cb(new BlobTooLargeError(maxBytes));
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  await pipeline(stream, meter, createWriteStream(file, { flags: 'wx' }));
  return { sha256: hash.digest('hex'), size };
}

/** A temporary file holding a stream's bytes, removed on release (stores without local files). */
export async function tempCopy(stream: Readable): Promise<{ path: string; release: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docrisk-blob-'));
  const file = path.join(dir, 'blob');
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await release();
    throw err;
  }
  return { path: file, release };
}
