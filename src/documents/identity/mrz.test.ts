import fs from 'node:fs';
import { parse } from 'mrz';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardTruth } from '../../../test/fixtures/id/generator.ts';
import { checkDigit, cleanMrzLine, fitLength, insertionCandidates, numberPlacedCandidates, readMrz, resolveDate } from './mrz.ts';

interface Vector {
  test: string;
  mrz: string | string[];
  parse_options?: { autocorrect?: boolean };
  expected_format?: string;
  expected_valid?: boolean;
  expected_fields?: Record<string, unknown>;
  expected_fields_partial?: Record<string, unknown>;
  expected_invalid_detail_count?: number;
  expect_throw?: string;
  expected_fields_same_as_parse_of?: string | string[];
}

const vectors = JSON.parse(fs.readFileSync(new URL('../../../test/fixtures/samples/cheminfo-mrz/mrz-test-vectors.json', import.meta.url), 'utf8')) as Vector[];
const asLines = (m: string | string[]): string[] => (Array.isArray(m) ? m : [m]);

describe('cheminfo-mrz vectors through the mrz library (all of them)', () => {
  it.each(vectors.map((v) => [v.test, v] as const))('%s', (_name, v) => {
    if (v.expect_throw) {
      expect(() => parse(asLines(v.mrz), v.parse_options)).toThrow(v.expect_throw);
      return;
    }
    const r = parse(asLines(v.mrz), v.parse_options);
    if (v.expected_format) expect(r.format).toBe(v.expected_format);
    if (v.expected_valid !== undefined) expect(r.valid).toBe(v.expected_valid);
    if (v.expected_fields) expect(r.fields).toMatchObject(v.expected_fields);
    if (v.expected_fields_partial) expect(r.fields).toMatchObject(v.expected_fields_partial);
    if (v.expected_invalid_detail_count !== undefined)
      expect(r.details.filter((d) => !d.valid)).toHaveLength(v.expected_invalid_detail_count);
  });
});

const icao = vectors.filter((v) => !v.expect_throw && Array.isArray(v.mrz) && [30, 36, 44].includes(v.mrz[0]!.length) && v.mrz.length <= 3 && !/^.DFRA/.test(v.mrz[0]!));

describe('readMrz on the TD1/TD2/TD3 vectors', () => {
  it('clean vectors: same fields and validity as the library, no corrections', () => {
    const clean = icao.filter((v) => !v.parse_options?.autocorrect);
    expect(clean.length).toBeGreaterThan(10);
    for (const v of clean) {
      const lines = asLines(v.mrz);
      const r = readMrz(lines);
      const lib = parse(lines);
      if (!r) continue; // formats outside TD1/2/3 (French ID 36 chars) are not ours
      expect(r.lines, v.test).toEqual(lines.filter(() => true).map((l, i) => (r.corrections.some((c) => c.line === i) ? r.lines[i] : l)));
      expect(r.documentNumber, v.test).toBe(lib.fields.documentNumber ?? null);
      expect(r.lastName, v.test).toBe(lib.fields.lastName ?? null);
      // Check digits are ours; the library's validity also rejects unknown states (UTO).
      if (lib.valid) expect(r.valid, v.test).toBe(true);
      // A failing vector is never "repaired" into a passing one.
      if (v.expected_valid === false && lib.details.some((d) => !d.valid && /check/i.test(d.label))) expect(r.valid, v.test).toBe(false);
    }
  });

  it('noisy vectors: check-digit-confirmed repair gives the clean fields', () => {
    const noisy = icao.filter((v) => v.parse_options?.autocorrect && v.expected_fields_same_as_parse_of);
    expect(noisy.length).toBeGreaterThanOrEqual(3);
    for (const v of noisy) {
      const r = readMrz(asLines(v.mrz));
      expect(r, v.test).not.toBeNull();
      expect(r!.lines, v.test).toEqual(asLines(v.expected_fields_same_as_parse_of!));
      expect(r!.valid, v.test).toBe(true);
    }
  });
});

