import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, sniff, validateDocument } from '../../index.ts';
import type { ParsedTransaction } from '../../types.ts';

/**
 * Real export samples (/work/shared/corpus, see each SOURCE.md) through the public
 * engine path: a file that validates and holds transaction lines (:61:, <Ntry>)
 * never parses to zero transactions.
 */
const CORPUS = '/work/shared/corpus';
const DIRS = ['wolph-mt940/input', 'jejik-mt940/input', 'actual-budget-mt940', 'genkgo-camt', 'xs2a-adapter-psd2/bodies'];

function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = existsSync(CORPUS) ? DIRS.flatMap((d) => (existsSync(`${CORPUS}/${d}`) ? walk(`${CORPUS}/${d}`) : [])).filter((f) => /\.(sta|txt|xml)$/.test(f)) : [];

describe.skipIf(files.length === 0)('real export samples, end to end', () => {
  it.each(files.map((f) => [path.relative(CORPUS, f), f]))('%s', async (_name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    const format = sniff(bytes);
    const v = await validateDocument(bytes);
    if (format === null || v.status !== 'success') return; // fragments, camt.052/054, multi-account files: refused by validation
    const out = await parseDocument(bytes, { format, documentType: v.document_type });
    const txs = out.parsing_result['transactions']?.value as ParsedTransaction[];
    const hasLines = /:61:|<(?:\w+:)?Ntry>/.test(Buffer.from(bytes).toString('latin1'));
    if (hasLines) expect(txs.length).toBeGreaterThan(0);
    for (const t of txs) expect(t.currency).toMatch(/^[A-Z]{3}$|^$/);
  });
});
