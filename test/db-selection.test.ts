/**
 * `npm run test:db` repeats on PostgreSQL only the tests that use a test database
 * (test/helpers/db-files.ts). These checks make sure a database test cannot be left out silently:
 * the selection follows imports (transitive helpers, spawned worker scripts, dynamic imports), the
 * helper is the only reader of TEST_DATABASE_URL, and no test outside the selection opens a database
 * some other way (it would never run on PostgreSQL).
 * (No literal path of a repository .ts file below: the selection would follow it.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allTestFiles, DB_HELPER, databaseTestFiles, PGLITE_ENOUGH, reachingTestFiles, ROOT, TEST_DIRS } from './helpers/db-files.ts';

const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');
const SELF = path
  .relative(ROOT, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join('/');

describe('the database test selection (npm run test:db)', () => {
  const selected = databaseTestFiles();
  const all = allTestFiles();

  it('selects every test file that names the database or app helpers, and not the others', () => {
    const naming = all.filter(
      (f) => f !== SELF && /\bcreateTest(?:Database|App)\b|helpers\/(?:db|app)\.ts/.test(read(f)),
    );
    expect(naming.length).toBeGreaterThan(20);
    expect(reachingTestFiles()).toEqual(naming);
    expect(selected).toEqual(naming.filter((f) => !PGLITE_ENOUGH.test(read(f))));
    expect(selected.some((f) => f.endsWith('/crash.test.ts'))).toBe(true);
    expect(selected.some((f) => f.startsWith('src/documents/'))).toBe(false);
    // The browser walk-through (chromium, the largest CPU of test:db after the hostile suite) runs once, on
    // PGlite; the portal's own database paths (src/modules/portal) still run on PostgreSQL.
    // (Paths built from parts: a literal path of a database test would make this file one, see db-files.ts.)
    expect(selected).not.toContain(['test', 'portal', 'portal.test.ts'].join('/'));
    expect(selected).toContain(['src', 'modules', 'portal', 'portal.test.ts'].join('/'));
    expect(selected).not.toContain(SELF);
  });

  it('a file left out as "PGlite is enough" does reach the database helper, and says why', () => {
    const marked = all.filter((f) => /^\/\/ db-selection: PGlite/m.test(read(f)));
    for (const f of marked) {
      expect(PGLITE_ENOUGH.test(read(f)), `${f}: "// db-selection: PGlite is enough — <why>"`).toBe(true);
      expect(reachingTestFiles(), f).toContain(f);
    }
    expect(selected.length + marked.length).toBe(reachingTestFiles().length);
  });

  it('test/helpers/db.ts is the only code under src/ and test/ that reads TEST_DATABASE_URL', () => {
    const sources = TEST_DIRS.flatMap((d) =>
      readdirSync(path.join(ROOT, d), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.includes('node_modules'))
        .map((f) => path.join(d, f).split(path.sep).join('/')),
    );
    const readers = sources.filter((f) =>
      /\benv\s*(?:\.\s*TEST_DATABASE_URL|\[\s*['"]TEST_DATABASE_URL)/.test(read(f)),
    );
    expect(readers).toEqual([DB_HELPER]);
  });

  it('no test outside the selection opens a database on its own', () => {
    const opens =
      /\bopenPglite\(|\bopenPostgres\(|\bnew PGlite\b|\bbuildApp\(|\bnew pg\.(?:Client|Pool)\b|\bnew PgBoss\(|from '(?:pg|@electric-sql\/pglite[^']*|pg-boss)'/;
    // (a test of the embedded engine's own adapter says so: it cannot run on PostgreSQL)
    const embeddedOnly = (f: string): boolean => /^\/\/ db-selection: embedded engine only\b/m.test(read(f));
    const outside = all.filter((f) => !selected.includes(f) && opens.test(read(f)) && !embeddedOnly(f));
    expect(
      outside,
      'use createTestDatabase / createTestApp (test/helpers) so the test also runs on PostgreSQL',
    ).toEqual([]);
  });

  describe('on a synthetic tree', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'db-files-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const put = (f: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), text);
    };
    // q('a/', 'b.ts') writes 'a/b.ts' into the synthetic file without that literal in this one.
    const q = (...parts: string[]) => `'${parts.join('')}'`;
    put(DB_HELPER, `export const url = process.env.${'TEST_DATABASE_URL'};\n`);
    put(path.join(path.dirname(DB_HELPER), 'app.ts'), `export * from ${q('./', 'db.ts')};\n`);
    put(path.join(path.dirname(DB_HELPER), 'worker.ts'), `import { url } from ${q('./', 'db.ts')};\n`);
    put(path.join(path.dirname(DB_HELPER), 'pure.ts'), 'export const x = 1;\n');
    put('test/a.test.ts', `import { url } from ${q('./helpers/', 'app.ts')};\n`);
    put(
      'test/spawns.test.ts',
      `spawn(process.execPath, [new URL(${q('./helpers/', 'worker.ts')}, import.meta.url).pathname]);\n`,
    );
    put('test/root-path.test.ts', `spawn(process.execPath, [${q('test/helpers/', 'worker.ts')}]);\n`);
    put('src/m/dynamic.test.ts', `const m = await import(${q('../../test/helpers/', 'db')});\n`);
    put('src/m/pure.test.ts', `import { x } from ${q('../../test/helpers/', 'pure.ts')};\n`);
    put('test/none.test.ts', "const s = 'no database here';\n");
    put('test/edge.test.ts', `// db-selection: PGlite is enough — an HTTP edge, the app only its set-up\nimport { url } from ${q('./helpers/', 'app.ts')};\n`);

    it('follows re-exports, dynamic imports (extension omitted) and spawned scripts, and leaves the rest out', () => {
      expect(databaseTestFiles(dir)).toEqual([
        'src/m/dynamic.test.ts',
        'test/a.test.ts',
        'test/root-path.test.ts',
        'test/spawns.test.ts',
      ]);
      expect(allTestFiles(dir)).toHaveLength(7);
      expect(reachingTestFiles(dir)).toContain('test/edge.test.ts');
    });
  });
});
