/**
 * Which test files use a test database: those whose local imports reach test/helpers/db.ts, the one
 * module that reads TEST_DATABASE_URL and opens test databases (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL). Only these files behave differently on PostgreSQL, so `npm run test:db`
 * (vitest.db.config.ts) runs exactly these; test/db-selection.test.ts keeps the rule honest.
 *
 * Edges of the graph: static imports, `export … from`, literal `import('…')`, and any string literal
 * naming an existing .ts file (a worker script a test spawns, `new URL('./x.ts', import.meta.url)`),
 * resolved against the importing file when it starts with '.', else against the repository root
 * ('src/main.ts'). A test that merely names a database test's path is therefore selected too.
 * A file may opt out with a reason (PGLITE_ENOUGH below).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
/**
 * The module every database test goes through (repository-relative). Built from parts: as one
 * literal it would be an edge of the graph itself (and select every test importing this file).
 */
export const DB_HELPER = ['test', 'helpers', 'db'].join('/') + '.ts';
/**
 * A test that reaches DB_HELPER only for its set-up (an app to send requests to) and checks nothing that
 * differs on PostgreSQL says so, with its reason, in a line of its own:
 *   // db-selection: PGlite is enough — <why>
 * `npm run test:db` leaves it out (it ran in `npm test`); test/db-selection.test.ts lists these files.
 */
export const PGLITE_ENOUGH = /^\/\/ db-selection: PGlite is enough — \S.{10,}$/m;
/** Where vitest finds tests (vitest.config.ts `include`). */
export const TEST_DIRS = ['src', 'test'];

// A quoted module specifier or path: a string literal without quotes or line breaks inside.
const LITERAL = /(['"`])([^'"`\n\r]{1,300})\1/g;

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The local .ts/.tsx files a source file refers to (absolute paths). */
function references(root: string, file: string, text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(LITERAL)) {
    const spec = m[2]!;
    if (!/\.tsx?$/.test(spec) && !spec.startsWith('.')) continue;
    const p = path.resolve(spec.startsWith('.') ? path.dirname(file) : root, spec);
    const hit = [p, `${p}.ts`, `${p}.tsx`, path.join(p, 'index.ts')].find(
      (c) => /\.tsx?$/.test(c) && isFile(c) && !c.includes(`${path.sep}node_modules${path.sep}`),
    );
    if (hit) out.add(hit);
  }
  return [...out];
}

/** Every *.test.ts vitest runs (repository-relative, sorted). */
export function allTestFiles(root: string = ROOT): string[] {
  const files: string[] = [];
  for (const dir of TEST_DIRS) {
    const abs = path.join(root, dir);
    if (!existsSync(abs)) continue;
    for (const f of readdirSync(abs, { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('.test.ts') && !f.split(path.sep).includes('node_modules'))
        files.push(path.join(dir, f));
  }
  return files.map((f) => f.split(path.sep).join('/')).sort();
}

/** The test files that reach DB_HELPER, but for those that say PGlite is enough (repository-relative, sorted). */
export function databaseTestFiles(root: string = ROOT): string[] {
  return reachingTestFiles(root).filter((f) => !PGLITE_ENOUGH.test(readFileSync(path.join(root, f), 'utf8')));
}

/** Every test file that reaches DB_HELPER (repository-relative, sorted). */
export function reachingTestFiles(root: string = ROOT): string[] {
  const tests = allTestFiles(root);
  // The graph of everything the tests refer to, then the files from which DB_HELPER is reachable.
  const referrers = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = tests.map((f) => path.join(root, f));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const ref of references(root, file, readFileSync(file, 'utf8'))) {
      const list = referrers.get(ref);
      if (list) list.push(file);
      else referrers.set(ref, [file]);
      if (!seen.has(ref)) queue.push(ref);
    }
  }
  const reaching = new Set<string>();
  const back = [path.join(root, DB_HELPER)];
  while (back.length) {
    const file = back.pop()!;
    for (const r of referrers.get(file) ?? [])
      if (!reaching.has(r)) {
        reaching.add(r);
        back.push(r);
      }
  }
  return tests.filter((f) => reaching.has(path.join(root, f)));
}
