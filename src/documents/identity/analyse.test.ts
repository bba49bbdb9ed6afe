import { describe, expect, it } from 'vitest';
import { analyseId, confirmNamesByFront, confirmNumberByFront, legibleId, resolveValidity, sameGlyphs, zoneReads } from './analyse.ts';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import type { FoundMrz } from './find.ts';
import type { FrontFields } from './front.ts';
import { checkDigit, readMrz } from './mrz.ts';

function td1(number: string): string[] {
  const l1 = `ARD<<${number}${checkDigit(number)}`.padEnd(30, '<');
  const l2a = `751024${checkDigit('751024')}M270214${checkDigit('270214')}PHL`.padEnd(29, '<');
  const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
  return [l1, l2, 'YILMAZ<<MEHMET<<<<<<<<<<<<<<<<'];
}

const found = (lines: string[]): FoundMrz => ({ ...readMrz(lines)!, page: 2, bbox: [0, 0, 10, 10], ocrConfidence: 0.9 });
const front = (number: string): FrontFields => ({ document_number: { value: number, bbox: [0, 0, 1, 1], confidence: 0.8, page: 1 } });

describe('document number: an extra glyph in the MRZ, confirmed by the front side', () => {
  const good = td1('YV8242947');
  const noisy = [good[0]!.slice(0, 8) + 'B' + good[0]!.slice(8, 29), good[1]!, good[2]!];

  it('adopts the one candidate whose number the front prints, confusable glyphs allowed', () => {
    const r = confirmNumberByFront(found(noisy), front('YV8 242947'));
    expect(r.lines).toEqual(good);
    expect(r.valid).toBe(true);
    expect(r.page).toBe(2);
    expect(r.corrections[0]).toMatchObject({ line: 0, column: 8, from: 'B', to: '', by: 'front_side' });
    // 4 read as A is not a confusion of the class list: no agreement, nothing adopted.
    expect(confirmNumberByFront(found(noisy), front('YV82429A7')).valid).toBe(false);
  });

  it('keeps the MRZ as read when the front is missing or names no candidate', () => {
    expect(confirmNumberByFront(found(noisy), {}).lines).toEqual(noisy);
    expect(confirmNumberByFront(found(noisy), front('ZZ9999999')).valid).toBe(false);
  });

  it('glyph classes: J/], 0/O/D, 1/I/L, 5/S, 8/B; nothing else, same length only', () => {
    expect(sameGlyphs('Y]2558880', 'YJ2558880')).toBe(true);
    expect(sameGlyphs('AB1O5', 'A81OS')).toBe(true);
    expect(sameGlyphs('AB1234', 'AB1235')).toBe(false);
    expect(sameGlyphs('AB123', 'AB1234')).toBe(false);
  });
});

