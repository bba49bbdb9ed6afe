/**
 * A zone's dates line read alone (its other lines garbled in a photo), and document numbers read to their
 * state's public format. Each case fails on 6d15ba2 (no ZoneDates, no formats).
 */
import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { analyseId, findZoneDates, legibleId } from './analyse.ts';
import { checkDigit } from './mrz.ts';
import { byNumberFormat, idFields, idValidation } from './result.ts';

const w = (text: string, x0: number, y0: number, h = 8): PositionedWord => ({ text, x0, y0, x1: x0 + text.length * 5, y1: y0 + h, confidence: 0.6 });
const page = (words: PositionedWord[]): WordPage => ({ page: 1, width: 300, height: 200, words });

describe("a zone's dates line read alone", () => {
  // A back side photographed: the title unread, the zone's first and last lines garbled, its dates line whole
  // (born 1972-07-14, expires 2029-09-01, both check digits holding).
  const back = page([
    w('Aufenthattsties', 20, 20, 5),
    w('Ausgestellt', 120, 20, 5),
    w('am:', 180, 20, 5),
    w('05.12.2020', 200, 19),
    w('ARDS<LTS3LPRAZAK<<cccecceccceec', 10, 140),
    w('7207141M2909015PHL', 10, 154),
    w('<cccceccceeg', 110, 155),
    w('BAUTISTA<<gos', 10, 168),
  ]);

  it('makes the back side legible, of the type its code names, one side only', () => {
    const a = analyseId([back], { today: new Date('2026-03-01') });
    expect(a.mrz).toBeNull();
    expect(a.zoneDates).toMatchObject({ documentCode: 'AR', birthDate: '1972-07-14', expirationDate: '2029-09-01', sex: 'M', nationality: 'PHL' });
    expect(legibleId(a)).toBe(true);
    expect(a.type).toBe('residency_permit');
    expect(a.completeness).toBe('back_only');
    expect(idValidation(a, true).status).toBe('id_doc_incomplete');
    expect(idValidation(a, false).status).toBe('success');
    const x = idFields(a);
    expect(x.date_of_birth.value).toBe('1972-07-14');
    expect(x.expiration_date.value).toBe('2029-09-01');
    expect(x.citizenship.value).toBe('PHL');
    // The one other date, after the birth and within eleven years before the expiry: the date of issue.
    expect(x.validity_start_date.value).toBe('2020-12-05');
  });

  it('needs both check digits and two dates in order', () => {
    const broken = (t: string): WordPage => page([w(t, 10, 150)]);
    expect(findZoneDates([broken('7207141M2909016PHL')])).toBeNull();
    expect(findZoneDates([broken('7207142M2909015PHL')])).toBeNull();
    // Dates of a statement or a form in a row of digits are no zone: a 13th month.
    const bad = `721314${checkDigit('721314')}M290901${checkDigit('290901')}PHL`;
    expect(findZoneDates([broken(bad)])).toBeNull();
    expect(legibleId(analyseId([broken('1234567 8901234')]))).toBe(false);
  });
});

describe('a title under its state\'s printed name', () => {
  // A front side scanned small: the labels read as noise, one date placed.
  const words = [w('BUNDESREPUBLIK', 60, 10, 6), w('DEUTSCHLAND', 140, 10, 6), w('AUFENTHALTSTITEL', 60, 20, 7), w('JOVANOVIC', 90, 40), w('commen', 150, 41, 4), w('01/08/2028', 110, 60)];

  it('with one printed field is a legible identity document, front only', () => {
    const a = analyseId([page(words)], { today: new Date('2026-03-01') });
    expect(a.type).toBe('residency_permit');
    expect(Object.keys(a.front)).toEqual(['expiration_date']);
    expect(legibleId(a)).toBe(true);
    expect(a.completeness).toBe('front_only');
    expect(idValidation(a, true).status).toBe('id_doc_incomplete');
  });

  it('not without the state\'s name, nor without a field', () => {
    expect(legibleId(analyseId([page(words.slice(2))], { today: new Date('2026-03-01') }))).toBe(false);
    expect(legibleId(analyseId([page(words.slice(0, 5))], { today: new Date('2026-03-01') }))).toBe(false);
  });
});

describe("document numbers read to their state's format", () => {
  it('German numbers: nine of the digits and the consonants CFGHJKLMNPRTVWXYZ', () => {
    expect(byNumberFormat('RBO5K4N3L', 'D', 'residency_permit')).toBe('R805K4N3L');
    expect(byNumberFormat('T22000I29', 'D', 'identity_card')).toBe('T22000129');
    // A glyph with no look-alike in the alphabet (E), or another length: as read.
    expect(byNumberFormat('RBE5K4N3L', 'D', 'identity_card')).toBe('RBE5K4N3L');
    expect(byNumberFormat('RBO5K4N3', 'D', 'identity_card')).toBe('RBO5K4N3');
  });

  it("Italian identity cards: two letters, five digits, two characters; other states' numbers as read", () => {
    expect(byNumberFormat('C4O1483XR', 'ITA', 'identity_card')).toBe('CA01483XR');
    expect(byNumberFormat('CA0I4B3XR', 'ITA', 'identity_card')).toBe('CA01483XR');
    expect(byNumberFormat('JIRO23121', 'ITA', 'residency_permit')).toBe('JIRO23121');
    expect(byNumberFormat('BO9237388', 'IRL', 'residency_permit')).toBe('BO9237388');
    expect(byNumberFormat('BO9237388', null, null)).toBe('BO9237388');
  });

  it("a front-only German card: the state from its printed header", () => {
    const front = page([
      w('BUNDESREPUBLIK', 60, 10, 6),
      w('DEUTSCHLAND', 140, 10, 6),
      w('AUFENTHALTSTITEL', 60, 20, 7),
      w('RBO5K4N3L', 220, 10, 7),
      w('NAME', 100, 40, 4),
      w('JOVANOVIC', 100, 46),
      w('VORNAMEN', 180, 40, 4),
      w('JELENA', 180, 46),
    ]);
    const a = analyseId([front]);
    expect(a.issuer).toBe('D');
    expect(idFields(a).document_number.value).toBe('R805K4N3L');
  });

  it("a German zone whose number breaks the format, its check digit holding the format's reading too", () => {
    // R805K4N3L's digit is 3; "RB0SK4N3L" (B for 8, S for 5) weighs the same mod 10 and passes it.
    expect(checkDigit('R805K4N3L')).toBe(checkDigit('RB0SK4N3L'));
    const l1 = `ARD<<RB0SK4N3L${checkDigit('R805K4N3L')}`.padEnd(30, '<');
    const l2a = `730112${checkDigit('730112')}F280601${checkDigit('280601')}MAR`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const back = page([w(l1, 10, 140), w(l2, 10, 154), w('BOUZID<<KHADIJA'.padEnd(30, '<'), 10, 168)]);
    const a = analyseId([back], { today: new Date('2026-03-01') });
    // The zone reader itself knows Germany's number alphabet (mrz.ts: a barred letter is a misread digit),
    // so the zone's number is already the format's reading; the field reports it either way.
    expect(a.mrz?.documentNumber).toBe('R805K4N3L');
    expect(idFields(a).document_number.value).toBe('R805K4N3L');
  });
});
