/**
 * Per-page parse time of the PDF pipeline (validate + parse), and pdftotext on the
 * same files for comparison when poppler-utils is installed.
 *   node bench/pdf-parse.ts [perLayout=5]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePdf, validatePdf } from '../src/documents/pipeline.ts';
import { generateStatement, LAYOUT_IDS } from '../test/fixtures/generator/index.ts';

const perLayout = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-pdf-bench-'));
const files: { file: string; pages: number; bytes: Uint8Array }[] = [];
for (const layout of LAYOUT_IDS) {
  for (let i = 0; i < perLayout; i++) {
    const { pdf, truth } = await generateStatement({ layout, seed: 7000 + i, transactions: 20 + i * 35 });
    const file = path.join(dir, `${layout}-${i}.pdf`);
    writeFileSync(file, pdf);
    files.push({ file, pages: truth.pages, bytes: pdf });
  }
}
const postbank = '/work/shared/corpus/stan-postbank/PB_KAZ_KtoNr_9999999999_06-04-2017_1200.pdf';
let postbankBytes: Uint8Array | null = null;
try {
  postbankBytes = new Uint8Array(readFileSync(postbank));
} catch {
  postbankBytes = null;
}

// Warm-up: first pdf.js load pays for module and font data initialisation.
const warm = files[0]!;
const coldT = performance.now();
await validatePdf(warm.bytes, {});
const coldMs = performance.now() - coldT;
await parsePdf(warm.bytes, { format: 'pdf', documentType: 'bank_statement' });

let totalPages = 0;
let validateMs = 0;
let parseMs = 0;
const perFile: number[] = [];
for (const f of files) {
  const t0 = performance.now();
  const v = await validatePdf(f.bytes, {});
  const t1 = performance.now();
  await parsePdf(f.bytes, { format: 'pdf', documentType: v.document_type });
  const t2 = performance.now();
  validateMs += t1 - t0;
  parseMs += t2 - t1;
  totalPages += f.pages;
  perFile.push((t2 - t0) / f.pages);
}
perFile.sort((a, b) => a - b);
const q = (p: number): number => perFile[Math.min(perFile.length - 1, Math.floor(p * perFile.length))]!;

console.log(`docrisk PDF parse timing — ${files.length} generated statements, ${totalPages} pages`);
console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores), node ${process.version}`,
);
console.log(`first call (cold, incl. pdf.js init): ${coldMs.toFixed(0)} ms`);
console.log(
  `validatePdf: ${(validateMs / totalPages).toFixed(2)} ms/page   parsePdf: ${(parseMs / totalPages).toFixed(2)} ms/page   both: ${((validateMs + parseMs) / totalPages).toFixed(2)} ms/page`,
);
console.log(
  `per-file ms/page (validate+parse): p50 ${q(0.5).toFixed(2)}  p90 ${q(0.9).toFixed(2)}  max ${q(1).toFixed(2)}`,
);
if (postbankBytes) {
  const runs = 10;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++)
    await parsePdf(postbankBytes, { format: 'pdf', documentType: 'bank_statement' });
  console.log(
    `Postbank specimen (2 pages, real PDF): parsePdf ${((performance.now() - t0) / runs / 2).toFixed(2)} ms/page`,
  );
}

const which = spawnSync('pdftotext', ['-v']);
if (which.error) {
  console.log('pdftotext: not installed (apt-get install -y poppler-utils) — no comparison');
} else {
  const t0 = performance.now();
  for (const f of files)
    execFileSync('pdftotext', ['-layout', f.file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
  const ms = performance.now() - t0;
  console.log(`pdftotext -layout (text only, process per file): ${(ms / totalPages).toFixed(2)} ms/page`);
}
rmSync(dir, { recursive: true, force: true });
