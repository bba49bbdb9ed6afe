/**
 * Identity documents as OCR reads them on photos, scans and small cards: label words joined or misread,
 * label remains beside values, two cards side by side on one line, MRZ lines with glyphs of the print
 * beside them, a composite digit lost at the card's edge (issue 20 items 2–3; failure classes of the
 * testkit's debug seeds, each rebuilt here as words).
 */
import { describe, expect, it } from 'vitest';
import type { Line, PositionedWord, WordPage } from '../layout/model.ts';
import { blocksOf, labelsOfLine, readFront } from './front.ts';
import { checkDigit, readMrz } from './mrz.ts';
import { findMrz } from './find.ts';
import type { FoundMrz } from './find.ts';
import type { IdAnalysis } from './analyse.ts';
import type { FrontFields } from './front.ts';
import { idFields } from './result.ts';

/** Words laid out left to right from x on one line at y (glyphs `size` pt tall, 0.6 of it wide). */
function line(y: number, x: number, text: string, size = 5.5): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (const t of text.split(' ')) {
    out.push({ text: t, x0: x, y0: y, x1: x + t.length * size * 0.6, y1: y + size, confidence: 0.9 });
    x += (t.length + 1) * size * 0.6;
  }
  return out;
}

const page = (words: PositionedWord[], width = 243): WordPage => ({ page: 1, width, height: 153, words });

describe('labels as OCR of small type reads them', () => {
  it('words of a combined label joined or misread ("DINASCITA", "ANO") still make the label: place and date split', () => {
    const f = readFront([
      page([
        ...line(40, 20, 'LUOGO E DATA DINASCITA / PLACE ANO DATE OF BIRTH', 3.5),
        ...line(45, 20, 'FUZHOU (CHN) 14.10.1963', 6),
      ]),
    ]);
    expect(f.birth_place?.value).toBe('FUZHOU (CHN)');
    expect(f.birth_date?.value).toBe('14.10.1963');
  });

  it('"rn" and "m" confused ("Vomamen", "Narne") and a slash read as a bar: the name labels still read', () => {
    const f = readFront([
      page([
        ...line(40, 20, 'Narne | Saename', 3.5),
        ...line(45, 20, 'SHARMA', 6),
        ...line(40, 120, 'Vomamen / Given names', 3.5),
        ...line(45, 120, 'AMIT', 6),
      ]),
    ]);
    expect(f.surname?.value).toBe('SHARMA');
    expect(f.given_names?.value).toBe('AMIT');
  });

  it('"rn" read as "m" is no licence for more: "Stadt Nurnberg" is a value, not a number label', () => {
    const f = readFront([page([...line(40, 20, 'Ausstellende Behorde / Authority', 3.5), ...line(45, 20, 'Stadt Nurnberg', 6)])]);
    expect(f.issuing_authority?.value).toBe('Stadt Nurnberg');
    expect(f.document_number).toBeUndefined();
  });
});

describe('label remains beside a value', () => {
  it('a label word in smaller type after the value ("PADOVA BY" of "ISSUED BY") is no part of it', () => {
    const f = readFront([
      page([
        ...line(40, 20, 'RILASCIATO DA / ISSUED', 3.5),
        { text: 'BY', x0: 62, y0: 46, x1: 66, y1: 49.5 },
        ...line(45, 20, 'QUESTURA DI PADOVA', 7),
      ]),
    ]);
    expect(f.issuing_authority?.value).toBe('QUESTURA DI PADOVA');
  });

  it('a speck under half the value\'s height beside it ("Magistrat Gi") goes; the word OCR set lower continues the authority', () => {
    const f = readFront([
      page([
        ...line(40, 20, 'Ausstellende Behorde / Authority', 3.5),
        ...line(46, 20, 'Magistrat', 13),
        { text: 'Gi', x0: 91, y0: 47, x1: 95, y1: 50 },
        ...line(52, 91, 'Graz', 8),
      ]),
    ]);
    expect(f.issuing_authority?.value).toBe('Magistrat Graz');
  });

  it('a tall speck before the authority does not make its "DI" small type ("7.) QUESTURA DI VERONA")', () => {
    const f = readFront([
      page([
        ...line(40, 30, "AUTORITA' / AUTHORITY", 3.5),
        { text: '7.)', x0: 5, y0: 38, x1: 10, y1: 61 },
        ...line(45, 30, 'QUESTURA DI VERONA', 6),
      ]),
    ]);
    expect(f.issuing_authority?.value).toBe('QUESTURA DI VERONA');
  });

  it('a label word OCR boxed small inside the authority ("COMUNE DI FIRENZE", "DI" 4 of 7 tall) stays in it; at its end it goes', () => {
    const inside = readFront([
      page([
        ...line(40, 20, 'RILASCIATO DA / ISSUED BY', 3.5),
        ...line(45, 20, 'COMUNE', 7),
        { text: 'DI', x0: 49.4, y0: 48, x1: 57.8, y1: 52 },
        ...line(45, 62, 'FIRENZE', 7),
      ]),
    ]);
    expect(inside.issuing_authority?.value).toBe('COMUNE DI FIRENZE');
    const atEnd = readFront([
      page([...line(40, 20, 'RILASCIATO DA / ISSUED', 3.5), ...line(45, 20, 'COMUNE DI FIRENZE', 7), { text: 'BY', x0: 95, y0: 48, x1: 99, y1: 51.5 }]),
    ]);
    expect(atEnd.issuing_authority?.value).toBe('COMUNE DI FIRENZE');
  });

  it('a day read with B for 8 ("2B/11/2021") is that date', () => {
    const f = readFront([page([...line(40, 20, 'DATA DI RILASCIO / DATE OF ISSUE', 3.5), ...line(45, 20, '2B/11/2021', 6)])]);
    expect(f.validity_start_date?.value).toBe('2B/11/2021');
  });
});