describe('document number: readings the check digits hold alike, settled by the front side', () => {
  // Read from a generated residence permit: O for 0 and E for 6 cancel mod 10 (24·3 + 14·1 ≡ 0·3 + 6·1).
  const read = ['IRIRLDOE9503648<<<<<<<<<<<<<<<', '0110129M2610162IND<<<<<<<<<<<8', 'KUMAR<<AMIT<<<<<<<<<<<<<<<<<<<'];
  const truth = 'IRIRLD069503648<<<<<<<<<<<<<<<';

  it('the zone passes both ways; a front read only in part ("96950364") tells which', () => {
    expect(readMrz(read)!.valid).toBe(true);
    expect(readMrz([truth, read[1]!, read[2]!])!.valid).toBe(true);
    const r = confirmNumberByFront(found(read), front('96950364'));
    expect(r.lines[0]).toBe(truth);
    expect(r.documentNumber).toBe('D06950364');
    expect(r.valid).toBe(true);
    expect(r.corrections).toEqual([
      { line: 0, column: 6, from: 'O', to: '0', by: 'front_side' },
      { line: 0, column: 7, from: 'E', to: '6', by: 'front_side' },
    ]);
  });

  it('a zone whose composite digit failed (read as a filler) but whose number holds: the number is settled all the same', () => {
    // An Italian permit: Germany's number alphabet has no I.
    const good = td1('IIY320784').map((l, i) => (i === 0 ? l.replace('ARD<<', 'IRITA') : l));
    // I 18 and L 21 at weights 7 and 3: 3·7 + 3·3 = 30, nothing to the check digit.
    const read = [good[0]!.replace('IIY320784', 'LLY320784'), good[1]!.slice(0, 29) + '<', good[2]!];
    expect(readMrz(read)!.checks.find((c) => c.field === 'document_number')!.valid).toBe(true);
    const r = confirmNumberByFront(found(read), front('ITY320784'));
    expect(r.documentNumber).toBe('IIY320784');
    expect(r.lines[0]).toBe(good[0]);
  });

  it('a front that agrees with the zone as read, or names neither reading, changes nothing', () => {
    expect(confirmNumberByFront(found(read), front('DOE950364')).lines).toEqual(read);
    expect(confirmNumberByFront(found(read), front('12345678')).lines).toEqual(read);
    expect(confirmNumberByFront(found(read), {}).lines).toEqual(read);
  });
});

describe('document number: the printed number put in the MRZ zone, kept where every check digit holds it', () => {
  it('two glyphs read as four ("55" → "5S5S"): the line shifts by two, the printed number fits', () => {
    const good = td1('YF5584999');
    const noisy = [good[0]!.replace('YF55', 'YF5S5S').slice(0, 30), good[1]!, good[2]!];
    expect(readMrz(noisy)!.valid).toBe(false);
    const r = confirmNumberByFront(found(noisy), front('YF5584999'));
    expect(r.lines).toEqual(good);
    expect(r.valid).toBe(true);
    expect(r.documentNumber).toBe('YF5584999');
    expect(r.corrections[0]).toMatchObject({ line: 0, column: 5, from: 'YF5S5S84999', to: 'YF5584999', by: 'front_side' });
  });

  it('a zone read as letters throughout ("PNTTTIOGS" for PN7771065): OCR-B look-alikes are no difference', () => {
    const good = td1('PN7771065');
    const noisy = [good[0]!.replace('PN7771065', 'PNTTTIOGS'), good[1]!, good[2]!];
    const r = confirmNumberByFront(found(noisy), front('PN7771065'));
    expect(r.lines).toEqual(good);
  });

  it('an MRZ that passes its check digits by chance with a number the front contradicts is overruled', () => {
    // Read from a generated card (seed 15126): an extra B and 2 read as Z, both check digits passing.
    const read = ['IRITAAU8B94Z0452<<<<<<<<<<<<<<', '6110109M2806240PHL<<<<<<<<<<<0', 'HOXHA<<IVANA<<<<<<<<<<<<<<<<<<'];
    expect(readMrz(read)!.valid).toBe(true);
    const r = confirmNumberByFront(found(read), front('AU8942045'));
    expect(r.lines[0]).toBe('IRITAAU89420452<<<<<<<<<<<<<<<');
    expect(r.valid).toBe(true);
    // A front number the check digits do not hold changes nothing.
    expect(confirmNumberByFront(found(read), front('AU8942046')).lines).toEqual(read);
    // Nor does one too far from the zone as read (more than two edits).
    const good = td1('YF5584999');
    expect(confirmNumberByFront(found(good), front('XX1234567')).lines).toEqual(good);
  });

  it("a J the front's OCR read as ']' is a J when the front's number is put in the zone", () => {
    // Read from a 200-dpi scan (seed 37320): J read U and 2 read Z, both check digits passing by chance.
    const read = ['IRITAURZ2206640<<<<<<<<<<<<<<<', '8711289M2504111PHL<<<<<<<<<<<8', 'SINGH<<AHMED<<<<<<<<<<<<<<<<<<'];
    expect(readMrz(read)!.valid).toBe(true);
    const r = confirmNumberByFront(found(read), front(']R2220664'));
    expect(r.lines[0]).toBe('IRITAJR22206640<<<<<<<<<<<<<<<');
    expect(r.valid).toBe(true);
  });

  it('the placed number holds once a speck in the filler tail is a filler again (the composite covers the tail)', () => {
    // Read from a phone photo (seed 19304): an extra I, 4 read as A, an S in the optional data; as read, all
    // digits pass by chance — the S is a filler at once (a speckled filler tail), and then the composite fails.
    const read = ['IRITAZJI2278A692<<<<<<S<<<<<<<', '6011170M2308146PHL<<<<<<<<<<<0', 'SANTOS<<RAJESH<<<<<<<<<<<<<<<<'];
    expect(readMrz(read)!.valid).toBe(false);
    const r = confirmNumberByFront(found(read), front('ZJ 2278469'));
    expect(r.lines[0]).toBe('IRITAZJ22784692<<<<<<<<<<<<<<<');
    expect(r.valid).toBe(true);
    // The extra I dropped (the one insertion candidate the front agrees with), the S a filler.
    expect(r.corrections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 0, from: 'I', to: '' }),
        expect.objectContaining({ line: 0, from: 'S', to: '<' }),
      ]),
    );
    expect(r.corrections.some((c) => c.by === 'front_side')).toBe(true);
  });
});