describe('MRZ helpers', () => {
  it('check digits (ICAO 9303 examples)', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
    expect(checkDigit('ZE184226B<<<<<')).toBe('1');
  });

  it('centuries: birth in the past, expiry within 50 years', () => {
    const today = new Date(Date.UTC(2026, 0, 15));
    expect(resolveDate('740812', 'past', today)).toBe('1974-08-12');
    expect(resolveDate('051231', 'past', today)).toBe('2005-12-31');
    expect(resolveDate('270101', 'past', today)).toBe('1927-01-01');
    expect(resolveDate('120415', 'future', today)).toBe('2012-04-15');
    expect(resolveDate('351231', 'future', today)).toBe('2035-12-31');
    expect(resolveDate('991231', 'future', today)).toBe('1999-12-31');
    expect(resolveDate('990231', 'future', today)).toBeNull();
  });

  it('cleaning and length fitting of OCR lines', () => {
    expect(cleanMrzLine('IRITA AB1234567 4«<<<<<<<<<<<<')).toBe('IRITAAB12345674<<<<<<<<<<<<<<');
    expect(cleanMrzLine('COGNOME / SURNAME: SPECIMEN')).toBeNull();
    expect(fitLength('9001017F3012315ITA<<<<<<<<<4', 30)).toBe('9001017F3012315ITA<<<<<<<<<<<4');
    expect(fitLength('SPECIMEN<<ANNA<<<<<<<<<<<<<<<<<<', 30)).toBe('SPECIMEN<<ANNA<<<<<<<<<<<<<<<<');
  });

  it('digits misread in a date are corrected only when the check digit agrees', () => {
    const l1 = `IRITAAB1234567${checkDigit('AB1234567')}`.padEnd(30, '<');
    const l2a = `900101${checkDigit('900101')}F301231${checkDigit('301231')}ITA`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const good = [l1, l2, 'SPECIMEN<<ANNA<<<<<<<<<<<<<<<<'];
    const noisy = [l1, l2.replace(/^900101/, '9OO1O1'), 'SPEC1MEN<<ANNA<<<<<<<<<<<<<<<<'];
    const r = readMrz(noisy)!;
    expect(r.lines).toEqual(good);
    expect(r.valid).toBe(true);
    expect(r.corrections.filter((c) => c.by === 'check_digit').length).toBeGreaterThan(0);
    // Same confusion but the check digit disagrees: left as read, reported invalid.
    const wrong = readMrz([l1, noisy[1]!.replace(/^(.{6})./, '$10'), good[2]!])!;
    expect(wrong.valid).toBe(false);
    expect(wrong.lines[1]!.slice(0, 6)).toBe('9OO1O1');
  });

  it('letters in a date never pass its check digit, even when they weigh right ("TOO620" for 700620)', () => {
    const l1 = `IRITARN9037904${checkDigit('RN9037904')}`.padEnd(30, '<');
    const l2a = `700620${checkDigit('700620')}M260504${checkDigit('260504')}EGY`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const good = [l1, l2, 'MAHMOUD<<ARBEN<<<<<<<<<<<<<<<<'];
    // T weighs 29 and O 24: 29·7 + 24·3 + 24·1 + 6·7 + 2·3 + 0·1 ≡ 7, the check digit of 700620.
    expect(checkDigit('TOO620')).toBe(checkDigit('700620'));
    const r = readMrz([l1, l2.replace(/^700/, 'TOO'), good[2]!])!;
    expect(r.lines).toEqual(good);
    expect(r.corrections.map((c) => `${c.from}${c.to}`)).toEqual(['T7', 'O0', 'O0']);
  });

  it('a document number with fillers before its characters never passes (a line read shifted)', () => {
    const l1 = `IDD<<<<YJI1A33${checkDigit('<<YJI1A33')}`.padEnd(30, '<');
    const l2a = `930501${checkDigit('930501')}M280419${checkDigit('280419')}MAR`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const r = readMrz([l1, l2, 'SINGH<<AHMED<<<<<<<<<<<<<<<<<<'])!;
    expect(r.checks.find((c) => c.field === 'document_number')?.valid).toBe(false);
    expect(r.valid).toBe(false);
  });

  it("OCR-B's flat-topped 3 read Z or B in a date is repaired when no other digit fits the check digit", () => {
    const card = (birth: string): string[] => {
      const l1 = `IRITADP6891735${checkDigit('DP6891735')}`.padEnd(30, '<');
      const l2a = `${birth}${checkDigit(birth)}F240905${checkDigit('240905')}EGY`.padEnd(29, '<');
      const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
      return [l1, l2, 'SANTOS<<CHIDI<<<<<<<<<<<<<<<<<'];
    };
    const good = card('980325');
    const r = readMrz([good[0]!, good[1]!.replace(/^9803/, '9BOZ'), good[2]!])!;
    expect(r.lines).toEqual(good);
    expect(r.valid).toBe(true);
    // Where the usual digit fits (Z → 2), it is taken and the others are not tried.
    const two = card('980225');
    expect(readMrz([two[0]!, two[1]!.replace(/^9802/, '98OZ'), two[2]!])!.lines).toEqual(two);
  });
});

