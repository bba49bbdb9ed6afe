import { describe, expect, it } from 'vitest';
import type { RiskSource, RiskTransaction } from '../types.ts';
import { namesMatch, normaliseName } from '../names.ts';
import { dedupeTransactions, validateReportInputs } from './index.ts';

const IBAN = 'IT60X0542811101000000123456';

function t(date: string, amount: number, description = 'X', balance: number | null = null): RiskTransaction {
  return { date, valueDate: null, amountMinor: amount, currency: 'EUR', description, counterparty: null, balanceMinor: balance, codes: null };
}

function src(id: string, holder: string | null, txns: RiskTransaction[], extra: Partial<RiskSource> = {}): RiskSource {
  return { id, type: 'file', iban: IBAN, accountHolder: holder, currency: 'EUR', openingBalanceMinor: null, closingBalanceMinor: null, transactions: txns, ...extra };
}

describe('name matching', () => {
  it.each([
    ['Dott. Mario ROSSI', 'rossi mario'],
    ['Sig.ra Anna Maria Bianchi', 'BIANCHI ANNA MARIA'],
    ['Herr Dr. Jürgen Müller', 'Juergen Mueller'],
    ['Frau Sabine Groß', 'SABINE GROSS'],
    ['Niccolò Dell’Acqua', 'niccolo dell acqua'],
    ['ACME S.R.L.', 'Acme srl'],
    ['Müller Bau GmbH & Co. KG', 'MUELLER BAU'],
    ['Weber e.K.', 'Weber'],
    ['Mario Giuseppe Rossi', 'Rossi Mario'],
  ])('%s ~ %s', (a, b) => {
    expect(namesMatch(a, b)).toBe(true);
  });
  it.each([
    ['Łukasz Żółć', 'Lukasz Zolc'],
    ['Ştefan Öztürk', 'Stefan Ozturk'],
    ['Ştefan Öztürk', 'STEFAN OEZTUERK'],
    ['Łukasz Şahin-Nguyễn Żółć', 'ZOLC LUKASZ SAHIN NGUYEN'],
    ['Giuseppe D’Angelo', 'DANGELO GIUSEPPE'],
    ['Bjørn Østergård', 'Bjorn Ostergard'],
    ['Alessandro Mannucci', 'Alessandro Manucci'],
  ])('transliteration and a small edit tolerance: %s ~ %s (issue 21)', (a, b) => {
    expect(namesMatch(a, b)).toBe(true);
  });
  it('the normalised form is readable transliteration, not a mangled fold (issue 21)', () => {
    expect(normaliseName('Łukasz Żółć')).toBe('lukasz zolc');
    expect(normaliseName('Ştefan Öztürk')).toBe('oeztuerk stefan');
  });
  it('tolerance never joins different people', () => {
    expect(namesMatch('Francesco Bianchi', 'Francesca Bianchi')).toBe(false);
    expect(namesMatch('Giovanni Esposito', 'Giovanna Esposito')).toBe(false);
    expect(namesMatch('Lukas Weber', 'Lukasz Weber')).toBe(false);
  });
  it('rejects different people and single shared words', () => {
    expect(namesMatch('Mario Rossi', 'Maria Rossi')).toBe(false);
    expect(namesMatch('Rossi', 'Mario Rossi')).toBe(false);
    expect(normaliseName('Dott. Mario ROSSI')).toBe('mario rossi');
  });
});

