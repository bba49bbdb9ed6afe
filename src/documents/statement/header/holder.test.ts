/**
 * Account holder from labels and from the address window, on positioned words
 * built here (no PDF): labelled values right of or under their label, weak labels,
 * salutations on their own line or inline, joint holders, companies, and the
 * bank's letterhead block that must not be taken for the window.
 */
import { describe, expect, it } from 'vitest';
import { findHolder, looksLikeName, stripSalutation } from './holder.ts';
import { buildLines } from '../../layout/lines.ts';
import { lines, words } from '../../layout/test-words.ts';


describe('holder', () => {
  it('takes the value right of an aligned label, not the next label below it', () => {
    const ls = lines(
      words('Name:', 438, 123),
      words('GARETH HUGHES AND SIOBHAN HUGHES', 494, 123),
      words('IBAN:', 438, 136),
      words('GB06 LOYD 8615 3836 7528 08', 494, 136),
    );
    expect(findHolder(ls)?.value).toBe('GARETH HUGHES AND SIOBHAN HUGHES');
  });

  it('takes the value under a label whose row holds the next label, not that label', () => {
    const ls = lines(
      words('KONTOINHABER', 442, 137),
      words('KONTOVERBINDUNG', 623, 137),
      words('ANDREAS ZIMMERMANN UND SUSANNE BRAUN', 442, 147),
      words('BLZ 60042803 Konto-Nr. 467555177', 623, 147),
    );
    expect(findHolder(ls)?.value).toBe('ANDREAS ZIMMERMANN UND SUSANNE BRAUN');
  });

  it('ends the cell under a label where the next label of its row begins', () => {
    const ls = lines(
      words('ACCOUNT NAME', 61, 166),
      words('ACCOUNT DETAILS', 212, 166),
      words("Rebecca O'Brien and Richard Thomas Sort code 08-03-41 Account number 16140720", 61, 177),
    );
    expect(findHolder(ls)?.value).toBe("Rebecca O'Brien and Richard Thomas");
  });

  it('takes the value under a stacked label and strips an inline salutation', () => {
    const ls = lines(words('Intestatario', 40, 130), words('Gent.mo Sig. ROSSI MARIO', 40, 141));
    expect(findHolder(ls)?.value).toBe('ROSSI MARIO');
  });

  it('finds the address window by geometry: salutation line, name, street, postcode + city', () => {
    const ls = lines(
      words('Sparkasse Oberland', 97, 107),
      words('Goethestraße 103', 97, 119),
      words('04148 Leipzig', 97, 131),
      words('Herrn', 433, 107),
      words('Günter Vogel', 433, 119),
      words('Hauptstraße 155', 433, 131),
      words('60390 Frankfurt am Main', 433, 143),
    );
    expect(findHolder(ls)?.value).toBe('Günter Vogel');
  });

  it('keeps "Surname, Name", joint holders and companies as printed; skips a sender line', () => {
    const comma = lines(
      words('Vogel, Günter', 60, 100),
      words('Via Roma 12', 60, 112),
      words('20121 MILANO MI', 60, 124),
    );
    expect(findHolder(comma)?.value).toBe('Vogel, Günter');
    const joint = lines(
      words('Nordbank Hanse AG · 70187 Stuttgart', 41, 92, 5.5),
      words('Max und Erika Mustermann', 41, 100),
      words('Bahnhofstraße 113', 41, 112),
      words('70157 Stuttgart', 41, 124),
    );
    expect(findHolder(joint)?.value).toBe('Max und Erika Mustermann');
    const uk = lines(
      words('Castle Accountants Ltd', 50, 100),
      words('4 STATION ROAD', 50, 112),
      words('BRISTOL', 50, 124),
      words('BS1 5TR', 50, 136),
    );
    expect(findHolder(uk)?.value).toBe('Castle Accountants Ltd');
  });

  it('reads label spellings with a slash or brackets and weak labels only without a better source', () => {
    expect(findHolder(lines(words('Intestatario/i: ROSSI MARIO E BIANCHI ANNA', 40, 100)))?.value).toBe(
      'ROSSI MARIO E BIANCHI ANNA',
    );
    expect(
      findHolder(lines(words('Kontoinhaber(in):', 40, 100), words('Erika Mustermann', 140, 100)))?.value,
    ).toBe('Erika Mustermann');
    // "KUNDE" stacked without a colon is weak: the address window wins when there is one.
    const ls = lines(
      words('KUNDE', 33, 137),
      words('Hartmann, Sabine', 33, 146),
      words('Frau', 330, 60),
      words('Sabine Hartmann-Ludwig', 330, 72),
      words('Lindenallee 14', 330, 84),
      words('40213 Düsseldorf', 330, 96),
    );
    expect(findHolder(ls)?.value).toBe('Sabine Hartmann-Ludwig');
    expect(findHolder(ls.filter((l) => l.x0 < 300))?.value).toBe('Hartmann, Sabine');
  });

  it('does not take the bank letterhead for the window', () => {
    const ls = lines(
      words('Northgate Bank plc', 438, 46),
      words('73 Church Lane', 438, 59),
      words('M1 2AB', 438, 73),
    );
    expect(findHolder(ls)).toBeNull();
  });

  it('strips honorifics and rejects labels and numbers as names', () => {
    expect(stripSalutation('Spett.le Logistica Padana Srl')).toBe('Logistica Padana Srl');
    expect(stripSalutation('Mr. John Roberts')).toBe('John Roberts');
    expect(looksLikeName('IBAN')).toBe(false);
    expect(looksLikeName('International Bank Account Number: IT68N79279')).toBe(false);
    expect(looksLikeName('Immobiliare 2000 S.r.l.')).toBe(true);
  });
});

