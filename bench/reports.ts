/**
 * Credit report benchmark: 3 bank accounts × 12 months (~3,000 transactions, JSON ingestion) →
 * run-report → completed (end to end through the job queue), then generate-pdf in it/de/en.
 *   node bench/reports.ts [runs]            (PGlite in memory)
 *   TEST_DATABASE_URL=postgres://… node bench/reports.ts [runs]
 */
import os from 'node:os';
import { createTestDatabase } from '../test/helpers/db.ts';
import { webhookTestApp } from '../src/modules/webhooks/webhooks.test-support.ts';
import { accountBody } from '../src/modules/reports/reports.test-data.ts';

const RUNS = Number(process.argv[2] ?? 5);
const MONTHS = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
const IBANS = ['IT60X0542811101000000123456', 'DE89370400440532013000', 'GB82WEST12345698765432'];

const db = await createTestDatabase();
const t = await webhookTestApp(db.database, { workers: true });
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const p = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'BENCH' } })).json();
const base = `/document-engine/v1/processes/${p.process_id}`;
let txns = 0;
const tIngest = process.hrtime.bigint();
for (const iban of IBANS) {
  const body = accountBody({ iban, months: MONTHS, perMonth: 80 });
  txns += body.transactions.length;
  const r = await t.request({ method: 'POST', url: `${base}/bank-accounts`, payload: body });
  if (r.statusCode !== 201) throw new Error(r.body);
}
const ingestMs = ms(tIngest);

const inputs = { include_all_data: true, report_params: { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail', loan_period: 36, requested_loan_amount: 15000 } };
const validationMs: number[] = [];
const acceptMs: number[] = [];
const e2eMs: number[] = [];
let reportId = '';
for (let i = 0; i < RUNS; i++) {
  const tv = process.hrtime.bigint();
  const v = await t.request({ method: 'POST', url: `${base}/credit-reports/run-validation`, payload: inputs });
  validationMs.push(ms(tv));
  if (!v.json().is_valid) throw new Error(`inputs invalid: ${v.body}`);
  const t0 = process.hrtime.bigint();
  const r = await t.request({ method: 'POST', url: `${base}/credit-reports/run-report`, payload: inputs });
  if (r.statusCode !== 201) throw new Error(r.body);
  acceptMs.push(ms(t0));
  reportId = r.json().credit_report_id;
  for (;;) {
    const g = (await t.request({ method: 'GET', url: `${base}/credit-reports/${reportId}` })).json();
    if (g.status !== 'processing') {
      if (g.status !== 'completed') throw new Error(`report ${g.status}: ${JSON.stringify(g.errors)}`);
      break;
    }
    await new Promise((res) => setTimeout(res, 10));
  }
  e2eMs.push(ms(t0));
}

const pdfMs: Record<string, number[]> = { it: [], de: [], en: [] };
let pdfBytes = 0;
for (let i = 0; i < RUNS; i++) {
  for (const lang of Object.keys(pdfMs)) {
    const t0 = process.hrtime.bigint();
    const r = await t.request({ method: 'GET', url: `${base}/credit-reports/${reportId}/generate-pdf?langCountryCode=${lang}` });
    pdfMs[lang]!.push(ms(t0));
    if (r.statusCode !== 200) throw new Error(r.body);
    pdfBytes = r.rawPayload.length;
  }
}

console.log(`machine: ${os.cpus()[0]?.model} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, database ${db.database.kind}`);
console.log(`inputs: ${IBANS.length} bank accounts × ${MONTHS.length} months = ${txns} transactions; ingestion (3 POSTs) ${ingestMs.toFixed(0)} ms`);
console.log(`run-validation: median ${median(validationMs).toFixed(0)} ms over ${RUNS}`);
console.log(`run-report → 201: median ${median(acceptMs).toFixed(0)} ms; → completed (queue + scoring + event, polled every 10 ms): median ${median(e2eMs).toFixed(0)} ms, max ${Math.max(...e2eMs).toFixed(0)} ms over ${RUNS}`);
for (const [lang, xs] of Object.entries(pdfMs)) console.log(`generate-pdf ${lang}: median ${median(xs).toFixed(0)} ms over ${RUNS} (${(pdfBytes / 1024).toFixed(0)} KiB)`);
await t.app.close();
await db.drop().catch(() => undefined);
