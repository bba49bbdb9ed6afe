/**
 * A scanned upload as the service runs it — validation keeping its reading, then the parse given it —
 * reads each page once (issue 22: "one pdf.js load and one first-page OCR per upload"): page 1 is
 * recognised in validation (in the language a probe of its top band found, as the parse reads it) and
 * taken from the kept reading by the parse, which recognises pages 2..n only. The PDF is opened once
 * by validation (its text-layer load stays open to render page 1), once by the parse where it has
 * pages left to render, and not at all where the kept reading holds every page.
 * On the code before this (6d15ba2): pages + 1 whole-page recognitions (validation's English look at
 * page 1, then every page in the parse) and three pdf.js loads.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { generateStatement } from '../../test/fixtures/generator/index.ts';
import { scanPdf } from '../../test/fixtures/id/generator.ts';
import { parse, validateKeeping } from './pipeline.ts';
import { setOcrEngine, shutdownOcr } from './sources/ocr/index.ts';
import { TesseractEngine } from './sources/ocr/tesseract.ts';
import type { OcrImage, OcrOptions } from './sources/ocr/types.ts';
import { pdfLoadCount } from './sources/pdf/loads.ts';

const inner = new TesseractEngine({ poolSize: 1 });
/** Heights of the images recognised, by phase. */
let seen: number[] = [];
const counting = {
  recognize: (img: OcrImage, o: OcrOptions) => {
    seen.push(img.height);
    return inner.recognize(img, o);
  },
  terminate: () => Promise.resolve(),
};

afterAll(async () => {
  setOcrEngine(null);
  await inner.terminate();
});

/** Validation then parse, each as in a document child of its own (no OCR cache shared): recognitions of a whole page and loads per phase. */
async function upload(scan: Uint8Array): Promise<{ pages: number; status: string; recognitions: [number, number]; loads: [number, number]; transactions: number }> {
  // A whole page at any resolution the engine reads one at (the old look: 1,520 px high at 130 dpi; a
  // page at 200 dpi: 2,339), not the probe's top band (≈ 420), a word read again, or an MRZ line.
  const pages = (): number => seen.filter((h) => h >= 1000).length;
  await shutdownOcr();
  setOcrEngine(counting);
  seen = [];
  let l0 = pdfLoadCount();
  const v = await validateKeeping(scan, {});
  const rv = pages();
  const lv = pdfLoadCount() - l0;
  await shutdownOcr();
  setOcrEngine(counting);
  seen = [];
  l0 = pdfLoadCount();
  const out = await parse(scan, { format: 'pdf', documentType: v.outcome.document_type, ...(v.outcome.ocr_lang ? { ocrLang: v.outcome.ocr_lang } : {}) }, v.reading);
  return {
    pages: v.outcome.page_count ?? 0,
    status: v.outcome.status,
    recognitions: [rv, pages()],
    loads: [lv, pdfLoadCount() - l0],
    transactions: (out.parsing_result.transactions?.value as unknown[] | undefined)?.length ?? 0,
  };
}

describe('a scanned upload reads each page once', { timeout: 300_000 }, () => {
  it('two pages: page 1 recognised in validation only, page 2 in the parse; one load in each', async () => {
    const { pdf, truth } = await generateStatement({ layout: 'it_dare_avere', seed: 6101, transactions: 40 });
    const u = await upload(await scanPdf(pdf, 200));
    expect(u.pages).toBe(2);
    expect(u.status).toBe('success');
    expect(u.recognitions).toEqual([1, 1]);
    expect(u.loads).toEqual([1, 1]);
    expect(u.transactions).toBeGreaterThanOrEqual(truth.transactions.length - 2);
  });

  it('one page: the parse takes the kept page and opens nothing', async () => {
    const { pdf, truth } = await generateStatement({ layout: 'en_paid_in_out', seed: 6102, transactions: 8 });
    const u = await upload(await scanPdf(pdf, 200));
    expect(u.pages).toBe(1);
    expect(u.recognitions).toEqual([1, 0]);
    expect(u.loads).toEqual([1, 0]);
    expect(u.transactions).toBeGreaterThanOrEqual(truth.transactions.length - 1);
  });
});

describe('an illegible page is read whole once', { timeout: 300_000 }, () => {
  it('noise: no second whole-page reading in the language its specks seem to name', async () => {
    // 900 × 600 px of seeded noise (test/fixtures/id's quality-gate image): its "words" ("di", "in" among
    // specks) named a language, and the page was read again whole in it — a second full-price recognition.
    const w = 900;
    const h = 600;
    const data = new Uint8Array(w * h);
    let s = 7;
    for (let i = 0; i < data.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      data[i] = s >>> 24;
    }
    const { createCanvas } = await import('@napi-rs/canvas');
    const c = createCanvas(w, h);
    const g = c.getContext('2d');
    const img = g.createImageData(w, h);
    for (let i = 0; i < data.length; i++) {
      img.data[i * 4] = img.data[i * 4 + 1] = img.data[i * 4 + 2] = data[i]!;
      img.data[i * 4 + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    const bytes = new Uint8Array(await c.encode('png'));
    const langs: string[] = [];
    setOcrEngine({
      recognize: (im: OcrImage, o: OcrOptions) => {
        if (im.height >= 1000) langs.push(o.langs.join('+'));
        return inner.recognize(im, o);
      },
      terminate: () => Promise.resolve(),
    });
    try {
      const v = await validateKeeping(bytes, {});
      expect(v.outcome.status).toBe('unreadable');
      expect(new Set(langs).size).toBeLessThanOrEqual(1);
    } finally {
      await shutdownOcr();
      setOcrEngine(counting);
    }
  });
});
