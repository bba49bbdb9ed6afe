/**
 * Categoriser accuracy on transaction lines of the independent testkit (its generator's own labels,
 * vocabulary this project did not write). Lines come from bench/testkit-transactions.py; each account
 * is categorised as a batch (so recurrence counts), market = it for Italian, de for German and English.
 *   node bench/risk-categorise.ts [SEED=31] [ACCOUNTS=300]
 * BENCH_MARKET chooses the report's market instead: `own` (default, as above), `swap` (an Italian account in a
 * German applicant's report, a German or English one in an Italian applicant's: the account's words are not the
 * market's), `it` or `de` (every account under that market).
 * A kind maps to the categories that are right for it; `spend` = any ordinary expense category. A
 * payment to a person or a supplier is right as a transfer or as spending (neither feeds a risk metric).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { categoriseTransactions } from '../src/risk/index.ts';
import type { Market, RiskTransaction } from '../src/risk/index.ts';

const testkit = new URL('../../shared/testkit/docgen/ledger.py', import.meta.url).pathname;
if (!existsSync(testkit)) {
  console.log(`skipped: ${testkit} not found`);
  process.exit(0);
}
const MARKET = (process.env.BENCH_MARKET ?? 'own') as 'own' | 'swap' | Market;
if (!['own', 'swap', 'it', 'de'].includes(MARKET)) throw new Error(`BENCH_MARKET ${MARKET}: own, swap, it or de`);
const seed = Number(process.argv[2] ?? 31);
const count = Number(process.argv[3] ?? 300);
const out = execFileSync('python3', [new URL('./testkit-transactions.py', import.meta.url).pathname, String(seed), String(count)], { maxBuffer: 1 << 28 }).toString();
interface Line { account: string; holder: string; lang: 'it' | 'de' | 'en'; date: string; amount: number; description: string; counterparty: string | null; kind: string }
const lines = out.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);

const SPEND = new Set(['groceries', 'shopping', 'dining', 'travel', 'fuel_transport', 'subscriptions', 'health', 'education', 'utilities', 'telecom', 'insurance', 'other_expense']);
/** A loan line is right when it lands in debt service (a lender's mortgage or card counts there too). */
const DEBT = new Set(['loan_installment', 'mortgage', 'credit_card']);
const OK: Record<string, (c: string) => boolean> = {
  card: (c) => SPEND.has(c),
  card_online: (c) => SPEND.has(c),
  supplier_out: (c) => SPEND.has(c) || c === 'other_transfer',
  sdd: (c) => SPEND.has(c) || c === 'rent',
  paypal: (c) => SPEND.has(c) || c === 'other_transfer',
  atm: (c) => c === 'cash_withdrawal',
  gambling_out: (c) => c === 'gambling',
  gambling_in: (c) => c === 'gambling',
  transfer_out: (c) => c === 'other_transfer' || SPEND.has(c) || c === 'rent',
  transfer_in: (c) => c === 'other_transfer' || c === 'other_income',
  instant_in: (c) => c === 'other_transfer' || c === 'other_income',
  company_in: (c) => c === 'business_revenue' || c === 'other_income' || c === 'other_transfer',
  pos_acquiring: (c) => c === 'business_revenue',
  deposit: (c) => c === 'cash_deposit',
  fee: (c) => c === 'fees',
  return_fee: (c) => c === 'fees',
  stamp_duty: (c) => c === 'fees' || c === 'taxes',
  salary: (c) => c === 'salary',
  pension: (c) => c === 'pension',
  payroll_out: (c) => c === 'payroll',
  tax: (c) => c === 'taxes',
  rent_out: (c) => c === 'rent',
  loan: (c) => DEBT.has(c),
  interest_credit: (c) => c === 'other_income',
  interest_debit: (c) => c === 'overdraft_interest' || c === 'fees',
  sdd_return: (c) => c === 'returned_debit',
  credit_reversal: (c) => c === 'returned_debit' || c === 'other_transfer',
};
const byAccount = new Map<string, Line[]>();
for (const l of lines) byAccount.set(l.account, [...(byAccount.get(l.account) ?? []), l]);
const stats = new Map<string, { n: number; ok: number; misses: Map<string, number> }>();
const perLang = new Map<string, { n: number; ok: number }>();
for (const acc of byAccount.values()) {
  const lang = acc[0]?.lang ?? 'it';
  const own: Market = lang === 'it' ? 'it' : 'de';
  const market: Market = MARKET === 'own' ? own : MARKET === 'swap' ? (own === 'it' ? 'de' : 'it') : MARKET;
  const txns: RiskTransaction[] = acc.map((l) => ({ date: l.date, valueDate: null, amountMinor: Math.round(l.amount * 100), currency: 'EUR', description: l.description, counterparty: l.counterparty, balanceMinor: null }));
  const labelled = categoriseTransactions(txns, market, { holderNames: [acc[0]?.holder] });
  labelled.forEach((t, i) => {
    const l = acc[i];
    if (!l) return;
    const ok = (OK[l.kind] ?? (() => false))(t.category);
    const s = stats.get(l.kind) ?? { n: 0, ok: 0, misses: new Map() };
    s.n++;
    if (ok) s.ok++;
    else s.misses.set(`${t.category} ← ${l.description.slice(0, 60)}`, (s.misses.get(`${t.category} ← ${l.description.slice(0, 60)}`) ?? 0) + 1);
    stats.set(l.kind, s);
    const pl = perLang.get(lang) ?? { n: 0, ok: 0 };
    pl.n++;
    if (ok) pl.ok++;
    perLang.set(lang, pl);
  });
}
const pct = (a: number, b: number): string => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
const tot = [...stats.values()].reduce((a, s) => ({ n: a.n + s.n, ok: a.ok + s.ok }), { n: 0, ok: 0 });
console.log(`testkit seed ${seed}, market ${MARKET}, ${byAccount.size} accounts, ${tot.n} lines: accuracy ${pct(tot.ok, tot.n)}; ${[...perLang].map(([l, v]) => `${l} ${pct(v.ok, v.n)} (n=${v.n})`).join(', ')}`);
for (const [k, s] of [...stats].sort((a, b) => a[1].ok / a[1].n - b[1].ok / b[1].n)) {
  const worst = [...s.misses].sort((a, b) => b[1] - a[1]).slice(0, process.env.VERBOSE ? 6 : 2).map(([m, c]) => `${c}× ${m}`).join(' | ');
  console.log(`  ${k.padEnd(16)} ${pct(s.ok, s.n).padStart(6)} of ${String(s.n).padStart(5)}  ${worst}`);
}
