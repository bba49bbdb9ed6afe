/**
 * The web portal in a real browser (playwright-core + Debian's chromium) against a real server on loopback:
 * sign in, create a process, upload a statement, see the parsed fields, highlight a transaction on the page,
 * validate and run a report, download its PDF, set a webhook URL and see a delivery. Screenshots of every
 * page go to test-results/portal/*.png.
 */
// db-selection: PGlite is enough — the portal in a browser (chromium: 33 CPU s); the API calls it makes (sign-in, processes, upload, report, webhook settings and deliveries) run on PostgreSQL in those modules' tests
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortal, portalNeedsBuild } from '../../scripts/build-portal.ts';
import { portalUiRoutes } from '../../src/http/portal-ui.ts';
import { generateStatement } from '../fixtures/generator/index.ts';
import { BOOT, createTestApp, type TestApp } from '../helpers/app.ts';

const CHROMIUM = '/usr/bin/chromium';
const OUT = fileURLToPath(new URL('../../test-results/portal/', import.meta.url));
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`portal browser test skipped: ${CHROMIUM} is missing (run scripts/setup-system.sh as root)`);

const csv = [
  'Data;Data valuta;Descrizione;Entrate;Uscite;Saldo',
  '01/03/2026;01/03/2026;STIPENDIO MARZO ACME SRL;2.150,00;;3.150,00',
  '03/03/2026;03/03/2026;AFFITTO MARZO;;750,00;2.400,00',
  '05/03/2026;05/03/2026;PRELIEVO BANCOMAT;;100,00;2.300,00',
].join('\n');

describe('web portal without a build', () => {
  it('answers a clear 503 problem telling to run npm run build', async () => {
    const app = Fastify();
    await app.register(portalUiRoutes('/nonexistent/portal/dist'));
    const r = await app.inject({ method: 'GET', url: '/portal/processes' });
    expect(r.statusCode).toBe(503);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json().detail).toContain('npm run build');
    await app.close();
  });
});