describe('names: filler look-alikes dropped where the front side agrees', () => {
  const good = td1('YX3866292');
  const names = (given: string): FrontFields => ({
    surname: { value: 'Petrović', bbox: [0, 0, 1, 1], confidence: 0.9, page: 1 },
    given_names: { value: given, bbox: [0, 0, 1, 1], confidence: 0.9, page: 1 },
  });

  it('"JOSE<XLUIS" with a front reading "JOSE LUIS" loses the X', () => {
    const m = found([good[0]!, good[1]!, 'PETROVIC<<JOSE<XLUIS<<<<<<<<<<']);
    const r = confirmNamesByFront(m, names('José Luis'));
    expect(r.lines[2]).toBe('PETROVIC<<JOSE<LUIS<<<<<<<<<<<');
    expect(r.firstName).toBe('JOSE LUIS');
    expect(r.corrections.at(-1)).toMatchObject({ line: 2, from: 'X', to: '', by: 'front_side' });
  });

  it('a glyph before the names line (the card edge read as "V") goes where the front agrees', () => {
    const m = found([good[0]!, good[1]!, 'VPETROVIC<<JOSE<LUIS<<<<<<<<<<']);
    const r = confirmNamesByFront(m, names('José Luis'));
    expect(r.lines[2]).toBe('PETROVIC<<JOSE<LUIS<<<<<<<<<<<');
    expect(r.lastName).toBe('PETROVIC');
  });

  it('"JOSEXLUIS": a filler read as X between two names is put back, not dropped (the names stay two)', () => {
    const m = found([good[0]!, good[1]!, 'PETROVIC<<JOSEXLUIS<<<<<<<<<<<']);
    const r = confirmNamesByFront(m, names('José Luis'));
    expect(r.lines[2]).toBe('PETROVIC<<JOSE<LUIS<<<<<<<<<<<');
    expect(r.firstName).toBe('JOSE LUIS');
    // A name with a real X between letters is left alone when the front spells it so.
    expect(confirmNamesByFront(found([good[0]!, good[1]!, 'PETROVIC<<ALEXANDER<<<<<<<<<<<']), names('Alexander')).lines[2]).toBe(
      'PETROVIC<<ALEXANDER<<<<<<<<<<<',
    );
  });

  it('a real X stays when the front spells it ("JOSE<XAVIER")', () => {
    const m = found([good[0]!, good[1]!, 'PETROVIC<<JOSE<XAVIER<<<<<<<<<']);
    expect(confirmNamesByFront(m, names('José Xavier')).lines[2]).toBe('PETROVIC<<JOSE<XAVIER<<<<<<<<<');
  });

  it('a run of Ks before the fillers ("NASRINKK<<<") goes as a whole', () => {
    const m = found([good[0]!, good[1]!, 'PETROVIC<<NASRINKK<<<<<<<<<<<<']);
    expect(confirmNamesByFront(m, names('Nasrin')).lines[2]).toBe('PETROVIC<<NASRIN<<<<<<<<<<<<<<');
  });

  it('a front read one letter off ("CHDI") still tells the K is a filler; the MRZ keeps its own letters', () => {
    const m = found([good[0]!, good[1]!, 'PETROVIC<K<CHIDI<<<<<<<<<<<<<<']);
    const r = confirmNamesByFront(m, names('CHDI'));
    expect(r.lines[2]).toBe('PETROVIC<<CHIDI<<<<<<<<<<<<<<<');
    expect(r.firstName).toBe('CHIDI');
    // A front two letters off, or an MRZ already one letter from the front, changes nothing.
    expect(confirmNamesByFront(m, names('CHD')).lines[2]).toBe(m.lines[2]);
    const initial = found([good[0]!, good[1]!, 'PETROVIC<<JOHN<K<<<<<<<<<<<<<<']);
    expect(confirmNamesByFront(initial, names('John')).lines[2]).toBe(initial.lines[2]);
  });
});

