/**
 * The table reader: transactions from pages of positioned words with no header and no
 * known layout. Columns come from geometry (aligned amount edges, aligned dates), rows from
 * lines holding an amount in a column, column roles from the balance chain (roles.ts), the
 * booking date from evidence (order, years, repetition), descriptions from the text lines
 * around each row (above it when the layout prints a line above the amount row, below it
 * otherwise, decided by the gaps and by the first row). Headings are read where they are
 * printed, as hints only.
 */
import type { Period } from '../../pdf/dates.ts';
import { fold } from '../../pdf/lines.ts';
import type { BBox, Line } from '../../pdf/model.ts';
import { bboxOf } from '../../pdf/model.ts';
import { CARRY, CLOSING, OPENING, TOTALS_ANY, TOTALS_CREDIT, TOTALS_DEBIT } from '../../pdf/keywords.ts';
import { BALANCE_ROW, BOOKING_START, CREDIT_CUE, DEBIT_CUE, HEADING_ROLE, MONTH_HEADING } from '../../data/table-words.data.ts';
import type { Col } from './columns.ts';
import { centre, clusterBy, digitsRight } from './columns.ts';
import type { Role, SolveRow } from './roles.ts';
import { solveRoles } from './roles.ts';
import type { Tok, TokLine } from './tokens.ts';
import { spaceWidth, tokenise } from './tokens.ts';

export interface ReadTx {
  page: number;
  date: string;
  valueDate: string | null;
  amountCents: number;
  signKnown: boolean;
  balanceCents: number | null;
  description: string[];
  lines: Line[];
}

export interface ReadBalance {
  kind: 'carry' | 'opening' | 'closing' | 'day';
  cents: number;
  page: number;
  bbox: BBox;
  afterTx: number;
}

export interface ReadTotal {
  kind: 'debit' | 'credit';
  cents: number;
  page: number;
  bbox: BBox;
}

export interface ReadTable {
  txs: ReadTx[];
  balances: ReadBalance[];
  totals: ReadTotal[];
  tableLines: Set<Line>;
  /** Chain evidence of the chosen column roles. */
  agree: number;
  disagree: number;
  roles: string[];
  newestFirst: boolean;
}

interface Row {
  tl: TokLine;
  page: number;
  /** Index of the line in its page's list. */
  idx: number;
  amounts: Map<number, Tok>;
  dates: Map<number, Tok>;
  special: ReadBalance['kind'] | 'total' | null;
  label: string;
}

const EMPTY: ReadTable = { txs: [], balances: [], totals: [], tableLines: new Set(), agree: 0, disagree: 0, roles: [], newestFirst: false };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function startsWith(re: RegExp, label: string): boolean {
  const m = re.exec(label);
  return m !== null && m.index <= 3;
}

function specialOf(label: string): Row['special'] {
  if (startsWith(CARRY, label)) return 'carry';
  if (startsWith(OPENING, label)) return 'opening';
  if (startsWith(CLOSING, label)) return 'closing';
  if (startsWith(TOTALS_ANY, label)) return 'total';
  if (BALANCE_ROW.test(label)) return 'day';
  return null;
}

