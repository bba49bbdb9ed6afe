/** The role solver's chain walk: signs the printed balances decide. */
import { describe, expect, it } from 'vitest';
import { signsMaking, solveRoles } from './roles.ts';
import type { SolveRow } from './roles.ts';

const row = (amount: number, sign: -1 | 1 | null, balance: number | null): SolveRow => {
  const cells = new Map([[1, { cents: amount, sign }]]);
  if (balance !== null) cells.set(2, { cents: Math.abs(balance), sign: balance < 0 ? -1 : 1 });
  return { cells, cue: 0 };
};

describe('solveRoles: several unsigned bookings between two printed balances', () => {
  it('the one way of signing them that makes the step decides their signs', () => {
    // -1151.76, then 8.55 (no balance: its marker lost) and 36.03 → -1124.28: only -8.55 + 36.03 makes 27.48.
    const rows = [row(10522, -1, -115176), row(855, null, null), row(3603, null, -112428)];
    const s = solveRoles(rows, [1, 2], { opening: null, closing: null, heading: new Map(), order: [1, 2] })!;
    expect(s.amounts).toEqual([-10522, -855, 3603]);
    expect(s.signKnown).toEqual([true, true, true]);
  });

  it('two ways (equal amounts, one in and one out) leave the signs unknown', () => {
    expect(signsMaking([500, 500], 0)).toBe('ambiguous');
    expect(signsMaking([855, 3603], 2748)).toEqual([-1, 1]);
    expect(signsMaking([855, 3603], 100)).toBeNull();
  });
});
