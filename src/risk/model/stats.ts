/** Validation statistics for credit scores: AUC (with a bootstrap interval), KS, PSI. Deterministic. */

/** AUC where a higher score means lower risk (bad = true). Ties count half. */
export function auc(scores: readonly number[], bad: readonly boolean[]): number {
  const idx = scores.map((_, i) => i).sort((a, b) => (scores[a] ?? 0) - (scores[b] ?? 0));
  let rankSumGood = 0;
  let nGood = 0;
  let nBad = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1] ?? 0] === scores[idx[i] ?? 0]) j++;
    const avgRank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) {
      if (bad[idx[k] ?? 0]) nBad++;
      else {
        nGood++;
        rankSumGood += avgRank;
      }
    }
    i = j + 1;
  }
  if (nGood === 0 || nBad === 0) return 0.5;
  return (rankSumGood - (nGood * (nGood + 1)) / 2) / (nGood * nBad);
}

/** Small seeded PRNG (mulberry32) so intervals are reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** AUC with a percentile bootstrap 95% interval, resampling goods and bads separately (stratified). */
export function aucWithCi(scores: readonly number[], bad: readonly boolean[], resamples = 2000, seed = 1): { auc: number; lo: number; hi: number } {
  const goods = scores.filter((_, i) => !bad[i]);
  const bads = scores.filter((_, i) => bad[i]);
  const rnd = prng(seed);
  const draws: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const g = goods.map(() => goods[Math.floor(rnd() * goods.length)] ?? 0);
    const b = bads.map(() => bads[Math.floor(rnd() * bads.length)] ?? 0);
    draws.push(auc([...g, ...b], [...g.map(() => false), ...b.map(() => true)]));
  }
  draws.sort((x, y) => x - y);
  return { auc: auc(scores, bad), lo: draws[Math.floor(resamples * 0.025)] ?? 0, hi: draws[Math.floor(resamples * 0.975)] ?? 1 };
}

/** Kolmogorov–Smirnov: the largest gap between the cumulative score distributions of goods and bads. */
export function ks(scores: readonly number[], bad: readonly boolean[]): number {
  const nBad = bad.filter(Boolean).length;
  const nGood = bad.length - nBad;
  if (!nBad || !nGood) return 0;
  const idx = scores.map((_, i) => i).sort((a, b) => (scores[a] ?? 0) - (scores[b] ?? 0));
  let cb = 0;
  let cg = 0;
  let best = 0;
  for (let i = 0; i < idx.length; i++) {
    const k = idx[i] ?? 0;
    if (bad[k]) cb++;
    else cg++;
    const next = idx[i + 1];
    if (next !== undefined && scores[next] === scores[k]) continue;
    best = Math.max(best, Math.abs(cb / nBad - cg / nGood));
  }
  return best;
}

/** Population stability index of `actual` against `expected` over the bins defined by `edges` (ascending). */
export function psi(expected: readonly number[], actual: readonly number[], edges: readonly number[]): number {
  const share = (xs: readonly number[]): number[] => {
    const counts = new Array<number>(edges.length + 1).fill(0);
    for (const x of xs) {
      let i = 0;
      while (i < edges.length && x >= (edges[i] ?? Infinity)) i++;
      counts[i] = (counts[i] ?? 0) + 1;
    }
    return counts.map((c) => (c + 0.5) / (xs.length + 0.5 * counts.length));
  };
  const e = share(expected);
  const a = share(actual);
  return e.reduce((s, ei, i) => s + ((a[i] ?? 0) - ei) * Math.log((a[i] ?? 0) / ei), 0);
}