function cueOf(text: string): -1 | 0 | 1 {
  const t = fold(text);
  const c = CREDIT_CUE.test(t);
  const d = DEBIT_CUE.test(t);
  return c === d ? 0 : c ? 1 : -1;
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The year that puts a year-less date nearest to a reference date. */
function nearestYear(d: number, m: number, ref: string): string {
  const y = Number(ref.slice(0, 4));
  let best = iso(y, m, d);
  let bestDist = Infinity;
  for (const yy of [y - 1, y, y + 1]) {
    const s = iso(yy, m, d);
    const dist = Math.abs(Date.parse(s) - Date.parse(ref));
    if (dist < bestDist) {
      bestDist = dist;
      best = s;
    }
  }
  return best;
}

function dateOf(t: Tok, ref: string | null): string | null {
  const day = t.day!;
  if (day.y !== null) return iso(day.y, day.m, day.d);
  return ref ? nearestYear(day.d, day.m, ref) : null;
}

export function readTable(pages: readonly Line[][], period: Period | null, known: { opening: number | null; closing: number | null }): ReadTable {
  const tls = pages.map((lines) => lines.map(tokenise));
  const all = tls.flat();
  if (all.length === 0) return EMPTY;
  const H = median(all.map((l) => l.h));
  const sep = spaceWidth(pages.flat()) * 1.5;
  // A date or amount run into the text before it ("DEL 02/01/25", "ORE 14.04") is text, not a cell.
  const cell = (t: Tok, k: number, toks: readonly Tok[]): boolean => !(t.gapL <= sep && toks[k - 1]?.kind === 'text');
  const amountToks = all.flatMap((l) => l.toks.filter((t, k) => t.kind === 'amount' && cell(t, k, l.toks)));
  const dateToks = all.flatMap((l) => l.toks.filter((t, k) => t.kind === 'date' && cell(t, k, l.toks)));
  // Singletons count too (a statement may hold one or two bookings); use decides below.
  const aCols = clusterBy(amountToks, digitsRight, H * 0.9, 'amount', 0);
  // A column of dates that run straight into text and start where text-only lines start
  // ("05.12.2024 16:44 Karte …" under "Kartenzahlung REWE") is the start of descriptions.
  // (text-only lines between the page's first and last line with an amount: not the margin text around the table)
  const textStarts = tls.flatMap((ls) => {
    const money = ls.map((l, i) => (l.toks.some((t) => t.kind === 'amount') ? i : -1)).filter((i) => i >= 0);
    const lo = money[0] ?? 0;
    const hi = money[money.length - 1] ?? -1;
    return ls.filter((l, i) => i > lo && i < hi && l.toks.every((t) => t.kind !== 'amount')).map((l) => l.line.x0);
  });
  const runsOn = (t: Tok, l: TokLine): boolean => t.gapR <= sep && l.toks[l.toks.indexOf(t) + 1]?.kind === 'text';
  const lineOfTok = new Map<Tok, TokLine>();
  for (const l of all) for (const t of l.toks) lineOfTok.set(t, l);
  const dCols = clusterBy(dateToks, centre, H * 1.2, 'date', 1000).filter((c) => {
    const x0 = median(c.members.map((t) => t.x0));
    const flowing = c.members.filter((t) => runsOn(t, lineOfTok.get(t)!)).length >= c.members.length * 0.6;
    return !(flowing && textStarts.filter((x) => Math.abs(x - x0) < 1).length >= 3);
  });
  const colOf = new Map<Tok, Col>();
  for (const c of [...aCols, ...dCols]) for (const t of c.members) colOf.set(t, c);

  // Candidate rows: a line with an amount in an amount column.
  const rows: Row[] = [];
  tls.forEach((lines, p) =>
    lines.forEach((tl, idx) => {
      const amounts = new Map<number, Tok>();
      const dates = new Map<number, Tok>();
      for (const t of tl.toks) {
        const c = colOf.get(t);
        if (!c) continue;
        if (c.kind === 'amount' && !amounts.has(c.id)) amounts.set(c.id, t);
        if (c.kind === 'date' && !dates.has(c.id)) dates.set(c.id, t);
      }
      if (amounts.size === 0) return;
      const label = fold(tl.toks.filter((t) => t.kind === 'text').map((t) => t.text).join(' ')).trim();
      rows.push({ tl, page: pages[p]![0]?.page ?? p + 1, idx, amounts, dates, special: specialOf(label), label });
    }),
  );
  // Date columns of the table: those on rows that also hold an amount.
  const dateUse = new Map<number, number>();
  for (const r of rows) if (r.special === null) for (const id of r.dates.keys()) dateUse.set(id, (dateUse.get(id) ?? 0) + 1);
  const datedRows = rows.filter((r) => r.special === null && r.dates.size > 0).length;
  const minUse = datedRows <= 2 ? 1 : 2;
  const tableDateCols = dCols.filter((c) => (dateUse.get(c.id) ?? 0) >= minUse && (dateUse.get(c.id) ?? 0) >= c.members.length * 0.3);
  const tdIds = new Set(tableDateCols.map((c) => c.id));
  for (const r of rows) for (const id of [...r.dates.keys()]) if (!tdIds.has(id)) r.dates.delete(id);
  const dated = rows.filter((r) => r.dates.size > 0 && r.special === null);
  if (dated.length === 0) return EMPTY;
  // Amount columns of the table: those used by dated rows.
  const aUse = new Map<number, number>();
  for (const r of dated) for (const id of r.amounts.keys()) aUse.set(id, (aUse.get(id) ?? 0) + 1);
  const tableACols = aCols.filter((c) => (aUse.get(c.id) ?? 0) >= (c.members.length <= 2 || dated.length <= 2 ? 1 : 2));
  const taIds = new Set(tableACols.map((c) => c.id));
  // Balance rows keep every amount: their figure may stand in a balance column no booking uses.
  for (const r of rows) if (r.special === null) for (const id of [...r.amounts.keys()]) if (!taIds.has(id)) r.amounts.delete(id);
  // From here on only the table's own columns count as cells.
  colOf.clear();
  for (const c of [...tableACols, ...tableDateCols]) for (const t of c.members) colOf.set(t, c);

  // Rows of the table: after the first dated row (special rows anywhere), until a closing row
  // with no dated row after it on its page.
  const first = rows.indexOf(dated[0]!);
  // Where the descriptions start on dated rows: a row without a date whose text stands left of
  // it (in the date columns: a summary box under the table) is not a booking of the same day.
  const starts = dated.map((r) => Math.min(...r.tl.toks.filter((t) => t.kind === 'text' && !colOf.has(t)).map((t) => t.x0))).filter(Number.isFinite);
  const descStart = starts.length ? median(starts) : -Infinity;
  const leftOfText = (r: Row): boolean => r.tl.toks.some((t) => !colOf.has(t) && t.x0 < descStart - H);
  const table: Row[] = [];
  let closed = false;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.amounts.size === 0) continue;
    if (r.special !== null) {
      table.push(r);
      if (r.special === 'closing' || r.special === 'total') closed = true;
      continue;
    }
    if (r.dates.size > 0) closed = false;
    if (i < first || closed) continue;
    if (r.dates.size === 0 && leftOfText(r)) continue;
    table.push(r);
  }

  // Markers in a column of their own ("D"/"C", "S"/"H", "+"/"-") give the sign of the amount beside them.
  const markerToks = table.flatMap((r) => r.tl.toks.filter((t) => t.kind === 'marker' && t.gapL > sep && t.gapR > sep));
  const mCols = clusterBy(markerToks, centre, H * 0.9, 'marker', 2000).filter((c) => c.members.length >= 2);
  const markerCol = new Set(mCols.flatMap((c) => c.members));
  // A marker column signs one amount column, not always its neighbour (a balance may stand
  // between them): each amount column is tried and the chain decides.
  const attach = (target: number | null): { signOf: Map<Tok, -1 | 1>; attached: Set<Tok> } => {
    const signOf = new Map<Tok, -1 | 1>();
    const attached = new Set<Tok>();
    for (const r of table) {
      for (const m of r.tl.toks.filter((t) => markerCol.has(t))) {
        const a = target === null ? undefined : r.amounts.get(target);
        if (a) {
          signOf.set(a, m.markerSign!);
          attached.add(m);
        }
      }
    }
    return { signOf, attached };
  };
  // Headings above the table, per column: hints for the solver and for the dates.
  const heading = headingRoles(tls, table, [...tableACols, ...tableDateCols], H);

  // Booking date column: the heading says so, else the column printed on fewer rows (first of
  // the day only), else the one whose dates keep their order, else the leftmost.
  const bookingCol = pickBookingColumn(tableDateCols, table, heading);
  const valueCols = tableDateCols.filter((c) => c !== bookingCol);

  const order = tableACols.map((c) => c.id).sort((a, b) => aCols.find((c) => c.id === a)!.at - aCols.find((c) => c.id === b)!.at);
  const attempt = (target: number | null) => {
    const { signOf, attached } = attach(target);
    const cellOf = (t: Tok): { cents: number; sign: -1 | 1 | null } => ({ cents: t.amount!.cents, sign: t.amount!.sign ?? signOf.get(t) ?? null });
    const solveInput: SolveRow[] = [];
    const solveIndex: Row[] = [];
    for (const r of table) {
      if (r.special === 'day' || r.special === 'carry') {
        const cp = balanceValue(r, cellOf);
        if (cp !== null) {
          solveInput.push({ cells: new Map(), checkpoint: cp, cue: 0 });
          solveIndex.push(r);
        }
        continue;
      }
      if (r.special !== null) continue;
      const cells = new Map<number, { cents: number; sign: -1 | 1 | null }>();
      for (const [id, t] of r.amounts) cells.set(id, cellOf(t));
      solveInput.push({ cells, cue: cueOf(r.label) });
      solveIndex.push(r);
    }
    const usedCols = order.filter((id) => solveInput.some((r) => r.cells.has(id))).slice(0, 5);
    const sol = solveRoles(solveInput, usedCols, { opening: known.opening, closing: known.closing, heading: roleHints(heading), order: usedCols });
    return { sol, solveInput, solveIndex, cellOf, attached, usedCols };
  };
  const tries = markerCol.size > 0 ? order.map((id) => attempt(id)) : [attempt(null)];
  const best = tries.reduce((x, y) => ((y.sol?.score ?? -Infinity) > (x.sol?.score ?? -Infinity) ? y : x));
  const { sol, solveInput, solveIndex, cellOf, attached, usedCols } = best;
  for (const m of [...markerCol]) if (!attached.has(m)) markerCol.delete(m);
  if (!sol) return EMPTY;

  // Descriptions: the text of the amount row and of the lines around it.
  const desc = describe(tls, table, colOf, markerCol, H, sep);

  const res: ReadTable = { txs: [], balances: [], totals: [], tableLines: new Set(), agree: sol.agree, disagree: sol.disagree, roles: usedCols.map((id) => sol.roles.get(id) ?? 'ignore'), newestFirst: sol.newestFirst };
  const fullDates = dateToks.filter((t) => t.day!.y !== null).map((t) => dateOf(t, null)!).sort();
  let ref: string | null = period?.end ?? fullDates[Math.floor(fullDates.length / 2)] ?? null;
  let lastDate: string | null = null;
  solveIndex.forEach((r, k) => {
    if (r.special !== null) {
      const v = solveInput[k]!.checkpoint!;
      res.balances.push({ kind: r.special as 'day' | 'carry', cents: v, page: r.page, bbox: bboxOf(r.tl.line.words), afterTx: res.txs.length });
      res.tableLines.add(r.tl.line);
      return;
    }
    const amount = sol.amounts[k];
    if (amount === null || amount === undefined) return;
    const bt = bookingCol ? r.dates.get(bookingCol.id) : undefined;
    const date = bt ? dateOf(bt, ref) : lastDate;
    if (!date) return;
    if (bt && bt.day!.y !== null) ref = date;
    lastDate = date;
    const vt = valueCols.map((c) => r.dates.get(c.id)).find((t) => t !== undefined);
    const signKnown = sol.signKnown[k] ?? false;
    const d = desc.get(r) ?? { text: [], lines: [r.tl.line] };
    for (const l of d.lines) res.tableLines.add(l);
    res.txs.push({
      page: r.page,
      date,
      valueDate: vt ? dateOf(vt, date) : null,
      amountCents: amount,
      signKnown,
      balanceCents: sol.balances[k] ?? null,
      description: d.text,
      lines: d.lines,
    });
  });
  for (const r of table) {
    if (r.special === 'opening' || r.special === 'closing') {
      const v = balanceValue(r, cellOf);
      if (v !== null) res.balances.push({ kind: r.special, cents: v, page: r.page, bbox: bboxOf(r.tl.line.words), afterTx: afterTxOf(res, r) });
      res.tableLines.add(r.tl.line);
    } else if (r.special === 'total') {
      totalsOf(r, sol.roles, res);
      res.tableLines.add(r.tl.line);
    }
  }
  return res;
}

