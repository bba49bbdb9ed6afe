/** Time buildReport on 12 months × 3 accounts (~3,000 transactions) and the PDF render. node bench/risk-speed.ts */
import { buildReport, REASON_CODE_TEXTS, validateReportInputs } from '../src/risk/index.ts';
import { simulatePopulation } from '../src/risk/simulate/index.ts';
import { renderReportPdf } from '../src/report-pdf/index.ts';
import type { ReportView } from '../src/report-pdf/index.ts';

const [a] = simulatePopulation(9, 1, { dataSource: 'retail', market: 'it', accounts: 3, intensity: 4.5 });
if (!a) throw new Error('no applicant');
const n = a.sources.reduce((s, x) => s + x.transactions.length, 0);
const time = async (label: string, runs: number, f: () => unknown): Promise<void> => {
  for (let i = 0; i < 3; i++) await f();
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    ts.push(performance.now() - t0);
  }
  ts.sort((x, y) => x - y);
  console.log(`${label}: median ${ts[Math.floor(runs / 2)]?.toFixed(1)} ms, p90 ${ts[Math.floor(runs * 0.9)]?.toFixed(1)} ms (${runs} runs)`);
};
console.log(`${a.sources.length} accounts, ${n} transactions`);
await time('validateReportInputs', 30, () => validateReportInputs({ sources: a.sources, params: a.params }));
await time('buildReport', 30, () => buildReport({ sources: a.sources, params: a.params, asOf: a.asOf }));
const result = buildReport({ sources: a.sources, params: a.params, asOf: a.asOf });
const view: ReportView = {
  report_id: 'rep_bench', process_id: 'proc_bench', ext_application_id: null, created_at: '2026-11-01T09:00:00Z',
  report_params: a.params, report_result: result, validation: validateReportInputs({ sources: a.sources, params: a.params }),
  used_inputs: a.sources.map((s) => ({ type: s.type, id: s.id, iban: s.iban, account_holder: s.accountHolder, period_from: s.transactions[0]?.date ?? null, period_to: s.transactions.at(-1)?.date ?? null, transactions: s.transactions.length })),
  reason_code_texts: REASON_CODE_TEXTS,
};
for (const lang of ['it', 'de', 'en'] as const) await time(`renderReportPdf ${lang}`, 20, () => renderReportPdf(view, lang));