// A TD1 zone with every check digit holding.
function td1(number: string, names = 'ADEYEMI<<NGOZI'): string[] {
  const l1 = `IRAUT${number}${checkDigit(number)}`.padEnd(30, '<');
  const l2a = `870901${checkDigit('870901')}F270612${checkDigit('270612')}NGA`.padEnd(29, '<');
  const l2 = l2a + checkDigit(l1.slice(5, 30) + l2a.slice(0, 7) + l2a.slice(8, 15) + l2a.slice(18, 29));
  return [l1, l2, names.padEnd(30, '<')];
}

describe('MRZ lines with other print on them', () => {
  const zone = td1('K2E524599');

  it('two cards side by side: the front\'s words on the MRZ lines, and a label between them, are not the zone', () => {
    // Front card on the left (x 20–80), back card's MRZ on the right (x 150–), one OCR line each.
    const words = [
      ...line(100, 20, 'F', 6),
      ...line(100, 150, zone[0]!, 7),
      ...line(108, 20, 'Nr', 3),
      ...line(112, 20, 'K2E524599', 6),
      ...line(112, 150, zone[1]!, 7),
      ...line(124, 150, zone[2]!, 7),
    ];
    const m = findMrz([page(words, 400)]);
    expect(m?.valid).toBe(true);
    expect(m?.documentNumber).toBe('K2E524599');
    expect(m?.lastName).toBe('ADEYEMI');
    // The front's number beside the zone is still read as the front's.
    expect(readFront([page(words, 400)], [{ page: 1, bbox: m!.bbox }]).document_number?.value).toBe('K2E524599');
  });

  it('glyphs before the document code (the card\'s edge read "IWWW") are dropped where every check digit then holds', () => {
    const read = ['IWWW' + zone[0]!, zone[1]!, zone[2]!];
    const words = read.flatMap((t, k) => line(100 + k * 12, 20, t, 7));
    const m = findMrz([page(words, 400)]);
    expect(m?.valid).toBe(true);
    expect(m?.documentNumber).toBe('K2E524599');
  });

  it('a glyph before the line whose issuing state no state has ("FIRAUT…") loses to the line without it', () => {
    // The number read with a glyph too many passes its own digit by chance only with the F in front.
    const words = [...line(100, 20, 'F ' + zone[0]!, 7), ...line(112, 20, zone[1]!, 7), ...line(124, 20, zone[2]!, 7)];
    const m = findMrz([page(words, 400)]);
    expect(m?.issuingState).toBe('AUT');
  });
});

describe('MRZ repairs without a check digit of their own', () => {
  it('look-alikes speckled over the closing filler run are fillers (they passed the composite by chance)', () => {
    const zone = td1('K2E524599');
    const r = readMrz([zone[0]!.slice(0, 26) + 'SSSK', zone[1]!, zone[2]!])!;
    expect(r.lines[0]).toBe(zone[0]);
    expect(r.valid).toBe(true);
  });

  it('a names line without "<<" holding one lone K between fillers read its separator as "<K<"', () => {
    const zone = td1('KJ2761180', 'HASSAN<K<KARIM');
    const r = readMrz(zone)!;
    expect(r.lastName).toBe('HASSAN');
    expect(r.firstName).toBe('KARIM');
    // With the separator in place a single K is a name.
    const k = readMrz(td1('KJ2761180', 'HASSAN<<K<KARIM'))!;
    expect(k.firstName).toBe('K KARIM');
  });
});

