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
    // 16,000 sub-fields and up: below ~8,000 the per-field cost still falls with size (on an AMD EPYC host 4,000 → 16,000
    // gave 10×, per-field 0.30 → 0.79 µs, linear from 8,000 to 64,000: 0.73 → 1.07 µs) and would read as quadratic.
    expect(await growthRatioAsync(parse('mt940'), mt940ManySubfields, 16_000)).toBeLessThan(LINEAR_4X);
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
