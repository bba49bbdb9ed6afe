/**
 * Test inputs: the small public samples committed under test/fixtures/samples, and the optional
 * larger corpus beside the checkout (../shared/corpus, or DOCRISK_CORPUS). A fresh clone has only the
 * first; tests that need the corpus skip with a message naming where they looked.
 */
import { existsSync, readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).pathname;

export const SAMPLES = `${ROOT}test/fixtures/samples`;

/** Bytes of a committed sample (test/fixtures/samples/<name>). */
export function sample(name: string): Buffer {
  return readFileSync(`${SAMPLES}/${name}`);
}

export const CORPUS = process.env.DOCRISK_CORPUS ?? `${ROOT}../shared/corpus`;

/** True when the optional corpus (or the named part of it) is present; logs once per path when not. */
export function hasCorpus(part = ''): boolean {
  const path = part ? `${CORPUS}/${part}` : CORPUS;
  const ok = existsSync(path);
  if (!ok && !warned.has(path)) {
    warned.add(path);
    console.warn(`[samples] ${path} not found: tests that need it are skipped (set DOCRISK_CORPUS to the corpus directory to run them)`);
  }
  return ok;
}
const warned = new Set<string>();
