/** MRZ band second pass: filler look-alikes and check-digit choice among per-scale readings (no OCR engine). */
import { describe, expect, it } from 'vitest';
import { cardTruth } from '../../../../test/fixtures/id/generator.ts';
import { readMrz } from '../../identity/mrz.ts';
import {
  chooseMrzLines,
  collapseFillers,
  fitAlts,
  gridReadings,
  inkMask,
  lineBoxes,
  otsu,
  readingText,
  readMrzBeside,
  skewOf,
  speckledTail,
  unshear,
  withBandLines,
  zoneShaped,
} from './mrz-band.ts';
import type { OcrEngine, OcrImage, OcrWord } from './types.ts';

describe('collapseFillers', () => {
  it('runs of filler look-alikes become fillers; names and numbers stay', () => {
    expect(collapseFillers('IRITAMF55224359<KKKKKKEKEKEEEKEEK')).toBe('IRITAMF55224359' + '<'.repeat(18));
    expect(collapseFillers('9304262M2704243NGA<K<<<<<<<<<K<8')).toBe('9304262M2704243NGA' + '<'.repeat(13) + '8');
    expect(collapseFillers('KOVALENKO<<CHIDI<<<<<<<<<<<<<<')).toBe('KOVALENKO<<CHIDI<<<<<<<<<<<<<<');
    expect(collapseFillers('OKAFOR<<<CHIDI<<<<<<<<<<')).toBe('OKAFOR<<<CHIDI<<<<<<<<<<');
    expect(collapseFillers('X<<LEE<<<<<<<<<<<<<<<<<<<<<<<')).toBe('X<<LEE<<<<<<<<<<<<<<<<<<<<<<<');
    // A filler tail read without a single '<': K-dominant runs of 5+ K/E/C letters spell no name.
    expect(collapseFillers('ARD<<YY23919749KKKKKKKKKKEEKKK')).toBe('ARD<<YY23919749' + '<'.repeat(15));
    expect(collapseFillers('ARD<<YS35999777KKKKKKKKKKKKKK<')).toBe('ARD<<YS35999777' + '<'.repeat(15));
  });
});

describe('readingText: filler look-alikes told apart by glyph shape', () => {
  // One word of glyphs at a fixed pitch; heights as tesseract boxes them at a 40 px capital.
  const word = (spec: string): OcrWord[] => {
    const glyphs = spec.split(' ').map((g, i) => {
      const [, text, h] = /^(.)(\d+)$/.exec(g)!;
      return { text: text!, x0: i * 30, x1: i * 30 + 26, y0: 50 - Number(h), y1: 50, confidence: 0.9 };
    });
    return [{ text: glyphs.map((g) => g.text).join(''), x0: 0, y0: 0, x1: glyphs.length * 30, y1: 50, confidence: 0.9, glyphs }];
  };

  it('a K or X with a filler\'s height beside fillers is a filler', () => {
    expect(readingText(word('A39 R39 B39 E39 N39 X33 <34 <33 <34 <33'))).toBe('ARBEN<<<<<');
  });

  it('a tall, thin K (a scratch across the line) beside fillers is a filler', () => {
    expect(readingText(word('M39 A39 R39 I39 A39 K63 <34 <34 <33 <34'))).toBe('MARIA<<<<<');
  });

  it('a real K, E or X keeps its capital height and stays', () => {
    expect(readingText(word('E39 R39 I39 K39 <34 <34 <33 <34'))).toBe('ERIK<<<<');
    expect(readingText(word('M39 A39 R39 I39 E38 <34 <34 <33 C39'))).toBe('MARIE<<<C');
  });

  it("a K between names that the network rates a filler at least as high is a filler; one it rates lower stays", () => {
    const w = word('A39 N39 N39 A39 K39 M39 A39 R39 I39 A39 <34 <34');
    const k = w[0]!.glyphs![4]!;
    (k as { choices?: { text: string; confidence: number }[] }).choices = [{ text: '<', confidence: 0.81 }, { text: 'K', confidence: 0.78 }];
    expect(readingText(w)).toBe('ANNA<MARIA<<');
    (k as { choices?: { text: string; confidence: number }[] }).choices = [{ text: 'K', confidence: 0.9 }, { text: '<', confidence: 0.2 }];
    expect(readingText(w)).toBe('ANNAKMARIA<<');
  });

  it('without glyph boxes, or too few glyphs to measure, the text is kept', () => {
    expect(readingText([{ text: 'ERIK<<', x0: 0, y0: 0, x1: 10, y1: 10, confidence: 1 }])).toBe('ERIK<<');
    expect(readingText(word('K63 <34'))).toBe('K<');
  });
});

