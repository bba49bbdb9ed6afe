/** Test and benchmark data: a bank-account body with monthly salary, rent and everyday spending, balances chained. */
export interface AccountBodyOptions {
  holder?: string;
  iban?: string;
  months?: string[];
  /** Everyday card payments per month (more = more transactions). */
  perMonth?: number;
  salaryCents?: number;
}

export const DEFAULT_MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09'];

const dec = (c: number) => (c / 100).toFixed(2);

export function accountBody(o: AccountBodyOptions = {}) {
  const months = o.months ?? DEFAULT_MONTHS;
  const perMonth = o.perMonth ?? 4;
  const salary = o.salaryCents ?? 250_000;
  const opening = 100_000;
  let balance = opening;
  const transactions: { date: string; value_date: string; amount: string; description: string; balance: string }[] = [];
  const add = (date: string, cents: number, description: string) => {
    balance += cents;
    transactions.push({ date, value_date: date, amount: dec(cents), description, balance: dec(balance) });
  };
  for (const m of months) {
    add(`${m}-01`, salary, `STIPENDIO ${m} ACME SRL`);
    add(`${m}-03`, -80_000, 'AFFITTO APPARTAMENTO');
    add(`${m}-15`, -9_035, 'ENEL ENERGIA BOLLETTA');
    for (let i = 0; i < perMonth; i++) {
      const day = String(4 + Math.floor((i * 24) / Math.max(perMonth, 1))).padStart(2, '0');
      add(`${m}-${day}`, -(2_000 + ((i * 137) % 5_000)), i % 2 ? 'CONAD SUPERMERCATO' : 'PAGAMENTO POS ESSELUNGA');
    }
  }
  transactions.sort((a, b) => a.date.localeCompare(b.date));
  // Re-chain running balances in date order.
  let run = opening;
  for (const t of transactions) {
    run += Math.round(Number(t.amount) * 100);
    t.balance = dec(run);
  }
  return {
    ext_bank_account_id: `acc-${o.iban ?? 'it'}`,
    iban: o.iban ?? 'IT60X0542811101000000123456',
    account_holder: o.holder ?? 'Mario Rossi',
    bank_name: 'Banca Test',
    opening_balance: dec(opening),
    closing_balance: dec(run),
    transactions,
  };
}
