/**
 * Print what the table reader sees in one text PDF: lines with their tokens, and the transactions.
 *   node bench/table-debug.ts FILE.pdf|PAGES.json [--lines]
 */
import { readFileSync } from 'node:fs';
import { loadPdf } from '../src/documents/sources/pdf/load.ts';
import { buildLines } from '../src/documents/layout/lines.ts';
import type { WordPage } from '../src/documents/layout/model.ts';
import { findPeriod } from '../src/documents/statement/header/header-fields.ts';
import { straighten } from '../src/documents/layout/straighten.ts';
import { tokenise } from '../src/documents/statement/extract/tokens.ts';
import { readTable } from '../src/documents/statement/extract/reader.ts';

const file = process.argv[2]!;
// A text PDF, or the JSON pages bench/ocr-dump.ts saved from a scan.
let pages: WordPage[];
if (file.endsWith('.json')) pages = JSON.parse(readFileSync(file, 'utf8')) as WordPage[];
else {
  const loaded = await loadPdf(new Uint8Array(readFileSync(file)));
  if (!loaded.ok) throw new Error(loaded.message);
  pages = loaded.pdf.pages;
}
const byPage = pages.map((p) => buildLines(straighten(p)));
if (process.argv.includes('--lines')) {
  for (const l of byPage.flat()) {
    const tl = tokenise(l);
    console.log(`p${l.page} y${l.y0.toFixed(0)} x${l.x0.toFixed(0)}-${l.x1.toFixed(0)} ` + tl.toks.map((t) => `${t.kind[0]}[${t.text}]@${t.x0.toFixed(0)}-${t.x1.toFixed(0)}`).join(' '));
  }
}
const t = readTable(byPage, findPeriod(byPage.flat())?.value ?? null, { opening: null, closing: null });
console.log('roles', t.roles, 'agree', t.agree, 'disagree', t.disagree, 'newestFirst', t.newestFirst);
for (const x of t.txs) console.log(x.page, x.date, x.valueDate, x.amountCents, x.balanceCents, x.signKnown ? '' : '?', '|', x.description.join(' / '));
for (const b of t.balances) console.log('BAL', b.kind, b.cents, 'after', b.afterTx);
