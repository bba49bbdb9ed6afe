/**
 * Scans and identity documents through the HTTP API, as a client uploads them: the
 * validation on the upload (pre_result, id_doc_incomplete, unreadable) and the parse
 * job that follows. Ground truth comes from the generators (test/fixtures), real
 * tesseract.js OCR runs underneath.
 */
// db-selection: PGlite is enough — OCR through the API; its writes (file rows, results, ocr_lang) are the upload path files.test.ts and upload-by-file.e2e.test.ts run on PostgreSQL
import { createCanvas } from '@napi-rs/canvas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutdownOcr } from '../src/documents/index.ts';
import { setOcrEngine, TesseractEngine } from '../src/documents/sources/ocr/index.ts';
import { generateStatement } from './fixtures/generator/index.ts';
import { cardImage, cardTruth, expectedPreResult, scanPdf } from './fixtures/id/generator.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { uploadFile, waitParsed as parsed } from './helpers/files.ts';

let t: TestApp;
beforeAll(async () => {
  // In process (no document sandbox): the last test watches the OCR engine of this process.
  t = await createTestApp({ env: { DOCRISK_SANDBOX: '0' } });
});
afterAll(async () => {
  await t?.close();
  await shutdownOcr();
});

const newProcess = async (): Promise<string> =>
  (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'OCR-HTTP' } })).json().process_id;

const upload = (processId: string, fields: Record<string, string>, content: Uint8Array, filename: string) =>
  uploadFile(t, processId, fields, { content, filename });
const waitParsed = (processId: string, fileId: string) => parsed(t, processId, fileId, 60_000);

describe('residence permit photos and scans over HTTP', { timeout: 120_000 }, () => {
  it('a PNG of both sides: pre_result at upload, then the parsed permit with a valid MRZ', async () => {
    const card = cardTruth('de', 2);
    const p = await newProcess();
    const r = await upload(p, { ext_file_id: 'permit', document_type: 'residency_permit', check_id_completeness: 'true' }, await cardImage(card), 'permit.png');
    expect(r.statusCode).toBe(201);
    const f = r.json();
    expect(f.document_type).toBe('residency_permit');
    expect(f.validation_result).toEqual({ status: 'success', errors: [], pre_result: expectedPreResult(card) });
    const done = await waitParsed(p, f.file_id);
    expect(done.parsing_status).toBe('completed');
    expect(done.parsing_result.document_number.value).toBe(card.document_number);
    expect(done.parsing_result.expiration_date.value).toBe(card.expiration_date);
    expect(done.parsing_result.document_conformed.value).toBe(true);
    expect(done.parsing_result.mrz.value).toMatchObject({ format: 'TD1', valid: true, lines: card.mrz });
  });

  it('the front side alone with check_id_completeness=true: id_doc_incomplete / id_side_missing', async () => {
    const card = cardTruth('it', 3);
    const p = await newProcess();
    const r = await upload(p, { ext_file_id: 'front', check_id_completeness: 'true' }, await cardImage(card, { sides: 'front' }), 'front.png');
    expect(r.statusCode).toBe(201);
    const f = r.json();
    expect(f.validation_result.status).toBe('id_doc_incomplete');
    expect(f.validation_result.errors).toEqual([expect.objectContaining({ code: 'id_side_missing' })]);
    expect(f.validation_result.pre_result).toMatchObject({ completeness: 'front_only', document_number: card.document_number });
  });

  it('a blank photo is unreadable / low_quality, never a made-up parse', async () => {
    const c = createCanvas(1200, 900);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#f4f4f0';
    ctx.fillRect(0, 0, 1200, 900);
    const p = await newProcess();
    const r = await upload(p, { ext_file_id: 'blank' }, c.toBuffer('image/png'), 'blank.png');
    expect(r.statusCode).toBe(201);
    expect(r.json().validation_result).toMatchObject({ status: 'unreadable', errors: [expect.objectContaining({ code: 'low_quality' })] });
  });
});

