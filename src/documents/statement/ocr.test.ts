/** OCR word cleaning and balance-chain-confirmed amount repair (no OCR engine involved). */
import { describe, expect, it } from 'vitest';
import { apiView } from './api.ts';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { editDistance } from '../text.ts';
import { cleanOcrPages, extractOcrStatement } from './ocr.ts';

/**
 * One page from rows of [x, text] cells; each row 14 pt below the previous. Words come back at the
 * recogniser's confidence `confidence` (a misreading's: under the 0.9 from which a word is read as is).
 */
function page(rows: [number, string][][], confidence = 0.6): WordPage {
  const words: PositionedWord[] = [];
  rows.forEach((cells, r) => {
    for (const [x, text] of cells) {
      words.push({ text, x0: x, x1: x + text.length * 5, y0: 100 + r * 14, y1: 108 + r * 14, confidence });
    }
  });
  return { page: 1, width: 595, height: 842, words };
}

const texts = (p: WordPage[]): string[] => p[0]!.words.map((w) => w.text);

describe('cleanOcrPages', () => {
  it('snaps misread vocabulary, keeps inflected and unknown words', () => {
    const p = cleanOcrPages([page([[[40, 'SEPA-Lastschnft'], [150, 'Anfangssa1do'], [250, 'Lastschriften'], [350, 'Mustermann']]])]);
    expect(texts(p)).toEqual(['SEPA-Lastschrift', 'Anfangssaldo', 'Lastschriften', 'Mustermann']);
  });

  it('a real word a letter or two from a vocabulary word stays: read confidently, a compound’s end, an inflection', () => {
    // Read confidently (the recogniser's dictionary agreed): "BEITRAG 07/2025 VERTRAG …" is no carried balance.
    const sure = cleanOcrPages([page([[[40, 'Vertrag'], [150, 'Mitte'], [250, 'Depositi'], [350, 'Lastschwift']]], 0.93)]);
    expect(texts(sure)).toEqual(['Vertrag', 'Mitte', 'Depositi', 'Lastschwift']);
    // Unsure, but the end of a vocabulary word ("Credito Emiliano", not "Accredito") or another ending vowel.
    const unsure = cleanOcrPages([page([[[40, 'Credito'], [150, 'Entrate'], [250, 'operazioni']]], 0.85)]);
    expect(texts(unsure)).toEqual(['Credito', 'Entrate', 'operazioni']);
    // A consonant misread at the end, unsure: the vocabulary word.
    expect(texts(cleanOcrPages([page([[[40, 'Kontostang']]], 0.2)]))).toEqual(['Kontostand']);
  });

  it('a word with two shape confusions (I for l, n for ri) snaps to the vocabulary word of that shape; others stay', () => {
    const p = cleanOcrPages([page([[[40, 'SEPA-Iastschnft'], [150, 'Gutschnft'], [250, 'Lastschriften'], [350, 'Iaster']]])]);
    expect(texts(p)).toEqual(['SEPA-Lastschrift', 'Gutschrift', 'Lastschriften', 'Iaster']);
  });

  it('a dotless i (the dot lost in the scan) folds to i for the vocabulary', () => {
    expect(texts(cleanOcrPages([page([[[40, 'Baırgeldauszahlung']]])]))).toEqual(['Bargeldauszahlung']);
  });

  it('the gap after a day of narrow digits, before its month name and year, closes to a space; other gaps stay', () => {
    // Ink boxes: "11" is 7 pt wide, then 5 pt of paper before "Oct" (over the phrase gap of 0.6 × 8 pt).
    const p = cleanOcrPages([page([[[40, '11'], [55, 'Oct'], [72, '2024'], [110, 'SALARY'], [300, '12'], [320, 'Oct']]])]);
    const box = (i: number): number => p[0]!.words[i]!.x0;
    expect(box(1)).toBeCloseTo(50 + 0.35 * 8);
    expect(box(2)).toBe(72); // already a space's width
    // A day and a month a word height apart or more (two cells) are not a date.
    expect(box(5)).toBe(320);
  });

  it('a day read with a letter for a digit before a month name ("O1 Sep") is that day; elsewhere letters stay', () => {
    const p = cleanOcrPages([page([[[40, 'O1'], [52, 'Sep'], [72, '2024'], [110, 'lO'], [122, 'Oct'], [160, 'O1'], [200, 'SALARY'], [300, '4O'], [312, 'Oct']]])]);
    // "lO" is day 10; "O1" before a word that is no month stays, "4O" is no day.
    expect(texts(p)).toEqual(['01', 'Sep', '2024', '10', 'Oct', 'O1', 'SALARY', '4O', 'Oct']);
  });

  it('a month name with a misread vowel between a day and a year ("08 jen 2026", "21 Jon 2026") is that month', () => {
    const p = cleanOcrPages([
      page([
        [[40, '08'], [52, 'jen'], [72, '2026'], [110, 'DIRECT'], [200, 'DEBIT']],
        [[40, '21'], [52, 'Jon'], [72, '2026'], [110, 'CARD'], [200, 'PAYMENT']],
        [[40, '30'], [52, 'Jan'], [72, '2026'], [110, 'SALARY']],
      ]),
    ]);
    // "jen": jan or gen, January either way; "Jon": jan or jun, the page's clearly read "Jan" decides.
    expect(texts(p)).toEqual(['08', 'jan', '2026', 'DIRECT', 'DEBIT', '21', 'Jan', '2026', 'CARD', 'PAYMENT', '30', 'Jan', '2026', 'SALARY']);
    // Nothing decides "Jon" on a page without a clear month name; a word that is no date's middle stays.
    const q = cleanOcrPages([page([[[40, '21'], [52, 'Jon'], [72, '2026'], [110, 'jen'], [130, 'TAX']]])]);
    expect(texts(q)).toEqual(['21', 'Jon', '2026', 'jen', 'TAX']);
  });

  it('a short date whose period was read as a comma or lost ("08.10,") is mended in the column of short dates only', () => {
    const rows = ['06.10.', '08.10,', '08,10.', '09.10.', '10.10.', '11.10'].map((d): [number, string][] => [[44, d], [300, '12.10'], [360, '75,84']]);
    const p = cleanOcrPages([page(rows)]);
    expect(p[0]!.words.filter((w) => w.x0 === 44).map((w) => w.text)).toEqual(['06.10.', '08.10.', '08.10.', '09.10.', '10.10.', '11.10.']);
    // The same words outside the date column are amounts.
    expect(new Set(p[0]!.words.filter((w) => w.x0 !== 44).map((w) => w.text))).toEqual(new Set(['12.10', '75,84']));
  });

  it("a field label's colon read as a period or semicolon is a colon again; other words keep their period", () => {
    const p = cleanOcrPages([page([[[40, 'Empfänger.'], [100, 'Beneficiario;'], [170, 'Payee,'], [220, 'Rif.'], [260, 'Auftraggeber:'], [340, 'GMBH.']]])]);
    expect(texts(p)).toEqual(['Empfänger:', 'Beneficiario:', 'Payee:', 'Rif.', 'Auftraggeber:', 'GMBH.']);
  });

  it('snaps the parts of a slashed pair; dates and other slashed tokens stay', () => {
    const p = cleanOcrPages([page([[[40, 'LOHN/GEHAIT'], [150, '12/03/2025'], [250, 'S/N'], [300, 'Gehalter']]])]);
    expect(texts(p)).toEqual(['LOHN/GEHALT', '12/03/2025', 'S/N', 'Gehalter']);
  });

  it('a thin capital misread in a statement abbreviation is restored; real words and unknown tokens stay', () => {
    const p = cleanOcrPages([page([[[40, 'ACME'], [80, 'ITD'], [120, 'AIM'], [160, '4841'], [200, 'TIM'], [240, 'LTD'], [280, 'AIMS'], [330, 'Ltd']]])]);
    expect(texts(p)).toEqual(['ACME', 'LTD', 'ATM', '4841', 'TIM', 'LTD', 'AIMS', 'Ltd']);
  });

  it('drops punctuation-only noise, trims stray quotes, keeps signs', () => {
    const p = cleanOcrPages([page([[[40, '~~'], [60, '‚Auftraggeber:'], [150, '-'], [170, '|'], [180, '“PAGAMENTO']]])]);
    expect(texts(p)).toEqual(['Auftraggeber:', '-', 'PAGAMENTO']);
  });

  it('repairs S markers glued to or misread after amounts, only on pages that print markers', () => {
    const rows: [number, string][][] = [
      [[40, '01.09.2024'], [300, '10,00'], [330, 'S'], [400, '90,00'], [430, 'H']],
      [[40, '02.09.2024'], [300, '55,285'], [400, '34,72'], [430, 'H']],
      [[40, '03.09.2024'], [300, '4,72'], [324, '5'], [400, '30,00'], [430, 'H']],
    ];
    const p = cleanOcrPages([page(rows)]);
    expect(texts(p)).toContain('55,28S');
    expect(texts(p).filter((t) => t === 'S')).toHaveLength(2);
    // Without markers elsewhere a "5" stays a 5.
    expect(texts(cleanOcrPages([page([[[300, '4,72'], [324, '5']]])]))).toEqual(['4,72', '5']);
  });

  it('a dash glued to a header word is a rule, a minus before digits stays; specks after a dated year go', () => {
    const p = cleanOcrPages([page([[[40, '—Data'], [70, '_—_Details'], [90, 'valuta—'], [150, '-111,56'], [200, '07/09/2025...'], [260, '05/09/2025.'], [320, '05.05.'], [360, '25.12:'], [400, '45.12:'], [440, '121,17:'], [480, '657.55,'], [520, '2976,'], [560, '13.12.'], [600, '—03/09/2026']]])]);
    expect(texts(p)).toEqual(['Data', 'Details', 'valuta', '-111,56', '07/09/2025', '05/09/2025', '05.05.', '25.12.', '45.12', '121,17', '657.55', '2976,', '13.12.', '03/09/2026']);
  });

  it("a table's vertical rule read as ')', '}' or '|' right after a date with its year goes, ISO dates alike; a parenthesised date keeps its parentheses", () => {
    const p = cleanOcrPages([page([[[40, '2025-11-18)'], [110, '2025-11-21}'], [180, '14.06.2024)'], [250, '2025-11-24|'], [320, '(2025-11-24)'], [400, '2026)']]])]);
    expect(texts(p)).toEqual(['2025-11-18', '2025-11-21', '14.06.2024', '2025-11-24', '(2025-11-24)', '2026)']);
  });

  it("a table's vertical rule read as ')', '}', ']', '|' or '!' right after an amount goes; a parenthesised amount keeps its parentheses", () => {
    const p = cleanOcrPages([page([[[40, '2755.74)'], [100, '115.83}'], [160, '1.431,62]'], [220, '85.25|'], [280, '(2755.74)'], [340, '13.12.'], [400, '2026)']]])]);
    expect(texts(p)).toEqual(['2755.74', '115.83', '1.431,62', '85.25', '(2755.74)', '13.12.', '2026)']);
  });

  it("a vertical rule read as a glyph inside a word parts two cells; an amount run into its currency code is cut from it", () => {
    const p = cleanOcrPages([page([[[40, '3042EUR!CARTAN'], [160, 'EUR|CARTA*3675'], [260, '855'], [280, 'EURÌSPESE'], [360, '2190EUR'], [420, 'Yahoo!'], [470, 'EURO']]])]);
    expect(texts(p)).toEqual(['3042', 'EUR', 'CARTAN', 'EUR', 'CARTA*3675', '855', 'EUR', 'SPESE', '2190', 'EUR', 'Yahoo!', 'EURO']);
    // The parts keep their place on the line, in order.
    const xs = p[0]!.words.map((w) => w.x0);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('two amounts parted by a rule read as a bar or a slash, the first with its trailing sign, are two cells; a date and a fraction stay', () => {
    const p = cleanOcrPages([page([[[40, '114,58-|1.745,09|'], [160, '102,04-/2.111,44'], [280, '35.16+|1.531,41'], [400, '08/12/25'], [470, '1/2']]])]);
    // Before: the bar after a sign was not a rule, and a slash between amounts was kept: one word, no amount.
    expect(texts(p)).toEqual(['114,58-', '1.745,09', '102,04-', '2.111,44', '35.16+', '1.531,41', '08/12/25', '1/2']);
  });

  it('a vertical rule read as a thin glyph at one x on line after line is dropped; a lone "I" stays', () => {
    const rows: [number, string][][] = [
      [[40, 'i'], [46, 'TELEKOM'], [120, 'GMBH']],
      [[40, '|'], [46, 'ABRECHNUNG'], [120, '07/2025']],
      [[40, '!'], [46, 'LASTSCHRIFT']],
      [[40, 'i'], [46, 'ENTGELT'], [200, 'I'], [210, 'AM']],
    ];
    expect(texts(cleanOcrPages([page(rows)]))).toEqual(['TELEKOM', 'GMBH', 'ABRECHNUNG', '07/2025', 'LASTSCHRIFT', 'ENTGELT', 'I', 'AM']);
  });

  it('a minus with specks or a rule’s end beside it is the amount; an amount run into its balance across a run of rules is two cells', () => {
    // Read on a 150 dpi scan (seed 637951761): each row was lost (no amount word in its column).
    const p = cleanOcrPages([page([[[40, '=-123.42'], [110, '--132.32'], [180, '-388.49—'], [250, '=-112.75.'], [320, '-110.31_—-1,367.82'], [500, '114,58-']]])]);
    expect(texts(p)).toEqual(['-123.42', '-132.32', '-388.49', '-112.75', '-110.31', '1,367.82', '114,58-']);
  });

  it('a monospaced date ("21 Jan 2026", a character\'s advance between its parts, wider than its ink height) closes into one; unequal gaps stay', () => {
    // Ink height 8 pt; both gaps 9 pt (a fixed pitch): one date.
    const mono = cleanOcrPages([page([[[36, '21'], [55, 'Jan'], [79, '2026'], [120, 'TRANSFER']]])]);
    expect(mono[0]!.words[1]!.x0).toBeCloseTo(46 + 0.35 * 8);
    expect(mono[0]!.words[2]!.x0).toBeCloseTo(70 + 0.35 * 8);
    // A day 9 pt from its month but a year 20 pt away: cells, not one date.
    const cells = cleanOcrPages([page([[[36, '21'], [55, 'Jan'], [90, '2026']]])]);
    expect(cells[0]!.words.map((w) => w.x0)).toEqual([36, 55, 90]);
  });

  it('an amount whose decimal point was read as a space ("52455 .44") is one amount again; a word apart or a date stays', () => {
    const p = cleanOcrPages([page([[[100, '52455'], [128, '.44'], [200, '1.234'], [227, ',56-'], [300, '24.07.'], [330, '2024'], [400, '17'], [460, '.55']]])]);
    expect(texts(p)).toEqual(['52455.44', '1.234,56-', '24.07.2024', '17', '.55']);
  });

  it('a decimal separator lost after a thousands group is restored (five digits follow a group); other numbers stay', () => {
    const p = cleanOcrPages([page([[[40, '2.77144'], [100, '1.30113H'], [160, '-1,23456'], [220, "12'34567"], [280, '1.234.56789'], [340, '30113'], [400, '1.234,56'], [460, '1,234.56'], [520, '1.2345'], [580, '1.234,5678']]])]);
    expect(texts(p)).toEqual(['2.771,44', '1.301,13H', '-1,234.56', "12'345.67", '1.234.567,89', '30113', '1.234,56', '1,234.56', '1.2345', '1.234,5678']);
  });

  it('masked card numbers whose stars OCR read as #, +, F or 4 are restored; a "#" before a number is not a mask', () => {
    const p = cleanOcrPages([page([[[40, '*##+4821'], [100, '#443950'], [160, '**F*1234'], [220, '#41234'], [280, '#12345678']]])]);
    expect(texts(p)).toEqual(['****4821', '****3950', '****1234', '#41234', '#12345678']);
  });

  it('a glued S read as 8 is a marker too (three decimals never occur)', () => {
    const rows: [number, string][][] = [
      [[40, '01.09.2024'], [300, '10,00'], [330, 'S'], [400, '90,00'], [430, 'H']],
      [[40, '02.09.2024'], [300, '714,038'], [400, '34,72'], [430, 'H']],
      [[40, '03.09.2024'], [300, '4,72'], [324, 'S'], [400, '30,00'], [430, 'H']],
    ];
    rows.push([[40, '04.09.2024'], [300, '1.431,622H']]);
    expect(texts(cleanOcrPages([page(rows)]))).toEqual(expect.arrayContaining(['714,03S', '1.431,62H']));
  });

  it('splits an initial glued to the preposition before it, and THANKYOU; keeps real words', () => {
    const p = cleanOcrPages([page([[[40, 'FROMJ'], [80, 'MURPHY'], [120, 'FROM]'], [160, 'THANKYOU'], [220, 'TOM'], [250, 'DAN'], [280, 'FROM'], [310, 'FROMM']]])]);
    expect(texts(p)).toEqual(['FROM', 'J', 'MURPHY', 'FROM', 'J', 'THANK', 'YOU', 'TOM', 'DAN', 'FROM', 'FROMM']);
    // English and Italian booking words are never the tail of a compound; German ones are.
    const runs = cleanOcrPages([page([[[40, 'CASHWITHDRAWAL'], [120, 'CARDPAYMENT'], [200, 'SAMMELLASTSCHRIFT'], [300, 'STORNOADDEBITO'], [380, 'WITHDRAWAL']]])]);
    expect(texts(runs)).toEqual(['CASH', 'WITHDRAWAL', 'CARD', 'PAYMENT', 'SAMMELLASTSCHRIFT', 'STORNO', 'ADDEBITO', 'WITHDRAWAL']);
    const forms = cleanOcrPages([page([[[40, 'EIGENHEIMGMBH'], [120, 'AcmeLtd'], [170, 'GMBH'], [200, 'ABGMBH']]])]);
    expect(texts(forms)).toEqual(['EIGENHEIM', 'GMBH', 'Acme', 'Ltd', 'GMBH', 'ABGMBH']);
  });

  it('mends a date split in two words or with a separator lost', () => {
    const p = cleanOcrPages([page([[[44, '24/07'], [66, '2024'], [102, '2907/2024'], [160, '29/072024'], [220, '1207'], [260, '12.06.'], [292, '2024']]])]);
    expect(texts(p)).toEqual(['24/07/2024', '29/07/2024', '29/07/2024', '1207', '12.06.2024']);
    // Far apart they are two cells.
    expect(texts(cleanOcrPages([page([[[44, '24/07'], [300, '2024']]])]))).toEqual(['24/07', '2024']);
  });

  it('mends a date whose separator was read as a stroke, or lost before a speck ("10/0122025", "1001/2025.")', () => {
    const p = cleanOcrPages([page([[[40, '10/0122025'], [100, '1001/2025.'], [160, '3l/0l/2025'], [220, '10/0122']]])]);
    // Only a 19xx/20xx year makes a stroke a separator; other words stay.
    expect(texts(p)).toEqual(['10/01/2025', '10/01/2025', '3l/0l/2025', '10/0122']);
    expect(texts(cleanOcrPages([page([[[40, '12/0712345']]])]))).toEqual(['12/0712345']);
    // A short date's last digit read twice before its period; another digit there is left alone.
    expect(texts(cleanOcrPages([page([[[40, '12.022.'], [90, '29.022.'], [140, '12.023.']]])]))).toEqual(['12.02.', '29.02.', '12.023.']);
  });

  it('mends a date column word whose separators were both lost or read as strokes ("110472026" for 11/04/2026)', () => {
    const col = (t: string): [number, string][] => [[44, t], [300, '110472026']];
    const rows = ['10/04/2026', '110472026', '12/04/2026', '121122026', '13/04/2026', '14042026', '150472031'].map(col);
    const p = cleanOcrPages([page(rows)]);
    // In the date column: one reading each; "121122026" reads 12/11 or 12/12 and stays, and so
    // does a year no date of the page shows. Outside the column digits are digits.
    expect(p[0]!.words.filter((w) => w.x0 === 44).map((w) => w.text)).toEqual([
      '10/04/2026',
      '11/04/2026',
      '12/04/2026',
      '121122026',
      '13/04/2026',
      '14/04/2026',
      '150472031',
    ]);
    expect(p[0]!.words.filter((w) => w.x0 === 300).every((w) => w.text === '110472026')).toBe(true);
    // Fewer than three whole dates on the page: no format to go by.
    expect(texts(cleanOcrPages([page([[[44, '10/04/2026']], [[44, '110472026']], [[44, '12/04/2026']]])])).filter((t) => !t.includes('/'))).toEqual(['110472026']);
  });

  it('drops a speck read as a sign or symbol before a word, and a diacritic speck on a vocabulary word; [ for L in an abbreviation', () => {
    const p = cleanOcrPages([page([[[40, '+CASH'], [80, '=CASH'], [120, '©Ordinante:'], [170, '+39'], [200, '+'], [220, 'SEPA-Lästschrift'], [300, 'Empfänger'], [360, '[TD'], [390, 'Schlußsaldo']]])]);
    expect(texts(p)).toEqual(['CASH', 'CASH', 'Ordinante:', '+39', '+', 'SEPA-Lastschrift', 'Empfänger', 'LTD', 'Schlußsaldo']);
  });

  it('splits a day or a year glued to its month ("14Jun", "mar2026")', () => {
    expect(texts(cleanOcrPages([page([[[40, '14Jun'], [75, '2025']]])]))).toEqual(['14', 'Jun', '2025']);
    expect(texts(cleanOcrPages([page([[[40, '1'], [48, 'mar2026'], [110, '2mar2026'], [170, 'Mario2026']]])]))).toEqual(['1', 'mar', '2026', '2', 'mar', '2026', 'Mario2026']);
  });

  it('a whole date run into the word after it is cut off ("11.02.2026Gutschrift"); other tokens stay', () => {
    const p = cleanOcrPages([page([[[40, '11.02.2026Gutschrift'], [160, '02.02.26SEPA-Lastschrift'], [300, '12.5kg'], [340, '1.2.3abc']]])]);
    expect(texts(p)).toEqual(['11.02.2026', 'Gutschrift', '02.02.26', 'SEPA-Lastschrift', '12.5kg', '1.2.3abc']);
    // The date keeps the left part of the box, the word the right.
    expect(p[0]!.words[0]!.x1).toBeLessThan(p[0]!.words[1]!.x0 + 0.01);
  });

  it('a preposition run into the booking word after it is cut off ("INENTRATA"); other words stay', () => {
    const p = cleanOcrPages([page([[[40, 'INENTRATA'], [120, 'ONSTANDING'], [200, 'INTERNET'], [260, 'DAVIDE'], [320, 'ANFANGSSALDO'], [400, 'INPS']]])]);
    expect(texts(p)).toEqual(['IN', 'ENTRATA', 'ON', 'STANDING', 'INTERNET', 'DAVIDE', 'ANFANGSSALDO', 'INPS']);
    // A terminal's number and a day run into their word; other letter-digit tokens stay.
    const q = cleanOcrPages([page([[[40, 'ATM91104'], [100, 'POS1234'], [150, 'ON3'], [180, 'ON123'], [220, 'A2A'], [260, 'ATM12']]])]);
    expect(texts(q)).toEqual(['ATM', '91104', 'POS', '1234', 'ON', '3', 'ON123', 'A2A', 'ATM12']);
  });

  it('masked card numbers', () => {
    expect(texts(cleanOcrPages([page([[[40, '*##*3865'], [90, '##*3043'], [140, '12345678']]])]))).toEqual([
      '****3865',
      '****3043',
      '12345678',
    ]);
  });

  it('edit distance', () => {
    expect(editDistance('lastschnft', 'lastschrift')).toBe(2);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('abcdefgh', 'a', 2)).toBe(3);
  });
});

describe('extractOcrStatement: amount repair confirmed by the balance chain', () => {
  const header: [number, string][] = [[40, 'Data'], [110, 'Descrizione'], [300, 'Dare'], [380, 'Avere'], [460, 'Saldo']];
  const rows = (amount2: string): [number, string][][] => [
    header,
    [[40, 'SALDO'], [75, 'INIZIALE'], [460, '1.000,00']],
    [[40, '02/03/2025'], [110, 'BONIFICO'], [380, '250,00'], [460, '1.250,00']],
    [[40, '03/03/2025'], [110, 'PRELIEVO'], [300, amount2], [460, '1.167,11']],
    [[40, '04/03/2025'], [110, 'PAGAMENTO'], [300, '17,11'], [460, '1.150,00']],
    [[40, 'SALDO'], [75, 'FINALE'], [460, '1.150,00']],
  ];

  it('an 8 read as 3 where the chain breaks is repaired; the printed reading reconciles untouched', () => {
    const good = extractOcrStatement([page(rows('82,89'))]);
    expect(good.quality.reconciled).toBe(true);
    const misread = extractOcrStatement([page(rows('32,89'))]);
    expect(apiView(misread).transactions.map((t) => t.amount)).toEqual([250, -82.89, -17.11]);
    expect(misread.quality.reconciled).toBe(true);
    // Each repair records what it changed and what confirmed it; a reading that reconciles is left alone.
    expect(good.repairs).toEqual([]);
    expect(misread.repairs).toEqual([{ page: 1, from: '32,89', to: '82,89', by: 'balance_chain', repair: 'confusable_digit' }]);
  });

  it('a misreading no single confusion explains stays, and the chain says so', () => {
    const x = extractOcrStatement([page(rows('22,89'))]);
    expect(apiView(x).transactions[1]!.amount).toBe(-22.89);
    expect(x.quality.reconciled).toBe(false);
    expect(x.repairs).toEqual([]);
  });
});

describe('extractOcrStatement: S/H markers confirmed by the balance chain', () => {
  const header: [number, string][] = [[40, 'Buchungstag'], [110, 'Buchungstext'], [300, 'Betrag'], [460, 'Saldo']];
  const rows = (marker2: [number, string][]): [number, string][][] => [
    header,
    [[110, 'Anfangssaldo'], [460, '1.000,00'], [500, 'H']],
    [[40, '02.03.24'], [110, 'Gutschrift'], [300, '250,00'], [340, 'H'], [460, '1.250,00'], [500, 'H']],
    [[40, '03.03.24'], [110, 'Lastschrift'], [300, '82,89'], ...marker2, [460, '1.167,11'], [500, 'H']],
    [[40, '04.03.24'], [110, 'Kartenzahlung'], [300, '17,11'], [340, 'S'], [460, '1.150,00'], [500, 'H']],
    [[110, 'Endsaldo'], [460, '1.150,00'], [500, 'H']],
  ];

  it('a marker read as the other letter, or not read at all, is set by the chain', () => {
    expect(extractOcrStatement([page(rows([[340, 'S']]))]).quality.reconciled).toBe(true);
    for (const misread of [[[340, 'H']], []] as [number, string][][]) {
      const x = extractOcrStatement([page(rows(misread))]);
      expect(apiView(x).transactions.map((t) => t.amount)).toEqual([250, -82.89, -17.11]);
      expect(x.quality.reconciled).toBe(true);
    }
  });
});

describe('extractOcrStatement: a running balance gone positive, two misreadings, a lost separator or minus', () => {
  const header: [number, string][] = [[40, 'Buchungstag'], [110, 'Buchungstext'], [300, 'Betrag'], [460, 'Saldo']];
  const rows = (o: { marker2?: [number, string][]; amount3?: string; marker3?: [number, string][]; amount4?: string } = {}): [number, string][][] => [
    header,
    [[110, 'Anfangssaldo'], [460, '100,00'], [500, 'H']],
    [[40, '02.03.24'], [110, 'Gutschrift'], [300, '250,00'], [340, 'H'], [460, '350,00'], [500, 'H']],
    [[40, '03.03.24'], [110, 'Lastschrift'], [300, '432,89'], [340, 'S'], [460, '82,89'], ...(o.marker2 ?? [[500, 'S']])],
    [[40, '04.03.24'], [110, 'Kartenzahlung'], [300, o.amount3 ?? '17,11'], ...(o.marker3 ?? [[340, 'S']]), [460, '100,00'], [500, 'S']],
    [[40, '05.03.24'], [110, 'Kartenzahlung'], [300, o.amount4 ?? '20,00'], [340, 'S'], [460, '120,00'], [500, 'S']],
    [[110, 'Endsaldo'], [460, '120,00'], [500, 'S']],
  ];
  const amounts = [250, -432.89, -17.11, -20];

  it("a running balance's lost marker is set by the chain (the balance had turned positive)", () => {
    expect(extractOcrStatement([page(rows())]).quality.reconciled).toBe(true);
    const x = extractOcrStatement([page(rows({ marker2: [] }))]);
    expect(apiView(x).transactions.map((t) => t.balance)).toEqual([350, -82.89, -100, -120]);
    expect(x.quality.reconciled).toBe(true);
  });

  it('two independent misreadings are both repaired (the first one mended leaves the running check failing)', () => {
    const x = extractOcrStatement([page(rows({ marker2: [], amount4: '26,00' }))]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual(amounts);
    expect(x.quality.reconciled).toBe(true);
    // The lost marker is read by the geometry reader's marker column (solved against the chain), not repaired.
    expect(x.repairs).toEqual([{ page: 1, from: '26,00', to: '20,00', by: 'balance_chain', repair: 'confusable_digit' }]);
  });

  it("a row whose amount lost its decimal separator is restored where the chain then agrees", () => {
    const x = extractOcrStatement([page(rows({ amount3: '1711' }))]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual(amounts);
    expect(x.quality.reconciled).toBe(true);
    expect(x.repairs).toEqual([{ page: 1, from: '1711', to: '17,11', by: 'balance_chain', repair: 'lost_separator' }]);
    // A number that does not fit the chain stays out (the statement says it does not reconcile).
    const y = extractOcrStatement([page(rows({ amount3: '1811' }))]);
    expect(y.quality.reconciled).toBe(false);
    expect(apiView(y).transactions.map((t) => t.amount)).not.toContain(-18.11);
  });

  it('an amount whose separator was lost and whose S marker was read as a digit ("17118", "l7118") is restored by the chain', () => {
    for (const amount3 of ['17118', '17115', 'l7118', '17I15']) {
      const x = extractOcrStatement([page(rows({ amount3, marker3: [] }))]);
      expect(apiView(x).transactions.map((t) => t.amount)).toEqual(amounts);
      expect(x.quality.reconciled).toBe(true);
    }
    // A last digit the chain does not explain as the marker stays out.
    const y = extractOcrStatement([page(rows({ amount3: '17119', marker3: [] }))]);
    expect(y.quality.reconciled).toBe(false);
  });

  it('without balances to confirm it, a lost separator is put back where it makes a row of the amount column', () => {
    const list = (a2: string, other = '4711'): [number, string][][] => [
      [[40, 'Data'], [110, 'Descrizione'], [460, 'Importo']],
      [[40, '02/03/2025'], [110, 'BONIFICO'], [460, '250,00']],
      [[40, '03/03/2025'], [110, 'PRELIEVO'], [460, a2]],
      [[40, '04/03/2025'], [110, 'PAGAMENTO'], [460, '-17,11']],
      [[40, '05/03/2025'], [110, 'PAGAMENTO'], [460, '-20,00']],
      [[110, 'Pagina'], [300, other]],
    ];
    expect(apiView(extractOcrStatement([page(list('-82,89'))])).transactions.map((t) => t.amount)).toEqual([250, -82.89, -17.11, -20]);
    const x = extractOcrStatement([page(list('-8289'))]);
    expect(x.quality.reconciled).toBe(null);
    expect(x.repairs).toEqual([{ page: 1, from: '-8289', to: '-82,89', by: 'one_more_row', repair: 'lost_separator_unconfirmed' }]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([250, -82.89, -17.11, -20]);
    // Digits outside the amount column stay digits.
    expect(apiView(x).transactions).toHaveLength(4);
  });

  it('a running balance below zero that lost its minus gets it back from the chain, two rows in a row', () => {
    const signed = (b2: string, b3: string): [number, string][][] => [
      [[40, 'Date'], [110, 'Description'], [380, 'Amount'], [460, 'Balance']],
      [[110, 'Opening'], [160, 'balance'], [460, '-100.00']],
      [[40, '02/03/2025'], [110, 'TRANSFER'], [380, '-250.00'], [460, '-350.00']],
      [[40, '03/03/2025'], [110, 'TRANSFER'], [380, '20.00'], [460, b2]],
      [[40, '04/03/2025'], [110, 'CARD'], [380, '-17.11'], [460, b3]],
      [[40, '05/03/2025'], [110, 'CARD'], [380, '-20.00'], [460, '-367.11']],
      [[110, 'Closing'], [160, 'balance'], [460, '-367.11']],
    ];
    expect(extractOcrStatement([page(signed('-330.00', '-347.11'))]).quality.reconciled).toBe(true);
    const x = extractOcrStatement([page(signed('330.00', '347.11'))]);
    expect(apiView(x).transactions.map((t) => t.balance)).toEqual([-350, -330, -347.11, -367.11]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-250, 20, -17.11, -20]);
    expect(x.quality.reconciled).toBe(true);
  });

  it('a lost minus on a page of signed amounts is put back where the opening/closing gap is twice the amount', () => {
    const signed = (a2: string): [number, string][][] => [
      [[40, 'Data'], [110, 'Descrizione'], [460, 'Importo']],
      [[40, 'SALDO'], [75, 'INIZIALE'], [460, '1.000,00']],
      [[40, '02/03/2025'], [110, 'BONIFICO'], [460, '250,00']],
      [[40, '03/03/2025'], [110, 'PRELIEVO'], [460, a2]],
      [[40, '04/03/2025'], [110, 'PAGAMENTO'], [460, '-17,11']],
      [[40, '05/03/2025'], [110, 'PAGAMENTO'], [460, '-20,00']],
      [[40, '06/03/2025'], [110, 'PAGAMENTO'], [460, '-30,00']],
      [[40, 'SALDO'], [75, 'FINALE'], [460, '1.100,00']],
    ];
    expect(extractOcrStatement([page(signed('-82,89'))]).quality.reconciled).toBe(true);
    const x = extractOcrStatement([page(signed('82,89'))]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([250, -82.89, -17.11, -20, -30]);
    expect(x.quality.reconciled).toBe(true);
    expect(x.repairs).toEqual([{ page: 1, from: '82,89', to: '-82,89', by: 'balance_chain', repair: 'closing_gap' }]);
  });
});

describe('extractOcrStatement: rows lost in small type (issue 20)', () => {
  // Cells right-aligned at `right` (amounts), as a table prints them.
  const at = (right: number, text: string): [number, string] => [right - text.length * 5, text];
  const table = (o: { a3?: string; a4?: string; a6?: string; lost?: boolean } = {}): [number, string][][] => [
    [[40, 'Opening'], [80, 'balance'], at(420, '1,000.00')],
    [[40, '01/03/2025'], [110, 'CARD'], [140, 'PAYMENT'], at(420, '12.50'), [430, 'D']],
    [[40, '02/03/2025'], [110, 'SALARY'], at(420, '2,000.00'), [430, 'C']],
    [[40, '03/03/2025'], [110, 'DIRECT'], [150, 'DEBIT'], at(420, o.a3 ?? '45.10'), [430, 'D']],
    [[40, '04/03/2025'], [110, 'POS'], [135, 'CAFE'], at(420, o.a4 ?? '7.25'), [430, 'D']],
    [[40, '05/03/2025'], [110, 'RENT'], at(420, '300.00'), [430, 'D']],
    [[40, '06/03/2025'], [110, 'POS'], [135, 'FUEL'], at(420, o.a6 ?? '88.40'), [430, 'D']],
    // a row OCR did not read at all (a grey band): the chain cannot agree whatever is put back
    ...(o.lost ? [] : [[[40, '07/03/2025'], [110, 'POS'], [135, 'BOOKS'], at(420, '19.99'), [430, 'D']] as [number, string][]]),
    [[40, 'Closing'], [80, 'balance'], at(420, '2,526.76')],
  ];

  it('decimal points lost down an amount column are put back at once where every line edited becomes a row', () => {
    expect(extractOcrStatement([page(table())]).quality.reconciled).toBe(true);
    const x = extractOcrStatement([page(table({ a3: '4510', a4: '725', a6: '8840', lost: true }))]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-12.5, 2000, -45.1, -7.25, -300, -88.4]);
    expect(x.quality.reconciled).toBe(false);
    expect(x.repairs).toEqual([
      { page: 1, from: '4510', to: '45.10', by: 'column_rows', repair: 'lost_separators_in_columns' },
      { page: 1, from: '725', to: '7.25', by: 'column_rows', repair: 'lost_separators_in_columns' },
      { page: 1, from: '8840', to: '88.40', by: 'column_rows', repair: 'lost_separators_in_columns' },
    ]);
  });

  it('digits outside the amount column, or beside an amount on their line, are left alone', () => {
    const rows = table({ a3: '4510', a4: '725', lost: true });
    // a reference number in the description, and a page number under the table
    rows[5]!.push([200, '123456']);
    rows.push([[300, '2025']]);
    const x = extractOcrStatement([page(rows)]);
    expect(x.repairs.map((e) => e.from)).toEqual(['4510', '725']);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-12.5, 2000, -45.1, -7.25, -300, -88.4]);
  });

  it('a dash OCR read before an amount whose minus trails is no second sign ("—54.04-")', () => {
    const rows: [number, string][][] = [
      [[40, '25/07/2024'], at(160, '—54.04-'), [170, 'ADDEBITO'], [220, 'DIRETTO']],
      [[40, '24/07/2024'], at(160, '165.02-'), [170, 'ACQUISTO'], [220, 'INTERNET']],
      [[40, '23/07/2024'], at(160, '—25.04-'), [170, 'PRELIEVO'], [220, 'ATM']],
      [[40, '22/07/2024'], at(160, '—1366.89'), [170, 'ACCREDITO'], [230, 'BONIFICO']],
      [[40, '21/07/2024'], at(160, '20.00-'), [170, 'PRELIEVO'], [220, 'ATM']],
    ];
    const p = cleanOcrPages([page(rows)]);
    expect(p[0]!.words.filter((w) => /\d\.\d\d/.test(w.text)).map((w) => w.text)).toEqual(['54.04-', '165.02-', '25.04-', '1366.89', '20.00-']);
    expect(apiView(extractOcrStatement([page(rows)])).transactions.map((t) => t.amount)).toEqual([-54.04, -165.02, -25.04, 1366.89, -20]);
    // Where the page prints minus signs before its figures, a dash before one is left to the readers.
    rows.push([[40, '20/07/2024'], at(160, '-12.00'), [170, 'PAGAMENTO']]);
    expect(cleanOcrPages([page(rows)])[0]!.words.some((w) => w.text === '—1366.89')).toBe(true);
  });

  it('an amount OCR cut or glued in small type is one cell again ("-230, 68 €", "-72,58.€", "-—124,49", "-87.657110.36")', () => {
    const w = (text: string, x0: number, x1: number): PositionedWord => ({ text, x0, x1, y0: 100, y1: 108, confidence: 0.9 });
    const clean = (...ws: PositionedWord[]): string[] => cleanOcrPages([{ page: 1, width: 595, height: 842, words: ws }])[0]!.words.map((x) => x.text);
    // a space read after the decimal comma, the decimals boxed over it, a currency after them
    expect(clean(w('-230,', 404, 438), w('68', 430, 440), w('€', 445, 449))).toEqual(['-230,68', '€']);
    // not in a description's text: "RATA 5, 12 MESI"
    expect(clean(w('RATA', 300, 320), w('5,', 324, 330), w('12', 333, 343), w('MESI', 347, 370))).toEqual(['RATA', '5,', '12', 'MESI']);
    expect(clean(w('-72,58.€', 535, 564))).toEqual(['-72,58', '€']);
    expect(clean(w('-—124,49', 404, 439))).toEqual(['-124,49']);
    expect(clean(w('-87.657110.36', 473, 546))).toEqual(['-87.65', '7110.36']);
    // one amount with its thousands groups stays whole
    expect(clean(w('1.234.567,89', 473, 546))).toEqual(['1.234.567,89']);
  });
});

describe('extractOcrStatement: a running balance misread past one confusable digit', () => {
  // One column of unsigned amounts: only the running balances give their signs.
  const rows = (balance3: string): [number, string][][] => [
    [[40, 'Data'], [110, 'Descrizione'], [380, 'Importo'], [460, 'Saldo']],
    [[40, 'SALDO'], [75, 'INIZIALE'], [460, '1.000,00']],
    [[40, '02/03/2025'], [110, 'BONIFICO'], [380, '250,00'], [460, '1.250,00']],
    // (right-aligned as printed: the misread figure ends where the column's figures end)
    [[40, '03/03/2025'], [110, 'PRELIEVO'], [380, '82,89'], [500 - balance3.length * 5, balance3]],
    [[40, '04/03/2025'], [110, 'PAGAMENTO'], [380, '17,11'], [460, '1.150,00']],
    [[40, '05/03/2025'], [110, 'ACCREDITO'], [380, '40,00'], [460, '1.190,00']],
    [[40, 'SALDO'], [75, 'FINALE'], [460, '1.190,00']],
  ];

  it('a digit lost from a balance ("167,11" for 1.167,11): the signs on both sides come from the chain over it, and the steps on both sides rewrite it', () => {
    expect(extractOcrStatement([page(rows('1.167,11'))]).quality.reconciled).toBe(true);
    const x = extractOcrStatement([page(rows('167,11'))]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([250, -82.89, -17.11, 40]);
    expect(apiView(x).transactions.map((t) => t.balance)).toEqual([1250, 1167.11, 1150, 1190]);
    expect(x.quality.reconciled).toBe(true);
    expect(x.repairs).toEqual([{ page: 1, from: '167,11', to: '1167,11', by: 'balance_chain', repair: 'misread_balance' }]);
  });

  it('a balance that is another number altogether (over two digits apart) is not rewritten', () => {
    const x = extractOcrStatement([page(rows('9.406,55'))]);
    expect(x.repairs.filter((r) => r.repair === 'misread_balance')).toEqual([]);
  });
});

describe('extractOcrStatement: booking dates checked against the statement years and the rows around them', () => {
  // Booking and value dates on every row, no heading: the booking column is the one whose dates keep their order.
  const rows = (booking3: string, booking5: string): [number, string][][] => [
    [[40, '06.09.2024'], [110, '06.09.2024'], [180, 'BONIFICO'], [380, '-30,26'], [460, '1.969,74']],
    [[40, '06.09.2024'], [110, '06.09.2024'], [180, 'PRELIEVO'], [375, '-147,64'], [460, '1.822,10']],
    [[40, booking3], [110, '07.09.2024'], [180, 'PAGAMENTO'], [375, '-204,72'], [460, '1.617,38']],
    [[40, '09.09.2024'], [110, '09.09.2024'], [180, 'STIPENDIO'], [365, '3.390,76'], [460, '5.008,14']],
    [[40, booking5], [110, '10.09.2024'], [180, 'ACCREDITO'], [375, '232,47'], [460, '5.240,61']],
    [[40, '13.09.2024'], [110, '11.09.2024'], [180, 'PAGAMENTO'], [380, '-50,00'], [460, '5.190,61']],
    [[40, '17.09.2024'], [110, '17.09.2024'], [180, 'ADDEBITO'], [375, '-160,69'], [460, '5.029,92']],
    [[40, '19.09.2024'], [110, '18.09.2024'], [180, 'PAGAMENTO'], [380, '-68,77'], [460, '4.961,15']],
  ];
  const booking = ['2024-09-06', '2024-09-06', '2024-09-09', '2024-09-09', '2024-09-10', '2024-09-13', '2024-09-17', '2024-09-19'];

  it('a year misread ("2074") neither makes the value dates the booking column nor leaves the statement in 2074', () => {
    expect(apiView(extractOcrStatement([page(rows('09.09.2024', '10.09.2024'))])).transactions.map((t) => t.date)).toEqual(booking);
    const x = extractOcrStatement([page(rows('09.09.2074', '10.09.2024'))]);
    expect(apiView(x).transactions.map((t) => t.date)).toEqual(booking);
  });

  it('a booking date lost where every row prints its own: the value date stands in between the bookings around it', () => {
    const x = extractOcrStatement([page(rows('09.09.2024', '1O.O9.2O'))]);
    expect(apiView(x).transactions.map((t) => t.date)).toEqual(booking);
  });
});