describe('chooseMrzLines', () => {
  const t = cardTruth('de', 105);
  it('picks, per line, the reading whose check digits hold', () => {
    const wrongNumber = t.mrz[0].replace(/^(ARD<<..\d{5})(\d)/, (_, a: string, d: string) => a + 'T' + d);
    const c = chooseMrzLines([[wrongNumber, t.mrz[0]], [t.mrz[1]], [t.mrz[2]]]);
    expect(c?.valid).toBe(true);
    expect([...c!.texts.values()]).toEqual(t.mrz);
  });

  it('a filler tail speckled with S/E/K is tried as fillers, and kept when the check digits agree', () => {
    const speckled = t.mrz[0].slice(0, 24) + 'SSSSEK';
    const c = chooseMrzLines([[speckled], [t.mrz[1]], [t.mrz[2]]]);
    expect(c?.valid).toBe(true);
    expect([...c!.texts.values()]).toEqual(t.mrz);
  });

  it('where the speckled tail passes the composite by chance, the all-filler tail wins', () => {
    // A 200-dpi scan (it, seed 9312): "SSEEEEKK" weighs 0 mod 10 in the composite, like the fillers.
    const u = cardTruth('it', 9312);
    const speckled = u.mrz[0].slice(0, 22) + 'SSEEEEKK';
    expect(readMrz([speckled, u.mrz[1], u.mrz[2]])?.valid).toBe(true);
    const c = chooseMrzLines([[speckled, speckled], [u.mrz[1]], [u.mrz[2]]]);
    expect([...c!.texts.values()]).toEqual(u.mrz);
  });

  it('names line: a variant reading the filler between two names as X loses to one reading the filler', () => {
    const names = 'HOXHA<<JOSE<LUIS<<<<<<<<<<<<<<';
    for (const order of [
      ['HOXHA<<JOSEXLUIS<<<<<<<<<<<<<<', names],
      [names, 'HOXHA<<JOSEXLUIS<<<<<<<<<<<<<<'],
    ]) {
      const c = chooseMrzLines([[t.mrz[0]], [t.mrz[1]], order]);
      expect(c!.texts.get(2)).toBe(names);
    }
    // Alone, an X between letters is a letter (ALEXANDER).
    expect(chooseMrzLines([[t.mrz[0]], [t.mrz[1]], ['HOXHA<<ALEXANDER<<<<<<<<<<<<<<']])!.texts.get(2)).toBe('HOXHA<<ALEXANDER<<<<<<<<<<<<<<');
  });

  it('a closing filler run speckled with look-alikes and one digit ("<<<<<6SSKESKSKK") is tried as fillers; the composite decides', () => {
    expect(speckledTail('IRIRLC648498283<<<<<6SSKESKSKK')).toBe('IRIRLC648498283<<<<<<<<<<<<<<<');
    expect(speckledTail('9808195M2703017SEN<<<<<<<<<KS6')).toBe('9808195M2703017SEN<<<<<<<<<<<6');
    // Data after the fillers stays: two digits, or letters that are no look-alikes.
    expect(speckledTail('IDD<<T22000129<<<<<<<<<<12<<<<')).toBe('IDD<<T22000129<<<<<<<<<<12<<<<');
    expect(speckledTail('IDD<<T22000129<<<<<<<<ABC<<<<<')).toBe('IDD<<T22000129<<<<<<<<ABC<<<<<');
    const chosen = chooseMrzLines([
      ['ITRIRLC648498283<<<<<K<SKEKKKKK', 'IRIRLC648498283<<<<<6SSKESKSKK', 'TLRIRLC648498283<<<<<<SSSSK'],
      ['9808195M2703017SEN<<<<<<<<<<<6', '9808195M2703017SEN<<<<<<<<<<<6'],
      ['FALL<<IBRAHIMA<K<<<<<<<<', 'FALL<<IBRAHIMA<<<<<<<<'],
    ])!;
    expect(chosen.valid).toBe(true);
    expect(chosen.texts.get(0)).toBe('IRIRLC648498283<<<<<<<<<<<<<<<');
  });

  it("the network's candidates per glyph follow a reading through fitting to length and decide an ambiguous repair", () => {
    const text = 'IRAUTM11VWGPNS6<<<<<<<<<<<KKKK';
    const alts = [...text].map((c, i): Record<string, number> | null => (i === 13 ? { S: 0.87, '5': 0.32 } : { [c]: 0.9 }));
    const lines = [
      [{ text: collapseFillers(text) + '<<', alts: [...alts, null, null] }],
      ['0110266M2901019ALB<<<<<<<<<<<6'],
      ['GASHI<<ERVIN<<<<<<<<<<<<<<<<<<'],
    ];
    expect(chooseMrzLines(lines)!.texts.get(0)).toBe('IRAUTM11VWGPN56<<<<<<<<<<<<<<<');
    expect(chooseMrzLines(lines.map((l) => l.map((v) => (typeof v === 'string' ? v : v.text))))!.texts.get(0)).toBe('IRAUTM11VWGPNS6<<<<<<<<<<<<<<<');
    expect(fitAlts('AB<<<<C', [{ A: 1 }, { B: 1 }, null, null, null, null, { C: 1 }], 'AB<<C')).toEqual([{ A: 1 }, { B: 1 }, null, null, { C: 1 }]);
  });

  it('no combination valid: the best is returned as not valid', () => {
    // Birth date and expiry digits swapped: every check digit disagrees, no repair fits.
    const broken = t.mrz[1].slice(8, 15) + t.mrz[1].slice(7, 8) + t.mrz[1].slice(0, 7) + t.mrz[1].slice(15);
    const c = chooseMrzLines([[t.mrz[0]], [broken], [t.mrz[2]]]);
    expect(c?.valid).toBe(false);
  });

  it('lines that form no MRZ: null', () => {
    expect(chooseMrzLines([['HELLO WORLD'], ['1234']])).toBeNull();
  });
});

