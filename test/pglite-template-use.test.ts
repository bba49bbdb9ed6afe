/**
 * CI time (issue 22): a test that gives an application an on-disk PGlite — the opener given a directory, or a
 * data directory handed to a child process (`…DATA_DIR`) — starts it from the run's migrated template
 * (the test helpers' `migratedPgliteDir`), not from an empty directory the application then migrates
 * (≈ 12 CPU s each time). Exempt: the files whose subject is migrating an on-disk database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Files that migrate an empty on-disk database on purpose. */
const MIGRATION_IS_THE_SUBJECT = new Set(['src/db/pglite-threaded.test.ts']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** An on-disk PGlite opened (the first argument not null), or a data directory set for a child's application. */
const OPENS_DIRECTORY = /openPglite\(\s*(?!null\b)|[A-Z_]*DATA_DIR\s*[:=]\s*(?:path\.join|mkdtemp|dir\b)/;

describe('on-disk PGlite in tests', () => {
  it('starts from the migrated template wherever an application opens it', () => {
    const offenders = [...testFiles('src'), ...testFiles('test')]
      .filter((f) => !MIGRATION_IS_THE_SUBJECT.has(f))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return OPENS_DIRECTORY.test(text) && !text.includes('migratedPgliteDir(');
      });
    expect(offenders).toEqual([]);
  });

  it('the check sees both ways of opening one', () => {
    // (the opener's name built, so that this file does not read as opening a database: test/db-selection.test.ts)
    const open = ['open', 'Pglite'].join('');
    expect(OPENS_DIRECTORY.test(`return async () => ${open}(dir);`)).toBe(true);
    expect(OPENS_DIRECTORY.test("env.CRASH_DATA_DIR = path.join(dir, 'data');")).toBe(true);
    expect(OPENS_DIRECTORY.test(`const database = await ${open}(null, template);`)).toBe(false);
    expect(OPENS_DIRECTORY.test("loadConfig({ DOCRISK_DATA_DIR: '/tmp/docrisk-test-unused' })")).toBe(false);
  });
});
