/**
 * A large parse result never passes through the API's thread as an object or a string: the document
 * child writes it as JSON, this process reads the bytes and hands them to the database (on PGlite, to
 * its own thread), and the Doc Engine callback's File body is written around those bytes. Before, the
 * result came back over IPC as an object (150–300 ms of the API's thread for 199k rows), drizzle
 * stringified it for the row and the outbox again for the callback (≈ 130 ms each).
 * On PGlite the service's database runs on its own thread (a data directory), as in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase, dbKind, migratedPgliteDir, type TestDatabase } from '../helpers/db.ts';
import { filesRepository } from '../../src/modules/files/files.repository.ts';
import { JsonBytes } from '../../src/shared/json-bytes.ts';
import { csvRows } from './generate.ts';

async function serviceDatabase(): Promise<TestDatabase> {
  if (dbKind === 'postgres') return createTestDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-result-bytes-'));
  // A service's on-disk database (PGlite on its thread), from the migrated template.
  const database = await openPglite(await migratedPgliteDir(path.join(dir, 'pgdata')));
  return {
    database,
    url: null,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ workers: true, database: await serviceDatabase(), env: { DOCRISK_RATE_LIMIT_PER_MINUTE: '100000' } });
  await t.app.server!.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server!.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a large parse result stays bytes on the API thread', () => {
  it('30,000 rows: no multi-MB JSON.parse/stringify here while it is stored; the row and the callback body hold it', async () => {
    const headers = await t.headers();
    const started = await fetch(`${base}/document-engine/v1/start-process`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ext_application_id: 'result-bytes' }),
    });
    const processId = ((await started.json()) as { process_id: string }).process_id;

    const big: string[] = [];
    const { stringify, parse } = JSON;
    const spies = [
      vi.spyOn(JSON, 'stringify').mockImplementation(function (...a: Parameters<typeof JSON.stringify>) {
        const out = stringify(...a);
        if (typeof out === 'string' && out.length > 1_000_000) big.push(`JSON.stringify → ${out.length} chars`);
        return out;
      }),
      vi.spyOn(JSON, 'parse').mockImplementation(function (text: string, reviver?: Parameters<typeof JSON.parse>[1]) {
        if (typeof text === 'string' && text.length > 1_000_000) big.push(`JSON.parse ← ${text.length} chars`);
        return parse(text, reviver);
      }),
    ];
    const asObject = vi.spyOn(t.app.sandbox!, 'parseFile');
    let fileId = '';
    try {
      const form = new FormData();
      form.set('ext_file_id', 'csv-30k');
      form.set('file', new Blob([new Uint8Array(csvRows(30_000))]), 'csv-30k.csv');
      const r = await fetch(`${base}/document-engine/v1/processes/${processId}/files`, { method: 'POST', headers, body: form });
      const up = (await r.json()) as { file_id: string; parsing_status: string };
      expect(r.status).toBe(201);
      fileId = up.file_id;
      await expect
        .poll(async () => (await t.app.services.files.statusesOf([fileId]))[0]?.parsingStatus, { timeout: 120_000, interval: 250 })
        .toBe('completed');
    } finally {
      for (const s of spies) s.mockRestore();
    }
    expect(big).toEqual([]);
    expect(asObject).not.toHaveBeenCalled();

    const got = await fetch(`${base}/document-engine/v1/processes/${processId}/files/${fileId}`, { headers });
    const view = (await got.json()) as { parsing_status: string; parsing_result: { transactions: { value: unknown[] } } };
    expect(view.parsing_status).toBe('completed');
    expect(view.parsing_result.transactions.value).toHaveLength(30_000);
    // The Doc Engine callback's body is the File resource, the same value as the GET.
    const rows = (await t.app.database.db.execute(sql`select body from webhook_deliveries where resource_id = ${fileId}::uuid`)) as unknown;
    const body = ((Array.isArray(rows) ? rows : (rows as { rows: { body: string }[] }).rows) as { body: string }[])[0]!.body;
    expect(JSON.parse(body)).toEqual(view);
    // The GET read the stored result as bytes (on PGlite: from its thread) and wrote them as they are,
    // around the serialised rest of the view: the ≈ 6 MB result never became a string on this thread.
    const owner = (await t.app.database.db.execute(sql`select space_id from files where id = ${fileId}::uuid`)) as unknown;
    const spaceId = ((Array.isArray(owner) ? owner : (owner as { rows: { space_id: string }[] }).rows) as { space_id: string }[])[0]!.space_id;
    const read = await filesRepository.findForRead(t.app.database.db, spaceId, processId, fileId);
    expect(read?.parsingResult).toBeInstanceOf(JsonBytes);
    expect(Number(got.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(view)));
  }, 240_000);
});