describe('readMrzBeside: the zone of a card the card finder missed', () => {
  const zone = ['IRIRLC648498283<<<<<<<<<<<<<<<', '9808195M2703017SEN<<<<<<<<<<<6', 'FALL<<IBRAHIMA<<<<<<<<<<<<<<<<'];
  // A page with a found card at the top and, below it, three ink lines of 400, 340 and 280 px: the MRZ of the missed card.
  const w = 600;
  const h = 800;
  const data = new Uint8Array(w * h).fill(235);
  [400, 340, 280].forEach((len, i) => {
    for (let y = 500 + i * 30; y < 515 + i * 30; y++) for (let x = 100; x < 100 + len; x++) if (x % 9 < 6) data[y * w + x] = 25;
  });
  const page = { width: w, height: h, channels: 1 as const, data };
  // A fake recogniser that tells the lines by their crop's proportions.
  const engine: OcrEngine = {
    recognize: async (img: OcrImage, opts) => {
      const ratio = (img.width - 24) / (img.height - 24);
      const text = !opts.charWhitelist ? '' : ratio > 15.5 ? zone[0]! : ratio > 13 ? zone[1]! : zone[2]!;
      return { words: text ? [{ text, x0: 0, y0: 0, x1: img.width, y1: img.height, confidence: 0.9 }] : [], meanConfidence: 0.9 };
    },
    terminate: async () => undefined,
  };

  it('the strips beside the found cards are read as bands; the lines that form a zone come back', async () => {
    const words = await readMrzBeside(engine, page, [{ x0: 50, y0: 40, x1: 550, y1: 340 }]);
    expect(words.map((x) => x.text)).toEqual(zone);
    expect(words[0]!.y0).toBeGreaterThan(480);
  });

  it('no card found, or nothing beside the cards: nothing', async () => {
    expect(await readMrzBeside(engine, page, [])).toEqual([]);
    expect(await readMrzBeside(engine, page, [{ x0: 50, y0: 40, x1: 550, y1: 340 }, { x0: 50, y0: 420, x1: 550, y1: 720 }])).toEqual([]);
  });
});