function afterTxOf(res: ReadTable, r: Row): number {
  return res.txs.filter((t) => t.page < r.page || (t.page === r.page && t.lines[0]!.y0 < r.tl.line.y0)).length;
}

/** The balance a special row prints: its balance-column cell, else its last amount, signed by its marker. */
function balanceValue(r: Row, cellOf: (t: Tok) => { cents: number; sign: -1 | 1 | null }): number | null {
  const toks = [...r.amounts.values()].sort((a, b) => a.x1 - b.x1);
  const t = toks[toks.length - 1];
  if (!t) return null;
  const c = cellOf(t);
  return c.cents * (c.sign ?? 1);
}

function totalsOf(r: Row, roles: Map<number, Role>, res: ReadTable): void {
  const bbox = bboxOf(r.tl.line.words);
  let found = false;
  for (const [id, t] of r.amounts) {
    const role = roles.get(id);
    if (role === 'debit' || role === 'credit') {
      res.totals.push({ kind: role, cents: t.amount!.cents, page: r.page, bbox });
      found = true;
    }
  }
  if (found || r.amounts.size !== 1) return;
  const isD = TOTALS_DEBIT.test(r.label);
  if (isD !== TOTALS_CREDIT.test(r.label)) res.totals.push({ kind: isD ? 'debit' : 'credit', cents: [...r.amounts.values()][0]!.amount!.cents, page: r.page, bbox });
}

