import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { looksLikeFront, readFront } from './front.ts';

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
      expect(f.expiration_date?.value).toBe('25.11.2029');
    }
  });
});
