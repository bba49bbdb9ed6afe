/**
 * The OCR statement repairs (src/documents/statement/repair/) counted on the independent testkit:
 * generate scans and photos with ../shared/testkit/docgen.py, validate and parse each exactly as
 * `docrisk parse` does, and print how many edits each named repair kept (and on how many documents),
 * with what confirmed them — and what each is worth: the same OCR pages read again without that one
 * repair (and without any), scored against the testkit's truth by date + amount (a repair changes
 * figures, not descriptions). A repair that gains nothing is a candidate for deletion.
 *   node bench/repairs.ts --seed N [--count 8] [--kinds scans] [--keep DIR] [--ocr-cache DIR]
 * --keep DIR reuses (or writes) the corpus in DIR/corpus, as bench/testkit.ts does.
 * Draw a fresh seed for every figure you report.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocumentParseError, normaliseDocumentType, shutdownOcr } from '../src/documents/index.ts';
import type { WordPage } from '../src/documents/layout/model.ts';
import { parseWithRepairs, validate } from '../src/documents/pipeline.ts';
import { Readings } from '../src/documents/sources/reading.ts';
import { extractOcrStatement } from '../src/documents/statement/ocr.ts';
import { REPAIR_NAMES, stagesWithout, type RepairEdit } from '../src/documents/statement/repair/index.ts';
import { cacheOcrReadings } from './lib/ocr-cache.ts';

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
const kinds = arg('kinds', 'scans');
const corpus = path.join(arg('keep', '') || mkdtempSync(path.join(os.tmpdir(), 'repairs-')), 'corpus');
if (!existsSync(path.join(corpus, 'manifest.json'))) {
  execFileSync('python3', [path.join(kit, 'docgen.py'), '--seed', seed, '--count', arg('count', '8'), '--kinds', kinds, '--out', corpus, '--quiet'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const cacheDir = arg('ocr-cache', '');
if (cacheDir) cacheOcrReadings(cacheDir);
// The pages the parse reads a statement from: the last OCR reading's legible pages.
let lastPages: WordPage[] = [];
const proto = Readings.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
const ocrRead = proto['ocrRead']!;
proto['ocrRead'] = async function (this: unknown, ...a: unknown[]): Promise<unknown> {
  const pages = (await ocrRead.apply(this, a)) as (WordPage & { verdict: { ok: boolean } })[];
  lastPages = pages.filter((p) => p.verdict.ok);
  return pages;
};

interface Entry { id: string; path: string; asserted_document_type: string | null }
interface TruthTx { date: string; amount: number | string }
const { entries } = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as { entries: Entry[] };

/** Truth rows matched one to one by booking date and amount in cents. */
function matched(truth: readonly TruthTx[], txs: readonly { date: string; amountCents: number }[]): number {
  const left = new Map<string, number>();
  for (const t of txs) left.set(`${t.date} ${t.amountCents}`, (left.get(`${t.date} ${t.amountCents}`) ?? 0) + 1);
  let n = 0;
  for (const g of truth) {
    const k = `${g.date} ${Math.round(Number(g.amount) * 100)}`;
    if ((left.get(k) ?? 0) > 0) {
      left.set(k, left.get(k)! - 1);
      n++;
    }
  }
  return n;
}

const edits: RepairEdit[] = [];
const docsWith = new Map<string, number>();
const VARIANTS = ['all', ...REPAIR_NAMES.map((n) => `-${n}`), 'none'];
const score = new Map<string, { tp: number; pred: number }>(VARIANTS.map((v) => [v, { tp: 0, pred: 0 }]));
let gt = 0;
let parsed = 0;
const t0 = Date.now();
for (const e of entries) {
  const bytes = new Uint8Array(readFileSync(path.join(corpus, e.path)));
  const asserted = e.asserted_document_type ? normaliseDocumentType(e.asserted_document_type) : null;
  const v = await validate(bytes, asserted ? { assertedType: asserted } : {});
  if (v.status !== 'success' || !v.format) continue;
  lastPages = [];
  try {
    const { repairs } = await parseWithRepairs(bytes, { format: v.format, documentType: v.document_type, ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}) });
    parsed++;
    edits.push(...repairs);
    for (const name of new Set(repairs.map((r) => r.repair))) docsWith.set(name, (docsWith.get(name) ?? 0) + 1);
  } catch (err) {
    if (!(err instanceof DocumentParseError)) throw err;
  }
  const truthFile = path.join(corpus, 'truth', `${e.id}.json`);
  if (lastPages.length === 0 || !existsSync(truthFile)) continue;
  const truth = (JSON.parse(readFileSync(truthFile, 'utf8')) as { transactions?: TruthTx[] }).transactions ?? [];
  gt += truth.length;
  for (const variant of VARIANTS) {
    const stages = variant === 'all' ? undefined : stagesWithout(variant === 'none' ? REPAIR_NAMES : [variant.slice(1)]);
    const txs = extractOcrStatement(lastPages, stages ? { stages } : {}).statement.transactions;
    const s = score.get(variant)!;
    s.tp += matched(truth, txs);
    s.pred += txs.length;
  }
}
await shutdownOcr();
const f1 = (v: string): number => {
  const s = score.get(v)!;
  return s.pred + gt > 0 ? (2 * s.tp) / (s.pred + gt) : 0;
};
console.log(`repairs on testkit seed ${seed}: ${entries.length} documents (${kinds}), ${parsed} parsed, in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}`);
console.log(`  date + amount F1 with every repair ${f1('all').toFixed(3)} (${score.get('all')!.tp} of ${gt}), with none ${f1('none').toFixed(3)} (${score.get('none')!.tp})`);
for (const name of REPAIR_NAMES) {
  const mine = edits.filter((e) => e.repair === name);
  const by = [...new Set(mine.map((e) => e.by))].join(', ');
  const gain = score.get('all')!.tp - score.get(`-${name}`)!.tp;
  console.log(
    `  ${name.padEnd(28)} ${String(mine.length).padStart(4)} edits on ${docsWith.get(name) ?? 0} documents${by ? ` (confirmed by ${by})` : ''}; rows right it gains: ${gain >= 0 ? '+' : ''}${gain} (F1 without it ${f1(`-${name}`).toFixed(3)})`,
  );
}