describe('band geometry', () => {
  it('Otsu threshold and line boxes of two dark bars', () => {
    const w = 200;
    const h = 60;
    const data = new Uint8Array(w * h).fill(240);
    for (const y0 of [10, 35]) for (let y = y0; y < y0 + 12; y++) for (let x = 20; x < 180; x++) data[y * w + x] = 20;
    const img = { width: w, height: h, channels: 1 as const, data };
    const thr = otsu(data);
    expect(thr).toBeGreaterThanOrEqual(20);
    expect(thr).toBeLessThan(240);
    expect(lineBoxes(inkMask(img))).toEqual([
      { x0: 20, y0: 10, x1: 180, y1: 22 },
      { x0: 20, y0: 35, x1: 180, y1: 47 },
    ]);
  });

  it("a photo's textured backdrop at both ends of the band does not join the lines into one", () => {
    const w = 300;
    const h = 70;
    const data = new Uint8Array(w * h).fill(235);
    // Fabric: dark speckle on every row of the band's outer 12 %.
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x < 36 || x >= 264) && (x * 7 + y * 13) % 3 === 0) data[y * w + x] = 30;
    for (const y0 of [12, 40]) for (let y = y0; y < y0 + 12; y++) for (let x = 50; x < 250; x++) if (x % 8 < 5) data[y * w + x] = 20;
    const boxes = lineBoxes(inkMask({ width: w, height: h, channels: 1 as const, data }));
    expect(boxes).toHaveLength(2);
    expect(boxes.map((b) => [b.y0, b.y1])).toEqual([
      [12, 24],
      [40, 52],
    ]);
  });

  it('a tilted line is straightened', () => {
    const w = 400;
    const h = 80;
    const data = new Uint8Array(w * h).fill(235);
    const t = Math.tan((2 * Math.PI) / 180);
    for (let x = 20; x < 380; x++) for (let y = 30; y < 38; y++) if (x % 9 < 6) data[Math.round(y + x * t) * w + x] = 25;
    const img = { width: w, height: h, channels: 1 as const, data };
    const slope = skewOf(inkMask(img));
    expect(Math.atan(slope) * (180 / Math.PI)).toBeCloseTo(-2, 0);
    const lines = lineBoxes(inkMask(unshear(img, slope).image));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.y1 - lines[0]!.y0).toBeLessThanOrEqual(10);
  });
});

describe('withBandLines', () => {
  const w = (text: string, x0: number, y0: number, x1: number, y1: number): OcrWord => ({ text, x0, y0, x1, y1, confidence: 0.5 });
  it("replaces the first pass's words on the band's lines, also one whose box reaches past the band", () => {
    // Geometry of a phone photo (card seed 9301 at ICAO pitch): the first pass read the names line with a tail
    // of specks, its box taller than the band's line; kept, it joined the line and the MRZ lost its names.
    const band = { x0: 0, y0: 600, x1: 1000, y1: 820 };
    const lines = [
      w('ARD<<YT18076148<<<<<<<<<<<<<<<', 27, 690, 980, 722),
      w('9908187M2901282IND<<<<<<<<<<<8', 27, 726, 980, 758),
      w('SANTOS<<RAJESH<<<<<<<<<<<<<<<<', 27, 764, 980, 796),
    ];
    const first = [w('GEBURTSORT', 28, 460, 200, 480), w('SANTOS<<RAJESH<<<<<<<<c<eeeceeee', 27, 770, 1010, 830), w('ARD<<YT1807614', 27, 690, 500, 722)];
    expect(withBandLines(first, lines, band).map((x) => x.text)).toEqual(['GEBURTSORT', ...lines.map((l) => l.text)]);
  });
});

