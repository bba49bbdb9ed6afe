/**
 * Columns from geometry alone: amounts are right-aligned, so their right edges line up;
 * dates line up on their centre (left-aligned, centred and right-aligned dates of one
 * format all do); markers and codes on their centre too. A column is a cluster of
 * edges with at least two members; no heading is needed to find one.
 */
import type { Tok } from './tokens.ts';

export interface Col {
  id: number;
  kind: 'amount' | 'date' | 'marker' | 'text';
  /** The aligned edge (right edge for amounts, centre otherwise). */
  at: number;
  x0: number;
  x1: number;
  members: Tok[];
}

/** Single-linkage clusters of tokens by an edge, gaps above `tol` separating them. */
export function clusterBy(toks: readonly Tok[], edge: (t: Tok) => number, tol: number, kind: Col['kind'], firstId: number): Col[] {
  const sorted = [...toks].sort((a, b) => edge(a) - edge(b));
  const out: Col[] = [];
  let cur: Tok[] = [];
  const close = (): void => {
    if (cur.length === 0) return;
    const edges = cur.map(edge).sort((a, b) => a - b);
    out.push({
      id: firstId + out.length,
      kind,
      at: edges[Math.floor(edges.length / 2)]!,
      x0: Math.min(...cur.map((t) => t.x0)),
      x1: Math.max(...cur.map((t) => t.x1)),
      members: cur,
    });
    cur = [];
  };
  for (const t of sorted) {
    const last = cur[cur.length - 1];
    if (last && edge(t) - edge(last) > tol) close();
    cur.push(t);
  }
  close();
  return out;
}

export const rightEdge = (t: Tok): number => t.x1;
export const centre = (t: Tok): number => (t.x0 + t.x1) / 2;
export const leftEdge = (t: Tok): number => t.x0;

/** The right edge of an amount's digits: a trailing marker ("12,50 S", "12,50-") must not move its column. */
export function digitsRight(t: Tok): number {
  for (let i = t.words.length - 1; i >= 0; i--) {
    const w = t.words[i]!;
    if (/\d/.test(w.text)) {
      const m = /\d[^\d]*$/.exec(w.text);
      const tail = m ? m[0].length - 1 : 0;
      return w.x1 - ((w.x1 - w.x0) * tail) / Math.max(1, w.text.length);
    }
  }
  return t.x1;
}
