import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { buildLines } from '../layout/lines.ts';
import { labelsOfLine, looksLikeFront, parseFrontDate, placeBesideBirthDate, readFront, splitCombined, splitJoinedAuthority, withoutLabelWords } from './front.ts';
import { resolveValidity } from './analyse.ts';

/** Words laid out left to right from x on one line at y (5.5 pt glyphs, 3.2 pt a character). */
function line(y: number, x: number, text: string, size = 5.5): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (const t of text.split(' ')) {
    out.push({ text: t, x0: x, y0: y, x1: x + t.length * size * 0.6, y1: y + size });
    x += (t.length + 1) * size * 0.6;
  }
  return out;
}

const page = (words: PositionedWord[]): WordPage => ({ page: 1, width: 243, height: 153, words });

describe('readFront: bilingual labels', () => {
  const values = [...line(45, 78, 'SANTOS', 8), ...line(65, 78, 'JOSE LUIS', 8), ...line(85, 78, 'AW8504676', 8), ...line(85, 160, '25.11.2029', 8)];
  const labels = (name: string): PositionedWord[] => [...line(38, 78, 'COGNOME / SURNAME'), ...line(58, 78, name), ...line(78, 78, 'N. DOCUMENTO'), ...line(78, 160, 'VALIDITA')];

  it('"NOME / NAME" as printed: NAME is part of the label, not a surname label', () => {
    const f = readFront([page([...labels('NOME / NAME'), ...values])]);
    expect(f.surname?.value).toBe('SANTOS');
    expect(f.given_names?.value).toBe('JOSE LUIS');
    expect(looksLikeFront(f)).toBe(true);
  });

  it('OCR glued the slash to a word ("NOME /NAME", "NOME/ NAME"): the same fields (a second given name was cut at "/NAME")', () => {
    for (const name of ['NOME /NAME', 'NOME/ NAME']) {
      const f = readFront([page([...labels(name), ...values])]);
      expect(f.given_names?.value).toBe('JOSE LUIS');
      expect(f.surname?.value).toBe('SANTOS');
      expect(f.document_number?.value).toBe('AW8504676');
      // A lone "VALIDITA" on a card without an MRZ or another validity label is its expiry.
      expect(resolveValidity(f, null).expiration_date?.value).toBe('25.11.2029');
    }
  });
});

