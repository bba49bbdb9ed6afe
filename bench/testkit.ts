/**
 * The independent testkit (../shared/testkit) on a seed: generate a corpus with docgen.py, parse every
 * document in this process with exactly the offline CLI path (validate, then parse), score with score.py.
 *   node bench/testkit.ts --seed N [--count 60] [--kinds statements,exports] [--lang it,de,en] [--keep DIR] [--verbose]
 *     [--only ID,…] [--ocr-cache DIR] (OCR readings kept on disk: reader work on the same scans, not evidence of OCR)
 * With --kinds ids: ID fields per field and per axis value (card design, label language, output), for residence
 * permits and identity cards alike (score.py scores permits only), MRZ fields on clean renders, completeness.
 * Draw a fresh seed for every figure you report; a seed you debugged on is not evidence.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shutdownOcr } from '../src/documents/index.ts';
import { idReport } from './id-score.ts';
import { cacheOcrReadings } from './lib/ocr-cache.ts';
import { parseTestkitEntry, type TestkitEntry } from './lib/testkit-entry.ts';

const arg = (name: string, dflt?: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const kit = path.resolve(import.meta.dirname, '../../shared/testkit');
if (!existsSync(path.join(kit, 'docgen.py'))) {
  console.error('bench/testkit: ../shared/testkit is not beside this checkout');
  process.exit(0);
}
const seed = Number(arg('seed', String(Math.floor(Date.now() / 1000) % 2_000_000_000)));
const count = Number(arg('count', '60'));
const kinds = arg('kinds', 'statements,exports')!;
const lang = arg('lang');
const dir = arg('keep') ?? mkdtempSync(path.join(os.tmpdir(), 'testkit-'));
const corpus = path.join(dir, 'corpus');
const outDir = path.join(dir, 'out');
mkdirSync(outDir, { recursive: true });
if (!existsSync(path.join(corpus, 'manifest.json'))) {
  const a = [
    path.join(kit, 'docgen.py'),
    '--seed',
    String(seed),
    '--count',
    String(count),
    '--kinds',
    kinds,
    '--out',
    corpus,
    '--quiet',
  ];
  if (lang) a.push('--lang', lang);
  execFileSync('python3', a, { stdio: ['ignore', 'ignore', 'inherit'] });
}
type Entry = TestkitEntry;
const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as { entries: Entry[] };
// --ocr-cache DIR: OCR looks and readings kept on disk between runs (studying the readers on the same scans).
const ocrCache = arg('ocr-cache');
if (ocrCache) cacheOcrReadings(ocrCache);
const only = arg('only');
const t0 = Date.now();
for (const e of manifest.entries) {
  if (only && !only.split(',').includes(e.id)) continue;
  const out = await parseTestkitEntry(corpus, e);
  writeFileSync(path.join(outDir, `${e.id}.json`), JSON.stringify(out));
}
await shutdownOcr();
console.log(
  `testkit seed ${seed}, ${manifest.entries.length} documents (${kinds}), parsed in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; dir ${dir}`,
);
const sargs = [
  path.join(kit, 'score.py'),
  'files',
  outDir,
  '--corpus',
  corpus,
  '--json',
  path.join(dir, 'score.json'),
];
if (process.argv.includes('--verbose')) sargs.push('--verbose');
console.log(execFileSync('python3', sargs, { encoding: 'utf8' }));

// Strict transaction F1 per layout axis value, worst first: a mean hides the layouts that fail.
interface Scored {
  transactions?: { gt: number; pred: number; strict_tp: number; loose_tp: number };
}
const scored = JSON.parse(readFileSync(path.join(dir, 'score.json'), 'utf8')) as {
  entries: Record<string, Scored>;
};
const byAxis = new Map<string, { gt: number; pred: number; tp: number; docs: number }>();
for (const e of manifest.entries as (Entry & { axes?: Record<string, unknown> })[]) {
  const t = scored.entries[e.id]?.transactions;
  if (!t || !e.axes) continue;
  for (const [k, v] of Object.entries(e.axes)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) continue;
    const key = `${k}=${Array.isArray(v) ? v.join('+') : String(v)}`;
    const a = byAxis.get(key) ?? { gt: 0, pred: 0, tp: 0, docs: 0 };
    a.gt += t.gt;
    a.pred += t.pred;
    a.tp += t.strict_tp;
    a.docs++;
    byAxis.set(key, a);
  }
}
const rows = [...byAxis]
  .filter(([, a]) => a.gt + a.pred > 0 && a.docs >= 2)
  .map(([k, a]) => ({ k, f1: (2 * a.tp) / (a.gt + a.pred), docs: a.docs }));
rows.sort((a, b) => a.f1 - b.f1);
console.log('worst axis values (strict transaction F1, axis values on >= 2 documents):');
for (const r of rows.slice(0, Number(arg('worst', '15')))) console.log(`  ${r.f1.toFixed(3)}  ${r.k}  (${r.docs} docs)`);
const below = rows.filter((r) => r.f1 < 0.99).length;
console.log(`axis values below strict F1 0.99: ${below} of ${rows.length} (on >= 2 documents; --worst N lists more)`);

// Identity documents: ID fields per field and per axis value (bench/id-score.ts).
idReport(corpus, outDir, process.argv.includes('--verbose'));
