/**
 * Rendering a long image-only PDF for OCR in a document child: each page is rendered when it is read
 * and its canvas's native memory is given back before the next (sources/ocr/render.ts). Before, every
 * page was rendered first and each left its canvas behind (≈ 16–20 MB an A4 page at 200 dpi, which V8
 * never collected): a 24-page scan grew its child 813 MB.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentSandbox } from '../../src/sandbox/pool.ts';
import { pdfManyLargePages } from './generate.ts';

const MB = 1024 * 1024;

describe('OCR rendering memory in a document child', () => {
  const sandbox = new DocumentSandbox({ workers: 1 });
  afterAll(() => sandbox.close());

  it('24 A4-sized image-only pages grow the child by less than 256 MB (525 MB before; pdf.js and the canvas library loading count too) (a page at a time, canvases given back)', async () => {
    // 700 pt squares at 200 dpi: 1,945² ≈ 3.8 MP a page (15 MB of canvas, 3.8 MB gray), 91 MP in all.
    const pdf = pdfManyLargePages(24, 700);
    await expect(sandbox.parseDocument(pdf, { format: 'pdf', documentType: 'bank_statement', ocrLang: 'eng' })).rejects.toMatchObject({
      name: 'DocumentParseError',
    });
    expect(sandbox.stats.killed).toBe(0);
    expect(sandbox.stats.peakGrowthBytes).toBeGreaterThan(0);
    expect(sandbox.stats.peakGrowthBytes).toBeLessThan(256 * MB);
  }, 120_000);
});
