/**
 * Why a photo reads as it does: the sheet found (on the normalised photo, on its own shades), the ink
 * each flattening keeps, the gate's verdict on the full reading. Debug aid for photos (issue 20).
 *   node bench/photo-diag.ts FILE [lang] [--dump DIR] [--read]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeImage, normalise } from '../src/documents/sources/ocr/image.ts';
import { cardShaped, findPageQuad, flattenPage, offSquare, squarerSheet } from '../src/documents/sources/ocr/page-quad.ts';
import { evenLight } from '../src/documents/sources/ocr/light.ts';
import { toGray } from '../src/documents/sources/ocr/pixels.ts';
import { ocrImageBytes, shutdownOcr } from '../src/documents/sources/ocr/index.ts';
import { textConfidence } from '../src/documents/sources/ocr/quality.ts';
import type { OcrImage } from '../src/documents/sources/ocr/types.ts';

const [file, lang = 'ita'] = process.argv.slice(2);
const dumpAt = process.argv.indexOf('--dump');
const dump = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;
const bytes = new Uint8Array(readFileSync(file!));
const img = await decodeImage(bytes);
const gray = normalise(img);
const shades: OcrImage = { width: img.width, height: img.height, channels: 1, data: toGray(img) };
const qg = findPageQuad(gray);
const qs = findPageQuad(shades);
const chosen = squarerSheet(qg, () => qs);
const ink = (m: OcrImage): number => {
  let n = 0;
  for (const v of m.data) if (v < 128) n++;
  return n / m.data.length;
};
const fmt = (q: typeof qg): string => (q ? q.corners.map((p) => `${p.x.toFixed(0)},${p.y.toFixed(0)}`).join(' ') + (cardShaped(q) ? ' card-shaped' : '') : 'none');
console.log(`${path.basename(file!)} ${img.width}x${img.height} quad(gray) ${fmt(qg)} quad(shades) ${fmt(qs)}`);
const q = chosen;
console.log(`  chosen ${q === qg ? 'normalised' : 'shades'}${q ? ` off square ${offSquare(q.corners).toFixed(1)}°` : ''}`);
const save = (name: string, m: OcrImage): void => {
  if (!dump) return;
  const head = Buffer.from(`P5\n${m.width} ${m.height}\n255\n`);
  writeFileSync(path.join(dump, `${path.basename(file!)}.${name}.pgm`), Buffer.concat([head, Buffer.from(m.data)]));
};
if (q) {
  const w = flattenPage(gray, q, true);
  const a = normalise(evenLight(w.image));
  const b = normalise(evenLight(flattenPage(shades, q, true).image));
  console.log(`  flat ${w.image.width}x${w.image.height} dpi ${w.dpi.toFixed(0)} ink whitened ${ink(a).toFixed(4)} shades ${ink(b).toFixed(4)} ratio ${(ink(a) / ink(b)).toFixed(2)}`);
  save('a', a);
  save('b', b);
}
if (process.argv.includes('--read')) {
  const pages = await ocrImageBytes(bytes, { langs: [lang], mrz: 'off' });
  for (const p of pages) console.log(`  read: ${p.words.length} words, conf/char ${textConfidence(p.words.map((w) => ({ text: w.text, confidence: w.confidence ?? 0 }))).toFixed(2)}, verdict ${JSON.stringify(p.verdict)} dpi ${p.dpi.toFixed(0)}`);
  await shutdownOcr();
}
