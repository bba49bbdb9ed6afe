import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../documents/index.ts';
import type { ParsedTransaction } from '../../documents/index.ts';
import { camtLongUstrd, csvRows, mt940ManySubfields } from '../../../test/hostile/generate.ts';
import { capParsingResult, capText, TEXT_CAPS } from './files.caps.ts';
import { enrichParsingResult } from './files.enrich.ts';

const txOf = (r: Record<string, { value: unknown }>): ParsedTransaction[] => r['transactions']!.value as ParsedTransaction[];

describe('free text of a parse result is capped before it is stored', () => {
  it('one MT940 :86: with 100,000 ?21 lines and a 400,000-character camt <Ustrd> are stored cut, the rest intact', async () => {
    for (const [bytes, format] of [
      [mt940ManySubfields(100_000), 'mt940'],
      [camtLongUstrd(400_000), 'camt053'],
    ] as const) {
      const parsed = await parseDocument(bytes, { format, documentType: 'bank_account_movements' });
      expect(txOf(parsed.parsing_result)[0]!.description.length).toBeGreaterThan(TEXT_CAPS.description);
      const stored = enrichParsingResult(parsed.parsing_result);
      const [t] = txOf(stored);
      expect(t!.description.length).toBeLessThanOrEqual(TEXT_CAPS.description);
      expect(t!.description.endsWith('…')).toBe(true);
      expect(t!.description.slice(0, 50)).toBe(txOf(parsed.parsing_result)[0]!.description.slice(0, 50));
      expect({ ...t, description: '', category: null }).toEqual({ ...txOf(parsed.parsing_result)[0], description: '', category: null });
      expect(JSON.stringify(stored).length).toBeLessThan(20_000);
    }
  });

  it('every other string (names, codes, header fields) is capped too; numbers and short strings are untouched', () => {
    const long = 'X'.repeat(10_000);
    const r = capParsingResult({
      account_holder: { value: long, confidence: 0.9 },
      iban: { value: 'DE89370400440532013000' },
      transactions: {
        value: [{ date: '2024-01-02', amount: -1.5, description: 'short', counterparty: long, codes: { purpose: long }, balance: null }],
      },
    });
    expect((r['account_holder']!.value as string).length).toBe(TEXT_CAPS.other);
    expect(r['account_holder']!.confidence).toBe(0.9);
    expect(r['iban']!.value).toBe('DE89370400440532013000');
    const [t] = r['transactions']!.value as { description: string; counterparty: string; codes: { purpose: string }; amount: number }[];
    expect(t!.description).toBe('short');
    expect(t!.amount).toBe(-1.5);
    expect(t!.counterparty.length).toBe(TEXT_CAPS.other);
    expect(t!.codes.purpose.length).toBe(TEXT_CAPS.other);
  });

  it('a result with nothing too long comes back as the same object', async () => {
    const parsed = await parseDocument(csvRows(20), { format: 'csv', documentType: 'bank_account_movements' });
    expect(capParsingResult(parsed.parsing_result)).toBe(parsed.parsing_result);
  });

  it('cuts at a code point boundary', () => {
    const s = 'a'.repeat(8) + '😀'.repeat(5);
    for (let max = 2; max < 14; max++) {
      const c = capText(s, max);
      expect(c.length).toBeLessThanOrEqual(max);
      // encodeURIComponent throws on a lone surrogate.
      expect(() => encodeURIComponent(c)).not.toThrow();
    }
  });
});
