/** IBANs with one character of the wrong class, mended by the country's format and the check digits. */
import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { extractStatement } from '../pages.ts';
import { fixIbanByFormat, ibanCheckDigits, ibanClasses } from './iban.ts';
import { REPAIR_NAMES, runRepairs } from './index.ts';

const word = (text: string, x0: number, y0: number): PositionedWord => ({ text, x0, y0, x1: x0 + text.length * 5, y1: y0 + 9 });
const page = (lines: string[][]): WordPage => {
  const words: PositionedWord[] = [];
  lines.forEach((ws, r) => {
    let x = 40;
    for (const t of ws) {
      words.push(word(t, x, 60 + r * 14));
      x += t.length * 5 + 4;
    }
  });
  return { page: 1, width: 595, height: 842, words };
};

describe('fixIbanByFormat', () => {
  it('a digit where the format asks for a letter (the Italian CIN), or a letter among digits, is mended one way', () => {
    expect(ibanClasses('IT')).toBe('AANNA' + 'N'.repeat(10) + 'C'.repeat(12));
    // "J" read as "4".
    expect(fixIbanByFormat('IT3846670981878000066791237')).toBe('IT38J6670981878000066791237');
    // "0" read as "O" in a German IBAN (digits only).
    expect(fixIbanByFormat('DE3120O100209999999999')).toBe('DE31200100209999999999');
    // "B" read as "8" in a British bank code.
    expect(fixIbanByFormat('GB08BAR837180210497995')).toBe('GB08BARC37180210497995');
  });

  it('valid IBANs, two misread characters, unknown countries and wrong lengths are left alone', () => {
    expect(fixIbanByFormat('DE31200100209999999999')).toBeNull();
    expect(fixIbanByFormat('DE3120O1O0209999999999')).toBeNull();
    expect(fixIbanByFormat('XX3120O100209999999999')).toBeNull();
    expect(fixIbanByFormat('DE3120O10020999999999')).toBeNull();
    // A digit misread as another digit: no character of the wrong class, nothing to tell where.
    expect(fixIbanByFormat('DE31200100209999999998')).toBeNull();
  });
});

describe('iban_check_digits repair', () => {
  const lines = [['Banca', 'Esempio', 'S.p.A.'], ['Estratto', 'conto', 'dal', '01-07-2025', 'al', '31-07-2025'], ['Codice', 'IBAN:', 'IT38', '4667', '0981', '8780', '0006', '6791', '237']];

  it('the header reads the mended IBAN, and the edit is recorded with its evidence', () => {
    const pages = [page(lines)];
    const x = extractStatement(pages);
    expect(x.ibanValue).toBeNull();
    const r = ibanCheckDigits({ x, pages });
    expect(r?.x.ibanValue).toBe('IT38J6670981878000066791237');
    expect(r?.edits).toEqual([{ page: 1, from: '4667', to: 'J667', by: 'check_digits' }]);
    expect(REPAIR_NAMES).toContain('iban_check_digits');
    expect(runRepairs(pages, x).edits.map((e) => e.repair)).toContain('iban_check_digits');
  });

  it('an IBAN already read is not touched', () => {
    const ok = lines.map((l) => l.map((t) => (t === '4667' ? 'J667' : t)));
    const pages = [page(ok)];
    const x = extractStatement(pages);
    expect(x.ibanValue).toBe('IT38J6670981878000066791237');
    expect(ibanCheckDigits({ x, pages })).toBeNull();
  });
});