describe('readFront: labels and geometry on designs the reader was not written from', () => {
  it('a French titre de séjour, labels above their values in two columns, date-first combined label', () => {
    const f = readFront([
      page([
        ...line(10, 70, 'TITRE DE SÉJOUR'),
        ...line(30, 70, 'NOM / SURNAME'),
        ...line(30, 185, 'N° DU DOCUMENT'),
        ...line(37, 70, 'DUPONT-NGUYEN', 8),
        ...line(37, 185, 'FR7K20391', 8),
        ...line(52, 70, 'PRÉNOMS / GIVEN NAMES'),
        ...line(52, 185, "DATE D'EXPIRATION"),
        ...line(59, 70, 'THI LAN', 8),
        ...line(59, 185, '14.06.2031', 8),
        ...line(74, 70, 'DATE ET LIEU DE NAISSANCE / DATE AND PLACE OF BIRTH'),
        ...line(81, 70, '03.02.1990 HANOI (VNM)', 8),
        ...line(96, 70, 'DÉLIVRÉ PAR'),
        ...line(96, 185, 'NATIONALITÉ'),
        ...line(103, 70, 'PRÉFECTURE DU RHÔNE', 8),
        ...line(103, 185, 'VNM', 8),
      ]),
    ]);
    expect(f.surname?.value).toBe('DUPONT-NGUYEN');
    expect(f.given_names?.value).toBe('THI LAN');
    expect(f.document_number?.value).toBe('FR7K20391');
    expect(f.expiration_date?.value).toBe('14.06.2031');
    // The combined label's value split: the date, and the rest (never a word of the label).
    expect(parseFrontDate(f.birth_date!.value)).toBe('1990-02-03');
    expect(f.birth_place?.value).toBe('HANOI (VNM)');
    expect(f.issuing_authority?.value).toBe('PRÉFECTURE DU RHÔNE');
    expect(f.citizenship?.value).toBe('VNM');
  });

  it('labels left of their values, at different distances (an aligned value column)', () => {
    const f = readFront([
      page([
        ...line(20, 10, 'Familienname / Surname'),
        ...line(20, 120, 'ÖZTÜRK', 8),
        ...line(32, 10, 'Vornamen / Given names'),
        ...line(32, 120, 'AYŞE NUR', 8),
        ...line(44, 10, 'Geburtsort und -datum / Place and date of birth'),
        ...line(44, 180, 'IZMIR, 7 MAR 1988', 8),
        ...line(56, 10, 'Gültig bis'),
        ...line(56, 120, '01 12 2030', 8),
        ...line(68, 10, 'Ausstellende Behörde'),
        ...line(68, 120, 'Landratsamt Musterkreis', 8),
      ]),
    ]);
    expect(f.surname?.value).toBe('ÖZTÜRK');
    expect(f.given_names?.value).toBe('AYŞE NUR');
    expect(f.birth_place?.value).toBe('IZMIR');
    expect(parseFrontDate(f.birth_date!.value)).toBe('1988-03-07');
    expect(parseFrontDate(f.expiration_date!.value)).toBe('2030-12-01');
    expect(f.issuing_authority?.value).toBe('Landratsamt Musterkreis');
  });

  it('a value must look like its field: a name under a date label is not taken, the date below it is', () => {
    const f = readFront([
      page([...line(20, 10, 'DATE OF EXPIRY'), ...line(20, 120, 'SURNAME'), ...line(27, 120, 'KOWALSKA', 8), ...line(27, 10, 'valid', 8), ...line(37, 10, '31/08/2029', 8)]),
    ]);
    expect(f.surname?.value).toBe('KOWALSKA');
    expect(f.expiration_date).toBeUndefined();
  });

  it('"VALIDITA\' / VALIDITY" next to "SCADENZA / EXPIRY" is the start of validity, the other the expiry', () => {
    const words = [
      ...line(20, 10, "VALIDITA' / VALIDITY"),
      ...line(20, 120, 'SCADENZA / EXPIRY'),
      ...line(27, 10, '02.05.2024', 8),
      ...line(27, 120, '01.05.2029', 8),
      ...line(42, 10, 'RILASCIATO DA / ISSUED BY'),
      ...line(49, 10, 'QUESTURA DI VERONA', 8),
    ];
    const f = resolveValidity(readFront([page(words)]), null);
    expect(f.validity_start_date?.value).toBe('02.05.2024');
    expect(f.expiration_date?.value).toBe('01.05.2029');
    expect(f.issuing_authority?.value).toBe('QUESTURA DI VERONA');
  });

  it('"NATO IL" is a birth date label and "NR." a number label only where it stands as one', () => {
    const f = readFront([
      page([...line(20, 10, 'NATO IL / BORN ON'), ...line(27, 10, '12 giu 1975', 8), ...line(40, 10, 'INDIRIZZO'), ...line(47, 10, 'VIA ROMA NR 12', 8), ...line(60, 10, 'NR.'), ...line(60, 40, 'ZX1234567', 8)]),
    ]);
    expect(parseFrontDate(f.birth_date!.value)).toBe('1975-06-12');
    expect(f.document_number?.value).toBe('ZX1234567');
  });
});

describe('splitCombined and parseFrontDate', () => {
  it('the date anywhere in the value, the place the rest', () => {
    expect(splitCombined('CASABLANCA (MAR) 12.03.1985')).toEqual({ date: '12.03.1985', rest: 'CASABLANCA (MAR)' });
    expect(splitCombined('12/03/1985, CASABLANCA')).toEqual({ date: '12/03/1985', rest: 'CASABLANCA' });
    expect(splitCombined('LAGOS')).toEqual({ date: null, rest: 'LAGOS' });
  });
  it('month names of it/de/en', () => {
    expect(parseFrontDate('25 SEP 2030')).toBe('2030-09-25');
    expect(parseFrontDate('3 Mär 2027')).toBe('2027-03-03');
    expect(parseFrontDate('31.02.2027')).toBeNull();
  });
});

describe('readFront: a misread translation stays part of its label', () => {
  it('"Ausstellende Behörde / Authonty" (OCR of "Authority"): the word is label, the value is below', () => {
    const f = readFront([page([...line(20, 10, 'Ausstellende Behörde / Authonty'), ...line(27, 10, 'Stadt Köln', 8)])]);
    expect(f.issuing_authority?.value).toBe('Stadt Köln');
  });
});

