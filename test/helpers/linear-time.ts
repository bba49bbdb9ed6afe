/**
 * Growth check for parsers fed untrusted text: the cost per call at 4n over the cost at n.
 * Linear code gives about 4, quadratic about 16. Cost is this process's CPU time (user + system),
 * not wall time, so other processes on a busy machine do not count; each size is repeated until
 * `minMs` of CPU have passed, small and large are measured alternately over five rounds and the
 * best of each kept, so a GC pause or a JIT tier-up does not decide the result.
 */

/** Upper bound on growthRatio for linear code: GC and caches push it to 5-6 on a busy machine; quadratic is 16. */
export const LINEAR_4X = 10;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function perCall<I>(run: (input: I) => unknown, input: I, minMs: number): Promise<number> {
  let calls = 0;
  const t0 = cpuMs();
  let elapsed = 0;
  do {
    await run(input);
    calls++;
    elapsed = cpuMs() - t0;
  } while (elapsed < minMs);
  return elapsed / calls;
}

/** growthRatio for sync or async work (the document engine's public API is async). */
export async function growthRatioAsync<I>(
  run: (input: I) => unknown,
  make: (n: number) => I,
  n: number,
  minMs = 60,
): Promise<number> {
  const small = make(n);
  const large = make(4 * n);
  // Warm-up at both sizes: JIT tiers and regex compilation, so neither measurement pays for them.
  await run(small);
  await run(large);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let round = 0; round < 5; round++) {
    bestSmall = Math.min(bestSmall, await perCall(run, small, minMs));
    bestLarge = Math.min(bestLarge, await perCall(run, large, minMs));
  }
  return bestLarge / bestSmall;
}

export const growthRatio = growthRatioAsync;
