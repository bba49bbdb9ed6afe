/**
 * Monthly income against ground truth this project did not write: whole accounts (12 months) from the
 * independent testkit's ledger generator (bench/testkit-ledgers.py), whose every booking carries the
 * generator's own kind. Each account runs through buildReport (retail for employees, pensioners,
 * gamblers and overdrawn profiles; commercial for companies and the self-employed).
 *   node bench/risk-income.ts [SEED] [ACCOUNTS]
 * Truths, from the kinds alone:
 *  - retail income = salary + pension per month (what a lender counts as income); printed beside it is
 *    the error against all money received from others (salary, pension, transfers and instant transfers
 *    in, cash deposits), the widest reading;
 *  - business net income = revenue (customer payments, card acquiring, cash takings deposited) minus
 *    every outgoing except existing loan instalments (debt service is shown apart, as the engine does),
 *    per month: what can service a new loan.
 * Errors are |engine − truth| / |truth|; median, p90 and worst are printed, with the worst accounts.
 * BENCH_COUNTERPARTY chooses what each booking's counterparty is:
 *   printed (default) — the name a statement prints at the head of the description, on half the lines of
 *                       half the accounts, as a reader of a statement's counterparty column finds it;
 *   none              — no counterparty (the engine reads descriptions alone);
 *   named             — the generator's own party of every booking that has one (a core-banking export);
 *   named+iban        — named, and the party's IBAN where the generator gives one (it draws a new IBAN per
 *                       booking, so this measures how the engine takes IBANs that do not identify a party).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildReport } from '../src/risk/index.ts';
import type { RiskSource } from '../src/risk/index.ts';

const testkit = new URL('../../shared/testkit/docgen/ledger.py', import.meta.url).pathname;
if (!existsSync(testkit)) {
  console.log(`skipped: ${testkit} not found`);
  process.exit(0);
}
const seed = Number(process.argv[2] ?? 71);
const count = Number(process.argv[3] ?? 120);
const MONTHS = 12;

interface Tx { date: string; amount: number; description: string; counterparty: string | null; balance: number; kind: string; party?: string | null; party_iban?: string | null }
const mode = process.env.BENCH_COUNTERPARTY ?? 'printed';
if (!['printed', 'none', 'named', 'named+iban'].includes(mode)) throw new Error(`BENCH_COUNTERPARTY: printed, none, named or named+iban, not ${mode}`);
const counterpartyOf = (t: Tx): string | null => (mode === 'printed' ? t.counterparty : mode === 'none' ? null : (t.party ?? null));
const ibanOf = (t: Tx): string | null => (mode === 'named+iban' ? (t.party_iban ?? null) : null);
interface Account { account: string; holder: string; lang: string; variant: string; profile: string; iban: string; currency: string; opening: number; start: string; end: string; transactions: Tx[] }

const load = (profiles: string): Account[] =>
  execFileSync('python3', [new URL('./testkit-ledgers.py', import.meta.url).pathname, String(seed), String(count), String(MONTHS), profiles], { maxBuffer: 1 << 28 })
    .toString()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Account);

const sum = (a: Account, kinds: readonly string[]): number => a.transactions.filter((t) => kinds.includes(t.kind)).reduce((s, t) => s + t.amount, 0);
const months = (a: Account): number => {
  const d = (Date.parse(`${a.end}T00:00:00Z`) - Date.parse(`${a.start}T00:00:00Z`)) / 86_400_000 + 1;
  return d / 30.4375;
};
function report(a: Account, source: 'retail' | 'commercial') {
  const src: RiskSource = {
    id: a.account, type: 'bank_account', iban: a.iban, accountHolder: a.holder, currency: a.currency,
    openingBalanceMinor: Math.round(a.opening * 100), closingBalanceMinor: null, periodStart: a.start, periodEnd: a.end,
    transactions: a.transactions.map((t) => ({ date: t.date, valueDate: null, amountMinor: Math.round(t.amount * 100), currency: a.currency, description: t.description, counterparty: counterpartyOf(t), counterpartyIban: ibanOf(t), balanceMinor: Math.round(t.balance * 100) })),
  };
  return buildReport({ sources: [src], params: { account_holder: a.holder, data_market: a.lang === 'it' ? 'it' : 'de', data_source: source }, asOf: a.end, model: null });
}
function summary(label: string, rows: { a: Account; est: number; truth: number }[]): void {
  const errs = rows.map((r) => ({ ...r, err: Math.abs(r.est - r.truth) / Math.max(Math.abs(r.truth), 1e-9) })).sort((x, y) => x.err - y.err);
  const q = (p: number): number => errs[Math.min(errs.length - 1, Math.floor(p * errs.length))]?.err ?? 0;
  console.log(`${label}: ${errs.length} accounts, median error ${(100 * q(0.5)).toFixed(1)} %, p90 ${(100 * q(0.9)).toFixed(1)} %, worst ${(100 * (errs.at(-1)?.err ?? 0)).toFixed(1)} %`);
  for (const w of errs.slice(-3).reverse()) console.log(`   worst: ${w.a.account} ${w.a.profile} ${w.a.variant} engine ${w.est.toFixed(0)} truth ${w.truth.toFixed(0)} per month`);
}

console.log(`testkit seed ${seed}, ${count} accounts per group, ${MONTHS} months each, counterparty ${mode}`);
const retail = load('employee,pensioner,overdrawn,gambler').map((a) => ({ a, r: report(a, 'retail') }));
summary('retail income (engine income.monthly_average) vs salary + pension', retail.map(({ a, r }) => ({ a, est: r.metrics.income.monthly_average, truth: sum(a, ['salary', 'pension']) / months(a) })));
summary('retail regular income (engine income.regular_monthly_average) vs salary + pension', retail.map(({ a, r }) => ({ a, est: r.metrics.income.regular_monthly_average, truth: sum(a, ['salary', 'pension']) / months(a) })));
summary('retail income vs all money received from others', retail.map(({ a, r }) => ({ a, est: r.metrics.income.monthly_average, truth: sum(a, ['salary', 'pension', 'transfer_in', 'instant_in', 'deposit']) / months(a) })));
summary('retail regular pay (engine income.salary_amount) vs median monthly salary + pension', retail.filter(({ r }) => r.metrics.income.salary_amount !== null).map(({ a, r }) => {
  const byMonth = new Map<string, number>();
  for (const t of a.transactions) if (t.kind === 'salary' || t.kind === 'pension') byMonth.set(t.date.slice(0, 7), (byMonth.get(t.date.slice(0, 7)) ?? 0) + t.amount);
  const v = [...byMonth.values()].sort((x, y) => x - y);
  return { a, est: r.metrics.income.salary_amount ?? 0, truth: v.length % 2 ? (v[v.length >> 1] ?? 0) : ((v[(v.length >> 1) - 1] ?? 0) + (v[v.length >> 1] ?? 0)) / 2 };
}));
console.log(`   accounts where no regular pay was found: ${retail.filter(({ r }) => r.metrics.income.salary_amount === null).length} of ${retail.length}`);

const REVENUE = ['company_in', 'pos_acquiring', 'deposit'];
const business = load('company,self_employed').map((a) => ({ a, r: report(a, 'commercial') }));
const net = (a: Account): number => {
  const out = a.transactions.filter((t) => t.amount < 0 && t.kind !== 'loan').reduce((s, t) => s + t.amount, 0);
  return (sum(a, REVENUE) + out) / months(a);
};
for (const profile of ['company', 'self_employed']) {
  const rows = business.filter(({ a }) => a.profile === profile);
  summary(`${profile}: net income (engine commercial.net_income_monthly) vs revenue − operating costs`, rows.map(({ a, r }) => ({ a, est: r.metrics.commercial?.net_income_monthly ?? 0, truth: net(a) })));
  summary(`${profile}: revenue (engine commercial.revenue_monthly_average) vs customer payments + card acquiring + cash deposits`, rows.map(({ a, r }) => ({ a, est: r.metrics.commercial?.revenue_monthly_average ?? 0, truth: sum(a, REVENUE) / months(a) })));
}

// What the report lists as unusual (evidence.unusual), told by the generator's own kind of each row: a
// report that lists a salary, a customer's payment or rent here would be crying wolf.
for (const [label, set] of [['retail', retail], ['business', business]] as const) {
  const per = new Map<number, number>();
  const kinds = new Map<string, number>();
  for (const { a, r } of set) {
    per.set(r.evidence.unusual.length, (per.get(r.evidence.unusual.length) ?? 0) + 1);
    for (const u of r.evidence.unusual) {
      const k = a.transactions.find((t) => t.date === u.date && Math.abs(t.amount - u.amount) < 0.005 && t.description === u.description)?.kind ?? '?';
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
  }
  console.log(`${label}: unusual movements per report ${[...per].sort((x, y) => x[0] - y[0]).map(([n, c]) => `${n}×${c}`).join(' ')}; their kinds: ${[...kinds].sort((x, y) => y[1] - x[1]).map(([k, c]) => `${k} ${c}`).join(', ') || 'none'}`);
}