describe('readFront: labels read as noise, values in larger type', () => {
  it('an unread label after a value starts a block of its own ("SENEGAL csüriybs 01 MAR 2027")', () => {
    const words = [...line(40, 20, 'Staatsangehörigkeit', 3), ...line(39, 60, 'SENEGAL', 6), ...line(40, 90, 'csüriybs', 3), ...line(39, 110, '01 MAR 2027', 6)];
    const f = readFront([page(words)]);
    expect(f.citizenship?.value).toBe('SENEGAL');
  });

  it('an authority known by its name where its label did not read, with the word OCR put on a line of its own', () => {
    const main = { text: 'Main', x0: 0, y0: 0, x1: 0, y1: 0 };
    const words = [...line(60, 20, 'Ausstetiende Bxhxrde', 3), ...line(70, 20, 'Stadt Frankfurt am', 6)];
    const am = words[words.length - 1]!;
    Object.assign(main, { x0: am.x1 + 2, x1: am.x1 + 16, y0: am.y0 - 2, y1: am.y1 + 1 });
    const f = readFront([page([...words, main, ...line(90, 20, 'LANDRATSAMT', 3)])]);
    expect(f.issuing_authority?.value).toBe('Stadt Frankfurt am Main');
  });

  it('a labelled authority keeps the word OCR split off beside it; a line under it is another value', () => {
    const words = [...line(50, 20, 'Issuing Authority:', 3), ...line(49, 56, 'GARDA NATIONAL IMMIGRATION', 6)];
    const last = words[words.length - 1]!;
    const bureau = { text: 'BUREAU', x0: last.x1 + 3, x1: last.x1 + 25, y0: last.y0 + 3, y1: last.y1 + 3 };
    const f = readFront([page([...words, bureau, ...line(60, 56, 'STAMP 4', 6)])]);
    expect(f.issuing_authority?.value).toBe('GARDA NATIONAL IMMIGRATION BUREAU');
  });
});

describe('readFront: a document number printed without a label', () => {
  it('the one free word of 8-10 capitals and digits is the number; two such words are none', () => {
    const words = [...line(20, 20, 'BUNDESREPUBLIK DEUTSCHLAND', 5), ...line(20, 180, 'WF6GNM9J9', 5), ...line(40, 20, 'Name', 3), ...line(45, 20, 'OKAFOR', 6)];
    expect(readFront([page(words)]).document_number?.value).toBe('WF6GNM9J9');
    expect(readFront([page([...words, ...line(60, 180, 'AB1234567', 5)])]).document_number).toBeUndefined();
  });
});

describe('readFront: label beside its value, and dates as OCR reads them', () => {
  it('a value twice the label\'s size on the label\'s baseline is its value, not the garbled label words after it', () => {
    // "Geburtsort / Place of birth: WENZHOU", the translation read as "cure of tes"; the value rises above the label.
    const words = [...line(105, 20, 'Geburtsort', 3), ...line(105, 42, 'cure of tes', 2.5), ...line(100, 75, 'WENZHOU', 8), ...line(116, 20, 'Annnerkunge', 3)];
    expect(readFront([page(words)]).birth_place?.value).toBe('WENZHOU');
  });

  it('a day read with letters for digits ("Ol MAY 2022") is that date', () => {
    expect(parseFrontDate('Ol MAY 2022')).toBe('2022-05-01');
    expect(parseFrontDate('O1.03.2027')).toBe('2027-03-01');
    expect(parseFrontDate('MOLO 12 2022')).toBeNull();
  });
});

