/**
 * Issue 22 item 3, "one pdf.js load per upload", for multi-page scans: what the second load costs (the
 * parse job's child opening the PDF to render pages 2..n) against what keeping those pages would cost
 * (validation, which has the document open, renders pages 2..n at the parse's resolution, 8-bit grey,
 * deflates them and stores them beside the blob; the parse reads and inflates them and opens nothing).
 *   node bench/scan-keep.ts [--testkit DIR] [--e2e]
 * Scans: generated statements scanned at 200 dpi (test/fixtures: 1, 3 and 10 pages, clean), and with
 * --testkit the image-only PDFs of a docgen corpus (DIR/files/*.pdf: scanner noise, 150–300 dpi).
 * Per scan, in one warm process (pdf.js imported, as in a document child): CPU of a load (open + close,
 * median of 5), of rendering each page as fullPage() does, of deflating it (zlib level 1 and 6), of
 * inflating it, of writing and reading it as a file (the fs blob store's cost floor), and its kept size.
 * --e2e also runs validation (keeping its reading) then the parse with it, real OCR, one warm tesseract
 * worker, caches cleared between (as two document children): wall and CPU per phase, and pdf.js loads.
 * CPU is process.cpuUsage() (all threads of this process): the machine is shared, wall time is noise.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, deflateSync, inflateSync } from 'node:zlib';
import { parseDocument, shutdownOcr, validateDocumentKeeping } from '../src/documents/index.ts';
import { setOcrEngine } from '../src/documents/sources/ocr/index.ts';
import { openPdfForRender } from '../src/documents/sources/ocr/render.ts';
import { TesseractEngine } from '../src/documents/sources/ocr/tesseract.ts';
import { LIMITS } from '../src/documents/limits.ts';
import { pdfLoadCount } from '../src/documents/sources/pdf/loads.ts';
import { generateStatement } from '../test/fixtures/generator/index.ts';
import { scanPdf } from '../test/fixtures/id/generator.ts';

const args = process.argv.slice(2);
const opt = (k: string): string | undefined => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : undefined;
};
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`machine: ${os.cpus()[0]?.model} ×${os.cpus().length}, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const scans: { name: string; bytes: Uint8Array }[] = [];
// Transactions per generated statement for 1, 3 and 10 scanned pages (it_dare_avere: ≈ 25 rows a page).
for (const [pages, tx] of [
  [1, 8],
  [3, 70],
  [10, 260],
] as const) {
  const { pdf } = await generateStatement({ layout: 'it_dare_avere', seed: 7300 + pages, transactions: tx });
  scans.push({ name: `generated-${pages}p`, bytes: await scanPdf(pdf, 200) });
}
const kit = opt('--testkit');
if (kit) {
  for (const f of readdirSync(path.join(kit, 'files')).filter((x) => x.endsWith('.pdf')).sort()) {
    scans.push({ name: `testkit ${f}`, bytes: new Uint8Array(readFileSync(path.join(kit, 'files', f))) });
  }
}

// pdf.js imported and warmed once, as in a document child that has read a PDF before.
{
  const d = await openPdfForRender(scans[0]!.bytes);
  await d.close();
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scan-keep-'));
interface Row {
  name: string;
  pages: number;
  fileKb: number;
  openMs: number;
  renderMs: number[];
  z1Ms: number[];
  z6Ms: number[];
  inflMs: number[];
  ioMs: number[];
  z1Kb: number[];
  z6Kb: number[];
}
const rows: Row[] = [];
for (const s of scans) {
  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c = cpuMs();
    const d = await openPdfForRender(s.bytes);
    await d.close();
    opens.push(cpuMs() - c);
  }
  const doc = await openPdfForRender(s.bytes);
  const row: Row = { name: s.name, pages: doc.numPages, fileKb: s.bytes.length / 1024, openMs: med(opens), renderMs: [], z1Ms: [], z6Ms: [], inflMs: [], ioMs: [], z1Kb: [], z6Kb: [] };
  try {
    // One page at a time, as a kept-pages writer would (bounded memory).
    for (let n = 1; n <= Math.min(doc.numPages, LIMITS.ocrMaxPages); n++) {
      let c = cpuMs();
      const r = await doc.render(n, { gray: true });
      row.renderMs.push(cpuMs() - c);
      c = cpuMs();
      const z1 = deflateSync(r.image.data, { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
      row.z1Ms.push(cpuMs() - c);
      c = cpuMs();
      const z6 = deflateSync(r.image.data, { level: 6 });
      row.z6Ms.push(cpuMs() - c);
      row.z1Kb.push(z1.length / 1024);
      row.z6Kb.push(z6.length / 1024);
      c = cpuMs();
      const f = path.join(tmp, `p${n}`);
      writeFileSync(f, z1);
      const back = readFileSync(f);
      row.ioMs.push(cpuMs() - c);
      c = cpuMs();
      inflateSync(back);
      row.inflMs.push(cpuMs() - c);
    }
  } finally {
    await doc.close();
  }
  rows.push(row);
}
rmSync(tmp, { recursive: true, force: true });

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const after1 = (xs: number[]): number => sum(xs.slice(1));
console.log('\nper scan (CPU ms; "2..n": summed over the pages a kept-pages parse would not render)');
console.log('scan | pages | file KiB | load (open+close) | render/page | deflate-1/page | deflate-6/page | inflate/page | file write+read/page | kept 2..n KiB (level 1) | validation +CPU (render+deflate+write, 2..n) | parse −CPU (load + render − read − inflate) | net CPU per upload');
for (const r of rows) {
  const n = r.pages;
  const addV = after1(r.renderMs) + after1(r.z1Ms) + after1(r.ioMs) / 2;
  const saveP = r.openMs + after1(r.renderMs) - after1(r.inflMs) - after1(r.ioMs) / 2;
  const per = (xs: number[]): string => (xs.length ? (sum(xs) / xs.length).toFixed(0) : '—');
  console.log(
    `${r.name} | ${n} | ${r.fileKb.toFixed(0)} | ${r.openMs.toFixed(1)} | ${per(r.renderMs)} | ${per(r.z1Ms)} | ${per(r.z6Ms)} | ${per(r.inflMs)} | ${per(r.ioMs)} | ${after1(r.z1Kb).toFixed(0)} (${(after1(r.z1Kb) / 1024 / (r.fileKb / 1024)).toFixed(2)}× the file) | +${addV.toFixed(0)} | −${saveP.toFixed(0)} | ${n > 1 ? `+${(addV - saveP).toFixed(0)}` : '0 (nothing kept)'}`,
  );
}
const multi = rows.filter((r) => r.pages > 1);
if (multi.length) {
  const perPage = (f: (r: Row) => number[]): number[] => multi.flatMap((r) => f(r).slice(1));
  const worst = (xs: number[]): number => Math.max(...xs);
  const o = multi.map((r) => r.openMs);
  console.log(
    `\nmulti-page scans (${multi.length}): load ${med(o).toFixed(1)} ms median, ${worst(o).toFixed(1)} worst; per page 2..n: render ${med(perPage((r) => r.renderMs)).toFixed(0)} ms median (${worst(perPage((r) => r.renderMs)).toFixed(0)} worst), ` +
      `deflate-1 ${med(perPage((r) => r.z1Ms)).toFixed(0)} (${worst(perPage((r) => r.z1Ms)).toFixed(0)}), inflate ${med(perPage((r) => r.inflMs)).toFixed(0)} (${worst(perPage((r) => r.inflMs)).toFixed(0)}), ` +
      `kept ${med(perPage((r) => r.z1Kb)).toFixed(0)} KiB (${worst(perPage((r) => r.z1Kb)).toFixed(0)} worst); ` +
      `a ${LIMITS.ocrMaxPages}-page scan would add ≈ ${(((LIMITS.ocrMaxPages - 1) * (med(perPage((r) => r.renderMs)) + med(perPage((r) => r.z1Ms)))) / 1000).toFixed(1)} CPU-s to validation ` +
      `(${((LIMITS.ocrMaxPages - 1) * worst(perPage((r) => r.renderMs)) / 1000).toFixed(1)} s at the worst page's render) and keep ≈ ${(((LIMITS.ocrMaxPages - 1) * med(perPage((r) => r.z1Kb))) / 1024).toFixed(0)} MiB`,
  );
}

if (args.includes('--e2e')) {
  // As two document children: validation keeps its reading, the parse takes it; one warm worker.
  const inner = new TesseractEngine({ poolSize: 1 });
  for (const l of ['eng', 'ita']) await inner.recognize({ width: 64, height: 32, channels: 1, data: new Uint8Array(64 * 32).fill(255) }, { langs: [l] });
  // shutdownOcr() (caches cleared between the phases) terminates the engine set: this one keeps the worker.
  const kept = { recognize: inner.recognize.bind(inner), terminate: () => Promise.resolve() };
  console.log('\nend to end (real OCR): scan | validation wall s / CPU s | parse wall s / CPU s | pdf.js loads validation + parse | reading KiB | status, parse result hash');
  // With --testkit, its multi-page scans too (at most --e2e-max, default 6): a hash of each parse result compares trees.
  const kitMulti = scans.filter((x) => !x.name.startsWith('generated') && (rows.find((r) => r.name === x.name)?.pages ?? 0) > 1).slice(0, Number(opt('--e2e-max') ?? 6));
  for (const s of [...scans.filter((x) => x.name.startsWith('generated')), ...kitMulti]) {
    await shutdownOcr();
    setOcrEngine(kept);
    let w = performance.now();
    let c = cpuMs();
    let l = pdfLoadCount();
    const v = await validateDocumentKeeping(s.bytes, {});
    const vw = (performance.now() - w) / 1000;
    const vc = (cpuMs() - c) / 1000;
    const vl = pdfLoadCount() - l;
    await shutdownOcr();
    setOcrEngine(kept);
    w = performance.now();
    c = cpuMs();
    l = pdfLoadCount();
    const out = await parseDocument(s.bytes, { format: 'pdf', documentType: v.outcome.document_type, ...(v.outcome.ocr_lang ? { ocrLang: v.outcome.ocr_lang } : {}) }, v.reading).catch(
      (e: unknown) => ({ error: String(e) }),
    );
    const hash = createHash('sha256').update(JSON.stringify(out)).digest('hex').slice(0, 12);
    console.log(
      `${s.name} | ${vw.toFixed(1)} / ${vc.toFixed(1)} | ${((performance.now() - w) / 1000).toFixed(1)} / ${((cpuMs() - c) / 1000).toFixed(1)} | ${vl} + ${pdfLoadCount() - l} | ${((v.reading?.length ?? 0) / 1024).toFixed(0)} | ${v.outcome.status} ${hash}`,
    );
  }
  setOcrEngine(null);
  await inner.terminate();
}
