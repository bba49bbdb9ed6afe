/**
 * A disk cache of OCR looks and readings for bench runs that study the statement readers (extraction,
 * repairs) on the same scans again: `Readings.look` and `Readings.ocrRead` are answered from DIR where
 * the same file (SHA-256), method, format and plan were read before. Only for bench/: what a source
 * returns is not checked against the code that wrote the cache — clear DIR after changing sources/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { Readings } from '../../src/documents/sources/reading.ts';

type Method = (this: unknown, format: unknown, plan: unknown) => Promise<unknown>;

export function cacheOcrReadings(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const proto = Readings.prototype as unknown as Record<string, Method>;
  for (const name of ['look', 'ocrRead']) {
    const original = proto[name]!;
    proto[name] = async function (this: unknown, format: unknown, plan: unknown): Promise<unknown> {
      const digest = (this as { r: { digest: string } }).r.digest;
      const key = createHash('sha256').update(JSON.stringify([digest, name, format, plan])).digest('hex').slice(0, 32);
      const file = path.join(dir, `${key}.v8`);
      if (existsSync(file)) return deserialize(readFileSync(file));
      const value = await original.call(this, format, plan);
      writeFileSync(file, serialize(value));
      return value;
    };
  }
}
