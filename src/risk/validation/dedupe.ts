import type { RiskSource, RiskTransaction } from '../types.ts';

export interface SourcedTransaction extends RiskTransaction {
  source_id: string;
  iban: string | null;
}

/** Accounts are keyed by IBAN; a source without one stands alone. */
export function accountKey(s: Pick<RiskSource, 'id' | 'iban'>): string {
  return s.iban ? s.iban.replace(/\s+/g, '').toUpperCase() : `source:${s.id}`;
}

function txnKey(t: RiskTransaction): string {
  return `${t.date}|${t.amountMinor}|${t.description.replace(/\s+/g, ' ').trim().toUpperCase()}`;
}

/**
 * Union of the transactions of all sources with overlaps removed: within one
 * account, a line (date + amount + description) present in several sources is
 * kept as many times as the source holding it most often has it, so two real
 * identical coffees on one day survive while an overlapping statement does not
 * double them. Order: account, date, then source order.
 */
export function dedupeTransactions(sources: readonly RiskSource[]): { txns: SourcedTransaction[]; duplicates: number } {
  const byAccount = new Map<string, RiskSource[]>();
  for (const s of sources) {
    const k = accountKey(s);
    const list = byAccount.get(k);
    if (list) list.push(s);
    else byAccount.set(k, [s]);
  }
  const out: SourcedTransaction[] = [];
  let duplicates = 0;
  for (const k of [...byAccount.keys()].sort()) {
    const kept = new Map<string, number>();
    const acc: SourcedTransaction[] = [];
    for (const s of byAccount.get(k) ?? []) {
      const seenHere = new Map<string, number>();
      for (const t of s.transactions) {
        const key = txnKey(t);
        const n = (seenHere.get(key) ?? 0) + 1;
        seenHere.set(key, n);
        if (n <= (kept.get(key) ?? 0)) {
          duplicates++;
          continue;
        }
        kept.set(key, n);
        acc.push({ ...t, source_id: s.id, iban: s.iban ? s.iban.replace(/\s+/g, '').toUpperCase() : null });
      }
    }
    acc.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    out.push(...acc);
  }
  return { txns: out, duplicates };
}