describe('result: the MRZ and the print of one field', () => {
  const found = (lines: string[]): FoundMrz => ({ ...readMrz(lines, { repair: false })!, page: 2, bbox: [0, 0, 10, 10], ocrConfidence: 0.9 });
  const analysis = (mrz: FoundMrz, front: FrontFields): IdAnalysis => ({ type: 'residency_permit', mrz, front, hasFront: true, hasBack: true, completeness: 'both_sides', crossChecks: [], frontPage: 1 });
  const v = (value: string): FrontFields[keyof FrontFields] => ({ value, page: 1, bbox: [0, 0, 1, 1], confidence: 0.8 });

  it('a composite digit lost at the card\'s edge: the number whose own digit holds beats a print two glyphs off it', () => {
    const zone = td1('C87962323');
    const lost = [zone[0]!, zone[1]!.slice(0, 29) + '<', zone[2]!];
    const m = found(lost);
    expect(m.checks.find((c) => c.field === 'composite')?.valid).toBe(false);
    expect(idFields(analysis(m, { document_number: v('CB7I962323') })).document_number.value).toBe('C87962323');
    // A print further off is another reading: it stands (the own digit passes a misreading one time in ten).
    expect(idFields(analysis(m, { document_number: v('W95YHOS8JT') })).document_number.value).toBe('W95YHOS8JT');
  });

  it('a composite that fails because another field\'s own digit fails does not count against the number', () => {
    const zone = td1('LAV042073');
    // The expiry's check digit changed: the expiry and the composite fail, the number's digit holds.
    const broken = [zone[0]!, zone[1]!.slice(0, 14) + String((Number(zone[1]![14]) + 4) % 10) + zone[1]!.slice(15), zone[2]!];
    const m = found(broken);
    expect(m.checks.find((c) => c.field === 'expiration_date')?.valid).toBe(false);
    expect(idFields(analysis(m, { document_number: v('LAV0426073') })).document_number.value).toBe('LAV042073');
  });

  it('printed names that are other words altogether lose to a well-formed names line; names it lost stay printed', () => {
    const zone = td1('W95YH08JT', 'BENALI<<YOUSSEF');
    // The number misread: the MRZ is not valid.
    const invalid = found([zone[0]!.slice(0, 5) + 'WIS5SYHOB1' + zone[0]!.slice(15), zone[1]!, zone[2]!]);
    expect(invalid.valid).toBe(false);
    const far = idFields(analysis(invalid, { surname: v('WHEDERLASSUNGSERLAUBNIS'), given_names: v('YOUSSEF') }));
    expect(far.full_name.value).toBe('YOUSSEF BENALI');
    // One glyph off ("BENALL"): the print stands, as before.
    expect(idFields(analysis(invalid, { surname: v('BENALL'), given_names: v('YOUSSEF') })).full_name.value).toBe('YOUSSEF BENALL');
    // A valid zone whose names line lost the given names to fillers: the printed names stand.
    const lost = found(td1('LTG062287', 'SHARMA'));
    expect(lost.valid).toBe(true);
    expect(idFields(analysis(lost, { surname: v('SHARMA'), given_names: v('AMIT') })).full_name.value).toBe('AMIT SHARMA');
  });

  it("a valid zone's nationality that names a state beats the print (label remains read as the value)", () => {
    const m = { ...found(td1('IKY691492')), ocrConfidence: 0.7 };
    expect(m.valid).toBe(true);
    expect(idFields(analysis(m, { citizenship: v('ORAL ITY') })).citizenship.value).toBe('NGA');
    // A zone that fails a check digit: the print stands, as before.
    const zone = td1('IKY691492');
    const broken = { ...found([zone[0]!.slice(0, 14) + String((Number(zone[0]![14]) + 3) % 10) + zone[0]!.slice(15), zone[1]!, zone[2]!]), ocrConfidence: 0.7 };
    expect(broken.valid).toBe(false);
    expect(idFields(analysis(broken, { citizenship: v('NIGERIA') })).citizenship.value).toBe('NIGERIA');
  });
});

/** One line of words as buildLines makes it. */
function lineOf(words: PositionedWord[]): Line {
  return { page: 1, words, text: words.map((w) => w.text).join(' '), x0: Math.min(...words.map((w) => w.x0)), y0: Math.min(...words.map((w) => w.y0)), x1: Math.max(...words.map((w) => w.x1)), y1: Math.max(...words.map((w) => w.y1)) };
}

