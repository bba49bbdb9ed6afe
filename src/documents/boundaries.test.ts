/**
 * The engine's folders import downwards only, so import cycles cannot come back (issue "Document
 * engine v2", item 1). eslint.config.js says the same per folder for static imports; this test
 * reads the resolved import graph — dynamic import() included, type-only imports left out (they
 * vanish at run time) — and fails on any cycle between files or between folders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.startsWith('test-') ? [p] : [];
  });
}

/** Runtime imports of a file inside the engine: `import … from`, `export … from`, `import('…')`; not `import type`. */
export function runtimeImports(file: string, src: string): string[] {
  const out: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+'(\.[^']+)'/gm;
  for (const m of src.matchAll(statement)) if (!m[2]) out.push(m[3]!);
  for (const m of src.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) out.push(m[1]!);
  return out.map((s) => path.resolve(path.dirname(file), s)).filter((t) => t.startsWith(ROOT + path.sep) && t.endsWith('.ts'));
}

/** The folder a file belongs to for the boundary rules: the first folder under src/documents, or the file itself at the top. */
export function folderOf(file: string): string {
  const rel = path.relative(ROOT, file).split(path.sep);
  return rel.length === 1 ? rel[0]!.replace(/\.ts$/, '') : rel[0]!;
}

/** Strongly connected sets of more than one node (or a node importing itself). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || edges.get(v)?.has(v)) found.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

const files = sourceFiles(ROOT);
const fileEdges = new Map<string, Set<string>>();
const folderEdges = new Map<string, Set<string>>();
const crossings: { from: string; to: string; file: string; target: string }[] = [];
for (const f of files) {
  const targets = runtimeImports(f, readFileSync(f, 'utf8'));
  fileEdges.set(path.relative(ROOT, f), new Set(targets.map((t) => path.relative(ROOT, t))));
  for (const t of targets) {
    const [a, b] = [folderOf(f), folderOf(t)];
    if (a === b) continue;
    if (!folderEdges.has(a)) folderEdges.set(a, new Set());
    folderEdges.get(a)!.add(b);
    crossings.push({ from: a, to: b, file: path.relative(ROOT, f), target: path.relative(ROOT, t) });
  }
}

/** What each folder must not import (eslint.config.js carries the same table for static imports). */
const FORBIDDEN: Record<string, readonly string[]> = {
  layout: ['sources', 'classify', 'statement', 'identity', 'sniff', 'pipeline'],
  values: ['sources', 'classify', 'statement', 'identity', 'sniff', 'layout', 'pipeline'],
  data: ['sources', 'classify', 'statement', 'identity', 'sniff', 'layout', 'values', 'pipeline'],
  sniff: ['sources', 'classify', 'statement', 'identity', 'pipeline'],
  sources: ['classify', 'statement', 'pipeline'],
  classify: ['sources', 'identity', 'pipeline'],
  statement: ['sources', 'classify', 'identity', 'pipeline'],
  identity: ['sources', 'classify', 'pipeline'],
};
/** The one allowed crossing of a forbidden line: MT940 and camt state their statements in the statement model. */
const ALLOWED = new Set(['sources → statement/model.ts']);

describe('document engine import boundaries', () => {
  it('reads the engine (sanity: the graph is not empty)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(crossings.some((c) => c.from === 'pipeline' && c.to === 'sources')).toBe(true);
  });

  it('has no import cycle between files', () => {
    expect(cycles(fileEdges)).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    expect(cycles(folderEdges)).toEqual([]);
  });

  it('each folder imports only what lies below it', () => {
    const wrong = crossings
      .filter((c) => FORBIDDEN[c.from]?.includes(c.to) && !ALLOWED.has(`${c.from} → ${c.target}`))
      .map((c) => `${c.file} → ${c.target}`);
    expect(wrong).toEqual([]);
  });

  it('finds a cycle and a forbidden import where there is one (the checks can fail)', () => {
    expect(cycles(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]]))).toEqual([['a', 'b']]);
    const file = path.join(ROOT, 'sources', 'x.ts');
    expect(runtimeImports(file, "const m = await import('../statement/pages.ts');\nimport type { T } from '../classify/classify.ts';")).toEqual([
      path.join(ROOT, 'statement', 'pages.ts'),
    ]);
    expect(folderOf(path.join(ROOT, 'statement', 'extract', 'reader.ts'))).toBe('statement');
  });
});
