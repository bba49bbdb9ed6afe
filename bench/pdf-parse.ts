/**
 * Per-page parse time of the PDF pipeline (validate + parse), and pdftotext on the
 * same files for comparison when poppler-utils is installed.
 *   node bench/pdf-parse.ts [perLayout=5] [rounds=3]
 * "per upload" is the engine work the service does for one upload: validation keeping its reading
 * (validateKeeping), then the parse given that reading — one pdf.js load. "validate + parse" reads
 * the PDF in each (what an upload cost before readings were kept). Rounds alternate the two and
 * pdftotext; wall time min/median over rounds, and CPU time (this process; pdftotext: its children).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parsePdf, validateKeeping, validatePdf } from '../src/documents/pipeline.ts';
import { generateStatement, LAYOUT_IDS } from '../test/fixtures/generator/index.ts';

const perLayout = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
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

/** CPU time of this process's finished children (Linux /proc: cutime + cstime), ms. */
function childrenCpuMs(): number {
  try {
    const f = readFileSync('/proc/self/stat', 'latin1').split(') ')[1]!.split(' ');
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
type Run = { wall: number; cpu: number };
const runs: Record<'twice' | 'upload' | 'pdftotext', Run[]> = { twice: [], upload: [], pdftotext: [] };
const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;
let readingBytes = 0;
for (let r = 0; r < rounds; r++) {
  let w = performance.now();
  let c = cpuMs();
  for (const f of files) {
    const v = await validatePdf(f.bytes, {});
    await parsePdf(f.bytes, { format: 'pdf', documentType: v.document_type });
  }
  runs.twice.push({ wall: performance.now() - w, cpu: cpuMs() - c });
  w = performance.now();
  c = cpuMs();
  readingBytes = 0;
  for (const f of files) {
    const v = await validateKeeping(f.bytes, {});
    readingBytes += v.reading?.length ?? 0;
    await parse(f.bytes, { format: 'pdf', documentType: v.outcome.document_type }, v.reading);
  }
  runs.upload.push({ wall: performance.now() - w, cpu: cpuMs() - c });
  if (hasPdftotext) {
    w = performance.now();
    c = childrenCpuMs();
    for (const f of files) execFileSync('pdftotext', ['-layout', f.file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
    runs.pdftotext.push({ wall: performance.now() - w, cpu: childrenCpuMs() - c });
  }
}
const stat = (xs: Run[], k: keyof Run): { min: number; med: number } => {
  const v = xs.map((x) => x[k] / totalPages).sort((a, b) => a - b);
  return { min: v[0]!, med: v[Math.floor((v.length - 1) / 2)]! };
};
const line = (name: string, xs: Run[]): void => {
  const w = stat(xs, 'wall');
  const c = stat(xs, 'cpu');
  const pt = hasPdftotext ? { w: stat(runs.pdftotext, 'wall'), c: stat(runs.pdftotext, 'cpu') } : null;
  const ratio = pt ? `   = ${(w.min / pt.w.min).toFixed(1)}× pdftotext wall (min), ${(c.med / pt.c.med).toFixed(1)}× CPU (median)` : '';
  console.log(`${name.padEnd(34)} wall min ${w.min.toFixed(2)} med ${w.med.toFixed(2)}  CPU min ${c.min.toFixed(2)} med ${c.med.toFixed(2)} ms/page${ratio}`);
};
console.log(`rounds: ${rounds} (alternating), ${totalPages} pages each`);
line('validate + parse (PDF read twice)', runs.twice);
line('per upload (validation keeps reading)', runs.upload);
console.log(`kept readings: ${(readingBytes / totalPages / 1024).toFixed(1)} KiB/page`);
if (hasPdftotext) {
  const w = stat(runs.pdftotext, 'wall');
  const c = stat(runs.pdftotext, 'cpu');
  console.log(`${'pdftotext -layout (process per file)'.padEnd(34)} wall min ${w.min.toFixed(2)} med ${w.med.toFixed(2)}  CPU min ${c.min.toFixed(2)} med ${c.med.toFixed(2)} ms/page`);
} else console.log('pdftotext: not installed (apt-get install -y poppler-utils) — no comparison');
rmSync(dir, { recursive: true, force: true });
