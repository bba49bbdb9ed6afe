/**
 * Length caps on the free text of a parse result before it is stored and served: an uploaded file
 * decides how long a description is (one MT940 `:86:` with 100,000 `?21` lines is 1.8 M
 * characters, a camt `<Ustrd>` as long as the file), and every later reader (categoriser, report,
 * API client, webhook) would carry it. Longer strings are cut at a code point boundary and end in
 * "…"; numbers, dates and the structure are left alone.
 */
import type { ParsingResult } from '../../documents/index.ts';

export const TEXT_CAPS = {
  /** A transaction's description (printed lines joined; real ones stay under 400 characters). */
  description: 1000,
  /** Any other string in the result: names, counterparties, codes, header fields, messages. */
  other: 500,
} as const;

/** `s` cut to at most `max` code points (the last one "…") when longer. */
export function capText(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max - 1;
  // Do not split a surrogate pair.
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return s.slice(0, end) + '…';
}

function capValue(v: unknown, key: string | null, depth: number): unknown {
  if (typeof v === 'string') return capText(v, key === 'description' ? TEXT_CAPS.description : TEXT_CAPS.other);
  if (v === null || typeof v !== 'object' || depth > 8) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const c = capValue(v[i], key, depth + 1);
      if (c !== v[i]) (out ??= v.slice())[i] = c;
    }
    return out ?? v;
  }
  let out: Record<string, unknown> | null = null;
  for (const [k, x] of Object.entries(v)) {
    const c = capValue(x, k, depth + 1);
    if (c !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = c;
  }
  return out ?? v;
}

/** The result with every string within TEXT_CAPS (the same object when nothing was too long). */
export function capParsingResult(result: ParsingResult): ParsingResult {
  return capValue(result, null, 0) as ParsingResult;
}
