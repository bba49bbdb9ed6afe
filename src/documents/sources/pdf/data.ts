/**
 * Where pdf.js finds its own data (CMaps, the JPX/colour-management wasm): directories of the installed package,
 * each ending in a separator. In Node, pdf.js reads these with `fs.readFile(base + name)`, so they are plain
 * file-system paths — a `file://` URL string is not a path to `fs`, and every load had failed ("Unable to load …
 * data at: file:///…"): predefined CMaps were missing and JPX fell back to the JavaScript decoder.
 *
 * The standard-font replacements (STANDARD_FONTS_DIR) are deliberately not passed: a PDF that names one of the 14
 * standard fonts without embedding it is rendered with the system's faces, as before. Switching to pdf.js's own
 * faces changed the OCR of this project's generated scans (two reference-reading tests in
 * test/fixtures/id/ocr-accuracy.test.ts read differently); it is to be measured on the independent testkit
 * before it is switched on. Text extraction does not need them (it uses the built-in metrics).
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
