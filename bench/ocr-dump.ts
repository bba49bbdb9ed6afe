/**
 * OCR one scan or photo (image or image-only PDF) and save its pages of positioned words as JSON,
 * so the statement readers can be studied on them without OCR-ing again.
 *   node bench/ocr-dump.ts FILE OUT.json [ita|deu|eng]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ocrImageBytes, ocrPdfPages, shutdownOcr } from '../src/documents/sources/ocr/index.ts';
import { sniff } from '../src/documents/index.ts';

const [file, out, lang = 'ita'] = process.argv.slice(2);
if (!file || !out) {
  console.error('usage: node bench/ocr-dump.ts FILE OUT.json [ita|deu|eng]');
  process.exit(2);
}
const bytes = new Uint8Array(readFileSync(file));
const opts = { langs: [lang], mrz: 'off' as const };
const pages = sniff(bytes) === 'pdf' ? await ocrPdfPages(bytes, opts).then((r) => (r.ok ? r.pages : [])) : await ocrImageBytes(bytes, opts);
writeFileSync(out, JSON.stringify(pages));
console.log(`${pages.length} pages, ${pages.reduce((n, p) => n + p.words.length, 0)} words -> ${out}`);
await shutdownOcr();
