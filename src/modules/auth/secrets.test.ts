import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashSecret, scryptGate, verifySecret } from './secrets.ts';

describe('scrypt is bounded on the shared thread pool', () => {
  it('runs at most maxActive scrypts at once, and every result is still right', async () => {
    const stored = await hashSecret('right');
    scryptGate.peak = 0;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifySecret(i % 2 ? 'right' : 'wrong', stored)),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
    expect(scryptGate.peak).toBe(scryptGate.maxActive);
    expect(scryptGate.active).toBe(0);
  });

  it('a file read is not queued behind a flood of credential checks', async () => {
    const stored = await hashSecret('x');
    let done = 0;
    const flood = Array.from({ length: 40 }, () => verifySecret('y', stored).finally(() => done++));
    await readFile(new URL(import.meta.url));
    const doneAtRead = done;
    await Promise.all(flood);
    // Counted, not timed: without the gate the read waits in the pool's queue behind the whole flood.
    expect(doneAtRead).toBeLessThan(flood.length / 4);
  });

  it('past the waiting limit, a check is refused with 503 and Retry-After', async () => {
    const stored = await hashSecret('x');
    const all = Array.from({ length: scryptGate.maxWaiting + 5 }, () =>
      verifySecret('y', stored).then(
        () => 'ok',
        (e: { status?: number; headers?: Record<string, string> }) => e,
      ),
    );
    const outcomes = await Promise.all(all);
    const refused = outcomes.filter((o) => o !== 'ok') as {
      status?: number;
      headers?: Record<string, string>;
    }[];
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
  });
});
