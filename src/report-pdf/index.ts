import PDFDocument from 'pdfkit';
import { formatter } from './format.ts';
import type { Lang } from './i18n.ts';
import { t } from './i18n.ts';
import { fontSource, keepParsedFonts, reportFont } from './fonts.ts';
import { BOLD, COLORS, FONT } from './layout.ts';
import { applicant, categories, charts, coverageAndValidation, evidence, flags, header, incomeSources, methodology, metricsTable, reasons, recurring, summary } from './sections.ts';
import type { Ctx } from './sections.ts';
import type { ReportView } from './view.types.ts';

export type { ReportView, UsedInput } from './view.types.ts';
export type { Lang } from './i18n.ts';

/**
 * Render the credit officer's PDF. Deterministic: the document dates come from
 * `view.created_at` and nothing else varies between runs.
 */
export async function renderReportPdf(view: ReportView, lang: Lang): Promise<Uint8Array> {
  if (lang !== 'it' && lang !== 'de' && lang !== 'en') throw new Error(`unsupported language ${String(lang)}`);
  const created = new Date(view.created_at);
  if (Number.isNaN(created.getTime())) throw new Error(`invalid created_at ${view.created_at}`);
  const font = reportFont();
  const doc = new PDFDocument({
    // PDF/A-2b (archivable: fonts embedded, sRGB output intent, XMP metadata with the pdfaid part) when
    // the Unicode font is there to embed; pdfkit's built-in Helvetica cannot be embedded, so a PDF
    // rendered without it does not claim PDF/A
    ...(font ? { subset: 'PDF/A-2b' as const, pdfVersion: '1.7' as const } : {}),
    size: 'A4',
    margins: { top: 50, bottom: 56, left: 48, right: 48 },
    bufferPages: true,
    // PDF/A wants every Info entry mirrored in the XMP metadata, and pdfkit writes no xmp:ModifyDate: no ModDate then
    info: { Title: `${t(lang, 'title')} ${view.report_id}`, Author: 'docrisk', Creator: 'docrisk', Producer: 'docrisk', CreationDate: created, ...(font ? {} : { ModDate: created }) },
    lang,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  // a parsed font object is accepted by pdfkit at run time; its type only names paths and buffers
  doc.registerFont(FONT, (font ? fontSource(FONT, font.regular) : 'Helvetica') as string);
  doc.registerFont(BOLD, (font ? fontSource(BOLD, font.bold) : 'Helvetica-Bold') as string);
  const ctx: Ctx = { doc, lang, f: formatter(lang), view, tr: (k, vars) => t(lang, k, vars) };
  header(ctx);
  summary(ctx);
  reasons(ctx);
  applicant(ctx);
  doc.addPage();
  metricsTable(ctx);
  charts(ctx);
  categories(ctx);
  recurring(ctx);
  incomeSources(ctx);
  flags(ctx);
  evidence(ctx);
  coverageAndValidation(ctx);
  methodology(ctx);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 34;
    doc.moveTo(doc.page.margins.left, y - 6).lineTo(doc.page.width - doc.page.margins.right, y - 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.font(FONT).fontSize(7.5).fillColor(COLORS.muted);
    doc.text(`docrisk · ${view.report_id}`, doc.page.margins.left, y, { lineBreak: false });
    doc.text(t(lang, 'page_of', { n: i + 1, total: range.count }), doc.page.margins.left, y, { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  if (font) keepParsedFonts(doc, [FONT, BOLD]);
  doc.end();
  return done;
}
