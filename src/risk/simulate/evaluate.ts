/** Discrimination and calibration helpers for the simulated population (bench and tests). */
import { auc } from '../model/stats.ts';

/** AUC of `scores` where a higher score should mean lower risk (bad = 1). Ties count half. */
export const aucHigherIsGood = auc;

/**
 * Logistic regression by Newton–Raphson (IRLS) with a small ridge term:
 * P(y=1) = 1/(1+exp(−(w0 + w·x))). Returns [w0, ...w].
 */
export function fitLogistic(xs: readonly (readonly number[])[], ys: readonly number[], iterations = 30, ridge = 1e-6, penaliseIntercept = true): number[] {
  const d = (xs[0]?.length ?? 0) + 1;
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    xs.forEach((x, n) => {
      const row = [1, ...x];
      const eta = row.reduce((a, v, k) => a + v * (w[k] ?? 0), 0);
      const p = 1 / (1 + Math.exp(-eta));
      const r = (ys[n] ?? 0) - p;
      const s = p * (1 - p);
      for (let a = 0; a < d; a++) {
        g[a] = (g[a] ?? 0) + r * (row[a] ?? 0);
        const ha = h[a];
        if (!ha) continue;
        for (let b = 0; b < d; b++) ha[b] = (ha[b] ?? 0) + s * (row[a] ?? 0) * (row[b] ?? 0);
      }
    });
    for (let a = penaliseIntercept ? 0 : 1; a < d; a++) {
      const ha = h[a];
      if (ha) ha[a] = (ha[a] ?? 0) + ridge * xs.length;
      g[a] = (g[a] ?? 0) - ridge * xs.length * (w[a] ?? 0);
    }
    const step = solve(h, g);
    let maxStep = 0;
    for (let a = 0; a < d; a++) {
      w[a] = (w[a] ?? 0) + (step[a] ?? 0);
      maxStep = Math.max(maxStep, Math.abs(step[a] ?? 0));
    }
    if (maxStep < 1e-9) break;
  }
  return w;
}

/** Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[p]?.[c] ?? 0)) p = r;
    const tmp = m[c];
    m[c] = m[p] ?? [];
    m[p] = tmp ?? [];
    const pivot = m[c]?.[c] ?? 0;
    if (Math.abs(pivot) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = (m[r]?.[c] ?? 0) / pivot;
      const rowR = m[r];
      const rowC = m[c];
      if (!rowR || !rowC) continue;
      for (let k = c; k <= n; k++) rowR[k] = (rowR[k] ?? 0) - f * (rowC[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] || 1));
}