describe('readFront: label words OCR garbled, left in the value block', () => {
  it('"Geburtsort / Place of birth" read as "Geburtsort /" and "PLACE OF BITH: KYIV": the place is KYIV', () => {
    // The translation garbled past the slash rule's reach: its words end up in the value's block.
    const f = readFront([page([...line(60, 78, 'Geburtsort /'), ...line(58, 125, 'PLACE OF BITH: KYIV', 8)])]);
    expect(f.birth_place?.value).toBe('KYIV');
  });

  it('a misread label word before an authority goes ("AUTHONTY AUSLANDERBEHORDE BERLIN"); short leading words of a value stay ("DE LUCA")', () => {
    const f = readFront([page([...line(38, 78, 'Behörde /'), ...line(36, 105, 'AUTHONTY AUSLANDERBEHORDE BERLIN', 8), ...line(58, 78, 'COGNOME / SURNAME'), ...line(65, 78, 'DE LUCA', 8)])]);
    expect(f.issuing_authority?.value).toBe('AUSLANDERBEHORDE BERLIN');
    expect(f.surname?.value).toBe('DE LUCA');
  });

  it('a place of two letters is the remains of a label ("DI" of "LUOGO DI NASCITA"), not a place', () => {
    const f = readFront([page([...line(38, 78, 'LUOGO DI NASCITA / PLACE OF BIRTH'), ...line(45, 78, 'DI', 8)])]);
    expect(f.birth_place).toBeUndefined();
  });
});

describe('withoutLabelWords: a colon ends a label', () => {
  it('drops the words up to a word ending in a colon, the label garbled past the vocabulary ("OF SIKRH: MILANO")', () => {
    expect(withoutLabelWords('OF SIKRH: MILANO')).toBe('MILANO');
    expect(withoutLabelWords('Gebrtsrt: SAN JOSE')).toBe('SAN JOSE');
    // No value after it, or no colon: as before.
    expect(withoutLabelWords('MILANO')).toBe('MILANO');
    expect(withoutLabelWords('Stadt Frankfurt am Main')).toBe('Stadt Frankfurt am Main');
    expect(withoutLabelWords('PLACE OF BITH: KYIV')).toBe('KYIV');
  });
});

