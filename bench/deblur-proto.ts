/**
 * Blur restoration variants on one testkit photo (deblur11): the sheet as read today (`base`), deconvolved with a
 * share of the testkit's own sigma (`rl<share>x<iterations>`), or with a share of the sigma measured on the sheet
 * (`e<share>x<iterations>`); OCR of each, counting the truth's amounts and dates among the words read.
 *   node bench/deblur-proto.ts CORPUS_DIR ID base,e0.8x10,e1x10   [DUMP=dir writes each variant as PGM]
 * Debug aid, not evidence: the counts are of words read, not of rows the statement reader assembles.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeImage, normalise } from '../src/documents/sources/ocr/image.ts';
import { findPageQuad, flattenPage, squarerSheet } from '../src/documents/sources/ocr/page-quad.ts';
import { evenLight } from '../src/documents/sources/ocr/light.ts';
import { toGray } from '../src/documents/sources/ocr/pixels.ts';
import { flatSheet, ocrEngine, shutdownOcr } from '../src/documents/sources/ocr/index.ts';
import { textConfidence } from '../src/documents/sources/ocr/quality.ts';
import { deconvolve, measureBlur, resize } from '../src/documents/sources/ocr/deblur.ts';
import type { OcrImage } from '../src/documents/sources/ocr/types.ts';

const [corpus, id, variants = 'base'] = process.argv.slice(2);
const man = JSON.parse(readFileSync(path.join(corpus!, 'manifest.json'), 'utf8')) as { entries: { id: string; path: string; axes: Record<string, unknown> }[] };
const e = man.entries.find((x) => x.id === id)!;
const truth = JSON.parse(readFileSync(path.join(corpus!, `truth/${id}.json`), 'utf8')) as { transactions: { date: string; amount: number }[] };
const ax = (e.axes.raster ?? e.axes) as { blur: number };
const img = await decodeImage(new Uint8Array(readFileSync(path.join(corpus!, e.path))));
const gray = normalise(img);
const shades: OcrImage = { width: img.width, height: img.height, channels: 1, data: toGray(img) };
const q = squarerSheet(findPageQuad(gray), () => findPageQuad(shades))!;
const flatS = flattenPage(shades, q, true);
const [a, c] = [q.corners[0], q.corners[1]];
const k = flatS.image.width / Math.hypot(c.x - a.x, c.y - a.y);
const sigmaTrue = (ax.blur * img.width) / 1400 * k;
console.log(`${id} blur ${ax.blur} photo ${img.width}x${img.height} flat ${flatS.image.width} k ${k.toFixed(2)} sigma(flat) ${sigmaTrue.toFixed(2)}`);
const amounts = truth.transactions.map((t) => Math.abs(t.amount).toFixed(2).replace('.', ''));
const days = truth.transactions.map((t) => t.date.slice(8, 10) + t.date.slice(5, 7));
const score = (words: { text: string }[]): string => {
  const digits = words.map((w) => w.text.replace(/[^0-9]/g, ''));
  const am = amounts.filter((a) => digits.some((d) => d === a || d.endsWith(a) && d.length <= a.length + 1)).length;
  const dt = days.filter((d) => digits.some((x) => x.startsWith(d) && x.length >= 6)).length;
  return `amounts ${am}/${amounts.length} dates ${dt}/${days.length}`;
};
for (const v of variants.split(',')) {
  const t0 = Date.now(); const c0 = process.cpuUsage().user;
  let im: OcrImage;
  const m = /^rl([\d.]+)x(\d+)(u[\d.]+)?$/.exec(v);
  const e1 = /^e([\d.]+)x(\d+)$/.exec(v);
  if (v === 'base') im = flatSheet(gray, shades, q, true).image;
  else if (m) {
    const s = Number(m[1]) * sigmaTrue;
    im = normalise(deconvolve(evenLight(flatS.image), s, Number(m[2])));
  } else if (e1) {
    const small = evenLight(flattenPage(shades, q, false).image);
    const est = measureBlur(small)!;
    const d = deconvolve(small, Number(e1[1]) * est, Number(e1[2]));
    console.log(`  est σ ${est.toFixed(2)} at ${small.width}px wide, ${(est * 72 * 8.27 / small.width).toFixed(2)} pt`);
    im = normalise(resize(d, flatS.image.width, flatS.image.height));
  } else throw new Error(v);
  const t1 = Date.now();
  const r = await ocrEngine().recognize(im, { langs: ['ita'], segmentation: 'block' });
  console.log(`  ${v}: prep ${t1 - t0} ms cpu ${((process.cpuUsage().user - c0) / 1000).toFixed(0)} ms ocr ${Date.now() - t1} ms words ${r.words.length} conf ${textConfidence(r.words).toFixed(2)} ${score(r.words)}`);
  if (process.env.DUMP) writeFileSync(`${process.env.DUMP}/${id}.${v}.pgm`, Buffer.concat([Buffer.from(`P5\n${im.width} ${im.height}\n255\n`), Buffer.from(im.data)]));
}
await shutdownOcr();