describe('one glyph read as two (inserted character)', () => {
  const td1 = (number: string, state = 'ARD<<'): string[] => {
    const l1 = `${state}${number}${checkDigit(number)}`.padEnd(30, '<');
    const l2a = `751024${checkDigit('751024')}M270214${checkDigit('270214')}PHL`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    return [l1, l2, 'YILMAZ<<MEHMET<<<<<<<<<<<<<<<<'];
  };
  // OCR output fitted to 30 characters: one filler fewer at the end of line 1.
  const insert = (lines: string[], col: number, glyphs: string, drop = 1): string[] => {
    const l = lines[0]!;
    return [(l.slice(0, col) + glyphs + l.slice(col + drop)).slice(0, 30), lines[1]!, lines[2]!];
  };

  it('the digits alone do not repair it: other deletions pass both check digits too', () => {
    const good = td1('YU8242947', 'IRAUT');
    const noisy = insert(good, 8, 'B', 0);
    expect(readMrz(noisy)!.valid).toBe(false);
    const numbers = insertionCandidates(noisy).map((r) => r.documentNumber);
    expect(numbers).toContain('YU8242947');
    expect(numbers).toContain('YU8B24247'); // a chance pass: why a second reading must pick
    const right = insertionCandidates(noisy).find((r) => r.documentNumber === 'YU8242947')!;
    expect(right.lines).toEqual(good);
    expect(right.corrections[0]).toMatchObject({ line: 0, column: 8, from: 'B', to: '' });
    // Germany's numbers hold no B (NUMBER_ALPHABET): the same chance pass is no candidate there.
    const de = insert(td1('YV8242947'), 8, 'B', 0);
    expect(insertionCandidates(de).map((r) => r.documentNumber)).not.toContain('YV8B24247');
  });

  it('a digit read as two letters ("0" → "TO") is among the candidates: deletion, then one substitution', () => {
    const good = td1('YV9982709');
    const noisy = insert(good, good[0]!.indexOf('0'), 'TO');
    expect(insertionCandidates(noisy).find((r) => r.documentNumber === 'YV9982709')?.lines).toEqual(good);
  });

  it('property: a candidate always has every check digit holding', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{9}$/), fc.integer({ min: 5, max: 14 }), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), (num, col, g) => {
        const noisy = insert(td1(num), col, g, 0);
        for (const r of insertionCandidates(noisy)) expect(r.valid).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('cleanMrzLine', () => {
  it('a names line OCR cut short inside its filler tail is still a candidate; short text is not', () => {
    expect(cleanMrzLine('SINGH<<ARBEN<<<<<<<')).toBe('SINGH<<ARBEN<<<<<<<');
    expect(cleanMrzLine('AB<<CD')).toBeNull();
    expect(cleanMrzLine('Saldo iniziale 1.234,56')).toBeNull();
    expect(cleanMrzLine('1234<<5678<<<')).toBeNull();
  });
});

describe('names line layout', () => {
  it('a second "<<" inside the given names is one filler read twice', () => {
    const l1 = `ARD<<YC8420183${checkDigit('YC8420183')}`.padEnd(30, '<');
    const l2a = `691009${checkDigit('691009')}M261019${checkDigit('261019')}TUR`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const r = readMrz([l1, l2, 'SANTOS<<OLENA<<MARIA<<<<<<<<<<'])!;
    expect(r.lines[2]).toBe('SANTOS<<OLENA<MARIA<<<<<<<<<<<');
    expect(r.firstName).toBe('OLENA MARIA');
    expect(readMrz([l1, l2, 'EL<AMRANI<<CHIDI<<<<<<<<<<<<<<'])!.lines[2]).toBe('EL<AMRANI<<CHIDI<<<<<<<<<<<<<<');
  });

  it('a lone K opening empty optional data is a filler (K and < weigh the same in check digits)', () => {
    const l1 = `ARD<<YV7235941${checkDigit('YV7235941')}`.padEnd(30, '<');
    const l2a = `831018${checkDigit('831018')}M270415${checkDigit('270415')}UKR`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const noisy = [l1.slice(0, 15) + 'K' + l1.slice(16), l2.slice(0, 18) + 'K' + l2.slice(19), 'YILMAZ<<ARBEN<<<<<<<<<<<<<<<<<'];
    expect(readMrz(noisy)!.valid).toBe(true);
    expect(readMrz(noisy)!.lines).toEqual([l1, l2, noisy[2]]);
    // Real optional data stays: "K12<<…".
    const withData = l1.slice(0, 15) + 'K12' + l1.slice(18);
    expect(readMrz([withData, l2, noisy[2]!])!.lines[0]).toBe(withData);
    // Four fillers read as K (a generated PNG, seed 21103): still only fillers.
    const kkkk = l1.slice(0, 15) + 'KKKK' + l1.slice(19);
    expect(readMrz([kkkk, l2, noisy[2]!])!.lines[0]).toBe(l1);
  });

  it('a filler in a country code read as K ("D<K"): the known code D<< (check digits cannot tell)', () => {
    const l1 = `IDD<<YC5199254${checkDigit('YC5199254')}`.padEnd(30, '<');
    const l2a = `700226${checkDigit('700226')}M260902${checkDigit('260902')}PHL`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    const names = 'SINGH<<CHIDI<<<<<<<<<<<<<<<<<<';
    const r = readMrz([l1.slice(0, 4) + 'K' + l1.slice(5), l2, names])!;
    expect(r.valid).toBe(true);
    expect(r.lines[0]).toBe(l1);
    expect(r.issuingState).toBe('D');
    expect(r.corrections).toContainEqual({ line: 0, column: 4, from: 'K', to: '<', by: 'country_code' });
    // KEN stays KEN, and a K that makes no known code stays as read.
    const ken = `IDKEN${l1.slice(5)}`;
    expect(readMrz([ken, l2, names])!.lines[0]).toBe(ken);
  });
});

describe('zones of unseen card designs as the band reads them (testkit clean renders and scans)', () => {
  const td1 = (number: string, birth: string, sex: string, expiry: string, nat: string): [string, string] => {
    const l1 = `IRITA${number}${checkDigit(number)}`.padEnd(30, '<');
    const l2a = `${birth}${checkDigit(birth)}${sex}${expiry}${checkDigit(expiry)}${nat}`.padEnd(29, '<');
    return [l1, l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29))];
  };

  it('the surname separator read with a filler too many ("OKONKWO<<<EMEKA") is "<<"; specks after the padding still go', () => {
    const [l1, l2] = td1('M81N2YYN2', '940416', 'M', '260601', 'NGA');
    const r = readMrz([l1, l2, 'OKONKWO<<<EMEKA<<<<<<<<<<<<<<<'])!;
    expect(r.lines[2]).toBe('OKONKWO<<EMEKA<<<<<<<<<<<<<<<<');
    expect([r.lastName, r.firstName]).toEqual(['OKONKWO', 'EMEKA']);
    expect(readMrz([l1, l2, 'OKONKWO<<EMEKA<<<<<<<<<<<<<<JJ'])!.lines[2]).toBe('OKONKWO<<EMEKA<<<<<<<<<<<<<<<<');
    expect(readMrz([l1, l2, 'OKONKWO<<EMEKA<<<<ANNA<<<<<<<<'])!.lines[2]).toBe('OKONKWO<<EMEKA<<<<<<<<<<<<<<<<');
  });

  it('a glyph too many before or inside the nationality ("1ITA", "SNGA", "ITXA") goes where the code then is a known state', () => {
    const [l1, l2] = td1('CC3960098', '720917', 'M', '350613', 'ITA');
    const names = 'DANGELO<<PAOLO<<<<<<<<<<<<<<<<';
    for (const [at, glyph] of [[15, '1'], [15, 'S'], [17, 'X']] as const) {
      const noisy = (l2.slice(0, at) + glyph + l2.slice(at)).replace('<<<<<<<<<<<', '<<<<<<<<<<');
      expect(noisy).toHaveLength(30);
      const r = readMrz([l1, noisy, names])!;
      expect(r.nationality).toBe('ITA');
      expect(r.lines[1]).toBe(l2);
      expect(r.valid).toBe(true);
      expect(r.corrections[0]).toEqual({ line: 1, column: at, from: glyph, to: '', by: 'country_code' });
    }
    // A known code stays as read; an unknown one no deletion makes known stays too.
    expect(readMrz([l1, l2, names])!.corrections).toEqual([]);
    const [m1, m2] = td1('CC3960098', '720917', 'M', '350613', 'QQQ');
    expect(readMrz([m1, m2, names])!.lines[1]).toBe(m2);
  });
});

