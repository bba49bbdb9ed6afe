import { describe, expect, it } from 'vitest';
import type { RiskTransaction } from '../types.ts';
import { categoriseOne, categoriseTransactions, normaliseCounterparty, ALL_CATEGORIES, CATEGORISER_VERSION } from './index.ts';
import { LABELLED } from './labelled.fixture.ts';

function txn(amount: number, description: string, counterparty: string | null = null, date = '2026-01-15', codes: RiskTransaction['codes'] = null): RiskTransaction {
  return { date, valueDate: null, amountMinor: Math.round(amount * 100), currency: 'EUR', description, counterparty, balanceMinor: null, codes };
}

describe('categoriser accuracy on the labelled set', () => {
  it('covers ≥150 lines and is ≥90% accurate in each market', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(150);
    const misses: string[] = [];
    const perMarket = { it: { n: 0, ok: 0, covered: 0 }, de: { n: 0, ok: 0, covered: 0 } };
    for (const [market, amount, desc, cp, expected, codes] of LABELLED) {
      expect(ALL_CATEGORIES).toContain(expected);
      const r = categoriseOne(txn(amount, desc, cp, '2026-01-15', codes ?? null), market);
      const m = perMarket[market];
      m.n++;
      if (!r.rule_id.startsWith('fallback.')) m.covered++;
      if (r.category === expected) m.ok++;
      else misses.push(`${market} ${desc} → ${r.category} (${r.rule_id}), expected ${expected}`);
    }
    const total = perMarket.it.n + perMarket.de.n;
    const ok = perMarket.it.ok + perMarket.de.ok;
    const covered = perMarket.it.covered + perMarket.de.covered;
    console.log(
      `categoriser ${CATEGORISER_VERSION}: n=${total} accuracy=${((100 * ok) / total).toFixed(1)}% coverage=${((100 * covered) / total).toFixed(1)}% ` +
        `(it ${perMarket.it.ok}/${perMarket.it.n}, de ${perMarket.de.ok}/${perMarket.de.n})\n  misses:\n  ${misses.join('\n  ')}`,
    );
    expect(ok / total).toBeGreaterThanOrEqual(0.9);
    expect(perMarket.it.ok / perMarket.it.n).toBeGreaterThanOrEqual(0.9);
    expect(perMarket.de.ok / perMarket.de.n).toBeGreaterThanOrEqual(0.9);
  });
});

describe('rules', () => {
  it('a returned debit wins over what it reverses, and codes beat generic text', () => {
    expect(categoriseOne(txn(50, 'RUECKLASTSCHRIFT MIETE'), 'de').category).toBe('returned_debit');
    expect(categoriseOne(txn(-50, 'SEPA-LASTSCHRIFT', 'X', '2026-01-01', { gvc: '005' }), 'de')).toEqual({
      category: 'other_expense', group: 'expenses', rule_id: 'code.gvc.debit',
    });
    expect(categoriseOne(txn(-50, 'SEPA-LASTSCHRIFT Miete', null, '2026-01-01', { gvc: '005' }), 'de').category).toBe('rent');
    expect(categoriseOne(txn(10, 'unknown'), 'it').rule_id).toBe('fallback.credit');
  });
});

describe('counterparty normalisation', () => {
  it.each([
    ['ENEL ENERGIA S.P.A.', 'ENEL ENERGIA'],
    ['Autohaus Meyer GmbH & Co. KG', 'AUTOHAUS MEYER'],
    ['PAGAMENTO POS ESSELUNGA MILANO CARTA ****1234 DEL 03/04 ORE 18.22', 'ESSELUNGA MILANO'],
    ['Bäckerei Schmidt e.K.', 'BAECKEREI SCHMIDT'],
    ['ADDEBITO SDD FINDOMESTIC BANCA SPA MANDATO AB12345', 'FINDOMESTIC BANCA'],
    ['KARTENZAHLUNG REWE Markt GmbH Koeln 2026-04-03', 'REWE MARKT KOELN'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseCounterparty(raw)).toBe(expected);
  });
});

describe('batch categorisation', () => {
  it('labels a large monthly credit without cues as salary by recurrence', () => {
    const txns = ['2026-01-27', '2026-02-26', '2026-03-27', '2026-04-27'].map((d, i) =>
      txn(1800 + i * 20, 'BONIFICO A VOSTRO FAVORE', 'ALFA SISTEMI SRL', d),
    );
    const out = categoriseTransactions(txns, 'it');
    expect(out.map((t) => t.category)).toEqual(['salary', 'salary', 'salary', 'salary']);
    expect(out[0]?.rule_id).toBe('recurrence.salary');
    expect(categoriseTransactions(txns, 'it', { salaryByRecurrence: false })[0]?.category).toBe('other_transfer');
  });

  it('a transfer to the holder themself is internal', () => {
    const out = categoriseTransactions([txn(-300, 'BONIFICO A FAVORE DI', 'Rossi Mario')], 'it', { holderNames: ['Dott. Mario Rossi'] });
    expect(out[0]?.category).toBe('internal');
  });
});
