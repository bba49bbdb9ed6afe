/**
 * Accuracy of the PDF statement pipeline against generator ground truth.
 *   node bench/accuracy.ts [perLayout=20] [seed=2026] [--no-ocr]
 * Sections: text PDFs (per layout), edge cases, then (unless --no-ocr, ≈ 3 min) scanned
 * statements and identity documents, reported separately (bench/ocr-accuracy.ts; larger
 * runs with bench/ocr.ts).
 * Caveat printed with the results: the generator and the parser come from the
 * same team, so these figures are an upper bound for real-world layouts.
 */
import os from 'node:os';
import { shutdownOcr } from '../src/documents/index.ts';
import { formatCards, formatScan, measureCards, measureMrzVectors, measureScans } from './ocr-accuracy.ts';
import { parsePdf, validatePdf } from '../src/documents/pipeline.ts';
import type { ParseOutcome } from '../src/documents/types.ts';
import type { HeaderField } from '../test/fixtures/generator/compare.ts';
import { HEADER_FIELDS, score } from '../test/fixtures/generator/compare.ts';
import { generateMerged, generateStatement, LAYOUT_IDS, truncate } from '../test/fixtures/generator/index.ts';
import type { LayoutId } from '../test/fixtures/generator/index.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const perLayout = Number(positional[0] ?? 20);
const seed = Number(positional[1] ?? 2026);
const withOcr = !process.argv.includes('--no-ocr');

interface Acc {
  docs: number;
  typeOk: number;
  validationOk: number;
  conformedOk: number;
  header: Record<HeaderField, number>;
  matched: number;
  extracted: number;
  expected: number;
  pages: number;
}

const empty = (): Acc => ({
  docs: 0,
  typeOk: 0,
  validationOk: 0,
  conformedOk: 0,
  header: Object.fromEntries(HEADER_FIELDS.map((f) => [f, 0])) as Record<HeaderField, number>,
  matched: 0,
  extracted: 0,
  expected: 0,
  pages: 0,
});
const rows = new Map<LayoutId | 'ALL', Acc>();
const all = empty();
const started = Date.now();

for (const layout of LAYOUT_IDS) {
  const acc = empty();
  for (let i = 0; i < perLayout; i++) {
    // Every fourth document has one printed amount altered: it must come out non-conformed.
    const broken = i % 4 === 3 && layout !== 'it_lista_movimenti';
    const { pdf, truth } = await generateStatement({ layout, seed: seed * 10_000 + i, brokenChain: broken });
    const v = await validatePdf(pdf, {});
    acc.docs++;
    acc.pages += truth.pages;
    if (v.document_type === truth.document_type) acc.typeOk++;
    if (v.status === 'success') acc.validationOk++;
    let out: ParseOutcome;
    try {
      out = await parsePdf(pdf, { format: 'pdf', documentType: truth.document_type });
    } catch {
      acc.expected += truth.transactions.length;
      continue;
    }
    const s = score(truth, out);
    for (const f of HEADER_FIELDS) if (s.header[f]) acc.header[f]++;
    acc.matched += s.matched;
    acc.extracted += s.extracted;
    acc.expected += s.expected;
    if (s.conformedAsExpected) acc.conformedOk++;
  }
  rows.set(layout, acc);
  all.docs += acc.docs;
  all.typeOk += acc.typeOk;
  all.validationOk += acc.validationOk;
  all.conformedOk += acc.conformedOk;
  all.matched += acc.matched;
  all.extracted += acc.extracted;
  all.expected += acc.expected;
  all.pages += acc.pages;
  for (const f of HEADER_FIELDS) all.header[f] += acc.header[f];
}
rows.set('ALL', all);

