import { afterAll, describe, expect, it } from 'vitest';
import { j2kCodestream, pdfFlateBomb, pdfJpxBomb } from '../../test/hostile/generate.ts';
import { DocumentSandbox } from './pool.ts';
import { jpxDeclaredSize, patchedWorkerSource } from './pdfjs-guard.ts';

const MB = 1024 * 1024;

describe('pdf.js guard', () => {
  it('finds every place it patches in the installed pdf.js', () => {
    const src = patchedWorkerSource();
    expect(src.match(/__docriskPdfGuard/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('reads the size a JPEG 2000 codestream declares', () => {
    expect(jpxDeclaredSize(j2kCodestream(60_000))).toEqual({ width: 60_000, height: 60_000 });
    expect(jpxDeclaredSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('bombs in the document sandbox, default settings', () => {
  const sandbox = new DocumentSandbox({ workers: 1 });
  afterAll(() => sandbox.close());

  it('a 3× FlateDecode content stream (1 GiB) is refused while decoding, not by killing the child', async () => {
    const v = await sandbox.validateDocument(await pdfFlateBomb());
    expect(v.status).toBe('unreadable');
    expect(v.errors[0]).toMatchObject({ code: 'too_large', message: expect.stringMatching(/decodes to more than 128 MB/) });
    expect(sandbox.stats.killed).toBe(0);
    expect(sandbox.stats.peakGrowthBytes).toBeLessThan(512 * MB);
    await expect(sandbox.parseDocument(await pdfFlateBomb(), { format: 'pdf', documentType: 'bank_statement' })).rejects.toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(/decodes to more than/),
    });
    expect(sandbox.stats.killed).toBe(0);
  }, 60_000);

  it('a JPX image whose codestream declares 60,000² behind a 100×100 dictionary is not decoded', async () => {
    const v = await sandbox.validateDocument(pdfJpxBomb());
    expect(v.status).toBe('unreadable');
    expect(v.errors[0]).toMatchObject({ code: 'too_large', message: expect.stringMatching(/JPEG 2000 image declares 60000×60000/) });
    expect(sandbox.stats.killed).toBe(0);
    expect(sandbox.stats.peakGrowthBytes).toBeLessThan(512 * MB);
  }, 60_000);
});