/** Words as OCR boxed them, "text@x0,y0,x1,y1" (pasted from the dumps of a debug seed's scans). */
function boxed(...specs: string[]): PositionedWord[] {
  return specs.map((s) => {
    const at = s.lastIndexOf('@');
    const [x0, y0, x1, y1] = s.slice(at + 1).split(',').map(Number) as [number, number, number, number];
    return { text: s.slice(0, at), x0, y0, x1, y1, confidence: 0.9 };
  });
}

describe('a value belongs to its label\'s column and line band (ids7)', () => {
  it('a word in smaller type a column away from a tall value is not its remains ("Di" of "COMUNE Di MILANO" beside "ITALIANA")', () => {
    // OCR put "COMUNE" on the line above, "Di MILANO" on the line of the nationality a column to the left.
    const words = boxed('ITALIANA@70,252,98,262', 'Di@189,255,194,259', 'MILANO@197,254,220,259');
    const blocks = blocksOf(lineOf(words), 0, new Set());
    expect(blocks.map((b) => b.words.map((w) => w.text).join(' '))).toEqual(['ITALIANA', 'Di MILANO']);
  });

  it('a bilingual label read only after its slash ("RRLASICATO DA / ISSUED ty") takes the value under its first words, not a taller word of the next column hanging below its line', () => {
    const f = readFront([
      page(
        boxed(
          'RRLASICATO@53,196,77,199', 'DA@73,196,77,200', '/@79,197,80,198', 'ISSUED@81,197,98,199', 'ty@94,196,98,200',
          '»@155,199,155,200', 'DR@157,199,160,201', 'MASCITA@161,199,175,201', '|@176,198,177,203', 'PLACE@178,199,187,201', 'OF@190,200,193,202', 'put@195,200,204,202',
          'COMUNE@53,200,78,205', 'DI@80,201,86,205', 'TORINO@88,201,111,206', 'FIRENZE@144,198,171,209',
        ),
        490,
      ),
    ]);
    expect(f.issuing_authority?.value).toBe('COMUNE DI TORINO');
  });

  it('a taller word that reaches a label\'s line only with its top, under a word of that line a column away, is not the label\'s value beside it (its own value unread)', () => {
    const f = readFront([
      page(
        boxed(
          'RRLASICATO@53,196,77,199', 'DA@73,196,77,200', '/@79,197,80,198', 'ISSUED@81,197,98,199', 'ty@94,196,98,200',
          '»@155,199,155,200', 'DR@157,199,160,201', 'MASCITA@161,199,175,201', '|@176,198,177,203', 'PLACE@178,199,187,201', 'OF@190,200,193,202', 'put@195,200,204,202',
          'FIRENZE@144,198,171,209', 'sEsso)@53,207,63,209',
        ),
        490,
      ),
    ]);
    expect(f.issuing_authority?.value).not.toBe('FIRENZE');
  });

  it('a value under its label whose parenthesis OCR boxed tall up into the label\'s line is still under it ("RABAT (MAR)")', () => {
    const f = readFront([
      page(boxed('‘i@101,54,104,62', 'piace@146,57,153,60', 'of@154,57,156,59', 'Bith@157,57,163,59', '04/06/2027@90,59,117,67', 'RABAT@146,61,161,68', '(MAR)@163,58,178,69', 'STAMP@91,69,108,76', 'YOUSSEF@146,67,168,73'), 397),
    ]);
    expect(f.birth_place?.value).toBe('RABAT (MAR)');
  });

  it('the label\'s last word misread short in its type before a larger value ("issuen sy COMUNE DI PADOVA") is the label\'s', () => {
    const words = boxed('riasciato@27,163,43,165', 'pa@44,163,49,165', '/@48,160,49,167', 'issuen@50,163,60,165', 'sy@61,163,64,165', 'COMUNE@66,161,87,165', 'DI@89,161,93,164', 'PADOVA@96,161,115,164');
    const hits = labelsOfLine(lineOf(words), 0);
    expect(hits.flatMap((h) => h.words.map((w) => w.text))).toEqual(['riasciato', 'pa', '/', 'issuen', 'sy']);
    const blocks = blocksOf(lineOf(words), 0, new Set(hits.flatMap((h) => h.words)));
    expect(blocks.map((b) => b.words.map((w) => w.text).join(' '))).toEqual(['COMUNE DI PADOVA']);
    // Not where the next word is in the label's type too (a short value: "M" beside "SEX").
    expect(labelsOfLine(lineOf(boxed('SESSO@27,163,40,165', '/@41,163,42,165', 'SEX@43,163,50,165', 'M@52,163,55,165')), 0)[0]!.words.map((w) => w.text)).toEqual(['SESSO', '/', 'SEX']);
  });
});
