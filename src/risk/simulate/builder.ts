import type { Market, RiskSource, RiskTransaction } from '../types.ts';
import { lastDayOfMonth } from '../dates.ts';
import type { Rng } from './prng.ts';
import { VOCAB } from './vocab.ts';

interface Pending {
  date: string;
  amountMinor: number;
  description: string;
  counterparty: string | null;
  seq: number;
}

/** Accumulates a simulated account month by month, keeping running balances and charging overdraft interest. */
export class AccountBuilder {
  readonly rng: Rng;
  readonly market: Market;
  private balance: number;
  private readonly opening: number;
  private readonly txns: RiskTransaction[] = [];
  private month: Pending[] = [];
  private seq = 0;
  /** Typical monthly income of the simulated owner (sizes the loan request). */
  incomeHint = 0;
  /** Wording chosen once per kind for regular payments (one employer, one landlord…). */
  private readonly sticky = new Map<string, readonly [string, string | null]>();
  private static readonly STICKY = new Set(['salary', 'pension', 'rent', 'mortgage', 'utilities', 'telecom', 'insurance', 'loan', 'card', 'subscriptions', 'fees', 'payroll', 'taxes', 'savings']);

  constructor(rng: Rng, market: Market, openingMinor: number) {
    this.rng = rng;
    this.market = market;
    this.balance = openingMinor;
    this.opening = openingMinor;
  }

  get balanceMinor(): number {
    return this.balance;
  }

  /** Add a line in the current month; `kind` selects the wording; `counterparty` overrides the vocabulary's. */
  add(ym: string, day: number, amountEur: number, kind: string, counterparty?: string | null, suffix = ''): void {
    const lines = VOCAB[this.market][kind];
    if (!lines) throw new Error(`no vocabulary for ${kind}`);
    let line = this.sticky.get(kind);
    if (!line) {
      line = this.rng.pick(lines);
      if (AccountBuilder.STICKY.has(kind)) this.sticky.set(kind, line);
    }
    const [desc, cp] = line;
    const last = Number(lastDayOfMonth(ym).slice(8));
    const d = Math.min(Math.max(1, Math.round(day)), last);
    const ref = !AccountBuilder.STICKY.has(kind) && this.rng.chance(0.3) ? ` ${this.rng.int(100000, 999999)}` : '';
    this.month.push({
      date: `${ym}-${String(d).padStart(2, '0')}`,
      amountMinor: Math.round(amountEur * 100),
      description: `${desc}${suffix}${ref}`,
      counterparty: counterparty === undefined ? cp : counterparty,
      seq: this.seq++,
    });
  }

  /** Close the month: book lines in date order, then overdraft interest if the balance went negative. */
  closeMonth(ym: string, overdraftRate = 0.12): { minBalanceMinor: number } {
    this.month.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
    let min = this.balance;
    for (const p of this.month) {
      this.balance += p.amountMinor;
      min = Math.min(min, this.balance);
      this.txns.push({ date: p.date, valueDate: p.date, amountMinor: p.amountMinor, currency: 'EUR', description: p.description, counterparty: p.counterparty, balanceMinor: this.balance, codes: null });
    }
    this.month = [];
    if (min < 0) {
      const interest = Math.max(100, Math.round((-min * overdraftRate) / 12));
      const [desc] = this.rng.pick(VOCAB[this.market].overdraft ?? [['INTERESSI', null]]);
      this.balance -= interest;
      this.txns.push({ date: lastDayOfMonth(ym), valueDate: null, amountMinor: -interest, currency: 'EUR', description: desc, counterparty: null, balanceMinor: this.balance, codes: null });
    }
    return { minBalanceMinor: min };
  }

  toSource(id: string, iban: string, holder: string): RiskSource {
    return { id, type: 'bank_account', iban, accountHolder: holder, currency: 'EUR', openingBalanceMinor: this.opening, closingBalanceMinor: this.balance, transactions: this.txns };
  }
}
