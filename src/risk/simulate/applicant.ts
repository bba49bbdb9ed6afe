import type { Market, ReportParams, RiskSource } from '../types.ts';
import { monthsBetween } from '../dates.ts';
import { AccountBuilder } from './builder.ts';
import type { Rng } from './prng.ts';
import { logistic } from './prng.ts';
import { COMPANY_NAMES, PERSON_NAMES } from './vocab.ts';

export interface SimulatedApplicant {
  id: string;
  /** Latent risk (standard normal, higher = riskier). */
  z: number;
  /** True 12-month default probability, a function of z only. */
  truePd: number;
  defaulted: boolean;
  sources: RiskSource[];
  params: ReportParams;
  asOf: string;
}

export interface SimOptions {
  market: Market;
  dataSource: 'retail' | 'commercial';
  /** Last month of the 12 simulated (YYYY-MM). */
  endMonth?: string;
  /** Multiplies the number of everyday card lines (speed benchmarks). */
  intensity?: number;
  accounts?: number;
}

/**
 * METHODOLOGY (simulation). A latent risk z ~ N(0,1) drives the true PD
 * (logistic(−3 + 1.3·z), population mean ≈ 9%) and, with independent noise,
 * every behaviour: income level and regularity, spending relative to income,
 * debt, cash use, gambling, the starting balance and returned debits. Only
 * the behaviours reach the engine (as 12 months of statement lines), so the
 * scorecard can only be as good as the noisy signal; the default outcome is
 * drawn from the true PD. This is a development aid, not evidence about real
 * applicants.
 */
export function simulateApplicant(rng: Rng, id: string, opts: SimOptions): SimulatedApplicant {
  const z = rng.normal();
  const truePd = logistic(-3 + 1.3 * z);
  const defaulted = rng.chance(truePd);
  const endMonth = opts.endMonth ?? '2026-10';
  const y = Number(endMonth.slice(0, 4));
  const months = monthsBetween(`${y - 1}-${endMonth.slice(5, 7)}-01`, `${endMonth}-01`).slice(1);
  const nAcc = opts.accounts ?? 1;
  const market = opts.market;
  const holder = opts.dataSource === 'retail' ? rng.pick(PERSON_NAMES[market]) : rng.pick(COMPANY_NAMES[market]);
  const sources: RiskSource[] = [];
  let incomeHint = 0;
  for (let a = 0; a < nAcc; a++) {
    const acc = opts.dataSource === 'retail' ? retail(rng, z, market, months, opts.intensity ?? 1) : commercial(rng, z, market, months, opts.intensity ?? 1);
    const iban = `${market.toUpperCase()}${String(10 + a).padStart(2, '0')}X${String(rng.int(1e9, 9e9))}${String(a).padStart(3, '0')}`;
    sources.push(acc.toSource(`${id}-acc${a}`, iban, holder));
    incomeHint += acc.incomeHint;
  }
  const wantsLoan = rng.chance(0.7);
  const params: ReportParams = {
    account_holder: holder,
    data_market: market,
    data_source: opts.dataSource,
    loan_period: wantsLoan ? rng.pick([12, 24, 36, 48, 60]) : null,
    // requests scale with the applicant's income (1–10 months of it), as real requests roughly do
    requested_loan_amount: wantsLoan ? Math.max(1000, Math.round((incomeHint * rng.uniform(1, 10)) / 100) * 100) : null,
    overdraft_limit: rng.chance(0.5) ? rng.pick([500, 1000, 2000]) : null,
  };
  return { id, z, truePd, defaulted, sources, params, asOf: `${endMonth}-28` };
}

const pos = (x: number): number => Math.max(0, x);

