/**
 * The generated TypeScript client (clients/typescript): the committed file is what the generator makes
 * from today's OpenAPI document, and it drives the API over real HTTP (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../clients/typescript/src/index.ts';
import { CLIENT_FILE, openApiDocument } from '../scripts/generate-client.ts';
import { generateClient } from '../scripts/openapi-client.ts';
import { generateStatement } from './fixtures/generator/index.ts';
import { BOOT, createTestApp, type TestApp } from './helpers/app.ts';

describe('generated client', () => {
  it('is up to date with the OpenAPI document (run node scripts/generate-client.ts)', async () => {
    expect(readFileSync(CLIENT_FILE, 'utf8')).toBe(generateClient(await openApiDocument()));
  }, 60_000);

  describe('over HTTP', () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { PORT: '0' } });
      base = await t.app.listen();
    }, 120_000);
    afterAll(async () => t?.close());

    it('signs in, starts a process, uploads and reads a parsed file, and answers errors as ApiError', async () => {
      const anon = createClient({ baseUrl: base, headers: () => ({ 'ocp-apim-subscription-key': BOOT.subscriptionKey }) });
      const token = await anon.issueToken({ body: { client_id: BOOT.clientId, client_secret: BOOT.clientSecret } });
      expect(token.token_type).toBe('Bearer');
      const api = createClient({ baseUrl: base, headers: () => ({ authorization: `Bearer ${token.access_token}`, 'ocp-apim-subscription-key': BOOT.subscriptionKey }) });

      const p = await api.startProcess({ body: { ext_application_id: 'CLIENT-1', options: { applicant_type: 'employee' } } });
      expect((await api.getProcess({ path: { process_id: p.process_id } })).ext_application_id).toBe('CLIENT-1');
      const list = await api.listProcesses({ query: { ext_application_id: 'CLIENT-1', limit: 5 } });
      expect(list.items.map((i) => i.process_id)).toEqual([p.process_id]);

      const g = await generateStatement({ layout: 'en_paid_in_out', seed: 6262, transactions: 25 });
      const form = new FormData();
      form.set('ext_file_id', 'stmt-1');
      form.set('file', new Blob([new Uint8Array(g.pdf)], { type: 'application/pdf' }), 'statement.pdf');
      const up = await api.uploadFile({ path: { process_id: p.process_id }, body: form });
      expect(up.validation_result.status).toBe('success');
      let file = up;
      for (let i = 0; i < 300 && file.parsing_status === 'processing'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        file = await api.getFile({ path: { process_id: p.process_id, file_id: up.file_id } });
      }
      expect(file.parsing_status).toBe('completed');
      expect(file.parsing_result).not.toBeNull();
      const content = await api.getFileContent({ path: { process_id: p.process_id, file_id: up.file_id } });
      expect(content.headers.get('content-type')).toBe('application/pdf');

      const missing = await api.getProcess({ path: { process_id: '00000000-0000-4000-8000-000000000000' } }).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(ApiError);
      expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'process not found' });
    }, 120_000);
  });
});
