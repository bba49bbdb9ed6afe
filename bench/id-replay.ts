/**
 * Identity documents of a testkit corpus, OCR'd once and read again from the saved words: for studying
 * the front reader, the MRZ choice and completeness without re-running OCR (a debugging tool, not a
 * figure — bench/testkit.ts --kinds ids measures the whole upload path).
 *   node bench/id-replay.ts CORPUS_DIR CACHE_DIR [--only D0001,D0002] [--show] [--cached]
 * CACHE_DIR/<id>.json holds the OCR pages (made on first use with the MRZ pass, as validation does);
 * CACHE_DIR/out/<id>.json the File-shaped result, scored per field like bench/testkit.ts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sniff } from '../src/documents/index.ts';
import { analyseId, idParseOutcome, idValidation } from '../src/documents/identity/index.ts';
import type { OcrPage } from '../src/documents/sources/ocr/index.ts';
import {
  langsFor,
  lookImage,
  lookPdf,
  ocrImageBytes,
  ocrPdfPages,
  shutdownOcr,
} from '../src/documents/sources/ocr/index.ts';
import { idReport } from './id-score.ts';

const [corpus, cache] = process.argv.slice(2);
if (!corpus || !cache) {
  console.error('usage: node bench/id-replay.ts CORPUS_DIR CACHE_DIR [--only IDS] [--show]');
  process.exit(2);
}
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const only = arg('only')?.split(',');
mkdirSync(path.join(cache, 'out'), { recursive: true });
interface Entry {
  id: string;
  path: string;
  category: string;
  flags?: string[];
  truth: string | null;
}
const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as { entries: Entry[] };
for (const e of manifest.entries) {
  if (e.category !== 'D' || (only && !only.includes(e.id))) continue;
  const file = path.join(cache, `${e.id}.json`);
  if (!existsSync(file)) {
    if (process.argv.includes('--cached')) continue;
    const bytes = new Uint8Array(readFileSync(path.join(corpus, e.path)));
    const pdf = sniff(bytes) === 'pdf';
    const look = pdf ? await lookPdf(bytes) : await lookImage(bytes);
    const langs = langsFor(look?.lang ?? null);
    const pages = pdf
      ? await ocrPdfPages(bytes, { langs, mrz: 'id' }, 4).then((r) => (r.ok ? r.pages : []))
      : await ocrImageBytes(bytes, { langs, mrz: 'id' }, 4);
    writeFileSync(file, JSON.stringify(pages));
  }
  const pages = JSON.parse(readFileSync(file, 'utf8')) as OcrPage[];
  const a = analyseId(pages);
  const v = idValidation(a, e.flags?.includes('check_id_completeness') === true);
  const out = {
    document_type: a.type,
    validation_result: { status: v.status, errors: v.errors, pre_result: v.pre_result },
    parsing_result: v.status === 'success' ? idParseOutcome(a).parsing_result : null,
  };
  writeFileSync(path.join(cache, 'out', `${e.id}.json`), JSON.stringify(out));
  if (process.argv.includes('--show')) {
    console.log(
      `--- ${e.id} type=${a.type} completeness=${a.completeness} mrz=${a.mrz ? `${a.mrz.format} valid=${a.mrz.valid}` : 'none'}`,
    );
    for (const [k, f] of Object.entries(a.front)) console.log(`   front ${k}: ${JSON.stringify(f.value)}`);
    if (a.mrz) console.log(`   mrz ${a.mrz.lines.join(' | ')}`);
  }
}
await shutdownOcr();
idReport(corpus, path.join(cache, 'out'), true);