describe.skipIf(!haveChromium)('web portal (browser)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  const foreign: string[] = [];
  const pageErrors: string[] = [];

  const shot = async (name: string, fullPage = true) => {
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  };

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    if (portalNeedsBuild('stale')) buildPortal();
    t = await createTestApp({ env: { DOCRISK_WEBHOOK_ALLOW_PRIVATE: '1' } });
    const addr = await t.app.server!.listen({ port: 0, host: '127.0.0.1' });
    base = addr.replace('localhost', '127.0.0.1');
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/docrisk`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    });
    const ctx = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'en-GB',
      acceptDownloads: true,
    });
    page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:'))
        foreign.push(r.url());
    });
    page.on('pageerror', (e) => pageErrors.push(String(e)));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => receiver?.close(r));
    await t?.close();
  });

  it('serves the SPA with a strict CSP, falls back to index.html, keeps /portal/v1 as API', async () => {
    const r = await fetch(`${base}/portal/processes/123`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await r.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/portal/v1/nope`)).status).toBe(404);
    expect((await fetch(`${base}/portal/assets/missing.js`)).status).toBe(404);
    const redirect = await fetch(`${base}/portal`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
  });

  it('walks a credit officer through sign-in, upload, highlight, report, PDF and webhooks', async () => {
    // Sign in
    await page.goto(`${base}/portal/`);
    await page.getByLabel('Client ID').waitFor();
    await shot('01-sign-in');
    await page.getByLabel('Client ID').fill(BOOT.clientId);
    await page.getByLabel('Client secret').fill('wrong');
    await page.getByLabel('Subscription key').fill(BOOT.subscriptionKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Client secret').fill(BOOT.clientSecret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Processes' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('docrisk.session'))).toContain('"token"');
    expect(await page.evaluate(() => localStorage.getItem('docrisk.session'))).toBeNull();

    // Create a process
    await page.getByRole('button', { name: '+ New process' }).click();
    await page.getByLabel('Application ID *').fill('PRATICA-2026-001');
    await page.getByLabel('Main applicant').fill('FRANCESCA ROSSI');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: /PRATICA-2026-001/ }).waitFor();

    // Upload a PDF statement and a CSV export at once; badges update live
    const g = await generateStatement({ layout: 'it_dare_avere', seed: 1 });
    await page.getByTestId('file-input').setInputFiles([
      { name: 'estratto-aprile.pdf', mimeType: 'application/pdf', buffer: Buffer.from(g.pdf) },
      { name: 'movimenti.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    ]);
    await page.locator('#files-table tbody tr').nth(1).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('#files-table tbody tr .badge[data-value="completed"]').length === 2,
      null,
      { timeout: 45_000 },
    );
    await expect.poll(() => page.locator('.upload-done').count()).toBe(2);
    await shot('02-process');

    // File page: the page image beside the fields; clicking a transaction highlights its box
    await page.getByRole('link', { name: 'estratto-aprile.pdf' }).click();
    await page.getByRole('heading', { name: 'Extracted fields' }).waitFor();
    const canvas = page.locator('canvas');
    await canvas.waitFor();
    await page.waitForFunction(() => {
      const c = document.querySelector('canvas');
      return !!c && c.width > 0 && document.querySelector('.overlay') !== null;
    });
    const tx = g.truth.transactions[2]!;
    const row = page.locator('#transactions tbody tr').nth(2);
    expect(await row.textContent()).toContain(tx.description.split(' ')[0]!);
    await row.click();
    const hl = page.getByTestId('highlight');
    await hl.waitFor();
    const file = await (
      await fetch(
        `${base}${new URL(page.url()).pathname.replace('/portal/processes/', '/document-engine/v1/processes/')}`,
        { headers: await t.headers() },
      )
    ).json();
    const bbox = file.parsing_result.transactions.value[2].bbox as number[];
    const cb = (await canvas.boundingBox())!;
    const hb = (await hl.boundingBox())!;
    const scale = cb.width / 595.28; // A4 width in points
    expect(Math.abs(hb.x - cb.x - bbox[0]! * scale)).toBeLessThan(4);
    expect(Math.abs(hb.y - cb.y - bbox[1]! * scale)).toBeLessThan(4);
    expect(Math.abs(hb.width - (bbox[2]! - bbox[0]!) * scale)).toBeLessThan(6);
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    // Keyboard: a field row is selectable with Enter
    await page.locator('tr[data-field="iban"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tr[data-field="iban"]').getAttribute('aria-selected')).toBe('true');
    await row.click();
    await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(400);
    await shot('03-file-highlight', false);

    // CSV file page: shown as text, transactions with categories and balances
    await page.getByRole('link', { name: 'Process', exact: true }).click();
    await page.getByRole('link', { name: 'movimenti.csv' }).click();
    await page.locator('#transactions tbody tr').nth(2).waitFor();
    expect(await page.locator('#transactions tbody tr').first().textContent()).toContain('Salary');
    await shot('04-file-csv');

    // Report: validation explained, then the report
    await page.getByRole('link', { name: 'Process', exact: true }).click();
    await page.getByRole('link', { name: 'New credit report' }).click();
    await page.getByRole('checkbox', { name: /All parsed statements/ }).uncheck();
    await page.getByRole('checkbox', { name: /estratto-aprile\.pdf/ }).check();
    await page.getByLabel('Account holder').fill(g.truth.account_holder);
    await page.getByLabel('Loan period (months)').fill('24');
    await page.getByLabel('Requested loan amount').fill('5000');
    expect(await page.getByRole('button', { name: 'Run report' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Check inputs' }).click();
    await page.getByRole('heading', { name: /Input check/ }).waitFor();
    expect(await page.locator('.validation').textContent()).toContain('ready for a report');
    // the 12 months the report will score, checked against every input (issue 21 item 4)
    expect(await page.locator('.validation').textContent()).toContain(
      'Every input has transactions in the 12 months to be scored',
    );
    await shot('05-report-validation');
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.getByTestId('score').waitFor({ timeout: 30_000 });
    const score = Number(await page.getByTestId('score').textContent());
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1000);
    expect(await page.getByTestId('grade').textContent()).toMatch(/^[A-G]$/);
    expect(await page.locator('.reasons li').count()).toBeGreaterThan(0);
    expect(await page.locator('svg[aria-labelledby="flows-title flows-desc"] rect').count()).toBeGreaterThan(
      0,
    );
    // the report an underwriter expects (issue 21 item 6): net income, recurring obligations with amounts,
    // income by payer, the transactions behind the flags and the largest ones
    const reportText = (await page.locator('main, body').first().textContent()) ?? '';
    expect(reportText).toContain('Net regular income per month');
    await page.getByRole('heading', { name: 'Recurring obligations and income' }).waitFor();
    await page.getByRole('heading', { name: 'Income sources by payer' }).waitFor();
    await page.getByRole('heading', { name: 'Transactions behind the flags, unusual and largest' }).waitFor();
    await page.getByRole('heading', { name: 'Largest debits' }).waitFor();
    expect(await page.getByTestId('income-sources').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot('06-report');

    // PDF download (German)
    await page.getByLabel('PDF language').selectOption('de');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdfPath = path.join(OUT, 'report-de.pdf');
    await download.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/-de\.pdf$/);

    // The UI in Italian
    await page.getByLabel('Language').first().selectOption('it');
    await page.getByRole('heading', { name: /Report di credito/ }).waitFor();
    await page.getByRole('heading', { name: 'Fonti di reddito per ordinante' }).waitFor();
    await shot('07-report-it');
    await page.getByLabel('Lingua').first().selectOption('en');

    // Webhooks: set both URLs, reveal the secret, send a test event, see it delivered in the log
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.getByLabel('Doc Engine URL').fill(receiverUrl);
    await page.getByLabel('Workflow URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => page.getByTestId('secret').textContent()).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .locator('#deliveries tr[data-event="webhook.test"][data-status="succeeded"]')
      .first()
      .waitFor({ timeout: 30_000 });
    expect(received.length).toBeGreaterThan(0);
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
    await shot('08-webhooks');

    // Settings: auto parsing off and on again
    await page.getByRole('link', { name: 'Settings' }).click();
    const sw = page.getByRole('switch', { name: 'Parse uploaded files automatically' });
    await expect.poll(() => sw.isChecked()).toBe(true);
    await sw.click();
    await page.getByText('Saved.').waitFor();
    await expect.poll(() => sw.isChecked()).toBe(false);
    await shot('09-settings');
    await sw.click();
    await expect.poll(() => sw.isChecked()).toBe(true);

    // Processes list in German, on a tablet-sized viewport
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByLabel('Language').first().selectOption('de');
    await page.getByRole('link', { name: 'Vorgänge' }).first().click();
    await page.getByRole('heading', { name: 'Vorgänge' }).waitFor();
    await shot('10-processes-de-tablet');

    // Archive with confirmation
    await page.getByRole('link', { name: 'PRATICA-2026-001' }).click();
    await page.getByRole('button', { name: 'Archivieren' }).click();
    await page.getByRole('button', { name: 'Vorgang archivieren' }).click();
    await page.locator('h1 .badge[data-value="archived"]').waitFor();
    await shot('11-process-archived-de-tablet');

    // Sign out forgets the session
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByLabel('Client-ID').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('docrisk.session'))).toBeNull();

    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('shows an underwriter the outcome, obligations with amounts, payers, net income and the rows behind the flags (issue 21 item 6)', async () => {
    // bank data with a loan instalment, a gambling debit, a returned direct debit and a one-off large transfer received
    const rows: {
      date: string;
      amount: string;
      description: string;
      counterparty?: string;
      counterparty_iban?: string;
    }[] = [];
    for (const m of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']) {
      rows.push(
        { date: `${m}-01`, amount: '2400.00', description: 'BONIFICO A VOSTRO FAVORE STIPENDIO ACME SRL' },
        { date: `${m}-03`, amount: '-700.00', description: 'BONIFICO AFFITTO IMMOBILIARE SOLE' },
        { date: `${m}-05`, amount: '-180.00', description: 'ADDEBITO SDD FINDOMESTIC BANCA SPA RATA' },
        { date: `${m}-12`, amount: '-64.30', description: 'PAGAMENTO POS ESSELUNGA MILANO' },
      );
    }
    // payers of three more kinds: one the bank names, one given only by its IBAN, cash paid in (no payer)
    for (const m of ['2026-02', '2026-03', '2026-04']) {
      rows.push(
        { date: `${m}-08`, amount: '410.00', description: 'ACCREDITO PENSIONE', counterparty: 'INPS' },
        {
          date: `${m}-10`,
          amount: '310.00',
          description: 'ACCREDITO BONIFICO RIMBORSO SPESE',
          counterparty_iban: 'DE44500105175407324931',
        },
        { date: `${m}-14`, amount: '200.00', description: `VERSAMENTO CONTANTI SPORTELLO ${m.slice(5)}` },
      );
    }
    // thirteen bets, more than the ten rows a flag lists: the most recent are listed, newest first
    for (const m of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']) {
      for (const d of ['20', '25'])
        rows.push({
          date: `${m}-${d}`,
          amount: '-15.00',
          description: 'PAGAMENTO POS LOTTOMATICA GRATTA E VINCI',
        });
    }
    rows.push(
      { date: '2026-04-18', amount: '-45.00', description: 'PAGAMENTO POS SNAI SCOMMESSE ROMA' },
      { date: '2026-05-07', amount: '-120.00', description: 'STORNO SDD INSOLUTO MANCANZA FONDI' },
      {
        date: '2026-05-20',
        amount: '9000.00',
        description: 'BONIFICO A VOSTRO FAVORE DA GIOVANNI BIANCHI PRESTITO',
      },
    );
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request({ method, url: `/document-engine/v1${url}`, ...(payload ? { payload } : {}) });
    const pid = (await api('POST', '/start-process', { ext_application_id: 'PRATICA-UW' })).json()
      .process_id as string;
    const acc = await api('POST', `/processes/${pid}/bank-accounts`, {
      iban: 'IT60X0542811101000000123456',
      account_holder: 'Francesca Rossi',
      opening_balance: '1500.00',
      transactions: rows.sort((a, b) => a.date.localeCompare(b.date)),
    });
    expect(acc.statusCode, acc.body).toBe(201);
    // and a statement of an old account, wholly before the 12 months scored
    const old = await api('POST', `/processes/${pid}/bank-accounts`, {
      iban: 'DE89370400440532013000',
      account_holder: 'Francesca Rossi',
      transactions: [
        { date: '2023-02-01', amount: '1900.00', description: 'GEHALT ACME GMBH' },
        { date: '2023-02-03', amount: '-650.00', description: 'MIETE' },
      ],
    });
    expect(old.statusCode, old.body).toBe(201);
    const params = {
      account_holder: 'Francesca Rossi',
      data_market: 'it',
      data_source: 'retail',
      loan_period: 24,
      requested_loan_amount: 4000,
    };
    const run = await api('POST', `/processes/${pid}/credit-reports/run-report`, {
      bank_account_ids: [acc.json().bank_account_id, old.json().bank_account_id],
      report_params: params,
    });
    expect(run.statusCode, run.body).toBe(201);
    const rid = run.json().credit_report_id as string;
    await expect
      .poll(async () => (await api('GET', `/processes/${pid}/credit-reports/${rid}`)).json().status, {
        timeout: 30_000,
      })
      .toBe('completed');
    const result = (await api('GET', `/processes/${pid}/credit-reports/${rid}`)).json().report_result;

    await page.goto(`${base}/portal/`);
    await page.evaluate(() => localStorage.setItem('docrisk.lang', 'en'));
    await page.reload();
    await page.getByLabel('Client ID').fill(BOOT.clientId);
    await page.getByLabel('Client secret').fill(BOOT.clientSecret);
    await page.getByLabel('Subscription key').fill(BOOT.subscriptionKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Processes' }).waitFor();
    await page.goto(`${base}/portal/processes/${pid}/reports/${rid}`);
    await page.getByTestId('score').waitFor({ timeout: 30_000 });
    const text = ((await page.locator('main, body').first().textContent()) ?? '').replace(/\s+/g, ' ');
    // the decision as an outcome
    const outcome = { approve: 'Approved', review: 'Referred', decline: 'Declined' }[
      result.srg.decision as string
    ];
    expect(await page.locator('.kpi', { hasText: 'Outcome' }).textContent()).toContain(outcome);
    // net income, recurring obligations with their amounts, income by payer
    expect(text).toContain('Net regular income per month');
    const recurring = (await page.getByTestId('recurring').textContent()) ?? '';
    expect(recurring).toContain('FINDOMESTIC');
    expect(recurring).toContain('180.00');
    expect(await page.getByTestId('income-sources').textContent()).toContain('ACME');
    // each payer with where its name came from, in words, and its total (issue 21 item 6)
    const payerRow = (payer: string) =>
      page.getByTestId('income-sources').locator('tbody tr', { hasText: payer }).first();
    for (const [payer, from] of [
      ['INPS', 'named in the bank data'],
      ['ACME', 'read from the description'],
      ['RIMBORSO SPESE', 'payer’s IBAN …07324931 (no name given)'],
      ['VERSAMENTO CONTANTI', 'no payer named'],
    ] as const)
      expect(await payerRow(payer).getByTestId('payer-from').textContent()).toBe(from);
    const sources = result.income_sources as { payer_key: string; payer_from: string; total: number }[];
    expect(sources.find((x) => x.payer_key === 'category:cash_deposit')).toMatchObject({
      payer_from: 'category',
      total: 600,
    });
    expect(await payerRow('VERSAMENTO CONTANTI').textContent()).toContain('600.00');
    expect(await page.getByTestId('income-sources').locator('..').textContent()).toContain(
      'is not confirmed',
    );
    // the rows themselves, as the bank printed them
    // each list's heading says which rows it holds and in what order (issue 21: a flag's most recent rows)
    for (const [heading, row] of [
      ['Gambling (the 10 most recent of 13, newest first)', 'SNAI SCOMMESSE'],
      ['Returned debits (newest first)', 'STORNO SDD INSOLUTO'],
      [
        'Unusual movements (one-off, large against the applicant’s months; largest first)',
        'GIOVANNI BIANCHI',
      ],
      ['Largest debits (largest first)', 'AFFITTO'],
    ] as const) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      const table = page
        .getByRole('heading', { name: heading, exact: true })
        .locator('xpath=following-sibling::div[1]');
      expect(await table.textContent()).toContain(row);
    }
    const gambling = page
      .getByRole('heading', { name: 'Gambling (the 10 most recent of 13, newest first)', exact: true })
      .locator('xpath=following-sibling::div[1]')
      .locator('tbody tr');
    expect(await gambling.count()).toBe(10);
    const shownDates = (result.evidence.gambling as { date: string }[]).map((x) => x.date);
    expect(shownDates[0]).toBe('2026-06-25');
    expect(shownDates).toEqual([...shownDates].sort().reverse());
    expect(shownDates).not.toContain('2026-01-20');
    expect(await gambling.first().textContent()).toContain('25');
    expect(await gambling.first().textContent()).toContain('Jun');
    // the window scored, and the input left outside it with why
    const windowText = (await page.getByTestId('window-coverage').textContent()) ?? '';
    expect(windowText).toContain('Window scored:');
    expect(windowText).toContain('DE89370400440532013000: 2 transactions (all before the window)');
    await shot('12-report-underwriter');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
