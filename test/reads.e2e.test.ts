/**
 * The read paths over real HTTP (PGlite, or PostgreSQL with TEST_DATABASE_URL): the Process resource the
 * database writes as JSON text and the File's stored parsing result written out as stored must be the
 * documented shapes with the stored values; request logging writes one line per request.
 */
import { Writable } from 'node:stream';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { FileSchema } from '../src/modules/files/files.schemas.ts';
import { ProcessListSchema, ProcessSchema } from '../src/modules/processes/processes.schemas.ts';
import { generateStatement } from './fixtures/generator/index.ts';
import { BOOT } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
/** The schema with every object closed: a field the schema does not name fails. */
const closed = (s: unknown): unknown => {
  if (Array.isArray(s)) return s.map(closed);
  if (typeof s !== 'object' || s === null) return s;
  const o = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, ps]) => [p, closed(ps)])) : closed(v)]));
  if (o.type === 'object' && o.properties && o.additionalProperties === undefined) o.additionalProperties = false;
  return o;
};
const check = (schema: unknown, body: unknown) => {
  const validate = ajv.compile(closed(JSON.parse(JSON.stringify(schema))) as object);
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
};

let db: TestDatabase;
let app: App;
let base: string;
const lines: Record<string, unknown>[] = [];
let headers: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  const config = loadConfig({
    PORT: '0',
    DOCRISK_DATA_DIR: '/tmp/docrisk-test-unused',
    DOCRISK_BOOTSTRAP_CLIENT_ID: BOOT.clientId,
    DOCRISK_BOOTSTRAP_CLIENT_SECRET: BOOT.clientSecret,
    DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: BOOT.subscriptionKey,
    DOCRISK_SANDBOX: '0',
  });
  app = await buildApp({ config, http: true, workers: true, database: db.database, logger: pino({ level: 'info' }, sink) });
  base = await app.listen();
  const tok = (await fetch(`${base}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': BOOT.subscriptionKey },
    body: JSON.stringify({ client_id: BOOT.clientId, client_secret: BOOT.clientSecret }),
  }).then((r) => r.json())) as { access_token: string };
  headers = { authorization: `Bearer ${tok.access_token}`, 'ocp-apim-subscription-key': BOOT.subscriptionKey };
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.drop().catch(() => undefined);
});

describe('reads over HTTP', () => {
  it('GET process, the list and GET file answer the documented shapes with the stored values', async () => {
    const started = await fetch(`${base}/document-engine/v1/start-process`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ext_application_id: 'READS-1', options: { applicant_type: 'employee', ext_user_id: 'u-1' }, attributes: { main_applicant_name: 'Mario Rossi' } }),
    });
    expect(started.status).toBe(201);
    const created = (await started.json()) as { process_id: string };
    check(ProcessSchema, created);

    const g = await generateStatement({ layout: 'it_dare_avere', seed: 4242, transactions: 30 });
    const form = new FormData();
    form.set('ext_file_id', 'stmt-1');
    form.set('file', new Blob([new Uint8Array(g.pdf)], { type: 'application/pdf' }), 'statement.pdf');
    const up = await fetch(`${base}/document-engine/v1/processes/${created.process_id}/files`, { method: 'POST', headers, body: form });
    expect(up.status).toBe(201);
    const fileId = ((await up.json()) as { file_id: string }).file_id;
    const fileUrl = `${base}/document-engine/v1/processes/${created.process_id}/files/${fileId}`;
    let file: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) {
      file = (await fetch(fileUrl, { headers }).then((r) => r.json())) as Record<string, unknown>;
      if (file.parsing_status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(file.parsing_status).toBe('completed');
    check(FileSchema, file);
    const stored = (await app.services.files.statusesOf([fileId]))[0]!;
    expect(file.parsing_result).toEqual(stored.parsingResult);
    expect((file.parsing_result as { transactions?: { value?: unknown[] } }).transactions?.value).toHaveLength(30);

    const res = await fetch(`${base}/document-engine/v1/processes/${created.process_id}`, { headers });
    expect(res.headers.get('content-type')).toContain('application/json');
    const proc = (await res.json()) as Record<string, unknown>;
    check(ProcessSchema, proc);
    expect(proc).toMatchObject({
      process_id: created.process_id,
      ext_application_id: 'READS-1',
      status: 'active',
      total_files: 1,
      total_bank_accounts: 0,
      options: { applicant_type: 'employee', ext_user_id: 'u-1' },
      attributes: { main_applicant_name: 'Mario Rossi', source: 'api' },
    });
    const refs = proc.file_refs as Record<string, unknown>[];
    expect(refs).toEqual([
      {
        file_id: fileId,
        ext_file_id: 'stmt-1',
        validation_status: 'success',
        parsing_status: 'completed',
        document_type: stored.documentType,
        created_at: stored.createdAt.toISOString(),
        updated_at: stored.updatedAt.toISOString(),
      },
    ]);

    const list = (await fetch(`${base}/document-engine/v1/processes?ext_application_id=READS-1`, { headers }).then((r) => r.json())) as { items: unknown[] };
    check(ProcessListSchema, list);
    expect(list.items).toEqual([proc]);
  }, 120_000);

  it('logs one line per request, none on arrival', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i++) await fetch(`${base}/healthz`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(5);
    expect(requestLines[0]).toMatchObject({ method: 'GET', route: '/healthz', status: 200 });
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toHaveLength(0);
  });
});