describe('bank name', () => {
  it('prefers the full form of a wordmark printed in the letterhead', async () => {
    const { findBankName, sameBank } = await import('./header-fields.ts');
    expect(sameBank('IBM Banca', 'Istituto Bancario Meridionale S.p.A.')).toBe(true);
    expect(sameBank('T&M Bank', 'Thames & Mercia Bank')).toBe(true);
    expect(sameBank('RAIFFEISEN', 'Raiffeisenbank Tirol Mitte eGen')).toBe(true);
    expect(sameBank('Sparkasse', 'Volksbank Donau eG')).toBe(false);
    const ls = lines(
      words('IBM Banca', 45, 40),
      words('Istituto Bancario Meridionale S.p.A.', 312, 71),
      words('02.03.2026 PRELIEVO ATM ISTITUTO BANCARIO MERIDIONALE SPA FILIALE 20', 45, 200),
    );
    expect(findBankName(ls, 842)?.value).toBe('Istituto Bancario Meridionale S.p.A.');
    const later = buildLines({
      page: 2,
      width: 595,
      height: 842,
      words: words('ORD: BANCAVIVA POS', 45, 40),
    });
    expect(findBankName([...lines(words('BancaViva', 45, 40)), ...later], 842)?.value).toBe('BancaViva');
  });

  it('a sender line in small print stays out of the name though a speck read as a word stretches its box (scan)', () => {
    // The window of a 200 dpi scan: the bank's mark read as "ER", 11 pt tall, at the start of the 4 pt sender line.
    const speck = { text: 'ER', x0: 301, x1: 328, y0: 81, y1: 92 };
    const ls = lines(
      [speck, ...words('Isartal eG - 40294 Düsseldorf', 330, 81, 4)],
      words('URSULA NEUMANN', 301, 96, 5.5),
      words('Am Markt 79', 301, 104, 5.5),
      words('50664 Köln', 301, 113, 5.5),
    );
    expect(findHolder(ls)?.value).toBe('URSULA NEUMANN');
  });
});
