/**
 * The quality gate's inputs on page 1 of scans and photos as validation reads them (firstPage): words,
 * confident words, confidence per character, the verdict. Debug aid for the gate (issue 20).
 *   node bench/photo-gate.ts FILE...
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstPageImage, firstPagePdf, shutdownOcr } from '../src/documents/sources/ocr/index.ts';
import { textConfidence } from '../src/documents/sources/ocr/quality.ts';

for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(file));
  try {
    const first = file.endsWith('.pdf') ? await firstPagePdf(bytes) : await firstPageImage(bytes);
    if (!first) {
      console.log(path.basename(file), 'no page');
      continue;
    }
    const p = first.page;
    const conf = textConfidence(p.words.map((w) => ({ text: w.text, confidence: w.confidence ?? 0 })));
    const strong = p.words.filter((w) => (w.confidence ?? 0) >= 0.85 && /[A-Za-z0-9]{3,}/.test(w.text)).length;
    console.log(`${path.basename(file)} lang ${first.langs.join('+')} words ${p.words.length} legible ${p.verdict.legibleWords} strong ${strong} conf/char ${conf.toFixed(3)} ok ${p.verdict.ok} ${p.verdict.reason ?? ''}`);
  } catch (e) {
    console.log(path.basename(file), 'error', e instanceof Error ? e.message : e);
  }
}
await shutdownOcr();
