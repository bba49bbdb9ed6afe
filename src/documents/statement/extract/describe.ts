/**
 * Descriptions: the text of each amount row and of the lines around it, decided by the line
 * pitch, hanging indents and, where geometry is silent, the words descriptions open with.
 */
import type { Line } from '../../layout/model.ts';
import { fold } from '../../layout/lines.ts';
import { BOOKING_START, MONTH_HEADING, MONTH_SECTION, PAGE_NUMBER } from '../../data/table-words.data.ts';
import { MONTHS } from '../../data/months.data.ts';
import type { Col } from './columns.ts';
import { centre, clusterBy } from './columns.ts';
import type { Row } from './row.ts';
import { median, percentile } from './row.ts';
import type { Tok, TokLine } from './tokens.ts';

export interface Described {
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
export function describe(tls: readonly TokLine[][], table: readonly Row[], colOf: Map<Tok, Col>, markerCol: Set<Tok>, H: number, sep: number): Map<Row, Described> {
  const out = new Map<Row, Described>();
  const txRows = table.filter((r) => r.special === null);
  const isColTok = (t: Tok): boolean => colOf.has(t) || markerCol.has(t);
  // The description region: where the text of the amount rows starts and ends.
  const textToks = txRows.flatMap((r) => r.tl.toks.filter((t) => !isColTok(t)));
  const colToks = table.flatMap((r) => r.tl.toks.filter(isColTok));
  // A word apart from the words beside it (a cell of its own): a column's figure or date beside it is a boundary too.
  const standalone = txRows.flatMap((r) =>
    r.tl.toks.filter((t, k, toks) => {
      if (isColTok(t)) return false;
      const l = toks[k - 1];
      const rt = toks[k + 1];
      return (!l || isColTok(l) || t.gapL > sep) && (!rt || isColTok(rt) || t.gapR > sep);
    }),
  );
  // Marker words at the same place ("DEB" among "CHG", "BGC") are codes of the same column.
  const markerWords = txRows.flatMap((r) => r.tl.toks.filter((t) => t.kind === 'marker'));
  const codes = codeColumn(standalone, textToks, txRows.length, H, markerWords);
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
    // (printed on at least half of the pages: a common description line may meet its twin once)
    const need = Math.max(2, Math.ceil(tls.length * 0.5));
    for (const same of seen.values()) {
      if (same.length < 2) continue;
      for (const a of same) {
        const pagesAt = new Set(same.filter((b) => Math.abs(b.line.y0 - a.line.y0) < 2).map((b) => b.line.page));
        if (pagesAt.size >= need) furniture.add(a.line);
      }
    }
    // Only outside the rows of every page it stands on: identical description lines at the same
    // height are common, and one of them inside a table is a description line on every page.
    const insideRows = (l: Line): boolean => {
      const onPage = table.filter((r) => r.tl.line.page === l.page).map((r) => r.tl.line.y0);
      return onPage.length > 0 && l.y0 > Math.min(...onPage) && l.y0 < Math.max(...onPage);
    };
    const inside = new Set([...furniture].filter(insideRows).map((l) => l.text));
    // …nor where it stands, on every page, where descriptions start, in a block of lines at the line
    // pitch that holds a row of the table: a description line above a page's first row or under its
    // last ("CONTACTLESS PAYMENT" over the first row of two pages that both start at the same height);
    // a header or footer keeps apart from the rows.
    const rowLines = new Set(table.map((r) => r.tl.line));
    const atRow = (l: Line): boolean => {
      if (Math.abs(l.x0 - dx0) >= H * 0.5) return false;
      const ls = tls.find((x) => x.some((tl) => tl.line === l)) ?? [];
      const i = ls.findIndex((tl) => tl.line === l);
      for (const step of [-1, 1]) {
        for (let j = i + step; j >= 0 && j < ls.length; j += step) {
          const a = ls[j]!;
          if (Math.abs(a.cy - ls[j - step]!.cy) > H * 2.2) break;
          if (rowLines.has(a.line)) return true;
          if (a.line.x0 < dx0 - H * 0.5) break;
        }
      }
      return false;
    };
    const texts = new Set([...furniture].map((l) => l.text));
    for (const text of texts) {
      const same = [...furniture].filter((l) => l.text === text);
      if (same.every(atRow)) inside.add(text);
    }
    for (const l of [...furniture]) if (inside.has(l.text)) furniture.delete(l);
  }
  const lineText = (tl: TokLine): string =>
    tl.toks
      .filter((t) => !isColTok(t) && !codes.has(t))
      .map((t) => t.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  /** A month named alone under a row of that very month continues its description ("RATA" / "DICEMBRE 2025"). */
  const monthOfRow = (r: Row | undefined): number | null => {
    const t = r ? [...r.dates.values()][0] : undefined;
    return t?.day?.m ?? null;
  };
  const isCont = (tl: TokLine, above?: Row): boolean => {
    if (tl.toks.length === 0 || furniture.has(tl.line)) return false;
    if (tl.toks.some((t) => colOf.has(t))) return false;
    if (tl.line.x0 < leftLimit - H * 0.3 || tl.line.x1 > rightLimit + H * 0.3) return false;
    if (tl.line.x0 < dx0 - H * 1.5) return false;
    const t = fold(tl.line.text).trim();
    if (MONTH_SECTION.test(t) || PAGE_NUMBER.test(t)) return false;
    if (MONTH_HEADING.test(t)) {
      const named = MONTHS[t.split(' ')[0]!];
      return named !== undefined && named === monthOfRow(above);
    }
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
        if (!isCont(tl, r) || tl.cy - prev.cy > H * 2.4) break;
        between.push(tl);
        prev = tl;
      }
      const contiguous = next !== null && between.length === end - r.idx - 1;
      const seq = contiguous ? [r.tl, ...between, next.tl] : [r.tl, ...between];
      const g: Gap = { above: r, below: contiguous ? next : null, lines: between, pitches: pitchesOf(seq) };
      gaps.push(g);
      if (contiguous) pitches.push(...g.pitches);
      else if (next) {
        // Something else stands between the two rows (a repeated heading, a notice): the lines
        // right above the next row may still be its own, as above a page's first row.
        const taken = r.idx + between.length;
        const own: TokLine[] = [];
        for (let i = next.idx - 1; i > taken; i--) {
          const tl = lines[i]!;
          const nxt = own[0] ?? next.tl;
          if (!isCont(tl) || nxt.cy - tl.cy > H * 2.2) break;
          own.unshift(tl);
        }
        if (own.length > 0) gaps.push({ above: null, below: next, lines: own, pitches: pitchesOf([...own, next.tl]) });
      }
    }
  }
  const cut = pitchBreak(pitches, H);
  const isBreak = (p: number): boolean => p > cut;
  /** The pitch from a gap's i-th line to the line after it. */
  const after = (g: Gap, i: number): number => g.pitches[g.above ? i + 1 : i] ?? 0;
  // k from the gaps between rows where one wider gap splits the lines.
  const between = gaps.filter((g) => g.above && g.below && g.above.special === null && g.below.special === null);
  // Nearly every pair of rows has at least k lines between them (one odd row may not).
  const minLines = between.length ? percentile(between.map((g) => g.lines.length), between.length >= 10 ? 0.1 : between.length >= 4 ? 0.25 : 0) : 0;
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
  const opens = (tl: TokLine | undefined): number => (tl && BOOKING_START.test(fold(lineText(tl))) ? 1 : 0);
  // The words this document's continuation lines start with ("ID CREDITORE", "MANDATO", "CRO"),
  // learnt where nothing else can claim the line: under a row, before a balance row or the table's end.
  // (by shape where it holds digits: "25.02.2026 09:50 Karte …" lines continue like "17.02.2026 15:09 …")
  const firstWord = (tl: TokLine): string => (fold(lineText(tl)).split(' ')[0] ?? '').replace(/\d/g, '9');
  const contSeen = new Map<string, number>();
  for (const g of gaps)
    if (g.above && g.above.special === null && (g.below === null || g.below.special !== null))
      for (const tl of g.lines) if (!opens(tl)) contSeen.set(firstWord(tl), (contSeen.get(firstWord(tl)) ?? 0) + 1);
  // …and between two rows, the lines before the last k (at least the last one) no row below can
  // claim: at most k lines stand above a row ("IBAN: …" under one row, right above the next).
  for (const g of between)
    for (const tl of g.lines.slice(0, Math.max(0, g.lines.length - Math.max(k, 1)))) if (!opens(tl)) contSeen.set(firstWord(tl), (contSeen.get(firstWord(tl)) ?? 0) + 1);
  /** 1 = opens a description, -1 = continues one (learnt), 0 = cannot tell. */
  const firstLike = (tl: TokLine | undefined): number => (!tl ? 0 : opens(tl) ? 1 : (contSeen.get(firstWord(tl)) ?? 0) >= 2 ? -1 : 0);
  const geometrySilent = splits.length < Math.max(2, between.length * 0.5);
  if (geometrySilent) {
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
  // (a row's first continuation line indented wherever a row has two lines or more after it)
  const firstOfMany = gaps.filter((g) => g.above && g.above.special === null && g.lines.length >= 2).map((g) => isIndented(g.lines[0]!, g.above!));
  const strongIndent = firstOfMany.length >= 4 && firstOfMany.filter(Boolean).length >= firstOfMany.length * 0.9;
  const outdent = (r: Row, lines: readonly TokLine[]): number => {
    const flags = lines.map((tl) => isIndented(tl, r));
    // One plain line after a row: the row's own where the layout prints nothing above its rows.
    // (not where continuation lines are indented throughout: a plain line there opens a description)
    if (!flags.some(Boolean) && lines.length === 1 && k === 0 && !strongIndent) return -1;
    for (let i = 0; i < flags.length; i++) if (!flags[i]) return i;
    return -1;
  };
  // With hanging indents, how many plain lines stand above a row where rows follow each other.
  // (between two rows: the lines after the last indented one; above a page's first row or after a
  // balance row: the plain lines right above the row)
  const plainAbove = (g: Gap): number => {
    let n = 0;
    for (let i = g.lines.length - 1; i >= 0 && !isIndented(g.lines[i]!, g.below!) && !isBreak(after(g, i)); i--) n++;
    return n;
  };
  const aboveCounts = indented
    ? gaps
        .filter((g) => g.below && g.below.special === null)
        .map((g) => {
          if (g.above && g.above.special === null) {
            const o = outdent(g.above, g.lines);
            return o >= 0 ? g.lines.length - o : 0;
          }
          return plainAbove(g);
        })
    : [];
  const kIndent = aboveCounts.length >= 2 ? median(aboveCounts) : 0;
  const put = (r: Row, tl: TokLine, where: 'above' | 'below'): void => {
    const d = out.get(r) ?? { text: [], lines: [] };
    if (where === 'above') d.lines.unshift(tl.line);
    else d.lines.push(tl.line);
    out.set(r, d);
  };
  // A description set around its amount row, learnt where two lines or more stand between two rows:
  // the last one opens a description and the row's own line does not (and is the shorter).
  const around = (g: Gap): boolean => {
    const last = g.lines[g.lines.length - 1];
    return last !== undefined && opens(last) === 1 && !opens(g.below!.tl) && firstLike(last) !== -1 && lineText(last).length > lineText(g.below!.tl).length;
  };
  const aroundSeen = between.filter((g) => g.lines.length >= 2 && around(g)).length;
  for (const r of txRows) out.set(r, { text: [], lines: [r.tl.line] });
  // Lines a row took from the gap above it (between it and a booking), and the lines under a row.
  const fromAbove = new Map<Row, { from: Row; lines: TokLine[] }>();
  const under = new Map<Row, { kept: number; passedOn: boolean }>();
  // Under the last row before the table ends or something else stands (a note, a legal line): the
  // lines up to the first wider gap, not a paragraph printed after a blank line.
  for (const g of gaps) {
    if (!g.above || g.below !== null) continue;
    const stop = g.lines.findIndex((_, i) => isBreak(g.pitches[i] ?? 0));
    if (stop >= 0) g.lines = g.lines.slice(0, stop);
  }
  for (const g of gaps) {
    let nAbove = 0;
    if (g.below && g.below.special === null) {
      const bi = g.pitches.filter(isBreak).length === 1 ? g.pitches.findIndex(isBreak) : -1;
      const out = g.above && indented ? outdent(g.above, g.lines) : -1;
      // Hanging indents decide where they are used: all lines indented → all belong to the row above.
      nAbove = bi >= 0 && g.above ? g.lines.length - bi : indented && g.above ? (out >= 0 ? g.lines.length - out : 0) : Math.min(k, g.lines.length);
      // A description set around its amount row (the row on its second line): where geometry is
      // silent, a line right above a row that does not open a description itself, and that opens
      // one, is the row's first line.
      // …and the other way: a row whose own line opens a description keeps the line above for the row above.
      if (geometrySilent && bi < 0 && !indented && g.above && nAbove === 1 && k === 1 && firstLike(g.below.tl) > firstLike(g.lines[g.lines.length - 1])) nAbove = 0;
      if (geometrySilent && bi < 0 && !indented && g.above && nAbove === 0 && g.lines.length >= 2 && aroundSeen >= 2 && opens(g.lines[g.lines.length - 1]) && !opens(g.below.tl) && lineText(g.lines[g.lines.length - 1]!).length > lineText(g.below.tl).length) nAbove = 1;
      // …and a single line between two rows, where this document sets descriptions around their row
      // elsewhere (twice at least) and the row above opens its own description on its amount line.
      if (geometrySilent && bi < 0 && !indented && g.above && g.above.special === null && nAbove === 0 && k === 0 && g.lines.length === 1 && aroundSeen >= 2 && opens(g.above.tl) && around(g)) nAbove = 1;
      if (!g.above || g.above.special !== null) {
        // Above the first row of a page or after a balance row: only lines at the row pitch, at most k
        // (one more where the row's own line does not open a description and the line above does).
        const aroundRow = geometrySilent && !indented && g.lines.length >= 1 && opens(g.lines[g.lines.length - 1]) && !opens(g.below.tl) && !isBreak(after(g, g.lines.length - 1)) && lineText(g.lines[g.lines.length - 1]!).length > lineText(g.below.tl).length;
        nAbove = 0;
        // (where padding sets rows apart, the lines at the line pitch right above are the row's block)
        const opensAbove = g.lines.length > 0 && opens(g.lines[g.lines.length - 1]) === 1;
        const most = indented ? Math.max(k, kIndent, opensAbove ? 1 : 0) : !geometrySilent ? 3 : aroundRow ? Math.max(k, 1) : k;
        for (let i = g.lines.length - 1; i >= 0 && nAbove < most; i--) {
          // (with hanging indents, an indented line continues something else)
          if (indented && nAbove >= kIndent && isIndented(g.lines[i]!, g.below!)) break;
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
    if (nAbove > 0 && g.above && g.above.special === null) fromAbove.set(g.below!, { from: g.above, lines: g.lines.slice(cut) });
    if (g.above && g.above.special === null) under.set(g.above, { kept: cut, passedOn: cut < g.lines.length ? opens(g.lines[cut]) === 1 : true });
  }
  // Rows set around their amount row (the row on a description's second line): where every row
  // that takes lines from above keeps lines under it too, but one, that one — nothing of its own
  // under it before the next row's lines or the table's end — has its whole description on its row,
  // and the lines above it are the row above's ("Habenzinsen" / "Rechnungsabschluss 30.09.2024" over
  // "Abschluss").
  const taking = [...fromAbove.keys()];
  // (the lines under it, if any, went to the row below because the first of them opens a description:
  // a line that does not would be this row's own, given away by mistake)
  const bare = taking.filter((r) => (under.get(r)?.kept ?? 0) === 0 && (under.get(r)?.passedOn ?? true));
  if (taking.length - bare.length >= 3 && bare.length <= Math.max(1, taking.length * 0.1))
    for (const r of bare) {
      const { from, lines } = fromAbove.get(r)!;
      const own = out.get(r)!;
      const moved = new Set(lines.map((tl) => tl.line));
      own.lines = own.lines.filter((l) => !moved.has(l));
      out.get(from)!.lines.push(...lines.map((tl) => tl.line));
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


/**
 * A code column (causale, GVC, a UK type code) among the text of the amount rows: short
 * single-word tokens aligned on their centre, on many rows, apart from the description's start.
 */
function codeColumn(standalone: readonly Tok[], textToks: readonly Tok[], rows: number, H: number, support: readonly Tok[] = []): Set<Tok> {
  const short = standalone.filter((t) => t.words.length === 1 && t.text.length <= 5 && !/[a-z]{2}/.test(t.text));
  const cols = clusterBy(short, centre, H * 0.8, 'text', 3000);
  const out = new Set<Tok>();
  const shortSet = new Set(short);
  const starts = textToks.filter((t) => !shortSet.has(t)).map((t) => t.x0);
  const dx0 = starts.length ? median(starts) : Infinity;
  for (const c of cols) {
    const supported = support.filter((t) => Math.abs(centre(t) - c.at) < H * 0.8).length;
    if (c.members.length + supported < Math.max(2, rows * 0.3)) continue;
    if (Math.abs(c.x0 - dx0) < H * 0.5) continue;
    // A column keeps its space: description words of other rows do not run through it.
    const members = new Set(c.members);
    const lo = Math.min(...c.members.map((t) => t.x0));
    const hi = Math.max(...c.members.map((t) => t.x1));
    const crossing = textToks.filter((t) => !members.has(t) && t.x0 < hi - 1 && t.x1 > lo + 1).length;
    if (crossing > Math.max(1, rows * 0.1)) continue;
    for (const t of c.members) out.add(t);
  }
  return out;
}
