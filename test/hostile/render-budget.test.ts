/** OCR rendering of an image-only PDF has a pixel budget over all its pages, not only per page. */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/documents/limits.ts';
import { renderPdfPages } from '../../src/documents/sources/ocr/render.ts';
import { pdfManyLargePages } from './generate.ts';

describe('render pixel budget', () => {
  it('pages each under the page cap but together over the document budget: too_large before the page that passes it is drawn', async () => {
    // 2200 pt at 200 dpi: 6,112² ≈ 37 MP a page (under the 40 MP page cap); 8 pages ≈ 299 MP.
    const side = Math.ceil((2200 * 200) / 72);
    expect(side * side).toBeLessThan(LIMITS.renderMaxPagePixels);
    const over = Math.floor(LIMITS.renderMaxPixelsAllPages / (side * side)) + 1;
    await expect(renderPdfPages(pdfManyLargePages(8), { maxPages: 30, gray: true })).rejects.toMatchObject({
      name: 'DocumentParseError',
      code: 'too_large',
      message: expect.stringContaining(`pages 1–${over} `),
    });
  }, 60_000);

  it('a document within the budget renders every page', async () => {
    const pages = await renderPdfPages(pdfManyLargePages(2, 600), { maxPages: 30, gray: true });
    expect(pages.map((p) => [p.page, p.image.channels])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
});
