/**
 * One identity document's OCR pages as the MRZ finder sees them (debugging, engine cache as bench/mrz-run.ts):
 *   node bench/mrz-pages.ts FILE CACHE
 * Prints the words of each page that look like MRZ, and the MRZ the identity reader finds.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { sniff } from '../src/documents/index.ts';
import { analyseId } from '../src/documents/identity/index.ts';
import { buildLines } from '../src/documents/layout/lines.ts';
import { ocrEngine, ocrImageBytes, ocrPdfPages, setOcrEngine, shutdownOcr } from '../src/documents/sources/ocr/index.ts';
import type { OcrEngine } from '../src/documents/sources/ocr/types.ts';

const [file, cacheDir] = process.argv.slice(2);
if (!file || !cacheDir) process.exit(2);
const real = ocrEngine();
setOcrEngine({
  async recognize(image, opts) {
    const h = createHash('sha256');
    h.update(JSON.stringify([image.width, image.height, image.channels, opts]));
    h.update(image.data);
    const f = path.join(cacheDir, `${h.digest('hex').slice(0, 32)}.v8`);
    if (existsSync(f)) return deserialize(readFileSync(f)) as Awaited<ReturnType<OcrEngine['recognize']>>;
    const r = await real.recognize(image, opts);
    writeFileSync(f, serialize(r));
    return r;
  },
  terminate: () => real.terminate(),
});
const bytes = new Uint8Array(readFileSync(file));
const opts = { langs: ['ita', 'eng'], mrz: 'id' as const };
const pages = sniff(bytes) === 'pdf' ? await ocrPdfPages(bytes, opts).then((r) => (r.ok ? r.pages : [])) : await ocrImageBytes(bytes, opts);
for (const p of pages) {
  console.log(`page ${p.page} ${p.width.toFixed(0)}x${p.height.toFixed(0)} ${p.words.length} words`);
  for (const l of buildLines(p)) if (/<|[A-Z0-9]{15,}/.test(l.text)) console.log(`  ${l.y0.toFixed(1)}-${l.y1.toFixed(1)} x${l.x0.toFixed(0)}: ${l.words.map((w) => w.text).join(' | ')}`);
}
const a = analyseId(pages);
console.log(a.mrz ? { raw: a.mrz.raw, lines: a.mrz.lines, valid: a.mrz.valid, corrections: a.mrz.corrections } : 'no MRZ');
await shutdownOcr();
