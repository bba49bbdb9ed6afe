import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkModel } from '../../risk/index.ts';
import { simulatePopulation } from '../../risk/simulate/index.ts';
import { runModelCommand } from './model.cli.ts';

const dec = (minor: number | null): string | null => (minor === null ? null : (minor / 100).toFixed(2));

describe('docrisk model fit | validate', () => {
  it('fits on labelled applications (JSONL of bank-account bodies + outcome) and validates the written model', async () => {
    const pop = simulatePopulation(21, 120, { dataSource: 'retail' });
    const lines = pop.map((a, i) => JSON.stringify({
      id: `app-${i}`,
      date: a.asOf,
      bad: a.defaulted,
      report_params: a.params,
      bank_accounts: a.sources.map((s) => ({
        iban: s.iban, account_holder: s.accountHolder, currency_code: s.currency, opening_balance: dec(s.openingBalanceMinor),
        transactions: s.transactions.map((t) => ({ date: t.date, amount: dec(t.amountMinor), description: t.description, counterparty: t.counterparty, balance: dec(t.balanceMinor) })),
      })),
    }));
    const dir = mkdtempSync(join(tmpdir(), 'docrisk-model-'));
    const input = join(dir, 'apps.jsonl');
    const out = join(dir, 'model.json');
    writeFileSync(input, lines.join('\n'));
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (written.push(String(s)), true));
    try {
      expect(await runModelCommand(['fit', '--in', input, '--out', out, '--name', 'lender-x', '--version', '3.2.1', '--folds', '3'])).toBe(0);
      const model = checkModel(JSON.parse(readFileSync(out, 'utf8')));
      expect(model).toMatchObject({ name: 'lender-x', version: '3.2.1', data_source: 'retail' });
      expect(model.validation.folds).toBe(3);
      expect(model.development.n).toBe(120);
      expect(written.join('')).toMatch(/3-fold cross-validation .* AUC \d\.\d+ \[\d\.\d+, \d\.\d+\]/s);
      written.length = 0;
      expect(await runModelCommand(['validate', '--model', out, '--in', input])).toBe(0);
      expect(written.join('')).toMatch(/lender-x 3\.2\.1 on 120 applications.*AUC .*PSI against the development scores/s);
    } finally {
      spy.mockRestore();
    }
    const errors: string[] = [];
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (errors.push(String(s)), true));
    try {
      expect(await runModelCommand(['fit', '--in', input, '--out', out, '--features', 'shoe_size'])).toBe(2);
      expect(errors.join('')).toContain('unknown feature(s) shoe_size');
      expect(await runModelCommand(['fit', '--in', input, '--out', out, '--ridge', '-1'])).toBe(2);
      expect(errors.join('')).toContain('--ridge must be a positive number');
    } finally {
      err.mockRestore();
    }
    const spy2 = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (written.push(String(s)), true));
    try {
      // --ridge auto: the strength is chosen by inner cross-validation and written into the model
      expect(await runModelCommand(['fit', '--in', input, '--out', out, '--folds', '3', '--ridge', 'auto'])).toBe(0);
      const auto = checkModel(JSON.parse(readFileSync(out, 'utf8')));
      expect(auto.development.fit).toMatchObject({ ridge_chosen_by: 'inner-cv', bins: 50 });
      expect(written.join('')).toMatch(/ridge \d(\.\d+)? \(chosen by inner cross-validation/);
    } finally {
      spy2.mockRestore();
    }
  }, 60_000);
});
