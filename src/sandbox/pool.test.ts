import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument, validateDocument } from '../documents/index.ts';
import { csvRows } from '../../test/hostile/generate.ts';
import { enrichParsingResult } from '../modules/files/files.enrich.ts';
import { DocumentSandbox } from './pool.ts';

let sandbox: DocumentSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

const CSV = csvRows(50);

describe('document sandbox', () => {
  it('gives the same outcomes as the engine in process', async () => {
    sandbox = new DocumentSandbox({ workers: 1 });
    const v = await sandbox.validateDocument(CSV, {});
    expect(v).toEqual(await validateDocument(CSV, {}));
    const p = await sandbox.parseDocument(CSV, { format: 'csv', documentType: 'bank_account_movements' });
    // Enriched in the child exactly as files.enrich does it in process.
    expect(p).toEqual(
      await parseDocument(CSV, { format: 'csv', documentType: 'bank_account_movements' }).then((o) => ({
        ...o,
        parsing_result: enrichParsingResult(o.parsing_result),
      })),
    );
  });

  it('reads a document from a file in the child, with the outcomes it gives for the bytes', async () => {
    sandbox = new DocumentSandbox({ workers: 1 });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-file-'));
    const file = path.join(dir, 'doc.csv');
    writeFileSync(file, CSV);
    try {
      expect(await sandbox.validateFile(file, {})).toEqual(await sandbox.validateDocument(CSV, {}));
      const opts = { format: 'csv', documentType: 'bank_account_movements' } as const;
      expect(await sandbox.parseFile(file, opts)).toEqual(await sandbox.parseDocument(CSV, opts));
      // A file that is not there is a crash of the job, not a hang.
      expect((await sandbox.validateFile(path.join(dir, 'missing'), {})).status).toBe('unreadable');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes a parse error on with its code', async () => {
    sandbox = new DocumentSandbox({ workers: 1 });
    await expect(
      sandbox.parseDocument(new TextEncoder().encode('nonsense'), {
        format: 'mt940',
        documentType: 'bank_statement',
      }),
    ).rejects.toMatchObject({
      name: 'DocumentParseError',
      code: expect.any(String),
    });
  });

  it('over its time budget: validation unreadable/too_large, parse error too_large, the child replaced', async () => {
    sandbox = new DocumentSandbox({ workers: 1, validateTimeoutMs: 30, parseTimeoutMs: 30 });
    const big = csvRows(100_000);
    const v = await sandbox.validateDocument(big, {});
    expect(v.status).toBe('unreadable');
    expect(v.errors[0]).toMatchObject({ code: 'too_large', message: expect.stringMatching(/longer than/) });
    await expect(
      sandbox.parseDocument(big, { format: 'csv', documentType: 'bank_account_movements' }),
    ).rejects.toMatchObject({ code: 'too_large' });
    expect(sandbox.stats.killed).toBe(2);
    // A fresh child takes the next job.
    const small = new DocumentSandbox({ workers: 1 });
    try {
      expect((await small.validateDocument(CSV, {})).status).toBe('success');
    } finally {
      await small.close();
    }
  });

  it('over its memory cap (RSS watchdog or heap cap): too_large, and the next job still runs', async () => {
    sandbox = new DocumentSandbox({ workers: 1, heapMb: 96, maxRssMb: 200 });
    const v = await sandbox.validateDocument(csvRows(199_000), {});
    expect(v.status).toBe('unreadable');
    expect(v.errors[0]).toMatchObject({ code: 'too_large', message: expect.stringMatching(/memory/) });
    expect((await sandbox.validateDocument(CSV, {})).status).toBe('success');
    expect(sandbox.stats.started).toBe(2);
  });

  it("the caller's event loop stays free while a large file is read", async () => {
    sandbox = new DocumentSandbox({ workers: 1, pollMs: 5 });
    await sandbox.validateDocument(CSV, {}); // child warm
    const growthBefore = sandbox.stats.peakGrowthBytes;
    const big = csvRows(20_000);
    const p = await sandbox.parseDocument(big, { format: 'csv', documentType: 'bank_account_movements' });
    expect(p.parsing_result).toBeTruthy();
    // The warm child read it (none started for it), and this loop kept turning while the child worked on
    // it: the RSS watchdog, a timer of this loop, saw the child grown above its idle size for the file.
    expect(sandbox.stats.started).toBe(1);
    expect(sandbox.stats.peakGrowthBytes).toBeGreaterThan(Math.max(growthBefore, 8 * 1024 * 1024));
  });

  it('retires a child after recycleAfterJobs jobs', async () => {
    sandbox = new DocumentSandbox({ workers: 1, recycleAfterJobs: 2 });
    for (let i = 0; i < 3; i++) expect((await sandbox.validateDocument(CSV, {})).status).toBe('success');
    expect(sandbox.stats.retired).toBe(1);
    expect(sandbox.stats.started).toBe(2);
  });
});

describe('document sandbox scheduling', () => {
  it('a validation is not stuck behind long parses: one child stays reserved for it', async () => {
    sandbox = new DocumentSandbox({ workers: 2, reservedForValidation: 1 });
    // Parses that cannot end before this test lets them: each child reads a FIFO nobody writes yet.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-fifo-'));
    const fifos = [1, 2, 3].map((i) => path.join(dir, `parse-${i}.csv`));
    for (const f of fifos) execFileSync('mkfifo', [f]);
    try {
      const parses = fifos.map((f) => sandbox!.parseFile(f, { format: 'csv', documentType: 'bank_account_movements' }));
      // Ends while every parse still waits for its bytes (queued behind them, it would never end).
      expect((await sandbox.validateDocument(CSV, {})).status).toBe('success');
      // One parse at a time in the other child: each FIFO is opened once the parse before it is done.
      for (const f of fifos) await writeFile(f, CSV);
      for (const p of await Promise.all(parses)) expect(p.parsing_result).toBeTruthy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
