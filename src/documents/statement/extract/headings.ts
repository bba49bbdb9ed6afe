/**
 * Headings are hints: the words stacked above a column name a role ("Soll", "Data valuta"), and
 * the booking date column is chosen from them or, without them, from the dates themselves.
 */
import { fold } from '../../layout/lines.ts';
import { HEADING_ROLE } from '../../data/table-words.data.ts';
import type { Col } from './columns.ts';
import type { Role } from './roles.ts';
import type { Row } from './row.ts';
import type { Tok, TokLine } from './tokens.ts';

export type HeadingRole = (typeof HEADING_ROLE)[number]['role'];

/**
 * The heading text stacked above each column on the lines just above the page's first table
 * row ("Buchungs-" over "tag" reads "buchungstag"), matched against the heading vocabulary.
 */
export function headingRoles(tls: readonly TokLine[][], table: readonly Row[], cols: readonly Col[], H: number): Map<number, HeadingRole> {
  // Each page reads its own heading block; the pages then vote per column. Heading text is never
  // joined across pages: a continuation page's running title ("Bank AG  IBAN …") standing over a
  // column must not complete page 1's heading.
  const votes = new Map<number, Map<HeadingRole, number>>();
  const seen = new Set<number>();
  // Above the page's first dated row: balance rows of a summary box may stand higher up.
  for (const r of table) {
    if (r.dates.size === 0 || seen.has(r.page)) continue;
    seen.add(r.page);
    const lines = tls.find((ls) => ls[r.idx]?.line === r.tl.line);
    if (!lines) continue;
    const texts = headingBlock(lines, r, cols, H);
    for (const [id, parts] of texts) {
        const t = fold(parts.join(' ').replace(/-\s+/g, ''));
      const hit = HEADING_ROLE.find((h) => h.re.test(t));
      if (!hit) continue;
      const v = votes.get(id) ?? new Map<HeadingRole, number>();
      v.set(hit.role, (v.get(hit.role) ?? 0) + 1);
      votes.set(id, v);
    }
  }
  const out = new Map<number, HeadingRole>();
  for (const [id, v] of votes) {
    // The role most pages give the column; a tie keeps the first page's (Map order).
    let best: HeadingRole | null = null;
    let n = 0;
    for (const [role, k] of v) if (k > n) [best, n] = [role, k];
    if (best) out.set(id, best);
  }
  return out;
}

const HEADING_MAX_LINES = 6;

/**
 * The heading text stacked above each column in the block of lines just above a page's first
 * row ("Buchungs-" over "tag" reads "buchungstag"). The block is the run of text lines at line
 * pitch; it ends at a wider gap, at a line with a figure or a date inside it, or after six lines.
 * Between the block and the row there may stand rules and a carried balance printed in the
 * table's own amount columns ("Saldovortrag … 7.515,68"): stepped over, however far they push the
 * heading up. A bare value elsewhere ("01/10/2025" under "Data emissione") ends the search: labels
 * and their values stand there, not a heading. A label with its value on one line ("Saldo al
 * 30/07/2025: 3.665,89") is stepped over, but then the heading must stand within four lines and
 * six text heights of the row.
 */
function headingBlock(lines: readonly TokLine[], r: Row, cols: readonly Col[], H: number): Map<number, string[]> {
  const texts = new Map<number, string[]>();
  const amountCols = cols.filter((c) => c.kind === 'amount');
  const inAmountCol = (t: Tok): boolean => amountCols.some((c) => t.x1 > c.x0 - H * 0.5 && t.x0 < c.x1 + H * 0.5);
  let prevCy = r.tl.cy;
  let inBlock = false;
  let clean = true;
  let taken = 0;
  for (let i = r.idx - 1; i >= 0 && taken < HEADING_MAX_LINES; i--) {
    const tl = lines[i]!;
    const gap = prevCy - tl.cy;
    // Into the block a gap may be wide (space under the heading); inside it, about a line pitch.
    if (gap > H * (inBlock ? 2.6 : 6)) break;
    if (!clean && (i < r.idx - 4 || r.tl.cy - tl.cy > H * 6)) break;
    const figures = tl.toks.filter((t) => t.kind === 'amount' || t.kind === 'date');
    const letters = tl.line.words.some((w) => /\p{L}/u.test(w.text));
    if (figures.length > 0 || !letters) {
      if (inBlock && figures.length > 0) break;
      const carried = figures.every((t) => t.kind === 'amount' && inAmountCol(t));
      // A bare value ("01/10/2025" under "Data emissione") belongs to the label above it: a box
      // of labels and values stands here, not the table's heading.
      if (figures.length > 0 && !letters && !carried) break;
      if (figures.length > 0 && !carried) clean = false;
      prevCy = tl.cy;
      continue;
    }
    inBlock = true;
    taken++;
    prevCy = tl.cy;
    for (const c of cols) {
      // The letters standing over the column: a heading glued to its neighbour ("BuchungstagWert") is cut.
      const words = tl.line.words
        .filter((w) => w.x1 > c.x0 - H * 0.5 && w.x0 < c.x1 + H * 0.5)
        .map((w) => {
          const spans = cols.filter((o) => w.x1 > o.x0 && w.x0 < o.x1).length;
          if (spans <= 1) return w.text;
          // A phrase running over several columns is a title, not headings glued together.
          if (/\s/.test(w.text.trim())) return '';
          const step = (w.x1 - w.x0) / Math.max(1, w.text.length);
          return [...w.text].filter((_, i) => {
            const x = w.x0 + (i + 0.5) * step;
            return x > c.x0 - H * 0.5 && x < c.x1 + H * 0.5;
          }).join('');
        })
        .filter((t) => t.length > 0);
      if (words.length === 0) continue;
      const list = texts.get(c.id) ?? [];
      list.unshift(words.join(' '));
      texts.set(c.id, list);
    }
  }
  return texts;
}