function retail(rng: Rng, z: number, market: Market, months: string[], intensity: number): AccountBuilder {
  const n = (): number => rng.normal();
  const income = Math.exp(7.55 - 0.22 * z + 0.35 * n());
  const kind = rng.chance(0.1) ? 'pension' : rng.chance(logistic(1.0 - 0.9 * z + 0.4 * n())) ? 'salary' : 'freelance';
  const irregular = 0.2 + 0.2 * pos(z + 0.5 * n());
  const employer = kind === 'freelance' ? null : undefined;
  const housing = rng.chance(0.65) ? 'rent' : rng.chance(0.5) ? 'mortgage' : null;
  const housingAmt = income * rng.uniform(0.2, 0.36);
  const hasLoan = rng.chance(logistic(-0.6 + 0.7 * z));
  const loanAmt = income * rng.uniform(0.04, 0.12 + 0.12 * pos(z));
  const hasCard = rng.chance(0.4);
  const spendRatio = 0.86 + 0.11 * z + 0.07 * n();
  const cashShare = Math.min(0.6, 0.05 + 0.1 * pos(z + 0.5 * n()));
  const gambler = rng.chance(logistic(-2.3 + 1.0 * z));
  const gambleShare = rng.uniform(0.01, 0.03 + 0.08 * pos(z));
  const returnedPerYear = rng.poisson(Math.exp(-2.3 + 1.0 * z));
  const returnedMonths = new Set(Array.from({ length: returnedPerYear }, () => rng.int(0, months.length - 1)));
  const utilities = rng.uniform(50, 140);
  const telecom = rng.uniform(15, 45);
  const insurance = rng.chance(0.5) ? rng.uniform(25, 70) : 0;
  const acc = new AccountBuilder(rng, market, Math.round(income * Math.exp(-0.3 - 0.45 * z + 0.7 * n()) * 100));
  acc.incomeHint = income;
  const clients = COMPANY_NAMES[market];
  months.forEach((ym, i) => {
    if (kind === 'freelance') {
      const total = income * Math.exp(irregular * n() - (irregular * irregular) / 2);
      const k = rng.int(1, 4);
      for (let j = 0; j < k; j++) acc.add(ym, rng.int(1, 28), total / k, 'freelance', rng.pick(clients));
    } else {
      const amt = income * (1 + 0.01 * n()) * (market === 'it' && kind === 'salary' && ym.endsWith('-12') ? 2 : 1);
      acc.add(ym, kind === 'pension' ? 1 : 27, amt, kind, employer);
    }
    let fixed = 0;
    if (housing) { acc.add(ym, 3, -housingAmt, housing); fixed += housingAmt; }
    acc.add(ym, 10, -utilities * rng.uniform(0.8, 1.2), 'utilities'); fixed += utilities;
    acc.add(ym, 15, -telecom, 'telecom'); fixed += telecom;
    if (insurance) { acc.add(ym, 20, -insurance, 'insurance'); fixed += insurance; }
    if (hasLoan) { acc.add(ym, 5, -loanAmt, 'loan'); fixed += loanAmt; }
    acc.add(ym, 12, -13.99, 'subscriptions'); fixed += 14;
    acc.add(ym, 1, -rng.uniform(2, 8), 'fees');
    const variable = Math.max(150, income * spendRatio - fixed);
    const cash = variable * cashShare;
    const rest = variable - cash;
    const card = hasCard ? rest * 0.25 : 0;
    if (hasCard) acc.add(ym, 8, -card, 'card');
    const spread = (kind2: string, share: number, count: number): void => {
      const c = Math.max(1, Math.round(count * intensity));
      for (let j = 0; j < c; j++) acc.add(ym, rng.int(1, 28), -((rest - card) * share) / c * rng.uniform(0.6, 1.4), kind2);
    };
    spread('groceries', 0.45, rng.int(5, 10));
    spread('dining', 0.12, rng.int(2, 6));
    spread('shopping', 0.2, rng.int(1, 4));
    spread('fuel', 0.15, rng.int(2, 4));
    const w = rng.int(1, 4);
    for (let j = 0; j < w; j++) acc.add(ym, rng.int(1, 28), -Math.max(20, Math.round(cash / w / 10) * 10), 'cash');
    if (gambler) {
      const g = rng.int(2, 12);
      for (let j = 0; j < g; j++) acc.add(ym, rng.int(1, 28), -Math.max(5, (income * gambleShare) / g), 'gambling');
    }
    if (returnedMonths.has(i)) {
      acc.add(ym, 12, utilities, 'returned');
      acc.add(ym, 13, -rng.uniform(3, 8), 'returned_fee');
    }
    if (acc.balanceMinor > income * 300) acc.add(ym, 28, -income * 0.5, 'savings');
    acc.closeMonth(ym);
  });
  return acc;
}

