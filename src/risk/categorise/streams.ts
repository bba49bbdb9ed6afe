import type { Cadence, RecurringStream } from '../types.ts';
import { daysBetween } from '../dates.ts';

export interface StreamInput {
  date: string;
  amountMinor: number;
  counterparty_normalised: string;
  category: string;
  counterparty?: string | null;
  description?: string;
}

function mostFrequent(xs: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]?.[0] ?? null;
}

export interface StreamOptions {
  /** Relative amount tolerance around the cluster centre (default 0.15). */
  tolerance?: number;
  minCount?: number;
}

const CADENCES: readonly { cadence: Cadence; min: number; max: number }[] = [
  { cadence: 'weekly', min: 6, max: 8 },
  { cadence: 'biweekly', min: 13, max: 16 },
  { cadence: 'monthly', min: 25, max: 35 },
  { cadence: 'quarterly', min: 80, max: 100 },
];

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface DetectedStream<T> {
  stream: RecurringStream;
  members: T[];
}

/**
 * Recurring streams: same normalised counterparty and direction, amounts within
 * ±tolerance of the cluster centre, at least `minCount` occurrences whose median
 * spacing falls in a known cadence. Deterministic ordering of the result.
 */
export function detectStreams<T extends StreamInput>(txns: readonly T[], opts: StreamOptions = {}): DetectedStream<T>[] {
  const tol = opts.tolerance ?? 0.15;
  const minCount = opts.minCount ?? 3;
  const groups = new Map<string, T[]>();
  for (const t of txns) {
    if (!t.counterparty_normalised || t.amountMinor === 0) continue;
    const key = `${t.amountMinor < 0 ? 'out' : 'in'}|${t.counterparty_normalised}`;
    const g = groups.get(key);
    if (g) g.push(t);
    else groups.set(key, [t]);
  }
  const out: DetectedStream<T>[] = [];
  for (const key of [...groups.keys()].sort(cmp)) {
    const g = groups.get(key) ?? [];
    if (g.length < minCount) continue;
    const byAmount = [...g].sort((a, b) => Math.abs(a.amountMinor) - Math.abs(b.amountMinor) || cmp(a.date, b.date));
    let cluster: T[] = [];
    const clusters: T[][] = [];
    for (const t of byAmount) {
      const first = cluster[0];
      if (first && Math.abs(t.amountMinor) > Math.abs(first.amountMinor) * ((1 + tol) / (1 - tol))) {
        clusters.push(cluster);
        cluster = [];
      }
      cluster.push(t);
    }
    if (cluster.length) clusters.push(cluster);
    for (const c of clusters) {
      if (c.length < minCount) continue;
      const members = [...c].sort((a, b) => cmp(a.date, b.date) || a.amountMinor - b.amountMinor);
      const gaps: number[] = [];
      for (let i = 1; i < members.length; i++) {
        const prev = members[i - 1];
        const cur = members[i];
        if (prev && cur) gaps.push(daysBetween(prev.date, cur.date));
      }
      const med = median(gaps);
      const cad = CADENCES.find((k) => med >= k.min && med <= k.max);
      if (!cad) continue;
      // regular, not just a lucky median: most gaps sit in the cadence band (a skipped period is tolerated)
      const regular = gaps.filter((d) => d >= cad.min && d <= cad.max).length;
      if (regular < Math.max(2, Math.ceil(gaps.length * 0.75))) continue;
      const counts = new Map<string, number>();
      for (const m of members) counts.set(m.category, (counts.get(m.category) ?? 0) + 1);
      const category = [...counts.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]?.[0] ?? 'other_expense';
      const firstM = members[0];
      const lastM = members[members.length - 1];
      if (!firstM || !lastM) continue;
      out.push({
        members,
        stream: {
          counterparty: mostFrequent(members.map((m) => (m.counterparty ?? '').trim()).filter((x) => x.length > 0)),
          counterparty_key: firstM.counterparty_normalised,
          label: mostFrequent(members.map((m) => (m.description ?? '').replace(/\s+/g, ' ').trim()).filter((x) => x.length > 0)) ?? firstM.counterparty_normalised,
          category,
          direction: firstM.amountMinor < 0 ? 'out' : 'in',
          cadence: cad.cadence,
          typical_amount: Math.round(median(members.map((m) => Math.abs(m.amountMinor)))) / 100,
          count: members.length,
          first_date: firstM.date,
          last_date: lastM.date,
        },
      });
    }
  }
  return out;
}