describe('resolveValidity and legibleId', () => {
  const v = (value: string): FrontFields['validity'] => ({ value, bbox: [0, 0, 1, 1], confidence: 0.8, page: 1 });
  const mrz = found(td1('YV8242947'));

  it('a lone validity date is the expiry where the MRZ says so, the start where it does not', () => {
    expect(resolveValidity({ validity: v('14.02.2027') }, mrz).expiration_date?.value).toBe('14.02.2027');
    expect(resolveValidity({ validity: v('15.02.2022') }, mrz).validity_start_date?.value).toBe('15.02.2022');
  });

  it('a validity range is both dates', () => {
    const f = resolveValidity({ validity: v('15.02.2022 - 14.02.2027') }, null);
    expect([f.validity_start_date?.value, f.expiration_date?.value]).toEqual(['15.02.2022', '14.02.2027']);
  });

  it('legible: an MRZ with a check digit holding, or a type and two printed fields; not a bare title', () => {
    const base = { front: {}, hasFront: false, hasBack: true, completeness: null, crossChecks: [], frontPage: null };
    expect(legibleId({ ...base, type: 'residency_permit', mrz })).toBe(true);
    expect(legibleId({ ...base, type: 'residency_permit', mrz: null })).toBe(false);
    const two: FrontFields = { surname: v('ROSSI'), expiration_date: v('01.01.2030') };
    expect(legibleId({ ...base, type: 'residency_permit', mrz: null, front: two })).toBe(true);
    expect(legibleId({ ...base, type: null, mrz: null, front: two })).toBe(false);
  });

  it('a zone read from specks is not legible: one check digit holding is chance unless the state is a state', () => {
    const base = { front: {}, hasFront: false, hasBack: true, completeness: null, crossChecks: [], frontPage: null };
    // Lines of a page of noise, as the zone finder read them: TD2-shaped, the number's check made to hold.
    const specks = found(['ATRTERECEAINCONTAAAYOYZINEIEEEEARRRR', '2GILEHAIP5SBANETINETOONPUPCESCRELE<<']);
    expect(specks.checks.filter((c) => c.valid).length).toBe(1);
    expect(legibleId({ ...base, type: 'identity_card', mrz: specks })).toBe(false);
    expect(zoneReads(specks)).toBe(false);
    // The same single holding check under a real state's code, or two checks holding, read.
    expect(zoneReads({ checks: specks.checks, issuingState: 'ITA' })).toBe(true);
    const two = specks.checks.map((c, i) => ({ ...c, valid: c.valid || i === 1 }));
    expect(zoneReads({ checks: two, issuingState: 'RTE' })).toBe(true);
  });
});

