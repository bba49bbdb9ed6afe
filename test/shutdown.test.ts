/** Graceful shutdown: close() stops taking work, lets the in-flight job finish, then closes the database. */
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { setOcrEngine } from '../src/documents/sources/ocr/index.ts';
import { createTestApp } from './helpers/app.ts';

describe('graceful shutdown', () => {
  it('finishes an in-flight job before closing, and then refuses requests', async () => {
    let started = false;
    let finished = false;
    const t = await createTestApp({
      extraJobs: [
        {
          name: 'test.shutdown',
          schema: Type.Object({}),
          handler: (async () => {
            started = true;
            await new Promise((r) => setTimeout(r, 800));
            finished = true;
          }) as never,
        },
      ],
    });
    await t.app.jobs.job('test.shutdown').enqueue(t.app.database.db, {});
    for (let i = 0; i < 200 && !started; i++) await new Promise((r) => setTimeout(r, 25));
    expect(started).toBe(true);
    expect(finished).toBe(false);
    await t.app.close();
    expect(finished).toBe(true);
    await expect(t.app.database.ping()).rejects.toThrow();
    await t.db.drop().catch(() => undefined);
  });
});

describe('OCR workers on shutdown', () => {
  it('close() ends the process-wide OCR workers (started by a scanned upload), so the process can exit', async () => {
    let terminated = 0;
    setOcrEngine({
      recognize: () => Promise.reject(new Error('not used')),
      terminate: async () => {
        terminated++;
      },
    });
    const t = await createTestApp({});
    await t.app.close();
    expect(terminated).toBe(1);
    await t.db.drop().catch(() => undefined);
  });
});

describe('OCR traineddata directory', () => {
  it('the per-process directory of traineddata links is gone once the process exits', async () => {
    const { execFileSync } = await import('node:child_process');
    const { existsSync } = await import('node:fs');
    const adapter = new URL('../src/documents/sources/ocr/tesseract.ts', import.meta.url).pathname;
    const script = `
      import fs from 'node:fs'; import os from 'node:os';
      const { TesseractEngine } = await import(${JSON.stringify(adapter)});
      const before = new Set(fs.readdirSync(os.tmpdir()));
      const e = new TesseractEngine({ poolSize: 1 });
      await e.recognize({ width: 64, height: 32, channels: 1, data: new Uint8Array(2048).fill(255) }, { langs: ['eng'] });
      await e.terminate();
      const made = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('docrisk-tessdata-') && !before.has(f));
      console.log(JSON.stringify(made.map((f) => os.tmpdir() + '/' + f)));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    const made = JSON.parse(out.trim().split('\n').at(-1)!) as string[];
    expect(made).toHaveLength(1);
    expect(existsSync(made[0]!)).toBe(false);
  }, 90_000);
});
