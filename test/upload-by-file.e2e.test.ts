/**
 * An upload over HTTP never brings the file's bytes into the API process: the blob is streamed to the
 * store, and the sandbox's children validate and parse it from the stored file. The store's whole-file
 * read is made to fail here, so any path that would still load the bytes in this process shows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateStatement } from './fixtures/generator/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PORT: '0', DOCRISK_SANDBOX: '1' } });
  base = await t.app.listen();
}, 120_000);
afterAll(async () => t?.close());

it('validates and parses from the stored file; the whole-file read is never used', async () => {
  let wholeReads = 0;
  const blobs = t.app.blobs as { get: (key: string) => Promise<Buffer> };
  blobs.get = async () => {
    wholeReads++;
    throw new Error('the API process must not read an upload whole');
  };
  const headers = await t.headers();
  const p = (await fetch(`${base}/document-engine/v1/start-process`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ext_application_id: 'BY-FILE' }),
  }).then((r) => r.json())) as { process_id: string };
  const g = await generateStatement({ layout: 'de_sparkasse', seed: 5151, transactions: 40 });
  const form = new FormData();
  form.set('ext_file_id', 'f1');
  form.set('file', new Blob([new Uint8Array(g.pdf)], { type: 'application/pdf' }), 's.pdf');
  const up = await fetch(`${base}/document-engine/v1/processes/${p.process_id}/files`, { method: 'POST', headers, body: form });
  const file = (await up.json()) as { file_id: string; validation_result: { status: string } };
  expect(up.status).toBe(201);
  expect(file.validation_result.status).toBe('success');
  let status = 'processing';
  for (let i = 0; i < 300 && status === 'processing'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = ((await fetch(`${base}/document-engine/v1/processes/${p.process_id}/files/${file.file_id}`, { headers }).then((r) => r.json())) as { parsing_status: string }).parsing_status;
  }
  expect(status).toBe('completed');
  expect(wholeReads).toBe(0);
}, 120_000);
