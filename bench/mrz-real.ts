/**
 * The real MRZ samples of ../shared/corpus through a tree's parser: PassportEye's specimen images (testdata/: no
 * text truth, so found / all check digits valid per image; tests-data/: the Utopia specimens with upstream's
 * expected fields) and the cheminfo-mrz text vectors (readMrz on the expected lines, every expected field).
 *   node bench/mrz-real.ts [--tree ROOT] [--cache DIR] [--verbose]
 * --tree: the checkout whose src/ parses (default: this one), so that /work/base and a branch run the same
 * script side by side. --cache: OCR engine calls kept on disk by image and options (as bench/mrz-run.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deserialize, serialize } from 'node:v8';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const root = path.resolve(arg('tree') ?? path.join(import.meta.dirname, '..'));
const verbose = process.argv.includes('--verbose');
const PE = '/work/shared/corpus/passporteye-mrz-images';
const CHEM = '/work/shared/corpus/cheminfo-mrz/mrz-test-vectors.json';
if (!existsSync(PE)) {
  console.error('bench/mrz-real: /work/shared/corpus is not here');
  process.exit(0);
}
const imp = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(path.join(root, rel)).href)) as T;
type Engine = {
  recognize: (image: { width: number; height: number; channels: number; data: Uint8Array }, opts: object) => Promise<unknown>;
  terminate: () => Promise<void>;
};
const ocr = await imp<{ ocrEngine: () => Engine; setOcrEngine: (e: Engine) => void }>('src/documents/sources/ocr/index.ts');
const docs = await imp<{
  parseDocument: (b: Uint8Array, o: object) => Promise<{ parsing_result: Record<string, { value?: unknown } | undefined> }>;
  shutdownOcr: () => Promise<void>;
}>('src/documents/index.ts');
const mrzMod = await imp<{ readMrz: (l: string[]) => Record<string, unknown> | null }>('src/documents/identity/mrz.ts');
const cacheDir = arg('cache');
if (cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  const real = ocr.ocrEngine();
  ocr.setOcrEngine({
    async recognize(image, opts) {
      const h = createHash('sha256');
      h.update(JSON.stringify([image.width, image.height, image.channels, opts]));
      h.update(image.data);
      const file = path.join(cacheDir, `${h.digest('hex').slice(0, 32)}.v8`);
      if (existsSync(file)) return deserialize(readFileSync(file));
      const r = await real.recognize(image, opts);
      writeFileSync(file, serialize(r));
      return r;
    },
    terminate: () => real.terminate(),
  });
}

type Mrz = { lines?: string[]; valid?: boolean; format?: string };
const readImage = async (file: string): Promise<Mrz | null> => {
  const bytes = new Uint8Array(readFileSync(file));
  try {
    const p = await docs.parseDocument(bytes, { format: file.endsWith('.png') ? 'png' : 'jpeg', documentType: 'passport' });
    return (p.parsing_result['mrz']?.value as Mrz | null) ?? null;
  } catch {
    return null;
  }
};

// testdata/: found and valid per image (no text truth).
let found = 0;
let valid = 0;
const files = readdirSync(path.join(PE, 'testdata')).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
for (const f of files) {
  const m = await readImage(path.join(PE, 'testdata', f));
  if (m) found++;
  if (m?.valid) valid++;
  if (verbose) console.log(`  ${f.padEnd(22)} ${m ? `${m.format ?? '?'} ${m.valid ? 'valid  ' : 'INVALID'} ${(m.lines ?? []).join(' | ')}` : 'no zone'}`);
}
console.log(`PassportEye testdata: zone found ${found}/${files.length}, every check digit valid ${valid}/${files.length}`);

// tests-data/: the Utopia specimens, lines against upstream's.
const expected = JSON.parse(readFileSync(path.join(PE, 'expected-tests-data.json'), 'utf8')) as Record<string, { mrz_lines?: string[] }>;
let exact = 0;
let n = 0;
for (const [rel, e] of Object.entries(expected)) {
  if (!e.mrz_lines) continue;
  n++;
  const m = await readImage(path.join(PE, rel));
  const got = m?.lines ?? [];
  // Upstream accepts 2E184226B for ZE184226B in the optional data (a check digit cannot tell them).
  const ok = got.length === e.mrz_lines.length && got.every((l, i) => l === e.mrz_lines![i] || l === e.mrz_lines![i]!.replace('ZE184226B', '2E184226B'));
  if (ok) exact++;
  if (verbose || !ok) console.log(`  ${rel.padEnd(26)} ${ok ? 'exact' : 'MISS '} ${got.join(' | ') || 'no zone'}`);
}
console.log(`PassportEye tests-data (Utopia specimens, upstream's lines): zone exact ${exact}/${n}`);

// cheminfo-mrz text vectors: readMrz on the lines, every expected field.
if (existsSync(CHEM)) {
  type V = { test: string; mrz: string | string[]; expected_fields?: Record<string, unknown>; expect_throw?: string };
  const vs = (JSON.parse(readFileSync(CHEM, 'utf8')) as V[]).filter(
    (v) => !v.expect_throw && v.expected_fields && Array.isArray(v.mrz) && [30, 36, 44].includes(v.mrz[0]!.length) && !/^.DFRA/.test(v.mrz[0]!),
  );
  const keys: Record<string, string> = { documentNumber: 'documentNumber', lastName: 'lastName', firstName: 'firstName', birthDate: 'birthDateRaw', expirationDate: 'expirationDateRaw', nationality: 'nationality', sex: 'sex' };
  let ok = 0;
  for (const v of vs) {
    const r = mrzMod.readMrz(v.mrz as string[]);
    const bad = Object.entries(v.expected_fields!).filter(([k, want]) => keys[k] && r && r[keys[k]] !== want && !(k === 'nationality' && want === null && r['nationality'] === 'UTO'));
    if (r && bad.length === 0) ok++;
    else console.log(`  cheminfo ${v.test}: ${r ? bad.map(([k]) => k).join(', ') : 'not read'}`);
  }
  console.log(`cheminfo-mrz vectors: ${ok}/${vs.length} with every expected field`);
}
await docs.shutdownOcr();
