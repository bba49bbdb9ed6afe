import { describe, expect, it } from 'vitest';
import { balanceChecks, conformedBy } from './conformity.ts';

const tx = (amountCents: number, balanceCents: number | null = null) => ({ amountCents, balanceCents, page: 1 });

describe('balanceChecks', () => {
  it('checks printed running balances of a newest-first table against the opening balance', () => {
    // printed newest first: 2024-02-29 -5.00 → -6,834.30; 2024-02-29 -150.00 → -6,829.30; opening -6,679.30
    const checks = balanceChecks({ txs: [tx(-500, -683430), tx(-15000, -682930)], opening: -667930, closing: -683430, carries: [], totals: [] });
    expect(checks.find((c) => c.check === 'running_balance')?.passed).toBe(true);
    expect(conformedBy(checks)).toBe(true);
    // one printed balance edited: the chain breaks
    const bad = balanceChecks({ txs: [tx(-500, -683430), tx(-15000, -682830)], opening: -667930, closing: -683430, carries: [], totals: [] });
    expect(conformedBy(bad)).toBe(false);
  });

  it('checks day balances against each other without an opening balance, in either order', () => {
    // chronological: 100.00 | +20 -5 | 115.00 | -15 | 100.00
    const chrono = balanceChecks({
      txs: [tx(2000), tx(-500), tx(-1500)],
      opening: null,
      closing: null,
      carries: [
        { cents: 10000, afterTx: 0, page: 1 },
        { cents: 11500, afterTx: 2, page: 1 },
        { cents: 10000, afterTx: 3, page: 1 },
      ],
      totals: [],
    });
    expect(chrono.filter((c) => c.check === 'carry_forward').map((c) => c.passed)).toEqual([true, true]);
    expect(conformedBy(chrono)).toBe(true);
    // newest first, each day balance under its day's rows: rows of 23-10 (+15,752.44 in all), SALDO 92,763.20, rows of 20-10, SALDO 77,010.76
    const newest = balanceChecks({
      txs: [tx(397198), tx(-167507), tx(1350694), tx(-5141), tx(-15077), tx(845635)],
      opening: null,
      closing: null,
      newestFirst: true,
      carries: [
        { cents: 9276320, afterTx: 4, page: 1 },
        { cents: 7701076, afterTx: 6, page: 1 },
      ],
      totals: [],
    });
    expect(newest.filter((c) => c.check === 'carry_forward').map((c) => c.passed)).toEqual([true]);
    const tampered = balanceChecks({
      txs: [tx(397198), tx(-167507), tx(1350694), tx(-5142), tx(-15077), tx(845635)],
      opening: null,
      closing: null,
      newestFirst: true,
      carries: [
        { cents: 9276320, afterTx: 4, page: 1 },
        { cents: 7701076, afterTx: 6, page: 1 },
      ],
      totals: [],
    });
    expect(conformedBy(tampered)).toBe(false);
  });
});
