import { serialize, deserialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { generateStatement, LAYOUT_IDS } from '../../../test/fixtures/generator/index.ts';
import { parse, parsePdf, validateKeeping } from '../pipeline.ts';
import { Readings } from './reading.ts';

const statements = await Promise.all(
  LAYOUT_IDS.slice(0, 4).map((layout, i) => generateStatement({ layout, seed: 9100 + i, transactions: 30 + 40 * i })),
);

describe('a kept reading: what validation read, taken by the parse instead of the bytes', () => {
  it('a text PDF parses the same with and without its validation’s reading', async () => {
    for (const { pdf } of statements) {
      const v = await validateKeeping(pdf, {});
      expect(v.outcome.status).toBe('success');
      expect(v.reading).toBeInstanceOf(Uint8Array);
      const opts = { format: 'pdf' as const, documentType: v.outcome.document_type };
      expect(await parse(pdf, opts, v.reading)).toEqual(await parse(pdf, opts));
      expect(new Readings(pdf, v.reading).reused).toBe(true);
    }
  });

  it('a parse given the reading does not load the PDF again', async () => {
    const { pdf } = statements[0]!;
    const v = await validateKeeping(pdf, {});
    const opts = { format: 'pdf' as const, documentType: v.outcome.document_type };
    // No time at all for pdf.js: a load fails, a parse from the kept pages does not.
    const noTime = { maxPages: 200, timeBudgetMs: 0 };
    await expect(parsePdf(pdf, opts, noTime)).rejects.toMatchObject({ code: 'too_large' });
    expect(await parsePdf(pdf, opts, noTime, v.reading)).toEqual(await parse(pdf, opts));
  });

  it('a reading of other bytes, of another version, or that does not decode is ignored', async () => {
    const [a, b] = statements;
    const va = await validateKeeping(a!.pdf, {});
    const vb = await validateKeeping(b!.pdf, {});
    const opts = { format: 'pdf' as const, documentType: vb.outcome.document_type };
    const other = deserialize(vb.reading!) as { v: number };
    const older = new Uint8Array(serialize({ ...other, v: other.v - 1 }));
    const corrupt = vb.reading!.slice(0, vb.reading!.length >> 1);
    const plain = await parse(b!.pdf, opts);
    for (const bad of [va.reading, older, corrupt, new Uint8Array([1, 2, 3])]) {
      expect(new Readings(b!.pdf, bad).reused).toBe(false);
      expect(await parse(b!.pdf, opts, bad)).toEqual(plain);
    }
  });

  it('refused files keep no reading; an export keeps its statement (export-reading.test.ts)', async () => {
    const csv = new TextEncoder().encode('Data;Descrizione;Importo\n01/03/2026;STIPENDIO;2.150,00\n02/03/2026;AFFITTO;-750,00\n');
    expect((await validateKeeping(csv, {})).reading).not.toBeNull();
    expect((await validateKeeping(new TextEncoder().encode('Data;Descrizione\n01/03/2026;NIENTE\n'), {})).reading).toBeNull();
    expect((await validateKeeping(new TextEncoder().encode('%PDF-1.7 broken'), {})).reading).toBeNull();
  });
});
