/**
 * Time buildReport on 12 months × 3 accounts (~3,000 transactions) and the report PDF.
 *   node bench/risk-speed.ts
 * Prints the machine, Node version and load, then per operation the wall time (what a caller waits,
 * inflated by other processes on a shared host) and the CPU time of this process (what the work
 * costs), medians and p90. The reference beside them is a fixed standard-library task measured in the
 * same run: JSON.stringify + JSON.parse of the same transactions, so a ratio says how the report
 * compares on whatever host, at whatever load, the figures were taken.
 */
import os from 'node:os';
import { buildReport, REASON_CODE_TEXTS, validateReportInputs } from '../src/risk/index.ts';
import { simulatePopulation } from '../src/risk/simulate/index.ts';
import { renderReportPdf } from '../src/report-pdf/index.ts';
import type { ReportView } from '../src/report-pdf/index.ts';

const [a] = simulatePopulation(9, 1, { dataSource: 'retail', market: 'it', accounts: 3, intensity: 4.5 });
if (!a) throw new Error('no applicant');
const n = a.sources.reduce((s, x) => s + x.transactions.length, 0);
const cpus = os.cpus();
console.log(`${cpus[0]?.model ?? 'cpu'} × ${cpus.length}, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`${a.sources.length} accounts, ${n} transactions`);

interface Timing { wall: number; cpu: number; wallP90: number; cpuP90: number }
const time = async (runs: number, f: () => unknown): Promise<Timing> => {
  for (let i = 0; i < 3; i++) await f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await f();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const med = (xs: number[], q: number): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * q)] ?? 0;
  return { wall: med(wall, 0.5), cpu: med(cpu, 0.5), wallP90: med(wall, 0.9), cpuP90: med(cpu, 0.9) };
};
const reference = await time(30, () => JSON.parse(JSON.stringify(a.sources)));
const row = (label: string, t: Timing, target: string): void =>
  console.log(`${label.padEnd(22)} wall ${t.wall.toFixed(1).padStart(6)} ms (p90 ${t.wallP90.toFixed(1).padStart(6)})  cpu ${t.cpu.toFixed(1).padStart(6)} ms (p90 ${t.cpuP90.toFixed(1).padStart(6)})  ${(t.cpu / reference.cpu).toFixed(1).padStart(5)}× reference  ${target}`);
row('reference (JSON)', reference, '');
row('validateReportInputs', await time(30, () => validateReportInputs({ sources: a.sources, params: a.params })), '');
row('buildReport', await time(30, () => buildReport({ sources: a.sources, params: a.params, asOf: a.asOf })), 'target ≤ 200 ms');
const result = buildReport({ sources: a.sources, params: a.params, asOf: a.asOf });
const view: ReportView = {
  report_id: 'rep_bench', process_id: 'proc_bench', ext_application_id: null, created_at: '2026-11-01T09:00:00Z',
  report_params: a.params, report_result: result, validation: validateReportInputs({ sources: a.sources, params: a.params }),
  used_inputs: a.sources.map((s) => ({ type: s.type, id: s.id, iban: s.iban, account_holder: s.accountHolder, period_from: s.transactions[0]?.date ?? null, period_to: s.transactions.at(-1)?.date ?? null, transactions: s.transactions.length })),
  reason_code_texts: REASON_CODE_TEXTS,
};
for (const lang of ['it', 'de', 'en'] as const) row(`renderReportPdf ${lang}`, await time(20, () => renderReportPdf(view, lang)), 'target ≤ 500 ms');
