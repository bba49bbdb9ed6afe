/**
 * Writes the hostile-input set (test/hostile/generate.ts) to a directory, for trying a running
 * service by hand: `node scripts/hostile.ts /tmp/hostile`. Nothing large is committed.
 * `--long-scan` also writes the legitimate load to measure against the caps: a scanned statement
 * of 700 transactions (24 A4 pages at 200 dpi, project generator, seed 71877).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOSTILE_CASES, LARGE_CASES } from '../test/hostile/generate.ts';

const dir = process.argv[2];
if (!dir || dir.startsWith('-')) {
  console.error('usage: node scripts/hostile.ts DIR [--long-scan]');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
for (const c of [...HOSTILE_CASES, ...LARGE_CASES]) {
  const bytes = await c.make();
  writeFileSync(path.join(dir, c.file), bytes);
  console.log(`${c.file.padEnd(24)} ${String(bytes.length).padStart(10)} bytes  ${c.name}`);
}
if (process.argv.includes('--long-scan')) {
  const { generateStatement } = await import('../test/fixtures/generator/index.ts');
  const { scanPdf } = await import('../test/fixtures/id/generator.ts');
  const { pdf } = await generateStatement({ layout: 'it_dare_avere', seed: 71877, transactions: 700 });
  const scan = await scanPdf(pdf, 200);
  writeFileSync(path.join(dir, 'long-scan.pdf'), scan);
  console.log(`${'long-scan.pdf'.padEnd(24)} ${String(scan.length).padStart(10)} bytes  a legitimate scanned statement, 700 transactions`);
}
