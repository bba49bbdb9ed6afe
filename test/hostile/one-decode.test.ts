/**
 * A scanned PDF's pages are decoded and rendered once per reading: validation's look renders page 1
 * at the full-pass resolution and scales it down (before: once at the look's resolution, again at
 * full resolution when the look read nothing legible, and again for the reading after it), and the
 * parse that follows in the same process takes page 1 from the raster cache.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument, validateDocument } from '../../src/documents/index.ts';
import { renderedPageCount } from '../../src/documents/sources/ocr/render.ts';
import { generateStatement } from '../fixtures/generator/index.ts';
import { scanPdf } from '../fixtures/id/generator.ts';

describe('one decode per page', () => {
  it('validating then parsing a 2-page scan renders 2 pages, not 3', async () => {
    const { pdf } = await generateStatement({ layout: 'it_dare_avere', seed: 5, transactions: 40 });
    const scan = await scanPdf(pdf, 200);
    const before = renderedPageCount();
    const v = await validateDocument(scan, {});
    expect(v.status).toBe('success');
    expect(v.page_count).toBe(2);
    const p = await parseDocument(scan, { format: 'pdf', documentType: v.document_type, ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}) });
    expect((p.parsing_result.transactions as { value: unknown[] }).value.length).toBeGreaterThan(30);
    expect(renderedPageCount() - before).toBe(2);
  }, 120_000);
});
