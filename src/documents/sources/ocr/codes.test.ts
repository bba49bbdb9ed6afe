import { describe, expect, it } from 'vitest';
import { joinSplitCodes, restoreCapitalI, trustLettersInCodes } from './codes.ts';
import { hocrChoices } from './tesseract.ts';
import type { OcrGlyph, OcrImage, OcrWord } from './types.ts';

/** A word whose glyphs spell `text`; `choices[i]` gives glyph i its network candidates. */
function word(text: string, choices: Record<number, [string, number][]> = {}, conf: Record<number, number> = {}): OcrWord {
  const glyphs: OcrGlyph[] = [...text].map((c, i) => ({
    text: c,
    x0: 10 * i,
    y0: 0,
    x1: 10 * i + 9,
    y1: 16,
    confidence: conf[i] ?? 0.99,
    ...(choices[i] ? { choices: choices[i].map(([t, p]) => ({ text: t, confidence: p })) } : {}),
  }));
  return { text, x0: 0, y0: 0, x1: 10 * text.length, y1: 16, confidence: 0.04, glyphs };
}

describe('trustLettersInCodes', () => {
  it('takes the capital the network saw where the decoder wrote a digit inside a code', () => {
    const w = word('89836594765', { 4: [['G', 0.92], ['6', 0.35]] }, { 4: 0.86 });
    expect(trustLettersInCodes([w])[0]!.text).toBe('8983G594765');
  });

  it('keeps the digit when the letter is not clearly ahead of its candidate', () => {
    // "01" (a page number) with O 0.77 vs 0 0.74: too close.
    expect(trustLettersInCodes([word('0123', { 0: [['O', 0.77], ['0', 0.74]] }, { 0: 0.95 })])[0]!.text).toBe('0123');
    // A blurred 4 with A at 0.83 and 4 at 0.80 (a real reading; the code holds no A).
    expect(trustLettersInCodes([word('79471415711', { 5: [['A', 0.83], ['4', 0.8]] }, { 5: 0.95 })])[0]!.text).toBe('79471415711');
  });

  it("the letter clearly ahead counts even where the decoder was surer of its digit (S 0.89 vs 5 0.69, glyph 0.90)", () => {
    expect(trustLettersInCodes([word('52265315249', { 4: [['S', 0.89], ['5', 0.69]] }, { 4: 0.9 })])[0]!.text).toBe('5226S315249');
    expect(trustLettersInCodes([word('50808552951', { 4: [['S', 0.92], ['8', 0.42]] }, { 4: 0.97 })])[0]!.text).toBe('5080S552951');
    // A short run of digits may be an amount that lost its comma: the decoder's certainty counts there.
    expect(trustLettersInCodes([word('2747', { 2: [['A', 0.7], ['4', 0.45]] }, { 2: 0.9 })])[0]!.text).toBe('2747');
    expect(trustLettersInCodes([word('2747', { 2: [['A', 0.95], ['4', 0.45]] }, { 2: 0.9 })])[0]!.text).toBe('27A7');
  });

  it('leaves words, amounts and lower-case letters alone', () => {
    // In words the decoder's model is right more often than the first candidate ("Gutschrift", n first for r).
    expect(trustLettersInCodes([word('ABCD12', { 4: [['E', 0.9]] }, { 4: 0.5 })])[0]!.text).toBe('ABCD12');
    expect(trustLettersInCodes([word('46,815', { 5: [['S', 0.87], ['5', 0.47]] }, { 5: 0.89 })])[0]!.text).toBe('46,815');
    expect(trustLettersInCodes([word('123456', { 2: [['s', 0.9]] }, { 2: 0.5 })])[0]!.text).toBe('123456');
    // No choices (an engine without them): nothing to go by.
    expect(trustLettersInCodes([word('89836594765')])[0]!.text).toBe('89836594765');
  });
});

describe('hocrChoices', () => {
  it("reads each glyph's candidates from tesseract's hOCR (lstm_choice_mode 2), best first", () => {
    const hocr = `<span class='ocr_line' id='line_1_9' title="bbox 492 1012 631 1029">
    <span class='ocrx_word' id='word_1_89' title='bbox 492 1012 631 1029; x_wconf 4'>
     <span class='ocrx_cinfo' title='x_bboxes 492 1013 503 1029; x_conf 99.574478'>8</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_89_1'>
       <span class='ocrx_cinfo' id='choice_1_89_1' title='x_confs 95.216507'>8</span>
       <span class='ocrx_cinfo' id='choice_1_89_2' title='x_confs 0'>&amp;</span>
      </span>
     <span class='ocrx_cinfo' title='x_bboxes 541 1013 555 1029; x_conf 86.379951'>6</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_89_5'>
       <span class='ocrx_cinfo' id='choice_1_89_22' title='x_confs 35.225876'>6</span>
       <span class='ocrx_cinfo' id='choice_1_89_21' title='x_confs 91.682098'>G</span>
      </span>
     <span class='ocrx_cinfo' title='x_bboxes 559 1013 569 1029; x_conf 98.381508'>5</span>
    </span>
    <span class='ocrx_word' id='word_1_90' title='bbox 640 1012 660 1029; x_wconf 90'><strong>
     <span class='ocrx_cinfo' title='x_bboxes 640 1013 660 1029; x_conf 90'>&lt;</span></strong>
    </span>`;
    const m = hocrChoices(hocr);
    const g = m.get('492 1012 631 1029')!;
    expect(g.map((x) => x.text)).toEqual(['8', '6', '5']);
    expect(g[0]!.choices.map((c) => c.text)).toEqual(['8', '&']);
    expect(g[1]!.choices[0]).toEqual({ text: 'G', confidence: 0.91682098 });
    expect(g[2]!.choices).toEqual([]);
    expect(m.get('640 1012 660 1029')!.map((x) => x.text)).toEqual(['<']);
  });
});

