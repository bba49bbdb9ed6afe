/**
 * The OCR statement repairs (src/documents/statement/repair/) counted on the independent testkit:
 * generate scans and photos with ../shared/testkit/docgen.py, validate and parse each exactly as
 * `docrisk parse` does, and print how many edits each named repair kept (and on how many documents),
 * with what confirmed them.
 *   node bench/repairs.ts --seed N [--count 8] [--kinds scans]
 * Draw a fresh seed for every figure you report.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocumentParseError, normaliseDocumentType, shutdownOcr } from '../src/documents/index.ts';
import { parseWithRepairs, validate } from '../src/documents/pipeline.ts';
import { REPAIR_NAMES, type RepairEdit } from '../src/documents/statement/repair/index.ts';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : dflt;
};
const kit = path.resolve(import.meta.dirname, '../../shared/testkit');
if (!existsSync(path.join(kit, 'docgen.py'))) {
  console.error('bench/repairs: ../shared/testkit is not beside this checkout');
  process.exit(0);
}
const seed = arg('seed', String(Math.floor(Date.now() / 1000) % 2_000_000_000));
const corpus = path.join(mkdtempSync(path.join(os.tmpdir(), 'repairs-')), 'corpus');
execFileSync('python3', [path.join(kit, 'docgen.py'), '--seed', seed, '--count', arg('count', '8'), '--kinds', arg('kinds', 'scans'), '--out', corpus, '--quiet'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
interface Entry { id: string; path: string; asserted_document_type: string | null }
const { entries } = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as { entries: Entry[] };

const edits: RepairEdit[] = [];
const docsWith = new Map<string, number>();
let parsed = 0;
const t0 = Date.now();
for (const e of entries) {
  const bytes = new Uint8Array(readFileSync(path.join(corpus, e.path)));
  const asserted = e.asserted_document_type ? normaliseDocumentType(e.asserted_document_type) : null;
  const v = await validate(bytes, asserted ? { assertedType: asserted } : {});
  if (v.status !== 'success' || !v.format) continue;
  try {
    const { repairs } = await parseWithRepairs(bytes, { format: v.format, documentType: v.document_type, ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}) });
    parsed++;
    edits.push(...repairs);
    for (const name of new Set(repairs.map((r) => r.repair))) docsWith.set(name, (docsWith.get(name) ?? 0) + 1);
  } catch (err) {
    if (!(err instanceof DocumentParseError)) throw err;
  }
}
await shutdownOcr();
console.log(`repairs on testkit seed ${seed}: ${entries.length} documents (${arg('kinds', 'scans')}), ${parsed} parsed, in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}`);
for (const name of REPAIR_NAMES) {
  const mine = edits.filter((e) => e.repair === name);
  const by = [...new Set(mine.map((e) => e.by))].join(', ');
  console.log(`  ${name.padEnd(28)} ${String(mine.length).padStart(4)} edits on ${docsWith.get(name) ?? 0} documents${by ? ` (confirmed by ${by})` : ''}`);
}
