/**
 * What a user does first with the container image, over HTTP (scripts/container.sh smoke runs it):
 *   node scripts/container-smoke.ts BASE CLIENT_ID CLIENT_SECRET SUBSCRIPTION_KEY FILE [--again]
 * First run: a token, a process (ext_application_id "container-smoke"), FILE uploaded and parsed to `completed`
 * with transactions, the Open Banking sample beside FILE (psd2-account-report.json) added and a credit report
 * run, its PDF in German with the embedded Unicode font, the OpenAPI document and the portal served. With
 * --again (after a restart on the same volume): the same credentials still work and the process, its parsed
 * file and its report are still there (the PDF is made again).
 * Exits 1 with the failing step named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [base, clientId, clientSecret, subscriptionKey, file] = process.argv.slice(2);
const again = process.argv.includes('--again');
if (!base || !clientId || !clientSecret || !subscriptionKey || !file) {
  console.error(
    'usage: node scripts/container-smoke.ts BASE CLIENT_ID CLIENT_SECRET SUBSCRIPTION_KEY FILE [--again]',
  );
  process.exit(2);
}

function fail(step: string, detail: unknown): never {
  console.error(`container-smoke: ${step}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
  process.exit(1);
}

interface Page<T> {
  items: T[];
}
interface FileResource {
  file_id: string;
  parsing_status: string;
  parsing_error?: unknown;
  validation_result?: { status: string };
  parsing_result?: { transactions?: { value?: unknown[] } };
}
interface Report {
  credit_report_id: string;
  status: string;
  error?: unknown;
}

/** One request; the answer as JSON (typed by the caller) or as text. */
async function call<T>(step: string, url: string, init: RequestInit = {}, expect = 200): Promise<T> {
  const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (res.status !== expect) fail(step, `${res.status} ${text.slice(0, 500)}`);
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

const token = await call<{ access_token: string }>('token', '/auth/v1/oauth/token', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': subscriptionKey },
  body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
});
const auth = { authorization: `Bearer ${token.access_token}`, 'ocp-apim-subscription-key': subscriptionKey };

const list = await call<Page<{ process_id: string }>>(
  'list processes',
  '/document-engine/v1/processes?ext_application_id=container-smoke&limit=5',
  {
    headers: auth,
  },
);
const items = list.items;

let processId: string;
let fileId: string;
if (again) {
  if (items.length !== 1) fail('process kept across the restart', `${items.length} processes found`);
  processId = items[0]!.process_id;
  const files = await call<Page<{ file_id: string }>>(
    'list files',
    `/document-engine/v1/processes/${processId}/files?limit=5`,
    { headers: auth },
  );
  if (files.items.length !== 1) fail('file kept across the restart', `${files.items.length} files found`);
  fileId = files.items[0]!.file_id;
} else {
  if (items.length !== 0) fail('fresh volume', `${items.length} processes already there`);
  const started = await call<{ process_id: string }>(
    'start process',
    '/document-engine/v1/start-process',
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        ext_application_id: 'container-smoke',
        options: { applicant_type: 'employee' },
      }),
    },
    201,
  );
  processId = started.process_id;
  const form = new FormData();
  form.set('ext_file_id', 'smoke-1');
  form.set('document_type', 'bank_statement');
  form.set('file', new Blob([readFileSync(file)], { type: 'application/pdf' }), path.basename(file));
  const uploaded = await call<FileResource>(
    'upload',
    `/document-engine/v1/processes/${processId}/files`,
    { method: 'POST', headers: auth, body: form },
    201,
  );
  if (uploaded.validation_result?.status !== 'success') fail('validation', uploaded.validation_result);
  fileId = uploaded.file_id;
}

const deadline = Date.now() + 180_000;
let parsed: FileResource;
for (;;) {
  parsed = await call<FileResource>(
    'read file',
    `/document-engine/v1/processes/${processId}/files/${fileId}`,
    { headers: auth },
  );
  if (parsed.parsing_status !== 'processing' && parsed.parsing_status !== 'pending') break;
  if (Date.now() > deadline) fail('parsing', 'still processing after 180 s');
  await new Promise((r) => setTimeout(r, 1000));
}
if (parsed.parsing_status !== 'completed')
  fail('parsing', { status: parsed.parsing_status, error: parsed.parsing_error });
// parsing_result.transactions is a named field like the others: { value: [...] } (service spec, File).
const txs = parsed.parsing_result?.transactions?.value;
const count = Array.isArray(txs) ? txs.length : 0;
if (count === 0) fail('parsing result', 'no transactions');

// A credit report from Open Banking data and its PDF (the embedded Unicode font must be in the image).
if (!again) {
  await call(
    'open-banking account',
    `/document-engine/v1/processes/${processId}/open-banking-accounts`,
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: readFileSync(path.join(path.dirname(file), 'psd2-account-report.json')),
    },
    201,
  );
}
const reports = await call<Page<Report>>(
  'list reports',
  `/document-engine/v1/processes/${processId}/credit-reports?limit=5`,
  {
    headers: auth,
  },
);
let reportId = reports.items[0]?.credit_report_id;
if (again && !reportId) fail('report kept across the restart', 'no report');
if (!reportId) {
  const inputs = {
    include_all_data: true,
    report_params: {
      account_holder: 'Mario Rossi',
      data_market: 'it',
      data_source: 'retail',
      loan_period: 24,
      requested_loan_amount: 10000,
    },
  };
  const run = await call<Report>(
    'run-report',
    `/document-engine/v1/processes/${processId}/credit-reports/run-report`,
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(inputs),
    },
    201,
  );
  reportId = run.credit_report_id;
}
for (const until = Date.now() + 120_000; ;) {
  const r = await call<Report>(
    'read report',
    `/document-engine/v1/processes/${processId}/credit-reports/${reportId}`,
    { headers: auth },
  );
  if (r.status === 'completed') break;
  if (r.status !== 'processing' || Date.now() > until) fail('report', { status: r.status, error: r.error });
  await new Promise((res) => setTimeout(res, 1000));
}
const pdfRes = await fetch(
  `${base}/document-engine/v1/processes/${processId}/credit-reports/${reportId}/generate-pdf?langCountryCode=de`,
  {
    headers: auth,
    signal: AbortSignal.timeout(60_000),
  },
);
const pdf = Buffer.from(await pdfRes.arrayBuffer());
if (pdfRes.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-')
  fail('report PDF', `${pdfRes.status} ${pdf.subarray(0, 200).toString()}`);
if (!pdf.includes('DejaVu'))
  fail('report PDF', 'the DejaVu Sans font is not embedded (fonts-dejavu-core missing from the image?)');

const openapi = await call<{ openapi?: string }>('OpenAPI document', '/docs/json');
if (typeof openapi.openapi !== 'string' || !openapi.openapi.startsWith('3.1'))
  fail('OpenAPI document', openapi.openapi);
const portal = await call<string>('portal', '/portal/');
if (typeof portal !== 'string' || !portal.includes('<div id="root">')) fail('portal', 'not the built portal');

console.log(
  `container-smoke: ${again ? 'after a restart, ' : ''}process ${processId}, file ${fileId} completed with ${count} transactions, ` +
    `report ${reportId} as a ${pdf.length}-byte PDF with DejaVu Sans embedded; /docs/json and /portal/ served`,
);
