/**
 * Where pdf.js finds its own data (CMaps, the JPX/colour-management wasm): directories of the installed package,
 * each ending in a separator. In Node, pdf.js reads these with `fs.readFile(base + name)`, so they are plain
 * file-system paths — a `file://` URL string is not a path to `fs`, and every load had failed ("Unable to load …
 * data at: file:///…"): predefined CMaps were missing and JPX fell back to the JavaScript decoder.
 *
 * The standard-font replacements (STANDARD_FONTS_DIR) are deliberately not passed: a PDF that names one of the 14
 * standard fonts without embedding it is rendered with the system's faces, as before. Switching to pdf.js's own
 * faces changed the OCR of this project's generated scans (two reference-reading tests in
 * test/fixtures/id/ocr-accuracy.test.ts read differently). Measured 2026-11-27 (h/ocr7, BENCHMARKS.md): on a fresh
 * testkit seed (19 text statements, 5 scans and photos) every output was byte-identical with and without them — the testkit's
 * scans and photos are images, and a text statement's words come from its text layer, not from a rendering — and
 * the own generator's scanned statements read F1 1.000 either way. They only matter where a text PDF with
 * non-embedded standard fonts is rendered for OCR (a text layer that does not read). Text extraction does not
 * need them (it uses the built-in metrics).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const pkgDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (sub: string): string => path.join(pkgDir, sub) + path.sep;

/** pdf.js's replacements for the 14 standard fonts (drawn when a PDF names one without embedding it). */
export const STANDARD_FONTS_DIR = dataDir('standard_fonts');

export const PDFJS_DATA = {
  cMapUrl: dataDir('cmaps'),
  cMapPacked: true,
  wasmUrl: dataDir('wasm'),
} as const;
