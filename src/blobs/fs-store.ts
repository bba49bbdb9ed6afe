import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, derivedKey, type BlobStore, type LocalBlob, type StoredBlob } from './blob-store.ts';
import { spoolToFile } from './spool.ts';

/** Blobs as files under `<dir>/<aa>/<bb>/<sha256>`; writes go to a temp file renamed into place. */
export class FsBlobStore implements BlobStore {
  readonly kind = 'fs';
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.dir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(stream: Readable, opts: { maxBytes: number }): Promise<StoredBlob> {
    const tmpDir = path.join(this.dir, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    try {
      const { sha256, size } = await spoolToFile(stream, tmp, opts.maxBytes);
      const final = this.pathOf(sha256);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(tmp, final);
      return { key: sha256, sha256, size };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async localFile(key: string): Promise<LocalBlob> {
    const file = this.pathOf(key);
    await access(file);
    return { path: file, release: async () => undefined };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async putDerived(key: string, name: string, bytes: Uint8Array): Promise<void> {
    const final = path.join(path.dirname(this.pathOf(key)), derivedKey(key, name));
    const tmpDir = path.join(this.dir, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(tmp, bytes);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(tmp, final);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async getDerived(key: string, name: string): Promise<Buffer | null> {
    return readFile(path.join(path.dirname(this.pathOf(key)), derivedKey(key, name))).catch(() => null);
  }

  async deleteDerived(key: string, name: string): Promise<void> {
    await rm(path.join(path.dirname(this.pathOf(key)), derivedKey(key, name)), { force: true });
  }
}