type HeadingRole = (typeof HEADING_ROLE)[number]['role'];

/**
 * The heading text stacked above each column on the lines just above the page's first table
 * row ("Buchungs-" over "tag" reads "buchungstag"), matched against the heading vocabulary.
 */
function headingRoles(tls: readonly TokLine[][], table: readonly Row[], cols: readonly Col[], H: number): Map<number, HeadingRole> {
  const texts = new Map<number, string[]>();
  const seen = new Set<number>();
  for (const r of table) {
    if (seen.has(r.page)) continue;
    seen.add(r.page);
    const lines = tls.find((ls) => ls[r.idx]?.line === r.tl.line);
    if (!lines) continue;
    for (let i = r.idx - 1; i >= Math.max(0, r.idx - 4); i--) {
      const tl = lines[i]!;
      if (r.tl.cy - tl.cy > H * 6) break;
      for (const c of cols) {
        // The letters standing over the column: a heading glued to its neighbour ("BuchungstagWert") is cut.
        const words = tl.line.words
          .filter((w) => w.x1 > c.x0 - H * 0.5 && w.x0 < c.x1 + H * 0.5)
          .map((w) => {
            const spans = cols.filter((o) => w.x1 > o.x0 && w.x0 < o.x1).length;
            if (spans <= 1) return w.text;
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
  }
  const out = new Map<number, HeadingRole>();
  for (const [id, parts] of texts) {
    const t = fold(parts.join(' ').replace(/-\s+/g, ''));
    const hit = HEADING_ROLE.find((h) => h.re.test(t));
    if (hit) out.set(id, hit.role);
  }
  return out;
}

function roleHints(h: Map<number, HeadingRole>): Map<number, Role> {
  const out = new Map<number, Role>();
  for (const [id, r] of h) if (r === 'debit' || r === 'credit' || r === 'amount' || r === 'balance') out.set(id, r);
  return out;
}

function pickBookingColumn(cols: readonly Col[], table: readonly Row[], heading: Map<number, HeadingRole>): Col | null {
  if (cols.length <= 1) return cols[0] ?? null;
  const named = cols.filter((c) => heading.get(c.id) === 'booking_date');
  const value = cols.filter((c) => heading.get(c.id) === 'value_date');
  if (named.length === 1) return named[0]!;
  if (value.length === 1 && cols.length === 2) return cols.find((c) => c !== value[0])!;
  const rowsWith = (c: Col): Tok[] => table.filter((r) => r.special === null).map((r) => r.dates.get(c.id)).filter((t): t is Tok => t !== undefined);
  const scored = cols.map((c) => {
    const toks = rowsWith(c);
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
    return { c, n: toks.length, disorder: Math.min(up, down), yearless, later };
  });
  scored.sort((a, b) => a.yearless - b.yearless || a.n - b.n || a.disorder - b.disorder || b.later - a.later || a.c.x0 - b.c.x0);
  // Fewer rows only counts when clearly fewer (dates printed once per day).
  const [a, b] = scored;
  if (a && b && a.yearless === b.yearless && a.n !== b.n && a.n > b.n * 0.9) {
    scored.sort((x, y) => x.yearless - y.yearless || x.disorder - y.disorder || y.later - x.later || x.c.x0 - y.c.x0);
  }
  return scored[0]!.c;
}

interface Described {
  text: string[];
  lines: Line[];
}

/**
 * Description lines around each amount row. Text lines between two rows belong to the row
 * above, except the last k, which belong to the row below — k is the number of description
 * lines the layout prints above its amount row (0 or more): where the gaps between rows are
 * wider than between the lines of one row, the widest gap splits them; otherwise k is the
 * count of description lines directly above the first row of the table.
 */
function describe(tls: readonly TokLine[][], table: readonly Row[], colOf: Map<Tok, Col>, markerCol: Set<Tok>, H: number, sep: number): Map<Row, Described> {
  const out = new Map<Row, Described>();
  const txRows = table.filter((r) => r.special === null);
  const isColTok = (t: Tok): boolean => colOf.has(t) || markerCol.has(t);
  // The description region: where the text of the amount rows starts and ends.
  const textToks = txRows.flatMap((r) => r.tl.toks.filter((t) => !isColTok(t)));
  const colToks = table.flatMap((r) => r.tl.toks.filter(isColTok));
  const codes = codeColumn(textToks.filter((t) => t.gapL > sep && t.gapR > sep), textToks, txRows.length, H);
  const mainText = textToks.filter((t) => !codes.has(t));
  const mainSet = new Set(mainText);
  const firstText = txRows.map((r) => Math.min(...r.tl.toks.filter((t) => mainSet.has(t)).map((t) => t.x0))).filter(Number.isFinite);
  const dx0 = firstText.length ? median(firstText) : 0;
  const rightLimit = Math.min(...colToks.filter((t) => t.x0 > dx0 + H).map((t) => t.x0), ...[...codes].filter((t) => t.x0 > dx0 + H).map((t) => t.x0), Infinity);
  const leftLimit = Math.max(...colToks.filter((t) => t.x1 < dx0).map((t) => t.x1), ...[...codes].filter((t) => t.x1 < dx0).map((t) => t.x1), -Infinity);
  // Page furniture: a line printed again on other pages at the same height (a repeated heading, a footer).
  const furniture = new Set<Line>();
  if (tls.length > 1) {
    const seen = new Map<string, TokLine[]>();
    for (const ls of tls) for (const tl of ls) seen.set(tl.line.text, [...(seen.get(tl.line.text) ?? []), tl]);
    for (const same of seen.values()) {
      if (same.length < 2) continue;
      for (const a of same) if (same.some((b) => b !== a && b.line.page !== a.line.page && Math.abs(b.line.y0 - a.line.y0) < 2)) furniture.add(a.line);
    }
    // Only outside the rows of its page: identical description lines at the same height are common.
    for (const l of [...furniture]) {
      const onPage = table.filter((r) => r.tl.line.page === l.page).map((r) => r.tl.line.y0);
      if (onPage.length > 0 && l.y0 > Math.min(...onPage) && l.y0 < Math.max(...onPage)) furniture.delete(l);
    }
  }
  const lineText = (tl: TokLine): string =>
    tl.toks
      .filter((t) => !isColTok(t) && !codes.has(t))
      .map((t) => t.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  const isCont = (tl: TokLine): boolean => {
    if (tl.toks.length === 0 || furniture.has(tl.line)) return false;
    if (tl.toks.some((t) => colOf.has(t))) return false;
    if (tl.line.x0 < leftLimit - H * 0.3 || tl.line.x1 > rightLimit + H * 0.3) return false;
    if (tl.line.x0 < dx0 - H * 1.5) return false;
    const t = fold(tl.line.text).trim();
    if (MONTH_HEADING.test(t)) return false;
    return true;
  };

  const tokLineOf = new Map<Line, TokLine>();
  const pageLines = new Map<Line, TokLine[]>();
  for (const ls of tls) for (const tl of ls) {
    tokLineOf.set(tl.line, tl);
    pageLines.set(tl.line, ls);
  }
  const byPage = new Map<number, Row[]>();
  for (const r of table) {
    const list = byPage.get(r.page) ?? [];
    list.push(r);
    byPage.set(r.page, list);
  }
  // Pass 1: the text lines between consecutive rows of a page (contiguous, all continuation-like).
  interface Gap { above: Row | null; below: Row | null; lines: TokLine[]; pitches: number[] }
  const gaps: Gap[] = [];
  const pitches: number[] = [];
  for (const [, rows] of byPage) {
    const lines = pageLines.get(rows[0]!.tl.line)!;
    rows.sort((a, b) => a.idx - b.idx);
    // Lines above the first row (a layout that prints a description line above its amount row).
    const firstRow = rows[0]!;
    const above: TokLine[] = [];
    for (let i = firstRow.idx - 1; i >= 0; i--) {
      const tl = lines[i]!;
      const next = above[0] ?? firstRow.tl;
      if (!isCont(tl) || next.cy - tl.cy > H * 2.2) break;
      above.unshift(tl);
    }
    gaps.push({ above: null, below: firstRow, lines: above, pitches: pitchesOf([...above, firstRow.tl]) });
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k]!;
      const next = rows[k + 1] ?? null;
      const end = next ? next.idx : lines.length;
      const between: TokLine[] = [];
      let prev = r.tl;
      for (let i = r.idx + 1; i < end; i++) {
        const tl = lines[i]!;
        if (!isCont(tl) || tl.cy - prev.cy > H * 2.4) break;
        between.push(tl);
        prev = tl;
      }
      const contiguous = next !== null && between.length === end - r.idx - 1;
      const seq = contiguous ? [r.tl, ...between, next.tl] : [r.tl, ...between];
      const g: Gap = { above: r, below: contiguous ? next : null, lines: between, pitches: pitchesOf(seq) };
      gaps.push(g);
      if (contiguous) pitches.push(...g.pitches);
    }
  }
  const cut = pitchBreak(pitches, H);
  const isBreak = (p: number): boolean => p > cut;
  /** The pitch from a gap's i-th line to the line after it. */
  const after = (g: Gap, i: number): number => g.pitches[g.above ? i + 1 : i] ?? 0;
  // k from the gaps between rows where one wider gap splits the lines.
  const between = gaps.filter((g) => g.above && g.below && g.above.special === null && g.below.special === null);
  // Nearly every pair of rows has at least k lines between them (one odd row may not).
  const minLines = between.length ? percentile(between.map((g) => g.lines.length), between.length >= 10 ? 0.1 : 0) : 0;
  const splits = between.filter((g) => g.pitches.filter(isBreak).length === 1).map((g) => g.lines.length - g.pitches.findIndex(isBreak));
  // Lines above a row that has no row above it (or only a balance row): its own lines.
  const firsts = gaps
    .filter((g) => g.below?.special === null && (g.above === null || g.above.special !== null))
    .map((g) => {
      let n = 0;
      for (let i = g.lines.length - 1; i >= 0 && !isBreak(after(g, i)); i--) n++;
      return n;
    });
  let k: number;
  if (splits.length >= Math.max(2, between.length * 0.5)) k = median(splits);
  else k = Math.min(minLines, firsts.length ? median(firsts) : 0);
  k = Math.max(0, Math.min(k, 3));
  // Geometry silent (one pitch, no split): the description's first line is the one that opens
  // with a booking word ("PAGAMENTO", "Lastschrift", "CARD PAYMENT") — only a tie-breaker.
  if (splits.length < Math.max(2, between.length * 0.5)) {
    const opens = (tl: TokLine | undefined): number => (tl && BOOKING_START.test(fold(lineText(tl))) ? 1 : 0);
    const below = new Map<Row, Gap>();
    for (const g of gaps) if (g.below) below.set(g.below, g);
    const hits = (kk: number): number =>
      txRows.reduce((n, r) => {
        const g = below.get(r);
        const take = Math.min(kk, g?.lines.length ?? 0);
        return n + opens(take > 0 ? g!.lines[g!.lines.length - take] : r.tl);
      }, 0);
    let bestK = k;
    for (let kk = 0; kk <= Math.min(2, minLines); kk++) if (hits(kk) > hits(bestK)) bestK = kk;
    k = bestK;
  }

  // Hanging indents: where the lines after an amount row are indented and a line comes back to
  // where the row's description starts, that line starts the next row's description.
  const descStartOf = (r: Row): number => Math.min(...r.tl.toks.filter((t) => !isColTok(t) && !codes.has(t)).map((t) => t.x0));
  const isIndented = (tl: TokLine, r: Row): boolean => tl.line.x0 > descStartOf(r) + H * 0.4;
  const contLines = gaps.filter((g) => g.above && g.above.special === null).flatMap((g) => g.lines.map((tl) => isIndented(tl, g.above!)));
  const indented = contLines.length >= 4 && contLines.filter(Boolean).length >= contLines.length * 0.4;
  const outdent = (r: Row, lines: readonly TokLine[]): number => {
    const flags = lines.map((tl) => isIndented(tl, r));
    if (!flags.some(Boolean) && lines.length > 0 && lines.length < 2) return -1;
    for (let i = 0; i < flags.length; i++) if (!flags[i]) return i;
    return -1;
  };
  const put = (r: Row, tl: TokLine, where: 'above' | 'below'): void => {
    const d = out.get(r) ?? { text: [], lines: [] };
    if (where === 'above') d.lines.unshift(tl.line);
    else d.lines.push(tl.line);
    out.set(r, d);
  };
  for (const r of txRows) out.set(r, { text: [], lines: [r.tl.line] });
  for (const g of gaps) {
    let nAbove = 0;
    if (g.below && g.below.special === null) {
      const bi = g.pitches.filter(isBreak).length === 1 ? g.pitches.findIndex(isBreak) : -1;
      const out = g.above && indented ? outdent(g.above, g.lines) : -1;
      // Hanging indents decide where they are used: all lines indented → all belong to the row above.
      nAbove = bi >= 0 && g.above ? g.lines.length - bi : indented && g.above ? (out >= 0 ? g.lines.length - out : 0) : Math.min(k, g.lines.length);
      if (!g.above || g.above.special !== null) {
        // Above the first row of a page or after a balance row: only lines at the row pitch, at most k.
        nAbove = 0;
        for (let i = g.lines.length - 1; i >= 0 && nAbove < k; i--) {
          if (isBreak(after(g, i))) break;
          nAbove++;
        }
      }
    }
    const cut = g.lines.length - nAbove;
    g.lines.forEach((tl, i) => {
      if (i >= cut) put(g.below!, tl, 'above');
      else if (g.above && g.above.special === null) put(g.above, tl, 'below');
    });
  }
  for (const d of out.values()) d.text = d.lines.map((l) => lineText(tokLineOf.get(l)!)).filter((s) => s.length > 0);
  return out;
}


/**
 * The pitch above which two lines belong to different rows: where the layout pads its rows,
 * the pitches fall in two groups (between lines of one row, between rows) and the cut is
 * between them (Otsu's split, kept only when the groups stand clearly apart); otherwise
 * only a gap much wider than the usual pitch separates rows.
 */
function pitchBreak(pitches: readonly number[], H: number): number {
  const xs = [...pitches].filter((p) => p > 0 && p < H * 4).sort((a, b) => a - b);
  if (xs.length < 4) return (xs[0] ?? H * 1.2) * 1.5;
  // Otsu over sorted values with prefix sums: linear in the number of pitches.
  const n = xs.length;
  const sum = [0];
  const sq = [0];
  for (const x of xs) {
    sum.push(sum[sum.length - 1]! + x);
    sq.push(sq[sq.length - 1]! + x * x);
  }
  let best = { score: -1, cut: Infinity, lo: 0, hi: 0, sdLo: 0, sdHi: 0 };
  for (let i = 1; i < n; i++) {
    const ma = sum[i]! / i;
    const mb = (sum[n]! - sum[i]!) / (n - i);
    const score = (i * (n - i) * (mb - ma) ** 2) / n ** 2;
    if (score > best.score) {
      const sdA = Math.sqrt(Math.max(0, sq[i]! / i - ma * ma));
      const sdB = Math.sqrt(Math.max(0, (sq[n]! - sq[i]!) / (n - i) - mb * mb));
      best = { score, cut: (xs[i - 1]! + xs[i]!) / 2, lo: ma, hi: mb, sdLo: sdA, sdHi: sdB };
    }
  }
  const sep = best.hi - best.lo;
  const minority = Math.min(xs.filter((x) => x < best.cut).length, xs.filter((x) => x > best.cut).length);
  if (sep >= Math.max(0.8, best.lo * 0.06) && sep > 3 * Math.max(best.sdLo, best.sdHi) && minority >= 2) return best.cut;
  // One pitch for every line: anything clearly wider than it (a heading gap, a section) breaks.
  return xs[Math.floor(xs.length * 0.2)]! * 1.1 + 0.3;
}

function pitchesOf(seq: readonly TokLine[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < seq.length; i++) out.push(seq[i]!.base - seq[i - 1]!.base);
  return out;
}

function percentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
}

/**
 * A code column (causale, GVC, a UK type code) among the text of the amount rows: short
 * single-word tokens aligned on their centre, on many rows, apart from the description's start.
 */
function codeColumn(standalone: readonly Tok[], textToks: readonly Tok[], rows: number, H: number): Set<Tok> {
  const short = standalone.filter((t) => t.words.length === 1 && t.text.length <= 5 && !/[a-z]{2}/.test(t.text));
  const cols = clusterBy(short, centre, H * 0.8, 'text', 3000);
  const out = new Set<Tok>();
  const shortSet = new Set(short);
  const starts = textToks.filter((t) => !shortSet.has(t)).map((t) => t.x0);
  const dx0 = starts.length ? median(starts) : Infinity;
  for (const c of cols) {
    if (c.members.length < Math.max(2, rows * 0.3)) continue;
    if (Math.abs(c.x0 - dx0) < H * 0.5) continue;
    for (const t of c.members) out.add(t);
  }
  return out;
}
