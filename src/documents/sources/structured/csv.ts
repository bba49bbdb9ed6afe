import { LIMITS } from '../../limits.ts';
import { countOutsideQuotes } from '../../sniff/sniff.ts';
import { corrupt, tooLarge } from '../../errors.ts';
import type { Cell, DecimalConvention } from '../../layout/model.ts';
import { decodeText } from '../../sniff/text.ts';

const DELIMITERS = [';', ',', '\t', '|'] as const;

/**
 * The delimiter whose count is the same on most lines (preamble lines disagree),
 * weighted by the columns it makes: one comma per line is a decimal comma more
 * often than a two-column table.
 */
export function detectDelimiter(lines: readonly string[]): string {
  let best: string = ';';
  let bestScore = -1;
  for (const d of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of lines.slice(0, 200)) {
      const c = countOutsideQuotes(line, d);
      if (c > 0) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // Score = lines sharing the most common non-zero count, weighted by columns.
    for (const [cols, n] of counts) {
      const score = n * (1 + Math.log2(cols + 1)) + cols / 1000;
      if (score > bestScore) {
        bestScore = score;
        best = d;
      }
    }
  }
  return best;
}

/**
 * RFC 4180 reader with the bank-export tolerances: any delimiter, quoted fields
 * with doubled quotes and embedded newlines, CRLF/LF. Bounded by row and line limits.
 */
export function readCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
      continue;
    }
    if (ch === '"' && field.trim().length === 0) {
      quoted = true;
      field = '';
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
      if (row.length > LIMITS.maxColumns) throw tooLarge('CSV row has too many columns');
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      lineStart = i + 1;
      if (rows.length > LIMITS.csvMaxRows) throw tooLarge(`CSV has more than ${LIMITS.csvMaxRows} rows`);
    } else field += ch;
    if (i - lineStart > LIMITS.maxLineBytes) throw tooLarge('CSV line exceeds the maximum line length');
  }
  if (quoted) throw corrupt('CSV ends inside a quoted field');
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim().length > 0));
}

/** A CSV's one sheet of cells, and the decimal convention its delimiter suggests (';' goes with 1.234,56). */
export function readCsvSheet(bytes: Uint8Array): { sheets: Cell[][][]; decimal: DecimalConvention } {
  const { text } = decodeText(bytes);
  // Cheap pre-check so a 10 MB single line fails before any per-character work.
  let lineStart = 0;
  for (let i = text.indexOf('\n'); ; i = text.indexOf('\n', i + 1)) {
    const end = i < 0 ? text.length : i;
    if (end - lineStart > LIMITS.maxLineBytes) throw tooLarge('CSV line exceeds the maximum line length');
    if (i < 0) break;
    lineStart = i + 1;
  }
  const sample = text.slice(0, LIMITS.sniffWindowBytes).split(/\r\n|\r|\n/);
  const delimiter = detectDelimiter(sample);
  const rows: Cell[][] = readCsv(text, delimiter);
  return { sheets: [rows], decimal: delimiter === ';' ? 'comma' : 'dot' };
}