describe('readFront: labels OCR read apart, values with no label (h/ids9)', () => {
  it('"RILASCIATO DA / ISSUED BY" is the authority label: its first word alone is no "RILASCIATO IL" two letters short', () => {
    const f = readFront([
      page([
        ...line(30, 78, 'RILASCIATO DA / ISSUED BY'),
        ...line(37, 78, 'UFFICIO STRANIERI VERONA', 8),
        ...line(52, 78, 'NUMERO / NUMBER'),
        ...line(59, 78, 'INQ417120', 8),
      ]),
    ]);
    expect(f.issuing_authority?.value).toBe('UFFICIO STRANIERI VERONA');
  });

  it('a bilingual label whose slash OCR read as "7", "{" or "f" is one label (its translation no label of its own)', () => {
    for (const slash of ['7', '{', 'f']) {
      for (const text of [`AUTORITA' ${slash} AUTHORITY`, `NOME ${slash} NAME`]) {
        const [l] = buildLines(page(line(30, 78, text)));
        const hits = labelsOfLine(l!, 0);
        expect(hits).toHaveLength(1);
        expect(hits[0]!.words.map((w) => w.text).join(' ')).toBe(text);
      }
    }
  });

  it('a place with its state code in brackets is the place of birth where its label did not read; two such places are none', () => {
    const base = [...line(30, 78, 'COGNOME / SURNAME'), ...line(37, 78, 'KAYA', 8), ...line(52, 78, 'Pace of ity: KONYA (TUR)', 8)];
    expect(readFront([page(base)]).birth_place?.value).toBe('KONYA (TUR)');
    expect(readFront([page([...base, ...line(70, 78, 'LVIV (UKR)', 8)])]).birth_place).toBeUndefined();
    // OCR ran another column's date into it, and boxed the code small: the place and its code still.
    const small = [...line(52, 78, 'CASABLANCA', 8), { text: '(MAR)', x0: 128, y0: 55, x1: 138, y1: 58.5 }, ...line(52, 141, '18.04.2034', 8)];
    expect(readFront([page([...line(30, 78, 'KAYA', 8), ...small])]).birth_place?.value).toBe('CASABLANCA (MAR)');
    // An address (house number, postcode) and an unknown code are no place of birth.
    expect(readFront([page([...line(30, 78, 'KAYA', 8), ...line(52, 78, 'Via Roma 12, 10100 TORINO (TO)', 8), ...line(70, 78, 'DHAKA (XQZ)', 8)])]).birth_place).toBeUndefined();
  });

  it('an unlabelled authority whose first words OCR put on a line of their own, left of the rest: the whole name', () => {
    const f = readFront([page([...line(30, 78, 'KAYA', 8), ...line(52, 78, 'GARDA NATIONAL', 8), ...line(48, 148, 'IMMIGRATION BUREAU', 8)])]);
    expect(f.issuing_authority?.value).toBe('GARDA NATIONAL IMMIGRATION BUREAU');
  });

  it('a label whose words OCR put on two lines (a card photographed askew) is read across them', () => {
    const f = readFront([
      page([...line(30, 49, 'Name', 4), ...line(36, 49, 'KOVALENKO', 6), ...line(50, 49, 'Giltig', 4), ...line(48, 65.8, 'bis', 4), ...line(57, 49, '14.05.2026', 6)]),
    ]);
    expect(f.expiration_date?.value).toBe('14.05.2026');
    expect(f.surname?.value).toBe('KOVALENKO');
  });

  it("a document's title is no label: the number printed beside it is not its value", () => {
    const f = readFront([page([...line(20, 70, 'PERMESSO DI SOGGIORNO / RESIDENCE PERMIT', 5), ...line(20, 200, 'IES755267', 5), ...line(40, 70, 'COGNOME'), ...line(47, 70, 'KAYA', 8)])]);
    expect(f.document_number?.value).toBe('IES755267');
  });

  it('a translation OCR garbled past reading, in the label\'s type after its slash, is part of the label ("t5$048D BY")', () => {
    const w = (text: string, x0: number, x1: number, y0: number, y1: number): PositionedWord => ({ text, x0, x1, y0, y1 });
    const f = readFront([
      page([
        w('RILASCIATO', 69.4, 93.1, 41.2, 44.1),
        w('DA', 94.7, 100, 41.5, 44.4),
        w('/', 101.8, 102.5, 42.8, 44.6),
        w('t5$048D', 104.6, 119.2, 41.8, 44.7),
        w('BY', 121.1, 125.1, 42.1, 44.9),
        ...line(47, 69, 'UFFICIO STRANIERI MILANO', 6),
      ]),
    ]);
    expect(f.issuing_authority?.value).toBe('UFFICIO STRANIERI MILANO');
  });

  it('a bilingual label whose bar OCR boxed tall ("Behivde | Authority") still spans its unread first language', () => {
    const w = (text: string, x0: number, x1: number, y0: number, y1: number): PositionedWord => ({ text, x0, x1, y0, y1 });
    const f = readFront([page([w('Behivde', 86, 101, 145, 148), w('|', 104, 105, 143, 149), w('Authority', 107, 125, 145, 148), ...line(150, 86, 'Ufficio Stranieri', 6)])]);
    expect(f.issuing_authority?.value).toBe('Ufficio Stranieri');
  });

  it('a whole bilingual label after a bar (a card\'s rule boxed tall) takes no words before the bar: its value below stays aligned', () => {
    const w = (text: string, x0: number, x1: number, y0: number, y1: number): PositionedWord => ({ text, x0, x1, y0, y1 });
    const f = readFront([page([w('Ah', 64, 70, 93, 99), w('|', 76, 77, 91, 105), ...line(93, 80, 'Cognome / Surname', 6), ...line(101, 80, 'NIKOLIC', 12)])]);
    expect(f.surname?.value).toBe('NIKOLIC');
  });

  it('unlabelled authorities: a longer name before a word alone, a box OCR drew too wide does not cut the name', () => {
    const w = (text: string, x0: number, x1: number, y0: number, y1: number): PositionedWord => ({ text, x0, x1, y0, y1 });
    // "HOME" of a misread "NOME" label above "QUESTURA" whose other words OCR boxed much smaller.
    expect(readFront([page([...line(20, 68, 'HOME', 3), ...line(40, 69, 'QUESTURA', 12), ...line(48, 130, 'DI MILANO', 4)])]).issuing_authority?.value).toBe('QUESTURA');
    // "COMUNE" boxed over the start of "DI TORINO", which OCR put a little higher.
    expect(readFront([page([w('COMUNE', 78, 120, 73, 79), w('DI', 112, 120, 69, 82), w('TORINO', 122, 154, 72, 81)])]).issuing_authority?.value).toBe('COMUNE DI TORINO');
  });

  it('the place beside the birth date where OCR boxed the date in two sizes (two blocks of one run)', () => {
    const p = page([...line(20, 69, 'KUMAR', 8), ...line(40, 69, 'MUMBAI 08.', 12), ...line(43, 143, '05.1997', 6)]);
    expect(placeBesideBirthDate([p], [], '1997-05-08')?.value).toBe('MUMBAI');
  });

  it('an authority OCR ran into one word is split at its joining word; one German word stays whole', () => {
    expect(splitJoinedAuthority('QUESTURADIVERONA')).toBe('QUESTURA DI VERONA');
    expect(splitJoinedAuthority('COMUNEDIBOLOGNA')).toBe('COMUNE DI BOLOGNA');
    expect(splitJoinedAuthority('STADTVERWALTUNG')).toBe('STADTVERWALTUNG');
    expect(splitJoinedAuthority('QUESTURA O1 TRENTO')).toBe('QUESTURA DI TRENTO');
    expect(splitJoinedAuthority('QUESTURA o1 TRENTO')).toBe('QUESTURA DI TRENTO');
    expect(splitJoinedAuthority('MA 35 Wien')).toBe('MA 35 Wien');
    expect(splitJoinedAuthority('Landratsamt Ebersberg')).toBe('Landratsamt Ebersberg');
  });
});

