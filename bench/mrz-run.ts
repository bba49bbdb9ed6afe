/**
 * Identity documents of a testkit corpus through the upload path (as bench/testkit.ts: validate, then parse) with
 * every OCR engine call kept on disk by its image and options, so that a change to the MRZ band's geometry or
 * reading only OCRs the crops it changed (a debugging tool: readings from a cache are not a figure).
 *   node bench/mrz-run.ts DIR CACHE [--only D0001,…] [--outputs pdf_pages,photocopy]   (DIR/corpus from docgen)
 * Writes DIR/out/<id>.json and prints bench/mrz-score.ts's report.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { shutdownOcr } from '../src/documents/index.ts';
import { ocrEngine, setOcrEngine } from '../src/documents/sources/ocr/index.ts';
import type { OcrEngine } from '../src/documents/sources/ocr/types.ts';
import { parseTestkitEntry, type TestkitEntry } from './lib/testkit-entry.ts';

const [dir, cacheDir] = process.argv.slice(2);
if (!dir || !cacheDir) {
  console.error('usage: node bench/mrz-run.ts DIR CACHE [--only IDS] [--outputs KINDS]');
  process.exit(2);
}
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
mkdirSync(cacheDir, { recursive: true });
mkdirSync(path.join(dir, 'out'), { recursive: true });
const real = ocrEngine();
let hits = 0;
// --trace: every MRZ-alphabet read (a band line at one scale) and the first pass's MRZ-like words.
const tracing = process.argv.includes('--trace');
const trace = <T extends { words: { text: string; x0: number; y0: number; x1: number; y1: number }[] }>(
  image: { width: number; height: number },
  opts: { charWhitelist?: string; segmentation?: string },
  r: T,
): T => {
  if (!tracing) return r;
  if (opts.charWhitelist) {
    console.log(`    line ${image.width}x${image.height}: ${r.words.map((w) => w.text).join(' ')}`);
    const g = (r.words as { glyphs?: { text: string; choices?: { text: string; confidence: number }[] }[] }[]).flatMap((w) => w.glyphs ?? []);
    const alts = g.map((x, i) => (x.choices && x.choices.length > 1 ? `${i}:${x.choices.map((c) => `${c.text}${c.confidence.toFixed(2)}`).join('/')}` : '')).filter((x) => x);
    if (alts.length) console.log(`      choices ${alts.join(' ')}`);
  }
  else {
    const mrzish = r.words.filter((w) => /<|[A-Z0-9]{12,}/.test(w.text));
    console.log(`  page ${image.width}x${image.height} ${opts.segmentation}: ${r.words.length} words; MRZ-like: ${mrzish.map((w) => `${w.text}@${Math.round(w.x0)},${Math.round(w.y0)}`).join(' ')}`);
  }
  return r;
};
let calls = 0;
const cached: OcrEngine = {
  async recognize(image, opts) {
    calls++;
    // MRZ_CHOICES=1: band lines also with the network's candidates per glyph (printed with --trace).
    if (process.env['MRZ_CHOICES'] && opts.charWhitelist) opts = { ...opts, choices: true };
    const h = createHash('sha256');
    h.update(JSON.stringify([image.width, image.height, image.channels, opts]));
    h.update(image.data);
    const file = path.join(cacheDir, `${h.digest('hex').slice(0, 32)}.v8`);
    if (existsSync(file)) {
      hits++;
      return trace(image, opts, deserialize(readFileSync(file)) as Awaited<ReturnType<OcrEngine['recognize']>>);
    }
    const r = await real.recognize(image, opts);
    writeFileSync(file, serialize(r));
    return trace(image, opts, r);
  },
  terminate: () => real.terminate(),
};
setOcrEngine(cached);
interface Entry extends TestkitEntry {
  category: string;
  axes?: Record<string, unknown>;
}
const corpus = path.join(dir, 'corpus');
const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as { entries: Entry[] };
const only = arg('only')?.split(',');
const outputs = arg('outputs')?.split(',');
const t0 = Date.now();
for (const e of manifest.entries) {
  if (e.category !== 'D' || (only && !only.includes(e.id))) continue;
  if (outputs && !outputs.includes(String(e.axes?.['output']))) continue;
  if (e.axes?.['completeness'] === 'front_only') continue;
  if (tracing) console.log(`${e.id} ${String(e.axes?.['output'])} ${String(e.axes?.['design'])}`);
  const out = await parseTestkitEntry(corpus, e);
  writeFileSync(path.join(dir, 'out', `${e.id}.json`), JSON.stringify(out));
}
await shutdownOcr();
console.log(`${calls} OCR calls, ${hits} from the cache, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(execFileSync(process.execPath, [path.join(import.meta.dirname, 'mrz-score.ts'), dir, '--verbose'], { encoding: 'utf8' }));
