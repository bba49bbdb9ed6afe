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

describe('solveRoles: one running balance misread by OCR', () => {
  it('the chain bridges over it: the signs of the bookings on both sides are proved, one step counts broken', () => {
    // 1000.00 − 200.00 = 800.00, + 50.00 = 850.00 (read "350.00"), − 30.00 = 820.00, + 10.00 = 830.00; no signs printed.
    const rows = [row(20000, null, 80000), row(5000, null, 35000), row(3000, null, 82000), row(1000, null, 83000)];
    const s = solveRoles(rows, [1, 2], { opening: 100000, closing: 83000, heading: new Map(), order: [1, 2] })!;
    expect([...s.roles]).toEqual([
      [1, 'amount'],
      [2, 'balance'],
    ]);
    expect(s.amounts).toEqual([-20000, 5000, -3000, 1000]);
    expect(s.signKnown).toEqual([true, true, true, true]);
    expect(s.misread).toBe(1);
  });

  it('a misread amount breaks only its own step: no balance is taken for misread', () => {
    // 50.00 read "30.00": the step into it breaks, the step after it holds.
    const rows = [row(20000, -1, 80000), row(3000, 1, 85000), row(3000, -1, 82000)];
    const s = solveRoles(rows, [1, 2], { opening: 100000, closing: null, heading: new Map(), order: [1, 2] })!;
    expect(s.disagree).toBe(1);
    expect(s.misread).toBe(0);
    expect(s.agree).toBe(2);
  });
});
