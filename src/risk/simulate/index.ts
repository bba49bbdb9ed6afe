import type { Market } from '../types.ts';
import { simulateApplicant } from './applicant.ts';
import type { SimOptions, SimulatedApplicant } from './applicant.ts';
import { createRng } from './prng.ts';

export { simulateApplicant } from './applicant.ts';
export type { SimulatedApplicant, SimOptions } from './applicant.ts';
export { createRng, logistic } from './prng.ts';
export type { Rng } from './prng.ts';

/** A seeded population; markets alternate it/de unless one is given. */
export function simulatePopulation(
  seed: number,
  size: number,
  opts: Partial<SimOptions> & { dataSource: SimOptions['dataSource'] },
): SimulatedApplicant[] {
  const rng = createRng(seed);
  const out: SimulatedApplicant[] = [];
  for (let i = 0; i < size; i++) {
    const market: Market = opts.market ?? (i % 2 === 0 ? 'it' : 'de');
    out.push(simulateApplicant(rng, `sim-${seed}-${i}`, { ...opts, market }));
  }
  return out;
}