describe('validateReportInputs', () => {
  it('valid when the holder matches and nothing blocks; falls back to the main applicant name', () => {
    const s = src('f1', 'ROSSI MARIO', [t('2026-01-02', -1000, 'A', 9000), t('2026-01-05', 500, 'B', 9500)], { openingBalanceMinor: 10000, closingBalanceMinor: 9500 });
    const r = validateReportInputs({ sources: [s], params: { account_holder: '' }, fallbacks: { main_applicant_name: 'Mario Rossi' }, blockingReasons: {} });
    expect(r.is_valid).toBe(true);
    expect(r.account_holder_check).toEqual({ selected_matches_any_from_files: true, acc_holders_from_files_are_same: true, selected_account_holder: 'Mario Rossi' });
    expect(r.data_details.elems[0]).toMatchObject({ normalized_account_holder: 'mario rossi', account_holder_mismatch: false, has_balance_mismatch: false, is_blocking_report: false, iban: IBAN });
    expect(r.balance_mismatch_check).toEqual({ passed: true, items: [{ id: 'f1', type: 'file', expected_closing: 95, computed_closing: 95, difference: 0 }] });
  });

  it('flags balance mismatch, blocking inputs, holder mismatch and gaps', () => {
    const a = src('f1', 'Mario Rossi', [t('2026-01-02', -1000), t('2026-01-30', 500)], { openingBalanceMinor: 10000, closingBalanceMinor: 9000 });
    const b = src('f2', 'Luigi Verdi', [t('2026-03-01', -100), t('2026-03-31', 100)]);
    const c = src('f3', 'Mario Rossi', []);
    const r = validateReportInputs({ sources: [a, b, c], params: { account_holder: 'Mario Rossi' }, blockingReasons: { f2: 'parse_error' } });
    expect(r.is_valid).toBe(false);
    expect(r.account_holder_check.acc_holders_from_files_are_same).toBe(false);
    expect(r.data_details.elems.map((e) => [e.id, e.is_blocking_report, e.account_holder_mismatch, e.has_balance_mismatch])).toEqual([
      ['f1', false, false, true], ['f2', true, true, false], ['f3', true, false, false],
    ]);
    expect(r.balance_mismatch_check.items[0]).toEqual({ id: 'f1', type: 'file', expected_closing: 90, computed_closing: 95, difference: -5 });
    expect(r.continuity_check).toEqual({ passed: false, gaps: [{ iban: IBAN, from: '2026-01-30', to: '2026-03-01', days: 30 }] });
  });

  it('an input with no holder and no IBAN is flagged, not passed as ok (issue 21)', () => {
    const named = src('f1', 'Mario Rossi', [t('2026-01-02', -1000)]);
    const sameIban = src('f2', null, [t('2026-02-02', -100)]);
    const anonymous = src('f3', null, [t('2026-02-02', -100)], { iban: null });
    const r = validateReportInputs({ sources: [named, sameIban, anonymous], params: { account_holder: 'Mario Rossi' } });
    expect(r.data_details.elems.map((e) => [e.id, e.account_holder_status, e.account_holder_mismatch])).toEqual([
      ['f1', 'match', false], ['f2', 'same_iban', false], ['f3', 'unverified', true],
    ]);
  });

  it('with the report date, window_check says which inputs and transactions fall outside the 12 months (issue 21)', () => {
    const recent = src('f1', 'Mario Rossi', [t('2026-01-02', -100), t('2026-06-30', -100)]);
    const old = src('f2', 'Mario Rossi', [t('2024-03-01', -100)], { iban: 'DE89370400440532013000' });
    const r = validateReportInputs({ sources: [recent, old], params: { account_holder: 'Mario Rossi' }, asOf: '2026-07-15' });
    expect(r.window_check?.window).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(r.window_check?.passed).toBe(false);
    expect(r.window_check?.inputs.map((i) => [i.id, i.used, i.outside_window, i.excluded_reason])).toEqual([['f1', true, 0, null], ['f2', false, 1, 'before_window']]);
    expect(validateReportInputs({ sources: [recent], params: { account_holder: 'Mario Rossi' } }).window_check).toBeUndefined();
  });

  it('detects a broken running-balance chain (a missing line)', () => {
    const s = src('f1', 'Mario Rossi', [t('2026-01-02', -1000, 'A', 9000), t('2026-01-03', -500, 'B', 8000)]);
    expect(validateReportInputs({ sources: [s], params: { account_holder: 'Mario Rossi' } }).data_details.elems[0]?.has_balance_mismatch).toBe(true);
  });
});

describe('dedupeTransactions', () => {
  it('removes overlap between statements but keeps true repeats within one', () => {
    const a = src('a', null, [t('2026-01-02', -300, 'CAFFE'), t('2026-01-02', -300, 'CAFFE'), t('2026-01-10', -5, 'Y')]);
    const b = src('b', null, [t('2026-01-02', -300, 'caffe'), t('2026-01-10', -5, 'Y'), t('2026-01-20', -7, 'Z')]);
    const r = dedupeTransactions([a, b]);
    expect(r.txns.map((x) => `${x.date}/${x.amountMinor}/${x.source_id}`)).toEqual(['2026-01-02/-300/a', '2026-01-02/-300/a', '2026-01-10/-5/a', '2026-01-20/-7/b']);
    expect(r.duplicates).toBe(2);
  });
});
