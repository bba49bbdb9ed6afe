import { describe, expect, it } from 'vitest';
import { trimRuns } from './text.ts';

describe('trimRuns', () => {
  it('cuts runs of the given characters at either end, and only there', () => {
    expect(trimRuns('::Saldo: 12;;', ':;')).toBe('Saldo: 12');
    expect(trimRuns('ITA<<<<', '<', 'end')).toBe('ITA');
    expect(trimRuns('<<ITA<<', '<', 'start')).toBe('ITA<<');
    expect(trimRuns('<<<', '<')).toBe('');
    expect(trimRuns('', ':')).toBe('');
  });
  it('walks a long run that does not end the string once (the pattern it replaces re-scanned it)', () => {
    const s = ':'.repeat(200_000) + 'x';
    expect(trimRuns(s, ':', 'end')).toBe(s);
    expect(trimRuns(s, ':', 'start')).toBe('x');
  });
});