function commercial(rng: Rng, z: number, market: Market, months: string[], intensity: number): AccountBuilder {
  const n = (): number => rng.normal();
  const revenue = Math.exp(9.3 - 0.3 * z + 0.5 * n());
  const nCustomers = Math.max(1, Math.round(Math.exp(2.3 - 0.4 * z + 0.5 * n())));
  const zipf = Math.max(0.3, 1 + 0.4 * z + 0.3 * n());
  const weights = Array.from({ length: nCustomers }, (_, k) => 1 / (k + 1) ** zipf);
  const wsum = weights.reduce((a, b) => a + b, 0);
  const growth = 0.005 - 0.02 * z + 0.015 * n();
  const vol = 0.1 + 0.12 * pos(z + 0.5 * n());
  const costRatio = 0.93 + 0.08 * z + 0.05 * n();
  const hasLoan = rng.chance(logistic(-0.3 + 0.6 * z));
  const returnedPerYear = rng.poisson(Math.exp(-2.0 + 1.0 * z));
  const returnedMonths = new Set(Array.from({ length: returnedPerYear }, () => rng.int(0, months.length - 1)));
  const gambler = rng.chance(logistic(-3.2 + 0.8 * z));
  const customers = Array.from({ length: nCustomers }, (_, k) => `${rng.pick(COMPANY_NAMES[market]).split(' ')[0] ?? 'Cliente'} ${k}`);
  const acc = new AccountBuilder(rng, market, Math.round(revenue * Math.exp(-0.5 - 0.4 * z + 0.6 * n()) * 100));
  acc.incomeHint = revenue * 0.1;
  months.forEach((ym, i) => {
    const monthRev = revenue * (1 + growth) ** i * Math.exp(vol * n() - (vol * vol) / 2);
    const invoices = Math.max(2, Math.round(rng.int(4, 15) * intensity));
    for (let j = 0; j < invoices; j++) {
      let u = rng.next() * wsum;
      let k = 0;
      while (k < weights.length - 1 && u > (weights[k] ?? 0)) { u -= weights[k] ?? 0; k++; }
      acc.add(ym, rng.int(1, 28), (monthRev / invoices) * rng.uniform(0.5, 1.5), 'customer', customers[k] ?? null, ` ${rng.int(1, 400)}/${ym.slice(0, 4)}`);
    }
    const costs = revenue * costRatio * (1 + growth) ** i;
    acc.add(ym, 27, -costs * 0.22, 'payroll');
    acc.add(ym, 16, -costs * 0.08, 'taxes');
    acc.add(ym, 3, -costs * 0.07, 'rent');
    acc.add(ym, 10, -costs * 0.02, 'utilities');
    if (hasLoan) acc.add(ym, 5, -costs * 0.06, 'loan');
    const suppliers = Math.max(2, Math.round(rng.int(3, 8) * intensity));
    for (let j = 0; j < suppliers; j++) acc.add(ym, rng.int(1, 28), -(costs * (hasLoan ? 0.55 : 0.61)) / suppliers, 'supplier', rng.pick(COMPANY_NAMES[market]));
    acc.add(ym, 1, -rng.uniform(10, 40), 'fees');
    if (gambler) acc.add(ym, rng.int(1, 28), -rng.uniform(50, 400), 'gambling');
    if (returnedMonths.has(i)) {
      acc.add(ym, 12, costs * 0.02, 'returned');
      acc.add(ym, 13, -rng.uniform(3, 8), 'returned_fee');
    }
    acc.closeMonth(ym, 0.1);
  });
  return acc;
}
