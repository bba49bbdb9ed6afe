/**
 * Where pdf.js finds its own data (standard fonts, CMaps, the JPX/colour-management wasm): directories of the
 * installed package, each ending in a separator. In Node, pdf.js reads these with `fs.readFile(base + name)`,
 * so they are plain file-system paths — a `file://` URL string is not a path to `fs` and every load failed
 * ("Unable to load font data at: file:///…"): non-embedded standard fonts were drawn with a fallback face,
 * predefined CMaps were missing and JPX fell back to the slower JavaScript decoder.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const pkgDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataDir = (sub: string): string => path.join(pkgDir, sub) + path.sep;

export const PDFJS_DATA = {
  standardFontDataUrl: dataDir('standard_fonts'),
  cMapUrl: dataDir('cmaps'),
  cMapPacked: true,
  wasmUrl: dataDir('wasm'),
} as const;
