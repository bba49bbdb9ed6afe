/**
 * A scan's OCR image work (render, normalise, deskew, rule removal) and its recognitions run in the
 * document sandbox's children, never on the thread that serves HTTP: an upload of a scanned statement,
 * validated on the request and parsed by the job that follows, renders no page and asks this
 * process's OCR engine for nothing (issue 22: "OCR image work off the HTTP thread").
 */
// db-selection: PGlite is enough — the upload path's document work is what is watched, not the database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOcrEngine } from '../src/documents/sources/ocr/index.ts';
import { renderedPageCount } from '../src/documents/sources/ocr/render.ts';
import { generateStatement } from './fixtures/generator/index.ts';
import { scanPdf } from './fixtures/id/generator.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { uploadFile, waitParsed } from './helpers/files.ts';

let t: TestApp;
let recognitions = 0;
beforeAll(async () => {
  // The default configuration: document work in the sandbox's children.
  t = await createTestApp();
  expect(t.app.sandbox).not.toBeNull();
  // Any recognition asked of this process's engine is counted (and none is answered).
  setOcrEngine({
    recognize: () => {
      recognitions++;
      return Promise.reject(new Error('OCR asked of the HTTP process'));
    },
    terminate: () => Promise.resolve(),
  });
});
afterAll(async () => {
  setOcrEngine(null);
  await t?.close();
});

describe('a scanned statement uploaded over HTTP', { timeout: 240_000 }, () => {
  it('is validated and parsed in the sandbox: no page rendered, no recognition in the API process', async () => {
    const { pdf, truth } = await generateStatement({ layout: 'en_paid_in_out', seed: 4244, transactions: 8 });
    const scan = await scanPdf(pdf, 200);
    const rendered = renderedPageCount();
    const p = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'OCR-OFF-THREAD' } })).json().process_id;
    const r = await uploadFile(t, p, { ext_file_id: 'scan' }, { content: scan, filename: 'scan.pdf' });
    expect(r.statusCode).toBe(201);
    const f = r.json();
    expect(f).toMatchObject({ document_type: 'bank_statement', validation_result: { status: 'success' } });
    const done = await waitParsed(t, p, f.file_id, 180_000);
    expect(done.parsing_status).toBe('completed');
    expect((done.parsing_result.transactions.value as unknown[]).length).toBeGreaterThanOrEqual(truth.transactions.length - 1);
    expect(renderedPageCount() - rendered).toBe(0);
    expect(recognitions).toBe(0);
  });
});
