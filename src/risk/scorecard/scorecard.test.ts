import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESIGNS, SCORECARDS, findBin, scoreFeatures, toSrg } from './index.ts';
import type { Features, Scorecard } from './index.ts';

const CARDS: Scorecard[] = [SCORECARDS.it.retail, SCORECARDS.de.retail, SCORECARDS.it.commercial, SCORECARDS.de.commercial];

describe('scorecard data', () => {
  it('bins are contiguous, ordered and complete', () => {
    for (const card of CARDS) {
      for (const ch of card.characteristics) {
        const ordered = ch.bins.filter((b) => !b.missing);
        expect(ordered[0]?.min).toBeUndefined();
        expect(ordered[ordered.length - 1]?.max).toBeUndefined();
        for (let i = 1; i < ordered.length; i++) expect(ordered[i]?.min).toBe(ordered[i - 1]?.max);
        expect(ch.reason.description_it.length).toBeGreaterThan(0);
        expect(ch.reason.description_de.length).toBeGreaterThan(0);
      }
    }
  });

  it('points are monotonic in every ordered characteristic (property)', () => {
    for (const card of CARDS) {
      for (const ch of card.characteristics) {
        const edges = DESIGNS[ch.id]?.edges ?? [];
        const lo = (edges[0] ?? 0) - 2 * (Math.abs(edges[0] ?? 1) + 1);
        const hi = (edges[edges.length - 1] ?? 0) + 2 * (Math.abs(edges[edges.length - 1] ?? 1) + 1);
        fc.assert(
          fc.property(fc.double({ min: lo, max: hi, noNaN: true }), fc.double({ min: lo, max: hi, noNaN: true }), (a, b) => {
            const [x, y] = a <= b ? [a, b] : [b, a];
            const px = findBin(ch, x).points;
            const py = findBin(ch, y).points;
            return ch.better === 'higher' ? px <= py : px >= py;
          }),
          { numRuns: 300 },
        );
      }
    }
  });

  it('improving any one feature never lowers the score (property)', () => {
    const card = SCORECARDS.it.retail;
    const ids = card.characteristics.map((c) => c.id);
    const arbFeatures = fc.record(Object.fromEntries(ids.map((id) => [id, fc.option(fc.double({ min: -2, max: 5000, noNaN: true }), { nil: null })]))) as fc.Arbitrary<Features>;
    fc.assert(
      fc.property(arbFeatures, fc.constantFrom(...ids), fc.double({ min: 0, max: 1000, noNaN: true }), (f, id, delta) => {
        const ch = card.characteristics.find((c) => c.id === id);
        const v = f[id];
        if (!ch || v === null || v === undefined) return true;
        const better = { ...f, [id]: ch.better === 'higher' ? v + delta : v - delta };
        return scoreFeatures(card, better).score >= scoreFeatures(card, f).score;
      }),
      { numRuns: 500 },
    );
  });
});

describe('toSrg', () => {
  const good: Features = { income_monthly: 4000, income_cv: 0.02, salary_detected: 1, dti: 0, disposable_ratio: 0.4, neg_days_share: 0, avg_balance_months: 3, gambling_share: 0, returned_debits: 0, cash_share: 0.02, instalment_to_disposable: 0.1 };
  it('a strong profile is approved with no reason codes and a low PD', () => {
    const s = toSrg(SCORECARDS.it.retail, good, { insufficientData: false, affordable: true });
    expect(s.decision).toBe('approve');
    expect(s.grade).toMatch(/[AB]/);
    expect(s.reason_codes).toEqual([]);
    expect(s.pd_12m).toBeLessThan(0.02);
    expect(s.model).toEqual({ name: 'docrisk-srg-retail-it', version: SCORECARDS.it.retail.version });
  });
  it('insufficient data is never a confident approval and comes first', () => {
    const s = toSrg(SCORECARDS.it.retail, good, { insufficientData: true, affordable: true });
    expect(s.decision).toBe('review');
    expect(s.reason_codes[0]?.code).toBe('INSUFFICIENT_DATA');
  });
  it('reason codes are ordered by points lost, strongest first', () => {
    const s = toSrg(SCORECARDS.de.retail, { ...good, gambling_share: 0.2, returned_debits: 5, income_monthly: 700 }, { insufficientData: false, affordable: null });
    const impacts = s.reason_codes.map((r) => r.impact);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    expect(s.reason_codes.map((r) => r.code)).toEqual(expect.arrayContaining(['GAMBLING', 'RETURNED_DEBITS', 'LOW_INCOME']));
    expect(s.score).toBeLessThan(toSrg(SCORECARDS.de.retail, good, { insufficientData: false, affordable: null }).score);
  });
});
