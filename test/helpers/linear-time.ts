/**
 * Growth check for parsers fed untrusted text: the time per call at 4n over the time at n.
 * Linear code gives about 4, quadratic about 16. Each size is repeated until at least
 * `minMs` have passed and the best of three rounds is kept, so scheduler noise on a
 * shared machine does not decide the result.
 */

/** Upper bound on growthRatio for linear code: GC and caches push it to 5-6 on a busy machine; quadratic is 16. */
export const LINEAR_4X = 10;

export function growthRatio<I>(run: (input: I) => unknown, make: (n: number) => I, n: number, minMs = 40): number {
  const perCall = (input: I): number => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      let calls = 0;
      const t0 = performance.now();
      let elapsed = 0;
      do {
        run(input);
        calls++;
        elapsed = performance.now() - t0;
      } while (elapsed < minMs);
      best = Math.min(best, elapsed / calls);
    }
    return best;
  };
  const small = make(n);
  const large = make(4 * n);
  run(small); // warm-up: JIT and regex compilation
  return perCall(large) / perCall(small);
}

/** growthRatio for async work (the document engine's public API). */
export async function growthRatioAsync<I>(run: (input: I) => Promise<unknown>, make: (n: number) => I, n: number, minMs = 60): Promise<number> {
  const perCall = async (input: I): Promise<number> => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      let calls = 0;
      const t0 = performance.now();
      let elapsed = 0;
      do {
        await run(input);
        calls++;
        elapsed = performance.now() - t0;
      } while (elapsed < minMs);
      best = Math.min(best, elapsed / calls);
    }
    return best;
  };
  const small = make(n);
  const large = make(4 * n);
  await run(small);
  return (await perCall(large)) / (await perCall(small));
}
