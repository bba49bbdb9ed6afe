import { describe, expect, it } from 'vitest';
import type { PageSignals } from './classify.ts';
import { pageSignals, segment, typeOfPages } from './classify.ts';
import { buildLines } from '../layout/lines.ts';

const IBAN_A = 'DE31200100209999999999';
const IBAN_B = 'IT60X0542811101000000123456';

function sig(page: number, over: Partial<PageSignals> = {}): PageSignals {
  return {
    page,
    wordCount: 200,
    idType: null,
    statementTitle: page === 1,
    movementsTitle: false,
    opening: page === 1,
    closing: true,
    table: true,
    iban: IBAN_A,
    period: { start: '2026-01-01', end: '2026-01-31' },
    marker: null,
    ...over,
  };
}

describe('segment', () => {
  it('one statement over several pages is one document', () => {
    expect(segment([sig(1), sig(2), sig(3)])).toHaveLength(1);
  });
  it('page numbering that runs on keeps one document, whatever IBAN a page seems to print', () => {
    const pages = [sig(1, { marker: { n: 1, of: 3 } }), sig(2, { marker: { n: 2, of: 3 } }), sig(3, { iban: IBAN_B, marker: { n: 3, of: 3 } })];
    expect(segment(pages)).toHaveLength(1);
    // numbering that starts again is a second document
    expect(segment([sig(1, { marker: { n: 1, of: 1 } }), sig(2, { iban: IBAN_B, marker: { n: 1, of: 1 } })])).toHaveLength(2);
  });
  it('a different account IBAN starts a new document', () => {
    const s = segment([sig(1), sig(2), sig(3, { iban: IBAN_B })]);
    expect(s.map((x) => [x.from, x.to])).toEqual([
      [1, 2],
      [3, 3],
    ]);
  });
  it('non-contiguous periods of the same account are two documents, contiguous ones one', () => {
    const march = { start: '2026-03-01', end: '2026-03-31' };
    const feb = { start: '2026-02-01', end: '2026-02-28' };
    expect(segment([sig(1), sig(2, { period: march })])).toHaveLength(2);
    expect(segment([sig(1), sig(2, { period: feb })])).toHaveLength(1);
  });
  it('page numbering restarting at 1 starts a new document', () => {
    const s = segment([
      sig(1, { marker: { n: 1, of: 2 } }),
      sig(2, { marker: { n: 2, of: 2 } }),
      sig(3, { marker: { n: 1, of: 1 } }),
    ]);
    expect(s).toHaveLength(2);
  });
  it('an ID page after a statement is a second document; blank pages join their neighbour', () => {
    const blank = sig(2, {
      table: false,
      statementTitle: false,
      opening: false,
      closing: false,
      iban: null,
      period: null,
    });
    const id = sig(3, {
      idType: 'identity_card',
      table: false,
      statementTitle: false,
      opening: false,
      closing: false,
      iban: null,
      period: null,
    });
    const s = segment([sig(1), blank, id]);
    expect(s.map((x) => [x.from, x.to, x.type])).toEqual([
      [1, 2, 'bank_statement'],
      [3, 3, 'identity_card'],
    ]);
  });
});

describe('pageSignals: page numbers', () => {
  it('reads a page number printed alone without the count ("Blatt 2"), so numbering that runs on keeps one document', () => {
    const pageOf = (n: number, iban: string): ReturnType<typeof pageSignals> =>
      pageSignals(
        buildLines({ page: n, width: 595, height: 842, words: [
          { text: 'Buchungsliste', x0: 40, x1: 100, y0: 100, y1: 110 },
          // a counterparty's IBAN in a booking's description, on a page that prints no account of its own
          { text: 'IBAN:', x0: 200, x1: 225, y0: 400, y1: 410 },
          { text: iban, x0: 230, x1: 330, y0: 400, y1: 410 },
          { text: 'Blatt', x0: 500, x1: 525, y0: 800, y1: 810 },
          { text: String(n), x0: 528, x1: 533, y0: 800, y1: 810 },
        ] }),
        n,
      );
    const p1 = pageOf(1, IBAN_A);
    const p2 = pageOf(2, IBAN_B);
    expect([p1.marker, p2.marker]).toEqual([{ n: 1, of: 0 }, { n: 2, of: 0 }]);
    expect(segment([p1, p2])).toHaveLength(1);
  });
});

describe('typeOfPages', () => {
  it('a booking list titled as such is movements, whatever else it prints ("Buchungsliste", "Auszug vom … bis")', () => {
    const lines = buildLines({ page: 1, width: 595, height: 842, words: [
      { text: 'Buchungsliste', x0: 40, x1: 100, y0: 100, y1: 110 },
      { text: 'Auszug', x0: 40, x1: 70, y0: 120, y1: 130 },
      { text: 'vom', x0: 73, x1: 90, y0: 120, y1: 130 },
      { text: '01.05.2025', x0: 93, x1: 140, y0: 120, y1: 130 },
    ] });
    expect(pageSignals(lines, 1).movementsTitle).toBe(true);
  });

  it('movement lists without opening and closing balances', () => {
    expect(
      typeOfPages([sig(1, { statementTitle: false, opening: false, closing: false, movementsTitle: true })]),
    ).toBe('bank_account_movements');
    expect(typeOfPages([sig(1, { statementTitle: false, opening: false, closing: false })])).toBe(
      'bank_account_movements',
    );
  });
  it('statements need balances or a statement title', () => {
    expect(typeOfPages([sig(1)])).toBe('bank_statement');
  });
  it('nothing financial and no ID cues is unknown', () => {
    expect(
      typeOfPages([sig(1, { table: false, statementTitle: false, opening: false, closing: false })]),
    ).toBe('unknown');
  });
});
