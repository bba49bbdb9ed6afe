/** Seeded PRNG (mulberry32) with the few distributions the simulation needs. */
export interface Rng {
  next(): number;
  uniform(a: number, b: number): number;
  normal(): number;
  int(a: number, b: number): number;
  chance(p: number): boolean;
  poisson(lambda: number): number;
  pick<T>(xs: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    uniform: (a, b) => a + (b - a) * next(),
    normal: () => {
      const u = Math.max(next(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    int: (a, b) => a + Math.floor(next() * (b - a + 1)),
    chance: (p) => next() < p,
    poisson: (lambda) => {
      const l = Math.exp(-lambda);
      let k = 0;
      let p = 1;
      do {
        k++;
        p *= next();
      } while (p > l && k < 1000);
      return k - 1;
    },
    pick: (xs) => {
      const x = xs[Math.floor(next() * xs.length)];
      if (x === undefined) throw new Error('pick from empty list');
      return x;
    },
  };
  return rng;
}

export const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
