/**
 * The table reader reads each cell once (issue 23: a 199,000-row CSV's validation took 13.8 s on a quiet
 * machine and up to 61 s at load 20, against a 60 s budget). It read the date column three times (the
 * profile's order check, the statement's first and last day, each row) and every amount cell up to three
 * times (the profile, the money roles, each row's balance); the profiles now keep what they read.
 * The fast path of amount texts gives what the full clean-up gives.
 */
import { describe, expect, it, vi } from 'vitest';
import * as cells from './cells.ts';
import { daysInMonth } from '../../values/dates.ts';

vi.mock('./cells.ts', async (importOriginal) => {
  const m = await importOriginal<typeof cells>();
  return { ...m, cellCents: vi.fn(m.cellCents), cellDate: vi.fn(m.cellDate) };
});

const { csvDocument } = await import('../../pipeline.ts');

function csv(rows: number): Uint8Array {
  const out = ['Data;Descrizione;Importo;Saldo'];
  let balance = 100_000;
  for (let i = 0; i < rows; i++) {
    const cents = (i % 2 === 0 ? -1 : 1) * (100 + ((i * 37) % 9_000));
    balance += cents;
    const day = `${String((i % 28) + 1).padStart(2, '0')}/${String((Math.floor(i / 28) % 12) + 1).padStart(2, '0')}/2024`;
    out.push(`${day};POS ${i} NEGOZIO;${(cents / 100).toFixed(2).replace('.', ',')};${(balance / 100).toFixed(2).replace('.', ',')}`);
  }
  return new TextEncoder().encode(out.join('\n') + '\n');
}

describe('the export table reader reads each cell once', () => {
  it('2,000 rows: dates and amounts are read about once a row, not 8 times', () => {
    const rows = 2_000;
    vi.mocked(cells.cellCents).mockClear();
    vi.mocked(cells.cellDate).mockClear();
    const doc = csvDocument(csv(rows));
    const txs = doc.parts[0]!.transactions;
    expect(txs).toHaveLength(rows);
    expect(txs[1]).toMatchObject({ amountCents: 137, balanceCents: 100_000 - 100 + 137 });
    const reads = vi.mocked(cells.cellCents).mock.calls.length + vi.mocked(cells.cellDate).mock.calls.length;
    // The date column once (the profile); amounts as the profile read them. Before: 8 reads a row.
    expect(reads).toBeLessThanOrEqual(rows * 1.5);
  });
});

/** parseAmountText before its fast path (the reference the fast path must agree with). */
function reference(raw: string, conv: 'comma' | 'dot'): number | null {
  let s = raw.replace(/[\s\u00a0']/g, '').replace(/[€$£]/g, '').replace(/[A-Z]{3}(?=[\d+\-−(]|$)|^[A-Z]{3}/, '');
  let negative = false;
  const mark = /(DR|CR|S|H|D|C)$/.exec(s);
  if (mark && /\d[)]?$/.test(s.slice(0, -mark[0].length))) {
    negative = mark[0] === 'DR' || mark[0] === 'S' || mark[0] === 'D';
    s = s.slice(0, -mark[0].length);
  }
  s = s.replace(/−/g, '-');
  if (s.length === 0) return null;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-') ? !negative : negative;
    s = s.slice(1);
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  } else if (s.endsWith('+')) s = s.slice(0, -1);
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  const [thousands, decimal] = conv === 'comma' ? ['.', ','] : [',', '.'];
  const parts = s.split(thousands).join('').split(decimal);
  if (parts.length > 2) return null;
  const [int = '', frac = ''] = parts;
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac) || (int.length === 0 && frac.length === 0) || int.length > 13) return null;
  const cents = (int.length > 0 ? Number(int) : 0) * 100 + Number((frac + '00').slice(0, 2)) + (frac.length > 2 && Number(frac[2]) >= 5 ? 1 : 0);
  return negative && cents !== 0 ? -cents : cents;
}

describe('amount texts and month lengths', () => {
  it('parseAmountText gives what the full clean-up gives, on plain and marked texts', () => {
    const alphabet = ['0', '1', '5', '9', '.', ',', '-', '+', ' ', '(', ')', 'S', 'DR', 'EUR', '€', "'"];
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const texts = ['1.234,56', '-1.234,56', '+12', '12-', '(3.50)', '1,234.56', '1.2.3', ',5', '-', '', '1.234.567', '12,345', '0,001'];
    for (let i = 0; i < 20_000; i++) texts.push(Array.from({ length: 1 + next(9) }, () => alphabet[next(alphabet.length)]).join(''));
    for (const t of texts)
      for (const conv of ['comma', 'dot'] as const) expect(cells.parseAmountText(t, conv), `${JSON.stringify(t)} ${conv}`).toBe(reference(t, conv));
  });

  it('daysInMonth is the calendar for every month of 1900–2199 (and beyond the arithmetic range)', () => {
    for (let y = 1900; y <= 2199; y++)
      for (let m = 1; m <= 12; m++) expect(daysInMonth(y, m)).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate());
    expect(daysInMonth(50, 2)).toBe(new Date(Date.UTC(50, 2, 0)).getUTCDate());
  });
});