describe("check digits repaired with the recogniser's own candidates", () => {
  // An Austrian zone: Germany's numbers hold no S or I (NUMBER_ALPHABET), the network is not needed there.
  const zone = ['IRAUTM11VWGPNS6<<<<<<<<<<<<<<<', '0110266M2901019ALB<<<<<<<<<<<6', 'GASHI<<ERVIN<<<<<<<<<<<<<<<<<<'];
  // What the band's network gave at each glyph of line 1 (testkit clean render, de_eat): S with 5 beside it; the 1s alone.
  const line1 = [...zone[0]!].map((c, i): Record<string, number> => (i === 13 ? { S: 0.87, '5': 0.32 } : i === 6 || i === 7 ? { '1': 0.93, I: 0.0 } : { [c]: 0.92 }));

  it('S→5 and 1→I both make the digit hold: without candidates nothing changes, with them the one the network saw', () => {
    expect(readMrz(zone)!.documentNumber).toBe('M11VWGPNS');
    const r = readMrz(zone, { alternatives: [line1, null, null] })!;
    expect(r.documentNumber).toBe('M11VWGPN5');
    expect(r.valid).toBe(true);
    expect(r.corrections).toContainEqual({ line: 0, column: 13, from: 'S', to: '5', by: 'check_digit' });
  });

  it('two candidates the network saw alike: nothing changes', () => {
    const both = line1.map((a, i): Record<string, number> => (i === 7 ? { '1': 0.9, I: 0.3 } : a));
    expect(readMrz(zone, { alternatives: [both, null, null] })!.documentNumber).toBe('M11VWGPNS');
  });
});

