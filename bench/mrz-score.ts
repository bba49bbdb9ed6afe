/**
 * The MRZ as read against the testkit's truth (`_meta.mrz`), per capture kind (output axis: pdf_pages =
 * clean render, photocopy, scan_sheet, photo): every ID whose supplied sides include the back (the zone).
 *   node bench/mrz-score.ts DIR [--verbose]      DIR = bench/testkit.ts --keep DIR (corpus/ and out/)
 * "zone exact": all lines as printed; "fields exact": the zone's document number, birth date, expiry,
 * nationality and names line as printed (the fields the MRZ gives; optional data and document code aside).
 * A miss is classed: no zone (none reported), format (TD1/TD2/TD3 wrong), or per line the columns that differ.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node bench/mrz-score.ts DIR [--verbose]');
  process.exit(2);
}
const verbose = process.argv.includes('--verbose');
interface Entry {
  id: string;
  category?: string;
  truth?: string | null;
  axes?: Record<string, unknown>;
}
const manifest = JSON.parse(readFileSync(path.join(dir, 'corpus', 'manifest.json'), 'utf8')) as { entries: Entry[] };

/** Spans of the fields the MRZ gives, per format (line, start, end). */
const FIELDS: Record<number, Record<string, [number, number, number]>> = {
  3: { number: [0, 5, 15], birth: [1, 0, 7], expiry: [1, 8, 15], nationality: [1, 15, 18], names: [2, 0, 30] },
  2: { number: [1, 0, 10], birth: [1, 13, 20], expiry: [1, 21, 28], nationality: [1, 10, 13], names: [0, 5, 99] },
};
const tally = new Map<string, [number, number]>();
const add = (k: string, ok: boolean): void => {
  const t = tally.get(k) ?? [0, 0];
  t[0] += ok ? 1 : 0;
  t[1]++;
  tally.set(k, t);
};
const misses: string[] = [];
for (const e of manifest.entries) {
  if (e.category !== 'D' || !e.truth) continue;
  const truth = JSON.parse(readFileSync(path.join(dir, 'corpus', e.truth), 'utf8')) as { _meta: { mrz?: string[]; sides?: string[] } };
  const want = truth._meta.mrz;
  if (!want || !truth._meta.sides?.includes('back')) continue;
  const file = path.join(dir, 'out', `${e.id}.json`);
  if (!existsSync(file)) continue;
  const out = JSON.parse(readFileSync(file, 'utf8')) as { parsing_result?: { mrz?: { value?: { lines?: string[]; valid?: boolean } | null } } };
  const got = out.parsing_result?.mrz?.value?.lines ?? null;
  const kind = String(e.axes?.['output']);
  const zoneOk = got !== null && got.length === want.length && got.every((l, i) => l === want[i]);
  add(`zone exact, ${kind}`, zoneOk);
  add('zone exact, all', zoneOk);
  const spans = FIELDS[want.length]!;
  const bad: string[] = [];
  for (const [name, [line, a, b]] of Object.entries(spans)) {
    const ok = got !== null && got.length === want.length && got[line]!.slice(a, b) === want[line]!.slice(a, b);
    add(`fields exact, ${kind}`, ok);
    add('fields exact, all', ok);
    if (!ok) bad.push(name);
  }
  if (!zoneOk) {
    let why: string;
    if (got === null) why = 'no zone';
    else if (got.length !== want.length) why = `format (${got.length} lines for ${want.length})`;
    else
      why = want
        .map((w, i) => {
          const g = got[i]!;
          const cols = [...w].map((c, k) => (g[k] === c ? '' : `${k}:${c}→${g[k] ?? '∅'}`)).filter((x) => x);
          return cols.length ? `L${i + 1} ${cols.join(' ')}` : '';
        })
        .filter((x) => x)
        .join('; ');
    misses.push(`  ${e.id} ${kind} ${String(e.axes?.['design'])} [${bad.join(',') || 'fields ok'}] ${why}${verbose && got ? `\n      want ${want.join(' | ')}\n      got  ${got.join(' | ')}` : ''}`);
  }
}
const pct = ([ok, n]: [number, number]): string => `${((100 * ok) / n).toFixed(1)} % (${ok}/${n})`;
for (const [k, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${k.padEnd(28)} ${pct(t)}`);
console.log(misses.join('\n'));