// Edge cases: expected validation outcomes.
const edge: { name: string; expected: string; got: string }[] = [];
const edgeN = Math.max(2, Math.round(perLayout / 4));
for (let i = 0; i < edgeN; i++) {
  const m = await generateMerged(seed + i, 'two_statements', [LAYOUT_IDS[i % 6]!, LAYOUT_IDS[(i + 2) % 6]!]);
  edge.push({
    name: 'two statements merged',
    expected: 'merged',
    got: (await validatePdf(m.pdf, {})).status,
  });
  const mi = await generateMerged(seed + 100 + i, 'statement_and_id', [LAYOUT_IDS[i % 6]!, LAYOUT_IDS[0]!]);
  edge.push({
    name: 'statement + residence permit',
    expected: 'merged',
    got: (await validatePdf(mi.pdf, {})).status,
  });
  const pw = await generateStatement({
    layout: LAYOUT_IDS[i % 6]!,
    seed: seed + 200 + i,
    transactions: 10,
    userPassword: 'x',
  });
  edge.push({
    name: 'password-protected',
    expected: 'unreadable',
    got: (await validatePdf(pw.pdf, {})).status,
  });
  const tr = await generateStatement({ layout: LAYOUT_IDS[i % 6]!, seed: seed + 300 + i, transactions: 30 });
  edge.push({
    name: 'truncated',
    expected: 'unreadable',
    got: (await validatePdf(truncate(tr.pdf), {})).status,
  });
}

const pct = (a: number, b: number): string =>
  b === 0 ? '  n/a' : `${((100 * a) / b).toFixed(1).padStart(5)}%`;
console.log(`docrisk PDF accuracy — ${perLayout} statements per layout, seed ${seed}`);
console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores), node ${process.version}, ${os.platform()} ${os.release()}`,
);
console.log('');
console.log('layout                 docs pages  type   valid  conform  txP     txR     txF1');
for (const [name, a] of rows) {
  const p = a.extracted ? a.matched / a.extracted : 0;
  const r = a.expected ? a.matched / a.expected : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  console.log(
    `${name.padEnd(22)} ${String(a.docs).padStart(4)} ${String(a.pages).padStart(5)} ${pct(a.typeOk, a.docs)} ${pct(a.validationOk, a.docs)} ${pct(a.conformedOk, a.docs)} ${(p * 100).toFixed(2).padStart(6)}% ${(r * 100).toFixed(2).padStart(6)}% ${(f1 * 100).toFixed(2).padStart(6)}%`,
  );
}
console.log('');
console.log(`header fields (${HEADER_FIELDS.join(', ')})`);
for (const [name, a] of rows)
  console.log(`${name.padEnd(22)} ${HEADER_FIELDS.map((f) => pct(a.header[f], a.docs)).join(' ')}`);
console.log('');
const byName = new Map<string, { ok: number; n: number; expected: string }>();
for (const e of edge) {
  const x = byName.get(e.name) ?? { ok: 0, n: 0, expected: e.expected };
  x.n++;
  if (e.got === e.expected) x.ok++;
  byName.set(e.name, x);
}
console.log('edge-case validation');
for (const [name, x] of byName)
  console.log(`${name.padEnd(30)} expected ${x.expected.padEnd(10)} ${x.ok}/${x.n}`);
console.log('');

if (withOcr) {
  console.log('scanned statements (OCR; strict = description included, numbers = dates/amounts/balances)');
  for (const variant of ['clean', 'tilted', 'phone']) console.log(formatScan(await measureScans(variant, 6, seed + 40)));
  console.log('');
  console.log('identity documents (OCR)');
  for (const [input, n] of [['png', 10], ['photo', 6], ['scan-pdf', 6]] as const) console.log(formatCards(await measureCards(input, n, seed + 100)));
  const vec = measureMrzVectors();
  if (vec)
    console.log(
      `cheminfo-mrz vectors (TD1/TD2/TD3 with expected fields): ${vec.ok}/${vec.n} read with every expected field ` +
        `(${vec.specimen} report nationality UTO where the library, knowing no such state, expects null)` +
        (vec.misses.length ? `; misses: ${vec.misses.join('; ')}` : ''),
    );
  await shutdownOcr();
  console.log('');
}
console.log(
  `elapsed ${((Date.now() - started) / 1000).toFixed(1)} s. Ground truth comes from the generator (same team as the parser): treat as an upper bound.`,
);
