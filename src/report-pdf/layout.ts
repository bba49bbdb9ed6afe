/** Small layout helpers over pdfkit: headings, key/value grids and paginating tables. */
export type Doc = PDFKit.PDFDocument;

export const COLORS = {
  ink: '#1d2733',
  muted: '#5b6775',
  brand: '#1f3a5f',
  rule: '#c9d1db',
  zebra: '#f2f5f8',
  approve: '#2e7d32',
  review: '#b7791f',
  decline: '#c62828',
  inflow: '#4c9a2a',
  outflow: '#c0504d',
  line: '#1f5f9f',
} as const;

/** Registered names of the embedded Unicode font (see fonts.ts); renderReportPdf registers them on each document. */
export const FONT = 'Body';
export const BOLD = 'Body-Bold';

export function left(doc: Doc): number {
  return doc.page.margins.left;
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

export function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Start a new page when fewer than `needed` points remain. */
export function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > bottom(doc)) doc.addPage();
}

export function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.font(BOLD).fontSize(12).fillColor(COLORS.brand).text(text, left(doc), y, { width: contentWidth(doc) });
  const ly = doc.y + 2;
  doc.moveTo(left(doc), ly).lineTo(left(doc) + contentWidth(doc), ly).lineWidth(0.7).strokeColor(COLORS.rule).stroke();
  doc.y = ly + 6;
  doc.font(FONT).fontSize(9).fillColor(COLORS.ink);
}

export interface Col {
  header: string;
  /** Fraction of the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
  /** A second, smaller muted line under the text (e.g. where a payer's name came from). */
  sub?: string;
}

/** A table that wraps cell text and repeats its header after a page break. */
export function table(doc: Doc, cols: readonly Col[], rows: readonly (readonly (string | Cell)[])[], fontSize = 8.5): void {
  const x0 = left(doc);
  const total = contentWidth(doc);
  const widths = cols.map((c) => c.width * total);
  const pad = 3;
  const drawHeader = (): void => {
    const h = fontSize + 2 * pad + 2;
    const y = doc.y;
    doc.rect(x0, y, total, h).fill(COLORS.brand);
    let x = x0;
    cols.forEach((c, i) => {
      doc.font(BOLD).fontSize(fontSize).fillColor('#ffffff').text(c.header, x + pad, y + pad + 1, { width: (widths[i] ?? 0) - 2 * pad, align: c.align ?? 'left', lineBreak: false });
      x += widths[i] ?? 0;
    });
    doc.y = y + h;
  };
  ensureSpace(doc, 3 * (fontSize + 2 * pad));
  drawHeader();
  rows.forEach((row, r) => {
    const cells = row.map((c) => (typeof c === 'string' ? { text: c } : c));
    doc.font(FONT).fontSize(fontSize);
    const subSize = fontSize - 1;
    const subHeight = (c: Cell, w: number): number => (c.sub ? doc.font(FONT).fontSize(subSize).heightOfString(c.sub, { width: w }) : 0);
    const h = Math.max(...cells.map((c, i) => {
      const w = (widths[i] ?? 0) - 2 * pad;
      const sub = subHeight(c, w);
      return doc.font(c.bold ? BOLD : FONT).fontSize(fontSize).heightOfString(c.text, { width: w }) + sub;
    })) + 2 * pad;
    if (doc.y + h > bottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    if (r % 2 === 1) doc.rect(x0, y, total, h).fill(COLORS.zebra);
    let x = x0;
    cells.forEach((c, i) => {
      doc.font(c.bold ? BOLD : FONT).fontSize(fontSize).fillColor(c.color ?? COLORS.ink)
        .text(c.text, x + pad, y + pad, { width: (widths[i] ?? 0) - 2 * pad, align: cols[i]?.align ?? 'left' });
      if (c.sub) doc.font(FONT).fontSize(subSize).fillColor(COLORS.muted).text(c.sub, x + pad, doc.y, { width: (widths[i] ?? 0) - 2 * pad, align: cols[i]?.align ?? 'left' });
      x += widths[i] ?? 0;
    });
    doc.y = y + h;
  });
  doc.moveTo(x0, doc.y).lineTo(x0 + total, doc.y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  doc.x = x0;
  doc.font(FONT).fontSize(9).fillColor(COLORS.ink);
}

/** Two-column label/value list laid out in `columns` side-by-side pairs. */
export function keyValues(doc: Doc, pairs: readonly (readonly [string, string])[], columns = 2): void {
  const x0 = left(doc);
  const colW = contentWidth(doc) / columns;
  const rows = Math.ceil(pairs.length / columns);
  ensureSpace(doc, rows * 14 + 4);
  const y0 = doc.y;
  let maxY = y0;
  for (let c = 0; c < columns; c++) {
    let y = y0;
    for (let r = 0; r < rows; r++) {
      const p = pairs[c * rows + r];
      if (!p) continue;
      const x = x0 + c * colW;
      doc.font(FONT).fontSize(8.5).fillColor(COLORS.muted).text(p[0], x, y, { width: colW * 0.58 - 6 });
      const h1 = doc.y - y;
      doc.font(BOLD).fontSize(8.5).fillColor(COLORS.ink).text(p[1], x + colW * 0.58, y, { width: colW * 0.42 - 8 });
      y = Math.max(y + h1, doc.y) + 3;
    }
    maxY = Math.max(maxY, y);
  }
  doc.x = x0;
  doc.y = maxY;
  doc.font(FONT).fontSize(9).fillColor(COLORS.ink);
}
