/** The floor for `bench/upload.ts memory`: Fastify + @fastify/multipart streaming one file part to disk. */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const dir = mkdtempSync(path.join(os.tmpdir(), 'upload-floor-'));
const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: Number(process.argv[3] ?? 64 * 2 ** 20), files: 1 } });
app.get('/ready', async () => ({ ok: true }));
app.post('/upload', async (req) => {
  const part = await req.file();
  if (!part) return { ok: false };
  const file = path.join(dir, String(Date.now()));
  await pipeline(part.file, createWriteStream(file));
  rmSync(file);
  return { ok: true };
});
process.on('SIGTERM', () => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
await app.listen({ port: Number(process.argv[2] ?? 3001), host: '127.0.0.1' });