describe('a scanned statement over HTTP', { timeout: 180_000 }, () => {
  it('an image-only PDF is classified at upload and parsed by OCR into the transactions of the original', async () => {
    const { pdf, truth } = await generateStatement({ layout: 'en_paid_in_out', seed: 4242, transactions: 12 });
    const p = await newProcess();
    const r = await upload(p, { ext_file_id: 'scan' }, await scanPdf(pdf, 200), 'scan.pdf');
    expect(r.statusCode).toBe(201);
    const f = r.json();
    expect(f.document_type).toBe('bank_statement');
    expect(f.validation_result.status).toBe('success');
    const done = await waitParsed(p, f.file_id);
    expect(done.parsing_status).toBe('completed');
    const got = done.parsing_result.transactions.value as { date: string; amount: number; balance: number | null }[];
    const key = (x: { date: string; amount: number; balance: number | null }): string => `${x.date} ${x.amount} ${x.balance}`;
    const want = truth.transactions.map(key);
    // OCR may misread a glyph on another machine's SIMD path; the numbers of nearly every row must be exact.
    expect(got.filter((x) => want.includes(key(x))).length).toBeGreaterThanOrEqual(want.length - 1);
    expect(got.length).toBeLessThanOrEqual(want.length + 1);
  });
});

describe('a scan parsed in another process than its validation', { timeout: 240_000 }, () => {
  it("reads with the language validation's look picked, without looking again", async () => {
    const { pdf, truth } = await generateStatement({ layout: 'it_dare_avere', seed: 4243, transactions: 40 });
    const proc = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'OCR-HINT' } })).json();
    const db = t.app.database.db;
    await db.execute(sql`update spaces set auto_parsing = false where id = ${proc.space_id}`);
    try {
      const f = (await upload(proc.process_id, { ext_file_id: 'scan-it' }, await scanPdf(pdf, 200), 'scan.pdf')).json();
      expect(f).toMatchObject({ document_type: 'bank_statement', parsing_status: 'uploaded', validation_result: { status: 'success' } });
      const row = async () => ((await db.execute(sql`select ocr_lang from files where id = ${f.file_id}`)) as unknown as { rows: { ocr_lang: string | null }[] }).rows[0]!;
      expect((await row()).ocr_lang).toBe('ita');

      // What a worker process sees: none of validation's OCR in memory. Every recognition is recorded.
      const parseWith = async (): Promise<{ langs: string[]; height: number }[]> => {
        await shutdownOcr();
        const calls: { langs: string[]; height: number }[] = [];
        const inner = new TesseractEngine();
        setOcrEngine({
          recognize: (img, o) => {
            calls.push({ langs: [...o.langs], height: img.height });
            return inner.recognize(img, o);
          },
          terminate: () => inner.terminate(),
        });
        const run = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${proc.process_id}/run-parsing`, payload: { file_ids_filter: [f.file_id] } });
        expect(run.statusCode).toBe(202);
        const done = await waitParsed(proc.process_id, f.file_id);
        expect(done.parsing_status).toBe('completed');
        const got = (done.parsing_result.transactions.value as { date: string; amount: number }[]).map((x) => `${x.date} ${x.amount}`);
        const want = truth.transactions.map((x) => `${x.date} ${x.amount}`);
        expect(got.filter((k) => want.includes(k)).length).toBeGreaterThanOrEqual(want.length - 1);
        return calls;
      };
      // A page is recognised whole at the page's height (≥ 1000 px at 200 dpi); the language probe reads a top band.
      const whole = (cs: { height: number }[]) => cs.filter((c) => c.height >= 1000).length;
      const hinted = await parseWith();
      // Validation read page 1 as the parse does and kept it: the parse recognises pages 2..n only, in the
      // language the hint names (no English call).
      expect(whole(hinted)).toBeGreaterThan(0);
      expect(hinted.filter((c) => c.langs.join('+') !== 'ita')).toEqual([]);

      // Without the hint (ocr_lang null) the parse plans from the reading validation kept with the file:
      // no page is looked at again, page 1 is not read again.
      await db.execute(sql`update files set ocr_lang = null where id = ${f.file_id}`);
      const fromKept = await parseWith();
      expect(fromKept.filter((c) => c.langs.join('+') === 'eng')).toEqual([]);
      expect(fromKept.length).toBe(hinted.length);

      // A file validated before a reading was kept is read from the bytes: the language probe (English, a top
      // band of page 1, not a whole page) and then every page whole, page 1 included, in the page's language.
      const key = ((await db.execute(sql`select blob_key from files where id = ${f.file_id}`)) as unknown as { rows: { blob_key: string }[] }).rows[0]!.blob_key;
      expect(await t.app.blobs.getDerived(key, 'reading')).not.toBeNull();
      await t.app.blobs.deleteDerived(key, 'reading');
      const looked = await parseWith();
      const probes = looked.filter((c) => c.langs.join('+') === 'eng');
      expect(probes.length).toBe(1);
      expect(probes[0]!.height).toBeLessThan(1000);
      expect(whole(looked)).toBe(whole(hinted) + 1);
    } finally {
      await db.execute(sql`update spaces set auto_parsing = true where id = ${proc.space_id}`);
    }
  });
});
