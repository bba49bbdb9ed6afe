/** Rounding and small statistics used by metrics and scorecard (fixed decimals keep output byte-stable). */

export function round(x: number, dp: number): number {
  const f = 10 ** dp;
  const v = Math.round(x * f) / f;
  return Object.is(v, -0) ? 0 : v;
}

export const money = (minor: number): number => round(minor / 100, 2);
export const ratio = (x: number): number => round(x, 4);

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/** Coefficient of variation (population sd / mean); null when the mean is not positive or n < 2. */
export function cv(xs: readonly number[]): number | null {
  const m = mean(xs);
  if (xs.length < 2 || m <= 0) return null;
  const v = xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length;
  return Math.sqrt(v) / m;
}

/** Least-squares slope of ys against 0..n-1. */
export function slope(ys: readonly number[]): number {
  const n = ys.length;
  if (n < 2) return 0;
  const mx = (n - 1) / 2;
  const my = mean(ys);
  let num = 0;
  let den = 0;
  ys.forEach((y, i) => {
    num += (i - mx) * (y - my);
    den += (i - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

/** Annuity instalment for principal p, annual rate, n months. */
export function annuity(p: number, annualRate: number, n: number): number {
  const r = annualRate / 12;
  return r === 0 ? p / n : (p * r) / (1 - (1 + r) ** -n);
}
