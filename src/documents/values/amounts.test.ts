import { describe, expect, it } from 'vitest';
import { parseAmount } from './amounts.ts';
import { parseDateAt } from './date-words.ts';

describe('parseAmount', () => {
  it.each([
    ['1.234,56', 123456, null],
    ['1,234.56', 123456, null],
    ["1'234.56", 123456, null],
    ['-1.234,56', -123456, -1],
    ['+ 154,00', 15400, 1],
    ['123,45-', -12345, -1],
    ['1.234,56 S', -123456, -1],
    ['1.234,56 H', 123456, 1],
    ['(45.00)', -4500, -1],
    ['€ 12,50', 1250, null],
    ['-£1,078.64', -107864, -1],
    ['2.853.82', 285382, null],
    ['0,00', 0, null],
  ])('%s', (raw, cents, sign) => {
    const a = parseAmount(raw);
    expect(a).not.toBeNull();
    expect(a!.cents * (a!.sign ?? 1)).toBe(cents);
    expect(a!.sign).toBe(sign);
  });
  it.each(['19.01.', '1/2', '11,73 %', '2020', 'abc', '12.345', '01/02/2026'])('rejects %s', (raw) => {
    expect(parseAmount(raw)).toBeNull();
  });
});

describe('parseDateAt', () => {
  const period = { start: '2025-12-15', end: '2026-01-14' };
  it.each([
    [['03/01/2026'], '2026-01-03', 1],
    [['03.01.2026'], '2026-01-03', 1],
    [['03.01.26'], '2026-01-03', 1],
    [['03', 'Jan', '2026'], '2026-01-03', 3],
    [['3', 'gen', '2026'], '2026-01-03', 3],
    [['03.', 'Januar', '2026'], '2026-01-03', 3],
    [['2026-01-03'], '2026-01-03', 1],
    [['03.01.'], '2026-01-03', 1],
    [['20.12.'], '2025-12-20', 1],
  ] as const)('%j', (words, iso, n) => {
    const d = parseDateAt(words, 0, period);
    expect(d?.iso).toBe(iso);
    expect(d?.words).toBe(n);
  });
  it('needs a period to place a date printed without year', () => {
    expect(parseDateAt(['03.01.'], 0, null)).toBeNull();
  });
  it('rejects impossible dates', () => {
    expect(parseDateAt(['31/02/2026'], 0, null)).toBeNull();
  });
});