describe('a zone on a grainy page (testkit clean renders: a card at the top of an A4 page, no card found)', () => {
  it("rows between lines that keep the paper's grain still part the lines (a noise floor, not a clean page's zero)", () => {
    const w = 600;
    const h = 120;
    const data = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        // Grain: about 3 % of every row, over the 2 % a clean page needs to count a row as ink.
        const grain = (x * 7 + y * 13) % 31 === 0;
        // Three lines of glyphs 10 px wide at a 14 px pitch.
        const glyph = [20, 50, 80].some((t) => y >= t && y < t + 15) && x >= 50 && x < 550 && (x - 50) % 14 < 10;
        data[y * w + x] = grain || glyph ? 1 : 0;
      }
    }
    const boxes = lineBoxes({ width: w, height: h, channels: 1, data });
    expect(boxes.map((b) => [b.y0, b.y1])).toEqual([
      [20, 35],
      [50, 65],
      [80, 95],
    ]);
  });

  it('zoneShaped: two lines flush left, of one width, a line height or so apart; not print or grain', () => {
    const box = (x0: number, y0: number, width: number, height: number) => ({ x0, y0, x1: x0 + width, y1: y0 + height });
    // A TD1 band as the strips of a 200-dpi page cut it.
    expect(zoneShaped([box(188, 236, 599, 22), box(188, 274, 599, 22), box(191, 313, 598, 20)])).toBe(true);
    // The grain of an empty page: lines as wide, but too far apart; print of two widths; one line.
    expect(zoneShaped([box(27, 502, 526, 12), box(11, 519, 642, 13), box(0, 551, 644, 11)])).toBe(false);
    expect(zoneShaped([box(122, 28, 422, 12), box(121, 50, 497, 14)])).toBe(false);
    expect(zoneShaped([box(188, 236, 599, 22)])).toBe(false);
  });
});

describe('chooseMrzLines: a format is chosen by what its check digits say', () => {
  it("a TD1 card's lines misread are not stretched into a passport's two (an empty personal number passes for nothing)", () => {
    // Read from a generated identity card (TD1, clean render): the second line misread at every scale.
    const v = [['CLITACFZTBI3REI<<<<<<<<<<<<<<<'], ['TEO09D099OMSS04293ITA<<<<<<<<<<4'], ['RIZZO<<SALVATORE<<<<<<<<<<<<<<']];
    const r = chooseMrzLines(v)!;
    expect([...r.texts.values()].map((t) => t.length)).toEqual([30, 30, 30]);
    expect(r.texts.get(2)).toBe('RIZZO<<SALVATORE<<<<<<<<<<<<<<');
  });
});

describe('chooseMrzLines: a data line read one glyph too long, with no filler run to take it up', () => {
  // Read from a generated residence permit (TD1, clean render): "BGD" read "BG6D" at every scale.
  const first = 'IRITAJ5D4911130<<<<<<<<<KKKKKKK';
  const names = 'UDDIN<<MD<RAHIM<<<<<<<<<<<<';

  it('the one deletion after which every check digit holds and the nationality is a state is taken', () => {
    const r = chooseMrzLines([[first], ['6910240M3003013BG6D397697605185'], [names]])!;
    expect(r.valid).toBe(true);
    expect(r.texts.get(1)).toBe('6910240M3003013BGD397697605185');
  });

  it('a line too long whose deletions leave the check digits failing gives no valid zone', () => {
    const r = chooseMrzLines([[first], ['6910240M3003013BG6D397697605186'], [names]]);
    expect(r?.valid ?? false).toBe(false);
  });
});

