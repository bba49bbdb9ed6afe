/**
 * Issue 21's findings ("What was measured"), reproduced as a user meets them: `docrisk serve` started on
 * a fresh data directory, every step over HTTP with the README's calls (bank-account JSON, file upload,
 * run-validation, run-report, generate-pdf), and the Berka development split through the report engine
 * (../shared/datasets/berka-dev; skipped when absent). One line per finding: ok / REPRODUCES and what
 * was seen. Run it in two checkouts to compare them:
 *   node bench/risk-findings.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReport, categoriseTransactions } from '../src/risk/index.ts';
import { parseApplications } from '../src/risk/model/applications.ts';
import { addDays } from '../src/risk/dates.ts';

/** An API answer, read loosely: the script checks fields by name as a user reading the JSON would. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results: { id: string; ok: boolean; seen: string }[] = [];
const check = (id: string, ok: boolean, seen: string) => {
  results.push({ id, ok, seen });
  console.log(`${ok ? 'ok        ' : 'REPRODUCES'} ${id}: ${seen}`);
};

// ---------------------------------------------------------------- Berka, through the report engine
const berka = join(root, '../shared/datasets/berka-dev/loans-1993-1996.jsonl');
if (existsSync(berka) && !process.env.SKIP_BERKA) {
  const apps = parseApplications(readFileSync(berka, 'utf8'));
  const byText = new Map<string, Map<string, number>>();
  let payerAccounts = 0;
  let payerMissed = 0;
  let cashAsSalary = 0;
  let lowIncome = 0;
  const negative: string[] = [];
  for (const a of apps) {
    const txns = a.sources.flatMap((s) => s.transactions);
    const cats = categoriseTransactions(txns, a.params.data_market);
    for (const t of cats) {
      if (t.amountMinor >= 0) continue;
      const key = ['CASH WITHDRAWAL', 'ACCOUNT STATEMENT FEE', 'PENALTY INTEREST'].find((k) => t.description.startsWith(k));
      if (!key) continue;
      const m = byText.get(key) ?? new Map<string, number>();
      m.set(t.category, (m.get(t.category) ?? 0) + 1);
      byText.set(key, m);
    }
    // one payer (same account number), in three or more months: is it counted as income?
    const months = new Map<string, Set<string>>();
    for (const t of cats) {
      const m = /^TRANSFER FROM ACCOUNT ([A-Z]{2} \d+)/.exec(t.description);
      if (!m || t.amountMinor <= 0) continue;
      const set = months.get(m[1]!) ?? new Set<string>();
      set.add(t.date.slice(0, 7));
      months.set(m[1]!, set);
    }
    const regular = [...months].filter(([, s]) => s.size >= 3).map(([k]) => k);
    if (regular.length) {
      payerAccounts++;
      const income = new Set(['salary', 'pension', 'benefits', 'other_income']);
      if (cats.some((t) => regular.some((k) => t.description.includes(k)) && t.amountMinor > 0 && !income.has(t.category))) payerMissed++;
    }
    if (cats.some((t) => t.description.startsWith('CASH') && t.category === 'salary')) cashAsSalary++;
    const r = buildReport({ sources: a.sources, params: a.params, asOf: addDays(a.date, -1) });
    if (r.srg.reason_codes.some((c) => c.code === 'LOW_INCOME')) lowIncome++;
    if (r.metrics.balances.days_negative > 0) negative.push(`${r.srg.decision}${a.bad ? '(bad)' : ''}`);
  }
  const share = (k: string, want: string) => {
    const m = byText.get(k) ?? new Map<string, number>();
    const n = [...m.values()].reduce((x, y) => x + y, 0);
    return { ok: (m.get(want) ?? 0) === n && n > 0, text: `${k} ${m.get(want) ?? 0}/${n} → ${want}` };
  };
  const cash = share('CASH WITHDRAWAL', 'cash_withdrawal');
  const fee = share('ACCOUNT STATEMENT FEE', 'fees');
  const pen = share('PENALTY INTEREST', 'overdraft_interest');
  check('F1 Berka debits all other_expense; cash, fees, penalty interest 0', cash.ok && fee.ok && pen.ok, `${cash.text}; ${fee.text}; ${pen.text}`);
  const notDeclined = negative.filter((d) => !d.startsWith('decline')).length;
  check('F2 negative-balance applicants get "review"', negative.length > 0 && notDeclined === 0, `${negative.length} applicants with a day below zero, ${notDeclined} not declined (${[...new Set(negative)].join(', ')})`);
  check('F3 monthly transfers from one payer missed as income', payerMissed === 0, `${payerMissed} of ${payerAccounts} accounts with a payer in ≥ 3 months have some of its credits outside income`);
  check('F4 irregular cash deposits taken for salary', cashAsSalary === 0, `${cashAsSalary} of ${apps.length} accounts have a cash credit categorised salary`);
  check('F5 LOW_INCOME on absolute euros', lowIncome === 0, `LOW_INCOME in ${lowIncome} of ${apps.length} reports`);
} else {
  console.log(`skipped F1–F5: ${berka} not found`);
}

// ---------------------------------------------------------------- a server on a fresh data dir
const dataDir = mkdtempSync(join(tmpdir(), 'docrisk-findings-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const BASE = `http://127.0.0.1:${port}`;
const CID = 'cl_findings';
const CS = 'cs_findings_secret_0123456789';
const SK = 'sk_findings_0123456789';
const server = spawn(process.execPath, ['src/main.ts', 'serve'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DOCRISK_DATA_DIR: dataDir,
    DOCRISK_BOOTSTRAP_CLIENT_ID: CID,
    DOCRISK_BOOTSTRAP_CLIENT_SECRET: CS,
    DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: SK,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const flat = (s: string) => s.replace(/\s+/g, '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  for (let i = 0; ; i++) {
    const up = await fetch(`${BASE}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 600) throw new Error('server did not start within 120 s');
    await sleep(200);
  }
  const token = (await (await fetch(`${BASE}/auth/v1/oauth/token`, { method: 'POST', headers: { 'Ocp-Apim-Subscription-Key': SK, 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: CID, client_secret: CS }) })).json()) as { access_token: string };
  const H = { Authorization: `Bearer ${token.access_token}`, 'Ocp-Apim-Subscription-Key': SK };
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${BASE}/document-engine/v1${path}`, { method, headers: { ...H, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
  const process_ = async () => (await api('POST', '/start-process', { ext_application_id: 'FINDINGS' })).body.process_id as string;
  const account = async (pid: string, body: object) => {
    const r = await api('POST', `/processes/${pid}/bank-accounts`, body);
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.bank_account_id as string;
  };
  const upload = async (pid: string, name: string, content: string) => {
    const form = new FormData();
    form.set('ext_file_id', name);
    form.set('file', new Blob([content]), name);
    const r = await fetch(`${BASE}/document-engine/v1/processes/${pid}/files`, { method: 'POST', headers: H, body: form });
    const f = (await r.json()) as { file_id: string };
    for (;;) {
      const g = (await api('GET', `/processes/${pid}/files/${f.file_id}`)).body;
      if (g.parsing_status !== 'processing') return g;
      await sleep(200);
    }
  };
  const report = async (pid: string, inputs: object) => {
    const r = await api('POST', `/processes/${pid}/credit-reports/run-report`, inputs);
    if (r.status !== 201) return r.body;
    for (;;) {
      const g = (await api('GET', `/processes/${pid}/credit-reports/${r.body.credit_report_id}`)).body;
      if (g.status !== 'processing') return g;
      await sleep(200);
    }
  };
  const pdfText = async (pid: string, rid: string, lang: string) => {
    const r = await fetch(`${BASE}/document-engine/v1/processes/${pid}/credit-reports/${rid}/generate-pdf?langCountryCode=${lang}`, { headers: H });
    return extractPdfText(new Uint8Array(await r.arrayBuffer()));
  };
  type Tx = { date: string; amount: string; description: string; balance?: string | null };
  const chain = (opening: number, txns: Tx[], withBalance = true): Tx[] => {
    let b = Math.round(opening * 100);
    return [...txns].sort((x, y) => x.date.localeCompare(y.date)).map((t) => {
      b += Math.round(Number(t.amount) * 100);
      return withBalance ? { ...t, balance: (b / 100).toFixed(2) } : t;
    });
  };
  const monthsOf = (from: string, n: number) => Array.from({ length: n }, (_, i) => { const d = new Date(`${from}-01T00:00:00Z`); d.setUTCMonth(d.getUTCMonth() + i); return d.toISOString().slice(0, 7); });
  const months12 = monthsOf('2025-10', 12);
  const everyday = (m: string): Tx[] => [
    { date: `${m}-05`, amount: '-850.00', description: 'SEPA-Lastschrift Miete Wohnung Hausverwaltung Schulz' },
    { date: `${m}-12`, amount: '-62.40', description: 'KARTENZAHLUNG REWE Markt GmbH Koeln' },
    { date: `${m}-19`, amount: '-48.10', description: 'KARTENZAHLUNG EDEKA' },
    { date: `${m}-22`, amount: '-100.00', description: 'Bargeldauszahlung Geldautomat' },
  ];
  const de = { account_holder: 'Max Mustermann', data_market: 'de', data_source: 'retail', requested_loan_amount: 8000, loan_period: 36 };

  // F6: SANTANDER CONSUMER BANK RATE KREDIT, a monthly 289 € debit
  {
    const pid = await process_();
    const txns = months12.flatMap((m) => [{ date: `${m}-01`, amount: '2400.00', description: 'Gehalt Lohn ACME GmbH' }, { date: `${m}-03`, amount: '-289.00', description: 'SANTANDER CONSUMER BANK RATE KREDIT' }, ...everyday(m)]);
    const id = await account(pid, { iban: 'DE89370400440532013000', account_holder: 'Max Mustermann', opening_balance: '1500.00', transactions: chain(1500, txns) });
    const r = await report(pid, { bank_account_ids: [id], report_params: de });
    const m = r.report_result?.metrics;
    const stream = (r.report_result?.streams as { label: string; category: string }[] | undefined)?.find((s) => s.label?.includes('SANTANDER'));
    check('F6 Santander Consumer Bank instalment → debt service 0, DTI 0 %, Approve', m?.debt_service.monthly > 280 && m?.debt_service.dti > 0.1, `debt service ${m?.debt_service.monthly} €/month, DTI ${m?.debt_service.dti}, stream ${stream?.category}, decision ${r.report_result?.srg.decision}`);
  }

  // F7: minimum balance beside days below zero, two accounts
  {
    const pid = await process_();
    const a = months12.flatMap((m) => [{ date: `${m}-27`, amount: '2100.00', description: 'Gehalt ACME GmbH' }, ...everyday(m)]);
    a.push({ date: '2025-11-10', amount: '-2500.00', description: 'Ueberweisung Autohaus Meyer' });
    const ia = await account(pid, { iban: 'DE89370400440532013000', account_holder: 'Max Mustermann', opening_balance: '300.00', transactions: chain(300, a) });
    const b = [{ date: '2026-05-02', amount: '20.00', description: 'Gutschrift Zinsen' }, { date: '2026-08-20', amount: '-15.00', description: 'Entgelt Kontofuehrung' }];
    const ib = await account(pid, { iban: 'DE02120300000000202051', account_holder: 'Max Mustermann', opening_balance: '8000.00', transactions: chain(8000, b) });
    const r = await report(pid, { bank_account_ids: [ia, ib], report_params: de });
    const bal = r.report_result?.metrics.balances;
    const consistent = bal && ((bal.days_negative > 0) === (bal.minimum < 0));
    check('F7 minimum balance beside negative days (balances summed across accounts)', Boolean(consistent), `minimum ${bal?.minimum}, ${bal?.days_negative} of ${bal?.days_observed} days negative, overdraft days ${r.report_result?.metrics.overdraft.days_in_overdraft}`);
  }

  // F8: no balance observed at all
  {
    const pid = await process_();
    const txns = months12.flatMap((m) => [{ date: `${m}-01`, amount: '2400.00', description: 'Gehalt ACME GmbH' }, ...everyday(m)]);
    const id = await account(pid, { iban: 'DE89370400440532013000', account_holder: 'Max Mustermann', transactions: chain(0, txns, false) });
    const r = await report(pid, { bank_account_ids: [id], report_params: de });
    const codes = (r.report_result?.srg.reason_codes as { code: string; description: string }[] | undefined) ?? [];
    const neg = codes.find((c) => c.code === 'FREQUENT_NEGATIVE_BALANCE');
    // the data-missing reason must name what is missing: a loan was requested, the balance is what is absent
    check('F8 "frequently negative" with 0 of 0 days', !neg && codes.some((c) => c.code === 'DATA_MISSING_BALANCE') && !codes.some((c) => c.code === 'DATA_MISSING_REQUEST'), `${r.report_result?.metrics.balances.days_observed} days observed; codes ${codes.map((c) => c.code).join(', ')}`);
  }

  // F9: INSUFFICIENT_DATA impact 1000
  {
    const pid = await process_();
    const txns = monthsOf('2026-08', 2).flatMap((m) => [{ date: `${m}-01`, amount: '2400.00', description: 'Gehalt ACME GmbH' }, ...everyday(m)]);
    const id = await account(pid, { iban: 'DE89370400440532013000', account_holder: 'Max Mustermann', opening_balance: '500.00', transactions: chain(500, txns) });
    const r = await report(pid, { bank_account_ids: [id], report_params: de });
    const c = (r.report_result?.srg.reason_codes as { code: string; impact: number }[] | undefined)?.find((x) => x.code === 'INSUFFICIENT_DATA');
    check('F9 INSUFFICIENT_DATA carries impact 1000', c?.impact === 0 && r.report_result?.srg.decision !== 'approve', `INSUFFICIENT_DATA impact ${c?.impact}, decision ${r.report_result?.srg.decision}, policy_reasons ${r.report_result?.srg.policy_reasons}`);
  }

  // F10: statements outside the 12-month window, uploaded as files
  {
    const pid = await process_();
    const csv = (iban: string, rows: Tx[]) => ['Intestatario: Mario Rossi', `IBAN: ${iban}`, '', 'Data;Data valuta;Descrizione;Entrate;Uscite;Saldo', ...chain(1000, rows).map((t) => {
      const [y, mo, d] = t.date.split('-');
      const amt = Math.abs(Number(t.amount)).toFixed(2).replace('.', ',');
      return `${d}/${mo}/${y};${d}/${mo}/${y};${t.description};${Number(t.amount) > 0 ? amt : ''};${Number(t.amount) < 0 ? amt : ''};${t.balance!.replace('.', ',')}`;
    })].join('\n');
    const itRows = (ms: string[]): Tx[] => ms.flatMap((m) => [{ date: `${m}-01`, amount: '2150.00', description: 'STIPENDIO ACME SRL' }, { date: `${m}-03`, amount: '-750.00', description: 'AFFITTO' }, { date: `${m}-09`, amount: '-45.00', description: 'PAGAMENTO POS ESSELUNGA' }]);
    const recent = await upload(pid, 'recent.csv', csv('IT60X0542811101000000123456', itRows(months12)));
    const old = await upload(pid, 'old.csv', csv('IT58X0306909606100000063518', itRows(monthsOf('2023-01', 3))));
    const inputs = { file_ids: [recent.file_id, old.file_id], report_params: { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail' } };
    const v = (await api('POST', `/processes/${pid}/credit-reports/run-validation`, inputs)).body;
    const r = await report(pid, inputs);
    const used = (r.used_files as { file_id: string }[] | undefined)?.map((f) => f.file_id) ?? [];
    const cov = (r.report_result?.coverage.inputs as { id: string; used: boolean; excluded_reason: string | null }[] | undefined)?.find((i) => i.id === old.file_id);
    const vOld = (v.window_check?.inputs as { id: string; excluded_reason: string | null }[] | undefined)?.find((i) => i.id === old.file_id);
    check('F10 statements outside the window dropped silently while used_files lists them', !used.includes(old.file_id) && cov?.excluded_reason === 'before_window' && vOld?.excluded_reason === 'before_window', `used_files ${used.length} (old listed: ${used.includes(old.file_id)}); coverage.inputs old: ${JSON.stringify(cov)}; run-validation window_check old: ${vOld?.excluded_reason}`);
  }

  // F11: names
  for (const [holder, asked] of [['Łukasz Żółć', 'Lukasz Zolc'], ['Ştefan Öztürk', 'Stefan Ozturk']] as const) {
    const pid = await process_();
    const txns = months12.flatMap((m) => [{ date: `${m}-01`, amount: '2400.00', description: 'Gehalt ACME GmbH' }, ...everyday(m)]);
    const id = await account(pid, { iban: 'DE89370400440532013000', account_holder: holder, opening_balance: '1500.00', transactions: chain(1500, txns) });
    const v = (await api('POST', `/processes/${pid}/credit-reports/run-validation`, { bank_account_ids: [id], report_params: { ...de, account_holder: asked } })).body;
    check(`F11 holder "${holder}" vs "${asked}" fails`, v.is_valid === true, `is_valid ${v.is_valid}, normalized ${v.data_details?.elems?.[0]?.normalized_account_holder}, status ${v.data_details?.elems?.[0]?.account_holder_status}`);
  }

  // F12: an MT940 with no holder and no IBAN
  {
    const pid = await process_();
    const lines = [':20:STMT', ':25:0532013000', ':28C:1/1', ':60F:C260301EUR1000,00'];
    let bal = 100000;
    for (const [d, amt, text] of [['260302', 240000, 'GEHALT ACME GMBH'], ['260305', -85000, 'MIETE'], ['260312', -6240, 'REWE'], ['260320', -10000, 'GELDAUTOMAT']] as const) {
      bal += amt;
      lines.push(`:61:${d}${d.slice(2)}${amt > 0 ? 'C' : 'D'}${(Math.abs(amt) / 100).toFixed(2).replace('.', ',')}NTRFNONREF`, `:86:${text}`);
    }
    lines.push(`:62F:C260331EUR${(bal / 100).toFixed(2).replace('.', ',')}`, '-');
    const f = await upload(pid, 'anon.sta', lines.join('\r\n'));
    const v = (await api('POST', `/processes/${pid}/credit-reports/run-validation`, { file_ids: [f.file_id], report_params: de })).body;
    const e = v.data_details?.elems?.[0];
    check('F12 MT940 with no holder and no IBAN counted "ok"', f.parsing_status === 'completed' && e?.account_holder_status === 'unverified' && e?.account_holder_mismatch === true && v.is_valid === false, `parsing ${f.parsing_status}, iban ${e?.iban}, holder ${e?.account_holder}, status ${e?.account_holder_status}, mismatch ${e?.account_holder_mismatch}, is_valid ${v.is_valid}`);
  }

  // F13–F15: the PDF's name, the decision's wording, counterparty
  {
    const pid = await process_();
    const holder = 'Łukasz Şahin-Nguyễn Żółć';
    const txns = months12.flatMap((m) => [
      { date: `${m}-01`, amount: '3900.00', description: 'Gehalt Lohn ACME GmbH' },
      { date: `${m}-04`, amount: '250.00', description: 'GUTSCHR REFERENZ KINDERGELD-NR 123FK456789 ARBEITSAMT' },
      ...everyday(m),
    ]);
    const id = await account(pid, { iban: 'DE89370400440532013000', account_holder: holder, opening_balance: '9000.00', transactions: chain(9000, txns) });
    const r = await report(pid, { bank_account_ids: [id], report_params: { ...de, account_holder: holder, requested_loan_amount: 3000, loan_period: 24 } });
    const decision = r.report_result?.srg.decision as string;
    const texts = { it: await pdfText(pid, r.credit_report_id, 'it'), de: await pdfText(pid, r.credit_report_id, 'de'), en: await pdfText(pid, r.credit_report_id, 'en') };
    check('F13 PDF prints the name as mojibake', Object.values(texts).every((t) => flat(t).includes(flat(holder)) && t.includes('Zusammenfassung') === (t === texts.de)), `name as written in it/de/en (pdf.js text, spaces aside): ${Object.values(texts).map((t) => flat(t).includes(flat(holder))).join('/')}; "Zusammenfassung" in de: ${texts.de.includes('Zusammenfassung')} (${/.usammenfassung/.exec(texts.de)?.[0]})`);
    const outcome = { it: /Esito: (Approvato|Da verificare|Respinto)/, de: /Empfehlung: (Genehmigung|Prüfung|Ablehnung)/, en: /Outcome: (Approved|Review|Referred|Declined)/ };
    const command = /\b(Approvare|Rifiutare|Genehmigen|Ablehnen)\b/;
    check('F15 decision as a command', (['it', 'de', 'en'] as const).every((l) => outcome[l].test(texts[l]) && !command.test(texts[l])), `${decision}: ${(['it', 'de', 'en'] as const).map((l) => outcome[l].exec(texts[l])?.[0] ?? `no outcome line in ${l}`).join(' / ')}`);
    const streams = (r.report_result?.streams as { counterparty: string | null; counterparty_key: string; label: string }[] | undefined) ?? [];
    const kg = streams.find((s) => s.label.includes('KINDERGELD'));
    check('F14 counterparty holds a grouping key', kg !== undefined && kg.counterparty !== kg.counterparty_key && !/GUTSCHR|REFERENZ/.test(kg.counterparty ?? ''), `Kindergeld stream: counterparty ${JSON.stringify(kg?.counterparty)}, counterparty_key ${JSON.stringify(kg?.counterparty_key)}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${results.filter((r) => r.ok).length} of ${results.length} findings fixed as a user sees them`);

async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('pdfjs-dist/package.json'));
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes, standardFontDataUrl: join(dir, 'standard_fonts') + '/', cMapUrl: join(dir, 'cmaps') + '/', wasmUrl: join(dir, 'wasm') + '/' });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const c = await (await doc.getPage(p)).getTextContent();
    parts.push(c.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await task.destroy();
  return parts.join('\n');
}