describe('front side and dates without readable labels (labels in small type read as noise)', () => {
  // MRZ: born 1975-10-24, expires 2027-02-14, YILMAZ MEHMET (td1 above).
  const w = (text: string, x0: number, y0: number, h = 8): PositionedWord => ({ text, x0, y0, x1: x0 + text.length * 5, y1: y0 + h, confidence: 0.9 });
  const mrzLines = td1('YV8242947');
  const back: WordPage = {
    page: 2,
    width: 300,
    height: 200,
    words: [w('Vle', 10, 20, 3), w('STADT', 40, 20), w('KOLN', 80, 20), ...mrzLines.map((l, i) => w(l, 10, 140 + i * 14))],
  };
  const frontPage = (extra: PositionedWord[] = []): WordPage => ({
    page: 1,
    width: 300,
    height: 200,
    words: [w('cnwme', 10, 20, 3), w('YILMAZ', 40, 20), w('nate', 10, 40, 3), w('MEHMET', 40, 40), w('24.10.1975', 10, 60), w('15.02.2022', 10, 80), w('14.02.2027', 10, 100), ...extra],
  });

  it('a page that prints the MRZ names outside the zone is a front side: both sides', () => {
    const a = analyseId([frontPage(), back], { today: new Date('2026-01-01') });
    expect(a.mrz?.valid).toBe(true);
    expect(a.completeness).toBe('both_sides');
    // The back alone: its names are only in the MRZ.
    expect(analyseId([back], { today: new Date('2026-01-01') }).completeness).toBe('back_only');
  });

  it('dates placed by the MRZ: birth and expiry by equality, the one date between them is the issue date', () => {
    const a = analyseId([frontPage(), back], { today: new Date('2026-01-01') });
    expect(a.front.birth_date?.value).toBe('24.10.1975');
    expect(a.front.expiration_date?.value).toBe('14.02.2027');
    expect(a.front.validity_start_date?.value).toBe('15.02.2022');
    // Two candidate dates: none is taken.
    const two = analyseId([frontPage([w('01.01.2020', 10, 120)]), back], { today: new Date('2026-01-01') });
    expect(two.front.validity_start_date).toBeUndefined();
  });

  it('a place printed in one run with the birth date the MRZ confirms is the place of birth (a combined label unread)', () => {
    const withPlace = (words: PositionedWord[]): WordPage => ({ page: 1, width: 300, height: 200, words: [w('cnwme', 10, 20, 3), w('YILMAZ', 40, 20), w('15.02.2022', 10, 80), ...words] });
    const a = analyseId([withPlace([w('ISTANBUL', 10, 60), w('24.10.1975', 60, 60)]), back], { today: new Date('2026-01-01') });
    expect(a.front.birth_place?.value).toBe('ISTANBUL');
    expect(a.front.birth_date?.value).toBe('24.10.1975');
    // Words in smaller type before the date are a garbled label, not a place; a date that is not the birth date names no place.
    expect(analyseId([withPlace([w('Dale', 10, 61, 4), w('ot', 32, 61, 4), w('Bith', 44, 61, 4), w('24.10.1975', 70, 60)]), back]).front.birth_place).toBeUndefined();
    expect(analyseId([withPlace([w('ISTANBUL', 10, 60), w('24.10.1976', 60, 60)]), back]).front.birth_place).toBeUndefined();
    // A garbled label in smaller type in the same run before the place stays out of it.
    const garbled = [w('PIACE', 10, 62, 5), w('ANO', 38, 62, 5), w('OATE', 56, 62, 5), w('oF', 79, 62, 5), w('sinte:', 92, 62, 5), w('ISTANBUL', 124, 59), w('24.10.1975', 166, 59)];
    expect(analyseId([withPlace(garbled), back]).front.birth_place?.value).toBe('ISTANBUL');
  });
});

