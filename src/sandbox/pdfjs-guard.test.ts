import { afterAll, describe, expect, it } from 'vitest';
import { j2kCodestream, jbig2Stream, pdfCcittBomb, pdfFlateBomb, pdfJbig2Bomb, pdfJpxBomb } from '../../test/hostile/generate.ts';
import { DocumentSandbox } from './pool.ts';
import { jbig2DeclaredSizes, jpxDeclaredSize, patchedWorkerSource } from './pdfjs-guard.ts';

const MB = 1024 * 1024;

describe('pdf.js guard', () => {
  it('finds every place it patches in the installed pdf.js', () => {
    const src = patchedWorkerSource();
    expect(src.match(/__docriskPdfGuard/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('reads the size a JPEG 2000 codestream declares', () => {
    expect(jpxDeclaredSize(j2kCodestream(60_000))).toEqual({ width: 60_000, height: 60_000 });
    expect(jpxDeclaredSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it('reads the page and region sizes a JBIG2 stream declares, embedded or with its file header', () => {
    expect(jbig2DeclaredSizes(jbig2Stream(45_000))).toEqual([
      { width: 45_000, height: 45_000 },
      { width: 45_000, height: 45_000 },
    ]);
    const header = [0x97, 0x4a, 0x42, 0x32, 0x0d, 0x0a, 0x1a, 0x0a, 0x01, 0, 0, 0, 1];
    expect(jbig2DeclaredSizes(new Uint8Array([...header, ...jbig2Stream(300)]))).toHaveLength(2);
    expect(jbig2DeclaredSizes(new Uint8Array([1, 2, 3]))).toEqual([]);
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

  it('a JBIG2 image whose segments declare 45,000² behind a 100×100 dictionary is not decoded (it grew the child 240 MB)', async () => {
    const before = sandbox.stats.peakGrowthBytes;
    const v = await sandbox.validateDocument(pdfJbig2Bomb());
    expect(v.status).toBe('unreadable');
    expect(v.errors[0]).toMatchObject({ code: 'too_large', message: expect.stringMatching(/JBIG2 image declares 45000×45000/) });
    await expect(sandbox.parseDocument(pdfJbig2Bomb(), { format: 'pdf', documentType: 'bank_statement' })).rejects.toMatchObject({ code: 'too_large' });
    expect(sandbox.stats.killed).toBe(0);
    expect(Math.max(before, sandbox.stats.peakGrowthBytes)).toBeLessThan(512 * MB);
  }, 60_000);

  it('a CCITT image whose DecodeParms declare 45,000 columns and rows is not decoded', async () => {
    const v = await sandbox.validateDocument(pdfCcittBomb());
    expect(v.status).toBe('unreadable');
    expect(v.errors[0]).toMatchObject({ code: 'too_large', message: expect.stringMatching(/CCITT image declares 45000×45000/) });
  }, 60_000);
});