describe('joinSplitCodes', () => {
  /** Lines of words, 7 px per character, `gap` px between words unless a cell gives its own gap before it. */
  function lines(rows: (string | [string, number])[][]): OcrWord[] {
    const out: OcrWord[] = [];
    rows.forEach((cells, r) => {
      let x = 20;
      for (const cell of cells) {
        const [text, gap] = typeof cell === 'string' ? [cell, 8] : cell;
        x += gap;
        out.push({ text, x0: x, y0: 40 * r, x1: x + 7 * text.length, y1: 40 * r + 18, confidence: 0.9 });
        x += 7 * text.length;
      }
    });
    return out;
  }
  const filler = Array.from({ length: 6 }, () => ['SALARY', 'ACME', 'LTD', 'PAYMENT', 'FOR', 'MAY']);
  const texts = (ws: OcrWord[]): string[] => ws.map((w) => w.text);

  it('joins a code the recogniser split at a gap well below the page\'s space, reading "]" as J', () => {
    const got = texts(joinSplitCodes(lines([...filler, ['REF', ['9786]', 8], ['365098', 4]], ['REF', '9295C', ['688490', 5]]])));
    expect(got.slice(-4)).toEqual(['REF', '9786J365098', 'REF', '9295C688490']);
  });

  it('keeps apart what a full space separates, words, and groups that make no code', () => {
    const rows: (string | [string, number])[][] = [...filler, ['IBAN', 'DE89', '3704', '0044'], ['ATM', ['43549', 4], 'TORINO'], ['GA', ['ABC', 4], ['DEF', 4]], ['4059M6', '14410']];
    const got = texts(joinSplitCodes(lines(rows)));
    expect(got.slice(-12)).toEqual(['IBAN', 'DE89', '3704', '0044', 'ATM', '43549', 'TORINO', 'GA', 'ABC', 'DEF', '4059M6', '14410']);
  });

  it('a "]" inside a code is J; a bracket elsewhere stays', () => {
    const got = texts(joinSplitCodes(lines([...filler, ['7307]322402', 'FROM]', '[1]']])));
    expect(got.slice(-3)).toEqual(['7307J322402', 'FROM]', '[1]']);
  });
});

describe('restoreCapitalI', () => {
  /** A 40×30 page with glyphs drawn from rows of '#' (ink) and ' ' (paper), left to right from x = 4, 2 px apart. */
  function draw(glyphs: string[][]): { img: OcrImage; boxes: [number, number, number, number][] } {
    const W = 60;
    const H = 30;
    const data = new Uint8Array(W * H).fill(255);
    const boxes: [number, number, number, number][] = [];
    let x = 4;
    for (const rows of glyphs) {
      const w = Math.max(...rows.map((r) => r.length));
      rows.forEach((r, y) => [...r].forEach((c, i) => c === '#' && (data[(5 + y) * W + x + i] = 0)));
      boxes.push([x, 5, x + w - 1, 5 + rows.length - 1]);
      x += w + 2;
    }
    return { img: { width: W, height: H, channels: 1, data }, boxes };
  }
  const stem = (top: string[]): string[] => [...top, ...Array.from({ length: 16 - top.length }, () => '  ##  '), '######'];
  const serifI = stem(['######']);
  const flagged1 = stem(['  ##  ', ' ###  ', '# ##  ']);
  const bareI = Array.from({ length: 17 }, () => '##');
  const digit = ['######', ...Array.from({ length: 15 }, () => '#    #'), '######'];

  function code(text: string, glyphs: string[][], iSeen: number): { word: OcrWord; img: OcrImage } {
    const { img, boxes } = draw(glyphs);
    const gl: OcrGlyph[] = [...text].map((c, i) => ({
      text: c,
      x0: boxes[i]![0],
      y0: boxes[i]![1],
      x1: boxes[i]![2],
      y1: boxes[i]![3],
      confidence: 0.9,
      choices: c === '1' ? [{ text: '1', confidence: 0.8 }, { text: 'I', confidence: iSeen }] : [{ text: c, confidence: 0.9 }],
    }));
    return { word: { text, x0: 0, y0: 0, x1: 60, y1: 30, confidence: 0.8, glyphs: gl }, img };
  }

  it('a 1 with serifs on both sides, or a bare stem, that the network also saw as I, is an I', () => {
    for (const shape of [serifI, bareI]) {
      const { word, img } = code('0010', [digit, digit, shape, digit], 0.3);
      expect(restoreCapitalI([word], img)[0]!.text).toBe('00I0');
    }
  });

  it('a 1 with its flag stays; so does any 1 the network did not see as I', () => {
    const flagged = code('0010', [digit, digit, flagged1, digit], 0.3);
    expect(restoreCapitalI([flagged.word], flagged.img)[0]!.text).toBe('0010');
    const unseen = code('0010', [digit, digit, serifI, digit], 0.01);
    expect(restoreCapitalI([unseen.word], unseen.img)[0]!.text).toBe('0010');
  });

  it("keeps what earlier repairs made of the word's other glyphs", () => {
    const { word, img } = code('0010', [digit, digit, serifI, digit], 0.3);
    expect(restoreCapitalI([{ ...word, text: 'D010' }], img)[0]!.text).toBe('D0I0');
  });
});
