/** Text helpers shared by the PDF and OCR engines. */

/** Levenshtein distance, stopping early above max. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]!);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * `s` without the characters of `set` at its start and/or end: a linear scan where a pattern such as
 * `/[:;]+$/` re-scans every run it cannot end on (quadratic on a long run in untrusted text).
 */
export function trimRuns(s: string, set: string, where: 'start' | 'end' | 'both' = 'both'): string {
  let a = 0;
  let b = s.length;
  if (where !== 'end') while (a < b && set.includes(s[a]!)) a++;
  if (where !== 'start') while (b > a && set.includes(s[b - 1]!)) b--;
  return s.slice(a, b);
}