describe('chooseMrzLines: glyphs laid on the line\'s grid by where they stand (OCR-B is monospaced)', () => {
  const t = cardTruth('it', 4711);
  /** Each glyph's middle as a fraction of the line's ink: cell centres, the glyph after column `col` in that cell too. */
  const grid = (len: number, col: number): number[] =>
    Array.from({ length: len + 1 }, (_, j) => (j < col ? j + 0.4 : j === col ? col + 0.35 : j === col + 1 ? col + 0.75 : j - 0.6) / len);
  const doubled = (line: string, col: number, extra: string): string => line.slice(0, col + 1) + extra + line.slice(col + 1);

  it('a glyph read as two inside the document number ("7" as "7T") is one glyph: the line does not shift', () => {
    const read = doubled(t.mrz[0], 8, 'T');
    // By the text alone the line is fitted by its filler run: the number keeps the extra glyph and fails.
    expect(chooseMrzLines([[read], [t.mrz[1]], [t.mrz[2]]])!.texts.get(0)).not.toBe(t.mrz[0]);
    const c = chooseMrzLines([[{ text: read, at: grid(30, 8) }], [t.mrz[1]], [t.mrz[2]]])!;
    expect(c.valid).toBe(true);
    expect([...c.texts.values()]).toEqual(t.mrz);
  });

  it('the names line (no check digit) keeps the glyph nearest its cell\'s middle', () => {
    const col = t.mrz[2].indexOf('<<') + 3;
    const read = doubled(t.mrz[2], col, 'J');
    expect(chooseMrzLines([[t.mrz[0]], [t.mrz[1]], [read]])!.texts.get(2)).not.toBe(t.mrz[2]);
    const c = chooseMrzLines([[t.mrz[0]], [t.mrz[1]], [{ text: read, at: grid(30, col) }]])!;
    expect(c.texts.get(2)).toBe(t.mrz[2]);
  });

  it('fillers read twice or not at all by position: a shared cell of filler look-alikes is a filler, an empty cell beside fillers too', () => {
    const line = t.mrz[0];
    const at = Array.from({ length: 30 }, (_, j) => (j + 0.4) / 30);
    // Cell 25 read as "<K", cell 28 lost.
    const text = line.slice(0, 26) + 'K' + line.slice(26, 28) + line.slice(29);
    const pos = [...at.slice(0, 26), 25.8 / 30, ...at.slice(26, 28), ...at.slice(29)];
    const r = gridReadings(text, pos, 30)[0]!;
    expect(r.text).toBe(line);
    expect(r.from).toEqual([...Array.from({ length: 28 }, (_, j) => (j < 26 ? j : j + 1)), -1, 29]);
  });

  it('positions that fit no grid, or a glyph lost away from fillers, decide nothing', () => {
    const read = doubled(t.mrz[0], 8, 'T');
    const even = Array.from({ length: 31 }, (_, j) => (j + 0.5) / 31);
    expect(gridReadings(read, even, 30)).toEqual([]);
    const jittered = grid(30, 8).map((x, j) => x + ((j % 3 ? 1 : -1) * 0.45) / 30);
    expect(gridReadings(read, jittered, 30)).toEqual([]);
    const lost = t.mrz[0].slice(0, 7) + t.mrz[0].slice(8);
    const at = Array.from({ length: 30 }, (_, j) => (j + 0.4) / 30).filter((_, j) => j !== 7);
    expect(gridReadings(lost, at, 30)).toEqual([]);
    // Both glyphs of the doubled cell are candidates, the one nearest the middle first.
    expect(gridReadings(read, grid(30, 8), 30).map((r) => r.text)).toEqual([t.mrz[0], read.slice(0, 8) + read.slice(9)]);
  });
});