describe('numberPlacedCandidates: a printed number read with glyphs missing', () => {
  it('a valid zone keeps its number where the printed one is that number with a glyph lost at an end', () => {
    const zone = ['IRIRLC648498283<<<<<<<<<<<<<<<', '9808195M2703017SEN<<<<<<<<<<<6', 'FALL<<IBRAHIMA<<<<<<<<<<<<<<<<'];
    expect(readMrz(zone)!.valid).toBe(true);
    expect(numberPlacedCandidates(zone, '64849828')).toEqual([]);
  });
});

describe('insertionCandidates: a speckled filler tail on another line', () => {
  it('an extra glyph before line 2 is found although line 1 ends "<<<<S<<<" (the composite covers both)', () => {
    const t = cardTruth('it', 9304);
    const l1 = t.mrz[0].slice(0, 26) + 'S' + t.mrz[0].slice(27);
    const l2 = ('B' + t.mrz[1]).replace('<<<<<<<<<<<', '<<<<<<<<<<');
    expect(l2).toHaveLength(30);
    const c = insertionCandidates([l1, l2, t.mrz[2]]);
    const right = c.find((r) => r.lines.join() === t.mrz.join());
    expect(right).toBeDefined();
    expect(right!.corrections).toEqual(
      expect.arrayContaining([expect.objectContaining({ line: 0, column: 26, from: 'S', to: '<' }), expect.objectContaining({ line: 1, column: 0, from: 'B', to: '' })]),
    );
  });
});