describe('result: an MRZ field whose own digit holds while the composite fails yields to the printed side', () => {
  it('document number: the front\'s reading is taken; with the composite holding, the MRZ\'s', async () => {
    const { idFields } = await import('./result.ts');
    const good = td1('CF2755940');
    // The composite broken elsewhere (optional data misread): the number's own digit still holds.
    const broken = [good[0]!.slice(0, 20) + 'W' + good[0]!.slice(21), good[1]!, good[2]!];
    const mrz = found(broken);
    expect(mrz.checks.find((c) => c.field === 'document_number')?.valid).toBe(true);
    expect(mrz.checks.find((c) => c.field === 'composite')?.valid).toBe(false);
    const a = { type: 'identity_card' as const, mrz: { ...mrz, documentNumber: 'CF2T55940' }, front: front('CF2755940'), hasFront: true, hasBack: true, completeness: 'both_sides' as const, crossChecks: [], frontPage: 1 };
    expect(idFields(a).document_number.value).toBe('CF2755940');
    const ok = { ...a, mrz: { ...found(good), documentNumber: 'CF2T55940' } };
    expect(idFields(ok).document_number.value).toBe('CF2T55940');
  });
});

describe('sides on one sheet and MRZ read in pieces', () => {
  const w = (text: string, x0: number, y0: number, h = 8): PositionedWord => ({ text, x0, y0, x1: x0 + text.length * 5, y1: y0 + h, confidence: 0.9 });
  it('a title further above the MRZ band than a card is tall is a front of its own; the title of the band\'s card is not', () => {
    // Band 150 wide (a card ~172 wide, ~125 tall); MRZ unreadable (no check digit holds).
    const band = [w('IRITAX8<<<<<<<<<<<<<<<<<<<<<<<', 20, 400), w('8110<<<<<<<<<<<<<<<<<<<<<<<<<<', 20, 414)];
    const far: WordPage = { page: 1, width: 600, height: 800, words: [w('PERMESSO', 20, 60), w('DI', 70, 60), w('SOGGIORNO', 90, 60), ...band] };
    expect(analyseId([far]).completeness).toBe('both_sides');
    const near: WordPage = { page: 1, width: 600, height: 800, words: [w('PERMESSO', 20, 330), w('DI', 70, 330), w('SOGGIORNO', 90, 330), ...band] };
    expect(analyseId([near]).completeness).toBe('back_only');
  });

  it('a photo\'s MRZ read in pieces ("22<<<<<<<<", "19TUR<<<<<") is still a back side', () => {
    const p: WordPage = { page: 1, width: 400, height: 250, words: [w('BH', 70, 60), w('Innsbruck-Land', 90, 60), w('Bruns', 70, 175), w('22<<<<<<<<', 180, 175), w('19TUR<<<<<', 180, 190)] };
    expect(analyseId([p]).completeness).toBe('back_only');
  });

  it('a date OCR cut over two lines ("16 MAY" and "2020" set lower) is found for the MRZ to place', () => {
    const mrzLines = td1('YV8242947');
    const back: WordPage = { page: 2, width: 300, height: 200, words: [w('16', 10, 20, 10), w('FEB', 25, 21, 10), w('2022', 45, 27, 6), ...mrzLines.map((l, i) => w(l, 10, 140 + i * 14))] };
    const f: WordPage = { page: 1, width: 300, height: 200, words: [w('YILMAZ', 40, 20), w('MEHMET', 40, 40)] };
    expect(analyseId([f, back], { today: new Date('2026-01-01') }).front.validity_start_date?.value).toBe('16 FEB 2022');
  });
});

