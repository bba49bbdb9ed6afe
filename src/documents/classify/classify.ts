/**
 * Document type from text cues plus structure, page by page, and the split of an
 * upload into documents (a PDF holding two statements, or a statement and an ID,
 * is "merged"). Per-page signals keep the two questions answerable from one pass.
 */
import type { DocumentType } from '../types.ts';
import type { Period } from '../values/date-words.ts';
import { daysBetween } from '../values/date-words.ts';
import { findIban, findPeriod } from '../statement/header/header-fields.ts';
import { BOOK_BALANCE, CLOSING, ID_KEYWORDS, MOVEMENTS_TITLE, OPENING, STATEMENT_TITLE } from '../data/keywords.data.ts';
import type { Line } from '../layout/model.ts';
import { fold } from '../layout/lines.ts';
import { detectHeader } from '../statement/heading-reader/table.ts';
import { readTable } from '../statement/extract/reader.ts';

type IdType = 'residency_permit' | 'identity_card' | 'passport';

export interface PageSignals {
  page: number;
  wordCount: number;
  idType: IdType | null;
  statementTitle: boolean;
  movementsTitle: boolean;
  opening: boolean;
  closing: boolean;
  table: boolean;
  iban: string | null;
  period: Period | null;
  /** "Pagina 2 di 3" → {n: 2, of: 3}; "Blatt 2" alone → {n: 2, of: 0}. */
  marker: { n: number; of: number } | null;
}

const MRZ_LINE = /^[A-Z0-9<]{28,44}$/;
const PAGE_MARKER = /\b(?:pagina|pag\.?|seite|blatt|page)\s*(\d{1,3})\s*(?:\/|di|von|of)\s*(\d{1,3})\b/;
/** A page number printed alone on its line without the page count ("Blatt 2", "Page 3"): of = 0. */
const PAGE_ALONE = /^(?:pagina|pag\.?|foglio|seite|blatt|page|sheet)\s*(\d{1,3})$/;

export function pageSignals(lines: readonly Line[], page: number): PageSignals {
  const text = fold(lines.map((l) => l.text).join('\n'));
  const headerIdx = lines.findIndex((l) => detectHeader(l) !== null);
  // The transaction table found from geometry (no heading needed): its dates are not the period.
  const rows = readTable([[...lines]], null, { opening: null, closing: null });
  const firstRow = rows.txs[0]?.lines[0];
  const tableStart = headerIdx >= 0 ? headerIdx : firstRow ? lines.indexOf(firstRow) : -1;
  const above = new Set(
    (tableStart >= 0
      ? lines.slice(0, tableStart)
      : lines.filter((l) => /\biban\b/i.test(l.text) || lines.indexOf(l) < 25)
    ).filter((l) => !rows.tableLines.has(l)),
  );
  const marker = PAGE_MARKER.exec(text) ?? lines.map((l) => PAGE_ALONE.exec(fold(l.text).trim())).find((m) => m !== null && m !== undefined);
  return {
    page,
    wordCount: lines.reduce((n, l) => n + l.words.length, 0),
    idType: idTypeOf(lines, text),
    statementTitle: STATEMENT_TITLE.test(text),
    movementsTitle: MOVEMENTS_TITLE.test(text),
    opening: OPENING.test(text),
    // "Saldo contabile" (book balance) is how Italian statements print the closing figure.
    closing: CLOSING.test(text) || BOOK_BALANCE.test(text),
    table: headerIdx >= 0 || rows.txs.length >= 2,
    iban: findIban(lines, above)?.value ?? null,
    period: findPeriod([...above])?.value ?? null,
    marker: marker ? { n: Number(marker[1]), of: Number(marker[2] ?? 0) } : null,
  };
}

function idTypeOf(lines: readonly Line[], text: string): IdType | null {
  for (const k of ID_KEYWORDS) if (k.re.test(text)) return k.type;
  for (const l of lines) {
    // (an MRZ line holds '<<' once spaces are gone: a line without '<' is none)
    if (!l.text.includes('<')) continue;
    // OCR of a low-resolution look writes some filler '<' as letters, some in lower case.
    const s = l.text.replace(/\s+/g, '').toUpperCase();
    const clean = [...s].filter((c) => /[A-Z0-9<]/.test(c)).length;
    if (!(MRZ_LINE.test(s) || (s.length >= 28 && s.length <= 46 && clean >= s.length * 0.9)) || !s.includes('<<')) continue;
    if (/^P[A-Z<]/.test(s)) return 'passport';
    if (/^(IR|AR|RP|R<)/.test(s)) return 'residency_permit';
    if (/^[IAC][A-Z<]/.test(s)) return 'identity_card';
  }
  return null;
}