describe("issuers' number alphabets and the network's candidates weighed with the usual look-alikes", () => {
  const zone = (state: string, number: string, shown = number): string[] => {
    const l1 = `${state}${number}${checkDigit(number)}`.padEnd(30, '<');
    const l2a = `711027${checkDigit('711027')}F270114${checkDigit('270114')}PAK`.padEnd(29, '<');
    const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
    return [l1.replace(number, shown), l2, 'AHMED<<SANA<<<<<<<<<<<<<<<<<<<'];
  };

  it('a German number holds no O, B, S, E …: one read with O passing by chance is not taken as read', () => {
    // "M9ZZNV9X1" read "MOZZNVOX1" (a testkit de_perso): O weighs 24, 9 weighs 9, and at weights 3 and 7 both
    // differences vanish mod 10, so the digit holds either way.
    const r = readMrz(zone('IDD<<', 'M9ZZNV9X1', 'MOZZNVOX1'))!;
    expect(r.documentNumber).not.toContain('O');
    // Elsewhere an O is a letter like any other.
    expect(readMrz(zone('IRAUT', 'M9ZZNV9X1', 'MOZZNVOX1'))!.documentNumber).toBe('MOZZNVOX1');
  });

  it("OCR-B's 6 read as E in a German number is a 6 where the check digit then holds", () => {
    const r = readMrz(zone('IDD<<', 'LVL6KHW8W', 'LVLEKHW8W'))!;
    expect(r.documentNumber).toBe('LVL6KHW8W');
    expect(r.valid).toBe(true);
  });

  it('a swap the network saw (J at 0.64 beside I) beats a usual look-alike it did not see (D→0), both passing', () => {
    // "JMD122269" read "IMD122269" (a testkit it_permit): I→J holds, and so does D→0 (13 at weight 1 and
    // 1 at weight 7 differ by 20).
    const lines = zone('IRITA', 'JMD122269', 'IMD122269');
    const alts = [...lines[0]!].map((c, i): Record<string, number> => (i === 5 ? { I: 0.76, J: 0.64 } : { [c]: 0.92 }));
    expect(readMrz(lines)!.documentNumber).toBe('IM0122269');
    const r = readMrz(lines, { alternatives: [alts, null, null] })!;
    expect(r.documentNumber).toBe('JMD122269');
    expect(r.valid).toBe(true);
  });
});
