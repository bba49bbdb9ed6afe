/**
 * Every text parser fed untrusted bytes is linear: the time per file at 4n over the time at n
 * stays near 4 (quadratic code gives about 16). Generous threshold, best-of-three rounds.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument, validateDocument } from '../../src/documents/index.ts';
import { LINEAR_4X, growthRatioAsync } from '../helpers/linear-time.ts';
import { camtLongUstrd, csvRows, mt940ManySubfields } from './generate.ts';

const parse = (format: 'mt940' | 'camt053' | 'csv') => (bytes: Uint8Array) =>
  parseDocument(bytes, { format, documentType: 'bank_statement' }).catch(() => null);

describe('structured parsers grow linearly with their input', () => {
  it('MT940: a :86: with n ?2x sub-fields (was O(n²): 100,000 lines never answered)', async () => {
    expect(await growthRatioAsync(parse('mt940'), mt940ManySubfields, 4_000)).toBeLessThan(LINEAR_4X);
  });

  it('MT940: 100,000 ?2x lines validate within seconds', async () => {
    const t0 = performance.now();
    const v = await validateDocument(mt940ManySubfields(100_000));
    expect(v.format).toBe('mt940');
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('camt.053: one <Ustrd> of n characters', async () => {
    expect(await growthRatioAsync(parse('camt053'), camtLongUstrd, 20_000)).toBeLessThan(LINEAR_4X);
  });

  it('CSV: n rows', async () => {
    expect(await growthRatioAsync(parse('csv'), csvRows, 2_000)).toBeLessThan(LINEAR_4X);
  });
});