describe('readFront: words OCR boxed apart (place10)', () => {
  const w = (text: string, x0: number, y0: number, x1: number, y1: number): PositionedWord => ({ text, x0, y0, x1, y1 });

  it('an unlabelled authority whose first word OCR boxed three times taller than the rest, centred on them: the whole name', () => {
    // A photographed ie_irp back (ids seed 1085470465 D0015): "IMMIGRATION" 17 pt tall, "SERVICE DELIVERY" 6 pt at its centre.
    // The line reader put the tall word on the line of the title beside it, its smaller words on a line of their own.
    const f = readFront([
      page([
        w('EIRE', 108, 33, 122, 38),
        w('/', 126, 33, 127, 38),
        w('IRELAND', 130, 33, 159, 38),
        w('IMMIGRATION', 357, 30, 413, 47),
        w('SERVICE', 416, 36, 449, 42),
        w('DELIVERY', 453, 36, 492, 42),
        w('IRISH', 108, 41, 131, 47),
        w('RESIDENCE', 135, 41, 182, 47),
        w('PERMIT', 186, 41, 218, 47),
        w('KUMAR', 242, 72, 269, 81),
      ]),
    ]);
    expect(f.issuing_authority?.value).toBe('IMMIGRATION SERVICE DELIVERY');
  });

  it('a bracketed place whose word OCR cut into pieces in different heights, part of it taken by a free-text label: the place whole', () => {
    // A scanned ie_irp front (ids seed 1085470465 D0022): "Permission" of "Permission to work" read as the permit
    // type's label took "ALE XAN" under it; "DRIA" boxed smaller.
    const words = [
      w('MAHMOUD', 105, 79, 143, 88),
      w('Permission', 105, 105, 145, 120),
      w('to', 147, 109, 155, 114),
      w('work', 157, 108, 175, 114),
      w('ALE', 105, 119, 118, 128),
      w('XAN', 119, 119, 134, 128),
      w('DRIA', 135, 122, 152, 128),
      w('(EGY)', 155, 121, 174, 128),
    ];
    expect(readFront([page(words)]).birth_place?.value).toBe('ALEXANDRIA (EGY)');
    // Words a space apart stay words ("CEBU CITY (PHL)").
    expect(readFront([page([...line(10, 20, 'KAYA', 8), ...line(40, 20, 'CEBU CITY (PHL)', 8)])]).birth_place?.value).toBe('CEBU CITY (PHL)');
  });

  it('a card\'s rule boxed tall a column left of a label is not its slash: the value under the label is its value', () => {
    // A de_eat clean render (debug seed): "| Geburtsort", the bar 62 pt left of the label and reaching down past the
    // value's line; the label's box took it in and its value, now beside the box's bottom, went unread (a speck below was taken).
    const f = readFront([
      page([
        w('|', 90, 145, 91, 159),
        w('Geburtsort', 153, 144, 175, 155),
        w('BENIN', 153, 154, 175, 159),
        w('CITY', 178, 154, 194, 159),
        w('(NGA)', 197, 154, 218, 160),
        w('22/09/2021', 236, 154, 276, 160),
        w('WUvryrn', 93, 172, 140, 180),
      ]),
    ]);
    expect(f.birth_place?.value).toBe('BENIN CITY (NGA)');
  });
});
