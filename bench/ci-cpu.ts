/**
 * Where the test suite's CPU goes, per file (issue 22, "CI time"): reads the JSON lines
 * test/helpers/cpu-probe.ts writes and ranks the files by CPU (their own threads plus the children they
 * waited for). CPU barely moves with the host's load, wall time does: compare trees by CPU.
 *   DOCRISK_TEST_CPU_LOG=/tmp/a.jsonl npx vitest run [FILES…]
 *   node bench/ci-cpu.ts /tmp/a.jsonl [/tmp/b.jsonl]     one log: the ranking; two: before → after per file
 */
import { readFileSync } from 'node:fs';

interface Row {
  file: string;
  wallS: number;
  cpuS: number;
  childrenS: number | null;
}

export function readLog(file: string): Map<string, Row> {
  const out = new Map<string, Row>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as Row;
    // A file run twice in one log (a rerun): the sum.
    const had = out.get(r.file);
    out.set(
      r.file,
      had ? { file: r.file, wallS: had.wallS + r.wallS, cpuS: had.cpuS + r.cpuS, childrenS: (had.childrenS ?? 0) + (r.childrenS ?? 0) } : r,
    );
  }
  return out;
}

export const total = (r: Row): number => r.cpuS + (r.childrenS ?? 0);

function main(argv: string[]): void {
  const [a, b] = argv;
  if (!a) {
    console.error('usage: node bench/ci-cpu.ts LOG.jsonl [AFTER.jsonl]');
    process.exit(2);
  }
  const before = readLog(a);
  const f = (n: number) => n.toFixed(1).padStart(7);
  if (!b) {
    const rows = [...before.values()].sort((x, y) => total(y) - total(x));
    console.log(`${'CPU s'.padStart(7)} ${'own'.padStart(7)} ${'child'.padStart(7)} ${'wall s'.padStart(7)}  file`);
    for (const r of rows) console.log(`${f(total(r))} ${f(r.cpuS)} ${f(r.childrenS ?? 0)} ${f(r.wallS)}  ${r.file}`);
    const cpu = rows.reduce((s, r) => s + total(r), 0);
    const wall = rows.reduce((s, r) => s + r.wallS, 0);
    console.log(`${rows.length} files: ${cpu.toFixed(1)} CPU s over ${wall.toFixed(1)} file-wall s (${((100 * cpu) / wall).toFixed(0)} % busy)`);
    return;
  }
  const after = readLog(b);
  const files = [...new Set([...before.keys(), ...after.keys()])].sort(
    (x, y) => total(before.get(y) ?? after.get(y)!) - total(before.get(x) ?? after.get(x)!),
  );
  console.log(`${'before'.padStart(7)} ${'after'.padStart(7)}  CPU s, file`);
  let sb = 0;
  let sa = 0;
  for (const file of files) {
    const x = before.get(file);
    const y = after.get(file);
    if (x && y) {
      sb += total(x);
      sa += total(y);
    }
    console.log(`${x ? f(total(x)) : '      –'} ${y ? f(total(y)) : '      –'}  ${file}`);
  }
  console.log(`files in both: ${sb.toFixed(1)} → ${sa.toFixed(1)} CPU s`);
}

if (import.meta.main) main(process.argv.slice(2));
