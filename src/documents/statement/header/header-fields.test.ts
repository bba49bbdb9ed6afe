/**
 * Header fields on positioned words: the IBAN with its label in a stacked block
 * beside an address window, the statement period, the account currency.
 */
import { describe, expect, it } from 'vitest';
import { findCurrency, findIban, findPeriod } from './header-fields.ts';
import { lines, words } from '../../layout/test-words.ts';


describe('header fields', () => {
  it("takes the account IBAN under its label, not a counterparty's labelled IBAN further down", () => {
    const ls = lines(
      words('IBAN', 34, 119),
      words('40213 Düsseldorf', 305, 122),
      words('DE74 5993 7044 6005 6816 79', 34, 127),
      words('Miete IBAN: DE82229936307299363839', 160, 330),
    );
    expect(findIban(ls, null)?.value).toBe('DE74599370446005681679');
  });

  it("never returns a counterparty's IBAN from a transaction description", () => {
    const ls = lines(
      words('29/07/2025 BONIFICO SEPA SPESE CONDOMINIALI -120,00', 40, 100),
      words('RECHNUNG 9313', 80, 110),
      words('IBAN: AT852399800000338681', 80, 120),
      words('IBAN BEN. IT34P0752663473010005512641', 80, 200),
    );
    expect(findIban(ls, null)).toBeNull();
  });

  it('prefers a named period and rejects two equal dates', () => {
    const ls = lines(
      words('Kontostand per 31.12.2024 Druck 31.12.2024', 40, 60),
      words('Buchungen 01.01.2025 - 05.01.2025', 40, 80),
      words('Zeitraum: 01.10.2024 - 31.12.2024', 40, 100),
    );
    expect(findPeriod(ls)?.value).toEqual({ start: '2024-10-01', end: '2024-12-31' });
    // A transaction row's booking and value dates are no period; a bare "date – date" line is.
    expect(findPeriod(lines(words('02/03/2026 05/03/2026 TRANSFER TO JOHN 1,300.00', 40, 100)))).toBeNull();
    expect(findPeriod(lines(words('01 Mar 2026 - 30 Apr 2026', 400, 77)))?.value).toEqual({
      start: '2026-03-01',
      end: '2026-04-30',
    });
  });

  it('reads a labelled currency, ignores prose, falls back to the account country', () => {
    expect(findCurrency(lines(words('Divisa del conto', 309, 155), words('CHF', 309, 166)))?.value).toBe(
      'CHF',
    );
    const prose = lines(
      words(
        'Your eligible deposits are protected up to a total of £85,000 by the Financial Services Compensation Scheme.',
        34,
        793,
      ),
      words('IBAN: IE29 AIBK 9311 5212 3456 78', 40, 100),
    );
    expect(findCurrency(prose)?.value).not.toBe('GBP');
    expect(findCurrency(lines(words('IBAN: GB29 NWBK 6016 1331 9268 19', 40, 100)))?.value).toBe('GBP');
  });
});