export function roleHints(h: Map<number, HeadingRole>): Map<number, Role> {
  const out = new Map<number, Role>();
  for (const [id, r] of h) if (r === 'debit' || r === 'credit' || r === 'amount' || r === 'balance') out.set(id, r);
  return out;
}

export function pickBookingColumn(cols: readonly Col[], table: readonly Row[], heading: Map<number, HeadingRole>, years: { lo: number; hi: number } | null = null): Col | null {
  if (cols.length <= 1) return cols[0] ?? null;
  const named = cols.filter((c) => heading.get(c.id) === 'booking_date');
  const value = cols.filter((c) => heading.get(c.id) === 'value_date');
  if (named.length === 1) return named[0]!;
  if (value.length === 1 && cols.length === 2) return cols.find((c) => c !== value[0])!;
  const rowsWith = (c: Col): Tok[] => table.filter((r) => r.special === null).map((r) => r.dates.get(c.id)).filter((t): t is Tok => t !== undefined);
  const scored = cols.map((c) => {
    const all = rowsWith(c);
    // (a date whose year is outside the statement's years is a misreading: it tells no order and no weekday)
    const toks = years ? all.filter((t) => t.day!.y === null || (t.day!.y >= years.lo && t.day!.y <= years.hi)) : all;
    const keys = toks.map((t) => (t.day!.y ?? 0) * 10000 + t.day!.m * 100 + t.day!.d);
    let up = 0;
    let down = 0;
    for (let i = 1; i < keys.length; i++) {
      if (keys[i]! > keys[i - 1]!) up++;
      if (keys[i]! < keys[i - 1]!) down++;
    }
    const yearless = toks.filter((t) => t.day!.y === null).length;
    // Booked on or after the value date (a card payment is booked days after it was made).
    let later = 0;
    for (const r of table) {
      const mine = r.dates.get(c.id);
      if (!mine || r.special !== null) continue;
      for (const o of cols) {
        const other = o === c ? undefined : r.dates.get(o.id);
        if (!other) continue;
        const k = (t: Tok): number => t.day!.m * 100 + t.day!.d;
        if (k(mine) > k(other) && (mine.day!.y ?? 0) >= (other.day!.y ?? 0)) later++;
        else if (k(mine) < k(other) && (mine.day!.y ?? 0) <= (other.day!.y ?? 0)) later--;
      }
    }
    // Banks book on business days: value dates (a card payment's day, a credit's next day) fall on weekends too.
    const weekend = toks.filter((t) => {
      if (t.day!.y === null) return false;
      const wd = new Date(Date.UTC(t.day!.y, t.day!.m - 1, t.day!.d)).getUTCDay();
      return wd === 0 || wd === 6;
    }).length;
    return { c, n: all.length, disorder: Math.min(up, down), yearless, later, weekend };
  });
  scored.sort((a, b) => a.yearless - b.yearless || a.n - b.n || a.disorder - b.disorder || a.weekend - b.weekend || b.later - a.later || a.c.x0 - b.c.x0);
  // Fewer rows only counts when clearly fewer (dates printed once per day).
  const [a, b] = scored;
  if (a && b && a.yearless === b.yearless && a.n !== b.n && a.n > b.n * 0.9) {
    scored.sort((x, y) => x.yearless - y.yearless || x.disorder - y.disorder || x.weekend - y.weekend || y.later - x.later || x.c.x0 - y.c.x0);
  }
  return scored[0]!.c;
}

