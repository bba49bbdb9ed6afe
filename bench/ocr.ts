/**
 * OCR benchmark. Sections (all by default): speed, look, cards [n], cardvariants [n], statements [n], pe.
 *   node bench/ocr.ts speed [--best-int]  seconds per A4 page (wall and CPU) at 150/200 dpi, 1 and 2 workers,
 *                                      with and without glyph candidates (statement pages ask for them), native
 *                                      tesseract CLI on the same images; --best-int also the best_int models
 *   node bench/ocr.ts look             validation cost of a scanned statement (first-page look only)
 *   node bench/ocr.ts worker           a worker process's parse jobs for scans validated elsewhere: with
 *                                      validation's ocr_lang (no second look) and without it
 *   node bench/ocr.ts upload [rounds]  a whole scanned upload as the service runs it (validation keeping its reading,
 *                                      then the parse job with it, caches cleared between, one warm tesseract worker
 *                                      as in a document child): recognitions per page, CPU per phase, and native
 *                                      tesseract on the same full-resolution page images (ratio in the same run)
 *   node bench/ocr.ts cards 20         MRZ exact on generated permit cards (it/de, PNG 300 dpi, both sides)
 *   node bench/ocr.ts cardvariants 10  the same on phone-photo JPEGs and 200-dpi scanned PDFs of cards
 *   node bench/ocr.ts statements 6 [--variants clean,tilted,…] [--dpi 200] [--verbose]   (variants: clean unless named)
 *                                      transaction F1 on scans of generated statements, per scan variant
 *   node bench/ocr.ts pe               PassportEye specimens: MRZ found with all check digits valid
 *   --seed N                           offset of generator seeds (default 0: cards 100…, variants 300…, statements 40…);
 *   --verbose                          print every miss
 *                                      use seeds not looked at while developing for an unbiased figure
 * CPU seconds count all threads of this process (the 2 cores are shared with other work, so
 * wall time is noisy; CPU time is the "per core" figure).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument, shutdownOcr, validateDocument, validateDocumentKeeping, type DocumentType, type OcrLanguage } from '../src/documents/index.ts';
import { setOcrEngine } from '../src/documents/sources/ocr/index.ts';
import type { OcrImage, OcrOptions } from '../src/documents/sources/ocr/types.ts';
import { normalise } from '../src/documents/sources/ocr/image.ts';
import { toPgm } from '../src/documents/sources/ocr/pixels.ts';
import { renderPdfPages } from '../src/documents/sources/ocr/render.ts';
import { pdfLoadCount } from '../src/documents/sources/pdf/loads.ts';
import { TesseractEngine } from '../src/documents/sources/ocr/tesseract.ts';
import type { OcrModels } from '../src/documents/sources/ocr/tesseract.ts';
import { generateStatement } from '../test/fixtures/generator/index.ts';
import { OCRB_FONT, scanPdf } from '../test/fixtures/id/generator.ts';
import { formatCards, formatScan, measureCards, measureScans } from './ocr-accuracy.ts';

const args = process.argv.slice(2);
const SECTIONS = ['speed', 'look', 'worker', 'upload', 'cards', 'cardvariants', 'statements', 'pe'];
// No section named (flags alone, e.g. --seed 7000): every section.
const want = (s: string): boolean => !args.some((a) => SECTIONS.includes(a)) || args.includes(s);
const num = (s: string, d: number): number => {
  const i = args.indexOf(s);
  const n = i >= 0 ? Number(args[i + 1]) : NaN;
  return Number.isFinite(n) ? n : d;
};

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
console.log(
  `machine: ${os.cpus()[0]?.model} ×${os.cpus().length}, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
);

if (want('speed')) {
  // The pipeline's settings: one language, single-block segmentation (see ocr/index.ts). Native tesseract
  // reads the same page images first, so every tesseract.js line carries its ratio to native in this run.
  const { pdf } = await generateStatement({ layout: 'it_dare_avere', seed: 5, transactions: 120 });
  for (const dpi of [150, 200]) {
    const pages = (await renderPdfPages(pdf, { maxPages: 4, dpi })).map((p) => normalise(p.image));
    let native = NaN;
    try {
      let wall = 0;
      let cpuS = 0;
      for (const [i, page] of pages.entries()) {
        const f = path.join(os.tmpdir(), `bench-ocr-${dpi}-${i}.pgm`);
        fs.writeFileSync(f, toPgm(page));
        const r = execFileSync('sh', ['-c', `OMP_THREAD_LIMIT=1 /usr/bin/time -f '%U %S %e' tesseract ${f} - -l ita --psm 6 2>&1 >/dev/null | tail -1`]).toString().trim();
        const [u, s, e] = r.split(' ').map(Number);
        wall += e ?? 0;
        cpuS += (u ?? 0) + (s ?? 0);
        fs.rmSync(f, { force: true });
      }
      native = cpuS / pages.length;
      console.log(
        `native tesseract 5.3 (Debian fast models) ita psm 6 ${dpi} dpi, ${pages.length} pages, 1 thread: wall ${(wall / pages.length).toFixed(2)} s/page, CPU ${native.toFixed(2)} s/page`,
      );
    } catch {
      console.log('native tesseract CLI: not installed');
    }
    for (const models of (args.includes('--best-int') ? ['fast', 'best_int'] : ['fast']) as OcrModels[]) {
      for (const [workers, choices] of [[1, false], [1, true], [2, false]] as const) {
        const eng = new TesseractEngine({ poolSize: workers, models });
        // Warm every worker (start + traineddata load are not per-page costs).
        const o = { langs: ['ita'], segmentation: 'block', choices } as const;
        await Promise.all(pages.slice(0, workers).map((p) => eng.recognize(p, o)));
        const c0 = cpu();
        const t = performance.now();
        await Promise.all(pages.map((p) => eng.recognize(p, o)));
        const wall = (performance.now() - t) / 1000 / pages.length;
        const c = (cpu() - c0) / pages.length;
        console.log(
          `tesseract.js ${models} ita psm 6${choices ? ' +glyph candidates' : ''} ${dpi} dpi, ${pages.length} pages, ${workers} worker(s): wall ${wall.toFixed(2)} s/page, CPU ${c.toFixed(2)} s/page (${(c / native).toFixed(2)}× native), RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
        );
        await eng.terminate();
      }
    }
  }
}

if (want('look')) {
  const { pdf } = await generateStatement({ layout: 'de_sparkasse', seed: 9, transactions: 90 });
  const scan = await scanPdf(pdf, 200);
  const c0 = cpu();
  const t = performance.now();
  const v = await validateDocument(scan, {});
  console.log(
    `validation of a ${v.page_count}-page scanned statement (first-page look): ${v.status} ${v.document_type}, wall ${((performance.now() - t) / 1000).toFixed(2)} s, CPU ${(cpu() - c0).toFixed(2)} s`,
  );
}

if (want('worker')) {
  // Three scanned statements (it, de, en; 2–3 pages each) validated by the API process; a worker
  // process parses them with nothing of that in memory. Fresh OCR pool per round (as a new
  // worker), rounds alternate so that machine noise falls on both.
  const docs: { scan: Uint8Array; type: DocumentType; lang?: OcrLanguage; pages: number }[] = [];
  for (const [i, layout] of (['it_dare_avere', 'de_soll_haben_marker', 'en_paid_in_out'] as const).entries()) {
    const { pdf } = await generateStatement({ layout, seed: 60 + i, transactions: 70 });
    const scan = await scanPdf(pdf, 200);
    const v = await validateDocument(scan, {});
    docs.push({ scan, type: v.document_type, ...(v.ocr_lang ? { lang: v.ocr_lang } : {}), pages: v.page_count ?? 1 });
  }
  const pages = docs.reduce((n, d) => n + d.pages, 0);
  const runs: Record<'look' | 'hint', number[]> = { look: [], hint: [] };
  for (let round = 0; round < 3; round++) {
    for (const mode of ['look', 'hint'] as const) {
      await shutdownOcr();
      const c0 = cpu();
      for (const d of docs) await parseDocument(d.scan, { format: 'pdf', documentType: d.type, ...(mode === 'hint' && d.lang ? { ocrLang: d.lang } : {}) });
      runs[mode].push(cpu() - c0);
    }
  }
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const mode of ['look', 'hint'] as const) {
    console.log(
      `worker parse of 3 scans (${pages} pages), fresh pool, ${mode === 'hint' ? "with validation's ocr_lang" : 'looking again'}: CPU ${med(runs[mode]).toFixed(2)} s (${runs[mode].map((x) => x.toFixed(2)).join(' / ')}), ${(med(runs[mode]) / pages).toFixed(2)} s/page`,
    );
  }
}

if (want('upload')) {
  // As the service runs an upload: validation in one document child keeps its reading, the parse job
  // in another takes it (nothing of the validation in memory: caches cleared), one warm tesseract
  // worker per child. Every recognition is recorded with its wall time (one worker: the calls are
  // serial, so wall ≈ the worker thread's CPU), and the full-resolution page images are read again by
  // native tesseract (same psm, language) for the ratio.
  const docs: { scan: Uint8Array; name: string }[] = [];
  for (const [i, layout] of (['it_dare_avere', 'de_soll_haben_marker', 'en_paid_in_out'] as const).entries()) {
    const { pdf } = await generateStatement({ layout, seed: 60 + i, transactions: 70 });
    docs.push({ scan: await scanPdf(pdf, 200), name: layout });
  }
  const inner = new TesseractEngine({ poolSize: 1 });
  type Call = { phase: string; langs: string; w: number; h: number; choices: boolean; seg: string; s: number };
  const calls: Call[] = [];
  let phase = '';
  const full: { img: OcrImage; langs: string }[] = [];
  const counting = {
    async recognize(img: OcrImage, o: OcrOptions) {
      const t = performance.now();
      const r = await inner.recognize(img, o);
      calls.push({ phase, langs: o.langs.join('+'), w: img.width, h: img.height, choices: o.choices === true, seg: o.segmentation ?? 'auto', s: (performance.now() - t) / 1000 });
      // The statement reading of each page (in the parse, or page 1's in validation where it keeps it).
      if (o.choices === true && (o.segmentation ?? 'auto') === 'block' && img.height > 1800) full.push({ img, langs: o.langs.join('+') });
      return r;
    },
    terminate: async () => undefined,
  };
  // Warm the worker in every language (start and traineddata load are not per-page costs).
  for (const l of ['eng', 'ita', 'deu']) await inner.recognize({ width: 64, height: 32, channels: 1, data: new Uint8Array(64 * 32).fill(255) }, { langs: [l] });
  const rounds = num('upload', 1);
  const tot = { validate: 0, parse: 0, pages: 0, loadsValidate: 0, loadsParse: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const d of docs) {
      await shutdownOcr();
      setOcrEngine(counting);
      phase = 'validate';
      let c0 = cpu();
      let l0 = pdfLoadCount();
      const { outcome: v, reading } = await validateDocumentKeeping(d.scan, {});
      tot.validate += cpu() - c0;
      tot.loadsValidate += pdfLoadCount() - l0;
      l0 = pdfLoadCount();
      await shutdownOcr();
      setOcrEngine(counting);
      phase = 'parse';
      c0 = cpu();
      await parseDocument(d.scan, { format: 'pdf', documentType: v.document_type, ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}) }, reading);
      tot.parse += cpu() - c0;
      tot.loadsParse += pdfLoadCount() - l0;
      tot.pages += v.page_count ?? 1;
      if (round === 0) console.log(`  ${d.name}: ${v.page_count} pages, ${v.status} ${v.document_type} ${v.ocr_lang}, reading kept ${reading ? reading.length : 0} bytes`);
    }
  }
  const byKind = new Map<string, { n: number; s: number }>();
  for (const c of calls) {
    // An A4 page at 200 dpi is 2,339 px high, the look's view of it (130 dpi) 1,520.
    // The language probe reads a page's top band at the look's scale (≈ 1,000 × 450 px).
    const band = c.w > 900 && c.h < 0.5 * c.w;
    const k = `${c.phase} ${c.langs} ${c.seg}${c.choices ? ' +choices' : ''} ${c.h > 1800 ? 'page' : c.h > 600 ? 'look-size page' : band ? 'top band' : 'strip/line'}`;
    const e = byKind.get(k) ?? { n: 0, s: 0 };
    e.n++;
    e.s += c.s;
    byKind.set(k, e);
  }
  for (const [k, e] of byKind) console.log(`  recognize ${k}: ${e.n} calls, ${(e.s / rounds).toFixed(2)} s per round`);
  const pages = tot.pages;
  const uploads = docs.length * rounds;
  const fullPages = (ph: string): number => calls.filter((c) => c.phase === ph && c.h > 600).length / uploads;
  console.log(
    `  per upload (${pages / uploads} pages): whole-page recognitions validation ${fullPages('validate').toFixed(2)} + parse ${fullPages('parse').toFixed(2)}; ` +
      `pdf.js loads validation ${(tot.loadsValidate / uploads).toFixed(2)} + parse ${(tot.loadsParse / uploads).toFixed(2)}`,
  );
  let nat = 0;
  for (const [i, f] of full.slice(0, full.length / rounds).entries()) {
    const file = path.join(os.tmpdir(), `bench-upload-${i}.pgm`);
    fs.writeFileSync(file, toPgm(f.img));
    const r = execFileSync('sh', ['-c', `OMP_THREAD_LIMIT=1 /usr/bin/time -f '%U %S' tesseract ${file} - -l ${f.langs} --psm 6 2>&1 >/dev/null | tail -1`]).toString().trim();
    const [u, s] = r.split(' ').map(Number);
    nat += (u ?? 0) + (s ?? 0);
    fs.rmSync(file, { force: true });
  }
  const natPage = nat / (pages / rounds);
  const per = (tot.validate + tot.parse) / pages;
  console.log(
    `upload of ${pages / rounds} scanned pages (${rounds} round(s)): validation ${(tot.validate / pages).toFixed(2)} + parse ${(tot.parse / pages).toFixed(2)} = ${per.toFixed(2)} CPU-s/page; ` +
      `native tesseract on the ${full.length / rounds} statement page images ${natPage.toFixed(2)} CPU-s/page → ${(per / natPage).toFixed(2)}× native (parse alone ${(tot.parse / pages / natPage).toFixed(2)}×)`,
  );
  await inner.terminate();
}

const seedBase = num('--seed', 0);
const verbose = args.includes('--verbose');

if (want('cards')) {
  const f = await measureCards('png', num('cards', 20), seedBase + 100);
  if (verbose) for (const m of f.misses) console.log(`  miss ${m}`);
  console.log(`${formatCards(f)} (MRZ font ${OCRB_FONT ? 'OCR-B' : 'Courier'})`);
}

if (want('cardvariants')) {
  // Harder inputs: a phone photo (1.5° rotation, sensor noise, uneven light, JPEG 80)
  // and a 200-dpi scanned PDF of the card (both sides).
  for (const input of ['photo', 'scan-pdf'] as const) {
    const f = await measureCards(input, num('cardvariants', 10), seedBase + 300);
    if (verbose) for (const m of f.misses) console.log(`  miss ${m}`);
    console.log(formatCards(f));
  }
}

if (want('statements')) {
  // Per scan variant (test/fixtures/id/generator.ts SCAN_VARIANTS): strict F1 (every member equal,
  // description included), F1 on the numbers (dates, amount, balance), and the character error
  // rate of the descriptions of transactions whose numbers are right.
  const vi = args.indexOf('--variants');
  for (const variant of vi >= 0 ? args[vi + 1]!.split(',') : ['clean']) {
    const s = await measureScans(variant, num('statements', 6), seedBase + 40, num('--dpi', 200), verbose);
    for (const f of s.failures) console.log(`  failed ${f}`);
    console.log(formatScan(s));
  }
}

if (want('pe')) {
  const dir = '/work/shared/corpus/passporteye-mrz-images/testdata';
  if (fs.existsSync(dir)) {
    let valid = 0;
    let found = 0;
    const files = fs.readdirSync(dir).filter((f) => /\.(png|jpe?g)$/i.test(f));
    for (const f of files) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(dir, f)));
      try {
        const p = await parseDocument(bytes, { format: f.endsWith('.png') ? 'png' : 'jpeg', documentType: 'passport' });
        const m = p.parsing_result['mrz']?.value as { valid: boolean } | null;
        if (m) found++;
        if (m?.valid) valid++;
      } catch {
        // unreadable counts as a miss
      }
    }
    console.log(`PassportEye testdata: MRZ found in ${found}/${files.length}, all check digits valid in ${valid}/${files.length}`);
  }
}
await shutdownOcr();