function isFinancial(s: PageSignals): boolean {
  return s.table || s.statementTitle || s.movementsTitle || s.opening || s.closing;
}

export function typeOfPages(sig: readonly PageSignals[]): DocumentType {
  const ids = sig.map((s) => s.idType).filter((t) => t !== null);
  const fin = sig.filter(isFinancial);
  if (ids.length > 0 && fin.length === 0) return mostCommon(ids);
  if (fin.length === 0) return 'unknown';
  const opening = fin.some((s) => s.opening);
  const closing = fin.some((s) => s.closing);
  const title = fin.some((s) => s.statementTitle);
  const movements = fin.some((s) => s.movementsTitle);
  if (opening && closing && !movements) return 'bank_statement';
  if (title && !movements && (opening || closing || fin.some((s) => s.table))) return 'bank_statement';
  if (movements || fin.some((s) => s.table)) return 'bank_account_movements';
  return opening && closing ? 'bank_statement' : 'unknown';
}

function mostCommon<T>(xs: readonly T[]): T {
  const c = new Map<T, number>();
  for (const x of xs) c.set(x, (c.get(x) ?? 0) + 1);
  return [...c.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

export interface Segment {
  from: number;
  to: number;
  kind: 'id' | 'financial' | 'other';
  type: DocumentType;
}

/**
 * Split pages into documents. A new document starts where an ID page follows a
 * financial one (or back), where the account IBAN changes, where the period
 * changes and does not continue the previous one, or where page numbering restarts.
 */
export function segment(sig: readonly PageSignals[]): Segment[] {
  const segs: {
    from: number;
    to: number;
    kind: Segment['kind'];
    iban: string | null;
    period: Period | null;
    pages: PageSignals[];
  }[] = [];
  for (const s of sig) {
    const kind: Segment['kind'] = s.idType && !isFinancial(s) ? 'id' : isFinancial(s) ? 'financial' : 'other';
    const cur = segs[segs.length - 1];
    const prev = cur?.pages[cur.pages.length - 1];
    let split = false;
    if (cur && kind !== 'other' && cur.kind !== 'other' && kind !== cur.kind) split = true;
    // Page numbering that runs on ("Seite 4 von 4" after "Seite 3 von 4") is one document: an IBAN read
    // on that page (a counterparty's in a booking) or a period does not split it.
    const numbered = !!(s.marker && prev?.marker && s.marker.n === prev.marker.n + 1 && s.marker.of === prev.marker.of);
    if (cur && kind === 'financial' && cur.kind === 'financial' && !numbered) {
      if (s.iban && cur.iban && s.iban !== cur.iban) split = true;
      if (s.period && cur.period && !samePeriod(s.period, cur.period) && !continues(cur.period, s.period))
        split = true;
      if (s.marker?.n === 1 && prev?.marker && !(s.period && cur.period && continues(cur.period, s.period)))
        split = true;
      // A statement that printed its closing balance, then a page that opens another one (a title,
      // an opening balance and an account of its own, not the one seen so far): a second document.
      // (the new page prints its own account: a page header repeated on every page is not a new statement)
      if (cur.pages.some((p) => p.closing) && s.opening && s.statementTitle && s.iban && s.iban !== cur.iban) split = true;
    }
    if (!cur || split) {
      segs.push({ from: s.page, to: s.page, kind, iban: s.iban, period: s.period, pages: [s] });
      continue;
    }
    cur.to = s.page;
    cur.pages.push(s);
    if (cur.kind === 'other') cur.kind = kind;
    cur.iban ??= s.iban;
    if (s.period && cur.period && continues(cur.period, s.period))
      cur.period = { start: cur.period.start, end: s.period.end };
    cur.period ??= s.period;
  }
  return segs.map((g) => ({ from: g.from, to: g.to, kind: g.kind, type: typeOfPages(g.pages) }));
}

function samePeriod(a: Period, b: Period): boolean {
  return a.start === b.start && a.end === b.end;
}

/** b starts the day after a ends (or overlaps its end by a day): one account's next period. */
function continues(a: Period, b: Period): boolean {
  const gap = daysBetween(a.end, b.start);
  return gap >= 0 && gap <= 1;
}
