/** The repair runner: stages in order, the first repair that answers wins a round, edits recorded with the repair's name. */
import { describe, expect, it } from 'vitest';
import type { StatementModel } from '../model.ts';
import type { StatementExtraction } from '../pages.ts';
import type { Repair } from './index.ts';
import { REPAIR_NAMES, REPAIR_STAGES, repairCounts, runRepairs, stagesWithout } from './index.ts';
import { better } from './edit.ts';
import { digitEdits, printedLike } from './balance.ts';
import type { ConformityCheck } from '../../types.ts';

/** The counter rides in the opening balance of an empty statement. */
const model = (n: number): StatementModel => ({
  bankName: null,
  iban: null,
  holder: null,
  currency: null,
  opening: { value: n, confidence: 1 },
  closing: null,
  transactions: [],
  transactionsConfidence: 0,
  datesConfidence: 0,
  period: null,
});
const extraction = (reconciled: boolean | null, n = 0): StatementExtraction => ({
  statement: model(n),
  checks: [],
  ibanValue: null,
  quality: { reconciled, missingHeader: 0, txCount: 0, lowConfidenceWords: false, tableSeen: true },
});

/** A repair that answers `times` times, each time counting up and reconciling at `reconcileAt`. */
function counting(name: string, times: number, reconcileAt = Infinity): Repair & { calls: number } {
  const r = {
    name,
    calls: 0,
    apply({ x, pages }: { x: StatementExtraction; pages: [] }) {
      r.calls++;
      const n = x.statement.opening!.value + 1;
      if (n > times) return null;
      return { x: extraction(n >= reconcileAt ? true : false, n), pages, edits: [{ page: 1, from: String(n - 1), to: String(n), by: 'balance_chain' as const }] };
    },
  };
  return r;
}

describe('runRepairs', () => {
  it('runs a stage while its condition holds, up to its rounds; the first repair that answers wins each round', () => {
    const a = counting('a', 3);
    const b = counting('b', 10);
    const { x, edits } = runRepairs([], extraction(false), [{ rounds: 5, enter: () => true, each: (e) => e.quality.reconciled === false, repairs: [a, b] }]);
    // a answers three rounds, then b takes the next two (rounds end at 5).
    expect(edits.map((e) => e.repair)).toEqual(['a', 'a', 'a', 'b', 'b']);
    expect(x.statement.opening!.value).toBe(5);
    expect(repairCounts(edits)).toEqual({ a: 3, b: 2 });
  });

  it('stops when the chain reconciles, and skips a stage whose entry condition fails', () => {
    const a = counting('a', 10, 2);
    const skipped = counting('skipped', 10);
    const { edits } = runRepairs([], extraction(false), [
      { rounds: 6, enter: () => true, each: (e) => e.quality.reconciled === false, repairs: [a] },
      { rounds: 6, enter: (e) => e.quality.reconciled === null, repairs: [skipped] },
    ]);
    expect(edits).toEqual([
      { page: 1, from: '0', to: '1', by: 'balance_chain', repair: 'a' },
      { page: 1, from: '1', to: '2', by: 'balance_chain', repair: 'a' },
    ]);
    expect(skipped.calls).toBe(0);
  });

  it('the default list names every repair once, letters first, the unconfirmed separator and the IBAN last', () => {
    expect(REPAIR_NAMES).toEqual(['letters_in_amounts', 'stray_mark_in_amounts', 'lost_separators_in_columns', 'confusable_digit', 'debit_credit_marker', 'lost_sign', 'closing_gap', 'lost_separator', 'misread_balance', 'broken_amount', 'lost_separator_unconfirmed', 'iban_check_digits']);
  });

  it('stagesWithout leaves the named repairs out, and a stage left without repairs goes', () => {
    const names = stagesWithout(['letters_in_amounts', 'confusable_digit']).flatMap((st) => st.repairs.map((r) => r.name));
    expect(names).toEqual(REPAIR_NAMES.filter((n) => n !== 'letters_in_amounts' && n !== 'confusable_digit'));
    expect(stagesWithout(['letters_in_amounts'])).toHaveLength(REPAIR_STAGES.length - 1);
  });
});

describe('better: what the chain confirms', () => {
  const withChecks = (checks: ConformityCheck[]): StatementExtraction => ({ ...extraction(false), checks });
  const rb = (passed: boolean | null): ConformityCheck => ({ check: 'running_balance', passed, message: '' });
  const chain = (passed: boolean | null): ConformityCheck => ({ check: 'balance_chain', passed, message: '' });

  it('fewer failed checks with the same checks running is better', () => {
    expect(better(withChecks([rb(true), chain(true)]), withChecks([rb(false), chain(true)]))).toBe(true);
  });

  it('an edit after which a check no longer runs (the balances no longer read as a column) is not confirmed, though nothing fails', () => {
    // Before: the running balances break once. After the edit, no running-balance check at all.
    expect(better(withChecks([chain(true)]), withChecks([rb(false), chain(true)]))).toBe(false);
    expect(better(withChecks([rb(null)]), withChecks([rb(false)]))).toBe(false);
  });
});


describe('misread_balance: the figure written as the word printed it', () => {
  it('keeps the sign, marker, decimal and thousands separators of the misread word', () => {
    expect(printedLike('4.752,26', 475326)).toBe('4.753,26');
    expect(printedLike('-539,55', -559955)).toBe('-5599,55');
    expect(printedLike('1,234.56-', 123456)).toBe('1,234.56-');
    expect(printedLike('12.345,00S', 2234500)).toBe('22.345,00S');
    expect(printedLike('1.234.567,00', 123456700)).toBe('1.234.567,00');
    expect(printedLike('1377', 1377)).toBeNull();
    expect(digitEdits('53955', '559955')).toBe(2);
  });
});
