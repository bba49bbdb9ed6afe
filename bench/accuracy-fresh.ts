/**
 * `npm run accuracy`: accuracy on documents nobody here has seen.
 *   1. draws a fresh random seed (crypto) and runs the independent testkit (bench/testkit.ts: ../shared/testkit's
 *      docgen.py corpus, the offline parse path, score.py) on `--count` statements + exports (default 80): figures
 *      per category and the worst layout-axis values;
 *   2. with `--scans N` (default 0, since OCR is slow) the same on N scans and photos, own fresh seed;
 *   3. scores the public real samples in ../shared/corpus (bench/corpus.ts).
 *   node bench/accuracy-fresh.ts [--count 80] [--scans 0] [--seed N (reproduce a run; not fresh evidence)]
 * A seed you debugged on is not evidence: report figures from a run like this one, with its seed.
 * The project's own generator (test/fixtures) is measured by `npm run accuracy:own`.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
};
const count = Number(arg('count', '80'));
const scans = Number(arg('scans', '0'));
const given = process.argv.includes('--seed');
const fresh = (): number => randomInt(1, 2_000_000_000);
const seed = given ? Number(arg('seed', '0')) : fresh();
const bench = import.meta.dirname;
const node = (script: string, args: string[]): void => {
  execFileSync(process.execPath, [path.join(bench, script), ...args], { stdio: 'inherit' });
};

console.log(
  `accuracy on unseen documents — ${os.cpus()[0]?.model ?? '?'} ×${os.cpus().length}, Node ${process.version}`,
);
console.log(
  `\n== testkit, statements + exports: seed ${seed}${given ? ' (given: a reproduction, not fresh evidence)' : ' (fresh)'}, ${count} documents`,
);
const t0 = Date.now();
node('testkit.ts', [
  '--seed',
  String(seed),
  '--count',
  String(count),
  '--kinds',
  'statements,exports',
  '--worst',
  '20',
]);
const runs = [`statements+exports seed ${seed} (${count} docs)`];
if (scans > 0) {
  const scanSeed = given ? seed + 1 : fresh();
  console.log(`\n== testkit, scans and phone photos (OCR): seed ${scanSeed}, ${scans} documents`);
  node('testkit.ts', [
    '--seed',
    String(scanSeed),
    '--count',
    String(scans),
    '--kinds',
    'scans,photos',
    '--worst',
    '20',
  ]);
  runs.push(`scans+photos seed ${scanSeed} (${scans} docs)`);
}
console.log('\n== public real samples (../shared/corpus)');
node('corpus.ts', process.argv.includes('--verbose') ? ['--verbose'] : []);
console.log(
  `\naccuracy run done in ${((Date.now() - t0) / 1000).toFixed(0)} s: testkit ${runs.join(', ')}; reproduce with --seed, but report fresh seeds only.`,
);
