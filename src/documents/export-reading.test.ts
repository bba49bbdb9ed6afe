/**
 * An export's validation keeps the statement it read (sources/reading.ts), and the parse given that
 * reading takes it instead of reading the file again: a 20 MB camt.053's parse was mostly a second XML
 * parse of the same bytes (issue 23: a legitimate 20 MB camt.053 must complete within 60 s, also on a
 * loaded host). The parse from the kept reading is the parse from the bytes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument, validateDocumentKeeping } from './index.ts';
import { camtLarge, csvRows, mt940ManySubfields } from '../../test/hostile/generate.ts';

const samples: [string, Uint8Array][] = [
  ['camt.053 (generated, 300 entries)', camtLarge(300)],
  ['camt.053 (genkgo sample)', new Uint8Array(readFileSync(new URL('../../test/fixtures/samples/genkgo-camt053.v2.minimal.ultimate.xml', import.meta.url)))],
  ['CSV (500 rows)', csvRows(500)],
  ['MT940 (actual-budget sample)', new Uint8Array(readFileSync(new URL('../../test/fixtures/samples/actual-budget-data.sta', import.meta.url)))],
  ['MT940 (100 ?2x lines)', mt940ManySubfields(100)],
];

describe("an export's validation keeps its statement for the parse", () => {
  it.each(samples)('%s: a reading is kept, and the parse from it equals the parse from the bytes', async (_, bytes) => {
    const v = await validateDocumentKeeping(bytes);
    expect(v.outcome.status).toBe('success');
    expect(v.reading).not.toBeNull();
    const opts = { format: v.outcome.format!, documentType: 'bank_statement' as const };
    expect(await parseDocument(bytes, opts, v.reading)).toEqual(await parseDocument(bytes, opts));
  });

  it("another file's reading is not taken", async () => {
    const a = camtLarge(20);
    const b = camtLarge(21);
    const v = await validateDocumentKeeping(a);
    const parsed = await parseDocument(b, { format: 'camt053', documentType: 'bank_statement' }, v.reading);
    expect((parsed.parsing_result.transactions as { value: unknown[] }).value).toHaveLength(21);
  });
});
