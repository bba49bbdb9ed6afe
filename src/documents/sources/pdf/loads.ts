/**
 * pdf.js documents opened by this process (a text-layer load or a document opened to render pages):
 * what bench/ocr.ts and the tests count per upload. Opening a document parses its cross-reference
 * table and page tree — a scan's pages are then decoded for each rendering.
 */
let loads = 0;

/** One more document opened (sources/pdf/load.ts, sources/ocr/render.ts). */
export function countPdfLoad(): void {
  loads++;
}

/** Documents opened by this process so far. */
export function pdfLoadCount(): number {
  return loads;
}
