/** pdf.js's own data (standard fonts, CMaps, wasm) is where pdf.js's Node reader (fs.readFile) can read it. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFJS_DATA } from './data.ts';

describe('pdf.js data directories', () => {
  it('are paths the file system can read', () => {
    expect(existsSync(PDFJS_DATA.standardFontDataUrl + 'FoxitFixed.pfb')).toBe(true);
    expect(existsSync(PDFJS_DATA.cMapUrl + 'UniJIS-UCS2-H.bcmap')).toBe(true);
    expect(existsSync(PDFJS_DATA.wasmUrl + 'openjpeg.wasm')).toBe(true);
  });
});
