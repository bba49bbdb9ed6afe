import { describe, expect, it } from 'vitest';
import { LINEAR_4X, growthRatio } from '../../../test/helpers/linear-time.ts';
import { matchText } from './categorise.ts';
import { MAX_TEXT_CHARS, memo, normaliseCounterparty } from './normalise.ts';

describe('normaliseCounterparty on hostile text', () => {
  it('is linear in a long token without a three-digit run (was O(n²): 200k chars took 36 s)', async () => {
    const token = (n: number): string => 'A1'.repeat(n / 2);
    // Below the length cap, so the regexes themselves are measured, not the cap.
    // every call a new text (a letters-only tag in front), so the memo never answers and the regexes run
    let calls = 0;
    const tag = (): string => (calls++).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)] ?? 'q');
    expect(await growthRatio((s: string) => normaliseCounterparty(`${tag()} ${s}`), token, 200)).toBeLessThan(LINEAR_4X);
  });

  it('memoises bounded: same answers, recomputed after the memo fills', () => {
    let n = 0;
    const f = memo((s: string) => `${s}:${++n}`, 2);
    expect([f('a'), f('a'), f('b')]).toEqual(['a:1', 'a:1', 'b:2']);
    expect(f('c')).toBe('c:3'); // full: emptied, then c kept
    expect(f('a')).toBe('a:4');
  });

  // Bounded by what it reads, not by a stopwatch: a 100,000-character token is cut to MAX_TEXT_CHARS
  // first (a digit run past the cut does not drop the token), so no rule sees more than that.
  it('reads at most MAX_TEXT_CHARS of a 100,000-character token', () => {
    const long = 'A1'.repeat(50_000);
    expect(normaliseCounterparty(long)).toBe(normaliseCounterparty(long.slice(0, MAX_TEXT_CHARS)));
    expect(normaliseCounterparty(long + '123')).toBe(long.slice(0, MAX_TEXT_CHARS));
  });

  it('still drops tokens that hold a digit run of three or more, and keeps the others', () => {
    expect(normaliseCounterparty('ACME AB1234CD SRL')).toBe('ACME');
    expect(normaliseCounterparty('ROSSI A12B MARIO')).toBe('ROSSI A12B MARIO');
  });

  it('reads only the first MAX_TEXT_CHARS characters of a description', () => {
    expect(normaliseCounterparty(`ACME ${'X '.repeat(MAX_TEXT_CHARS)}`)).toBe(
      normaliseCounterparty(`ACME ${'X '.repeat(MAX_TEXT_CHARS * 2)}`),
    );
    expect(
      matchText({ description: 'Y'.repeat(MAX_TEXT_CHARS * 3), counterparty: 'Z'.repeat(MAX_TEXT_CHARS * 3) })
        .length,
    ).toBeLessThanOrEqual(2 * MAX_TEXT_CHARS + 3);
  });
});