describe('dates by their order where no MRZ places them', () => {
  const v = (value: string): { iso: string; value: { value: string; page: number; bbox: [number, number, number, number]; confidence: number } } => {
    const [d, m, y] = value.split('.');
    return { iso: `${y}-${m}-${d}`, value: { value, page: 1, bbox: [0, 0, 1, 1], confidence: 0.9 } };
  };
  const today = new Date('2026-11-25');

  it('three dates: the earliest is the birth, the latest the expiry, the one between the issue date', async () => {
    const { datesByOrder } = await import('./analyse.ts');
    const f = datesByOrder({}, [v('01.01.2028'), v('09.01.1967'), v('28.11.2021')], today);
    expect([f.birth_date?.value, f.validity_start_date?.value, f.expiration_date?.value]).toEqual(['09.01.1967', '28.11.2021', '01.01.2028']);
  });

  it('a lone date is the expiry only where it lies ahead; a labelled field stays and bounds the rest', async () => {
    const { datesByOrder } = await import('./analyse.ts');
    expect(datesByOrder({}, [v('29.08.2030')], today).expiration_date?.value).toBe('29.08.2030');
    expect(datesByOrder({}, [v('12.03.1990')], today).expiration_date).toBeUndefined();
    const labelled = { validity_start_date: { value: '15.07.2020', page: 1, bbox: [0, 0, 1, 1] as [number, number, number, number], confidence: 0.9 } };
    const f = datesByOrder(labelled, [v('15.07.2020'), v('21.12.1968'), v('14.07.2030')], today);
    expect([f.birth_date?.value, f.validity_start_date?.value, f.expiration_date?.value]).toEqual(['21.12.1968', '15.07.2020', '14.07.2030']);
    // Two recent dates: the earlier is no birth date (less than eleven years before the expiry).
    const two = datesByOrder({}, [v('28.04.2024'), v('27.04.2026')], today);
    expect(two.birth_date).toBeUndefined();
    expect(two.expiration_date?.value).toBe('27.04.2026');
  });
});

describe('both sides photographed side by side, the MRZ unread (ids7)', () => {
  const boxed = (...specs: string[]): PositionedWord[] =>
    specs.map((sp) => {
      const at = sp.lastIndexOf('@');
      const [x0, y0, x1, y1] = sp.slice(at + 1).split(',').map(Number) as [number, number, number, number];
      return { text: sp.slice(0, at), x0, y0, x1, y1, confidence: 0.9 };
    });
  it('a title OCR split over two lines, beside a band whose lines also carry the front\'s print, is a front: both sides', () => {
    const page: WordPage = {
      page: 1,
      width: 580,
      height: 178,
      words: boxed(
        'REPUBBLICA@42,32,84,39', 'PERMIT@178,32,204,43', 'BOLOGNA@457,32,497,40',
        'SOGGIORNO@90,39,131,45', '/@134,39,136,43', 'RESIDENCE@138,36,175,43', 'Emanuele@349,38,388,45',
        'PERMESSO@43,41,79,48', 'DI@81,41,88,46', 'Corso@292,43,313,48', 'Vittorio@317,40,346,47',
        'KUMAR@88,59,114,66', 'AMIT@173,110,192,115',
        'LAVORO@92,120,132,131', 'SUBORD@133,120,156,130', 'IRITAJZS1611939<<@288,123,414,135', '<Qqqo<sees@415,118,530,130',
        'JZS161193@93,138,130,145', '66@287,139,300,148', '05@302,139,314,147', '704@354,137,375,149', 'O14IN.@375,135,413,146', 'e<C<<<<<<<@437,144,509,154',
        'CEE@253,147,268,151', 'ITEKK<S<<<<<@351,147,434,160',
      ),
    };
    const a = analyseId([page], { today: new Date('2026-01-01') });
    expect(a.hasBack).toBe(true);
    expect(a.completeness).toBe('both_sides');
  });
});

