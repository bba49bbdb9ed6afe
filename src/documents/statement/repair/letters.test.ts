/**
 * Word-level repairs of amounts, on every page at once: specks between an amount's sign and its digits.
 * The fixture is the OCR reading (tesseract, deu) of the real Postbank specimen rendered at 200 dpi as an
 * image-only PDF (test/fixtures/samples/stan-postbank, Apache-2.0): its first booking came out "+.154,00".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WordPage } from '../../layout/model.ts';
import { extractOcrStatement } from '../ocr.ts';
import { dropStrayMark } from './letters.ts';

const DIR = new URL('../../../../test/fixtures/samples/stan-postbank/', import.meta.url).pathname;

describe('stray_mark_in_amounts', () => {
  it('a mark between the sign and the digits goes; separators, unsigned words and text stay', () => {
    expect(dropStrayMark('+.154,00')).toBe('+154,00');
    expect(dropStrayMark("-'1.234,50")).toBe('-1.234,50');
    expect(dropStrayMark('+154,00')).toBe('+154,00');
    expect(dropStrayMark('.154,00')).toBe('.154,00');
    expect(dropStrayMark('+.15')).toBe('+.15');
    expect(dropStrayMark('+.abc')).toBe('+.abc');
  });

  it('the Postbank specimen read from a 200 dpi scan: every booking, and the chain holds', () => {
    const pages = JSON.parse(readFileSync(`${DIR}PB_KAZ-scan-200dpi.ocr-words.json`, 'utf8')) as WordPage[];
    const expected = JSON.parse(readFileSync(`${DIR}PB_KAZ_KtoNr_9999999999_06-04-2017_1200-expected.json`, 'utf8')) as {
      bookings: { postDate: string; amount: number }[];
    };
    const x = extractOcrStatement(pages);
    const got = x.statement.transactions.map((t) => [t.date, t.amountCents / 100]);
    expect(got).toEqual(expected.bookings.map((b) => [b.postDate, b.amount]));
    expect(x.quality.reconciled).toBe(true);
    expect(x.repairs).toContainEqual({ page: 1, from: '+.154,00', to: '+154,00', by: 'fewer_failed_checks', repair: 'stray_mark_in_amounts' });
  });
});
