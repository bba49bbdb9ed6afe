/** pdf.js's own data (CMaps, wasm, standard fonts) is where pdf.js's Node reader (fs.readFile) can read it. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFJS_DATA, STANDARD_FONTS_DIR } from './data.ts';

describe('pdf.js data directories', () => {
  it('are paths the file system can read', () => {
    expect(existsSync(STANDARD_FONTS_DIR + 'FoxitFixed.pfb')).toBe(true);
    expect(existsSync(PDFJS_DATA.cMapUrl + 'UniJIS-UCS2-H.bcmap')).toBe(true);
    expect(existsSync(PDFJS_DATA.wasmUrl + 'openjpeg.wasm')).toBe(true);
  });
});
