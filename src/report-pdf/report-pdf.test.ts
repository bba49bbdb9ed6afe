import { describe, expect, it } from 'vitest';
import { buildReport, REASON_CODE_TEXTS, validateReportInputs } from '../risk/index.ts';
import { simulatePopulation } from '../risk/simulate/index.ts';
import { formatter } from './format.ts';
import { renderReportPdf } from './index.ts';
import type { ReportView } from './index.ts';
import { extractText, makeView } from './report-pdf.test-support.ts';

const HEADINGS = {
  it: ['Report di rischio di credito', 'Sintesi', 'Motivazioni', 'Indicatori principali', 'Entrate e uscite mensili', 'Ripartizione per categoria', 'Segnalazioni di rischio', 'Copertura dei dati', 'Esito della validazione', 'Modello e metodologia', 'Pagina 1 di'],
  de: ['Kreditrisikobericht', 'Zusammenfassung', 'Begründungscodes', 'Kennzahlen', 'Monatliche Ein- und Ausgänge', 'Aufteilung nach Kategorien', 'Risikohinweise', 'Datenabdeckung', 'Validierungsergebnis', 'Modell und Methodik', 'Seite 1 von'],
  en: ['Credit risk report', 'Summary', 'Reason codes', 'Key metrics', 'Monthly inflow and outflow', 'Category breakdown', 'Risk flags', 'Data coverage', 'Validation results', 'Model and methodology', 'Page 1 of'],
} as const;

describe('renderReportPdf', () => {
  const views = { it: makeView('it'), de: makeView('de') };
  it.each(['it', 'de', 'en'] as const)('renders %s with translated headings, the score and locale formats', async (lang) => {
    const view = lang === 'it' ? views.it : views.de;
    const bytes = await renderReportPdf(view, lang);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text, pages, creationDate } = await extractText(bytes);
    for (const h of HEADINGS[lang]) expect(text).toContain(h);
    expect(text).toContain(String(view.report_result.srg.score));
    expect(text).toContain(view.report_params.account_holder);
    expect(text).toContain('rep_test_01');
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(creationDate).toContain('20261102101500');
    const f = formatter(lang);
    expect(text).toContain(f.money(view.report_result.metrics.income.monthly_average));
    if (lang === 'de') expect(text).toContain('Überweisungen äöü ß');
  });

  it('embeds a Unicode font: "Łukasz Şahin-Nguyễn Żółć" prints as written (issue 21)', async () => {
    const name = 'Łukasz Şahin-Nguyễn Żółć';
    const view = { ...views.de, report_params: { ...views.de.report_params, account_holder: name } };
    const bytes = await renderReportPdf(view, 'en');
    const { text } = await extractText(bytes);
    // pdf.js splits runs at kerning and line breaks: compare without spaces
    expect(text.replace(/\s+/g, '')).toContain(name.replace(/\s+/g, ''));
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('is PDF/A-2b: XMP pdfaid part 2 conformance B, sRGB output intent, every font embedded, Info mirrored in XMP (issue 21)', async () => {
    const pdf = Buffer.from(await renderReportPdf(views.de, 'de')).toString('latin1');
    expect(pdf.startsWith('%PDF-1.7')).toBe(true);
    const xmp = /<x:xmpmeta[\s\S]*?<\/x:xmpmeta>/.exec(pdf)?.[0] ?? '';
    expect(xmp).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(xmp).toContain('<xmp:CreateDate>2026-11-02T10:15:00Z</xmp:CreateDate>');
    expect(xmp).toContain('Kreditrisikobericht rep_test_01');
    expect(pdf).toMatch(/\/Type \/OutputIntent[\s\S]*?\/S \/GTS_PDFA1/);
    expect(pdf).toMatch(/\/OutputConditionIdentifier \(sRGB IEC61966-2\.1\)/);
    expect(pdf).toMatch(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/);
    // no Info entry without its XMP twin (pdfkit writes no xmp:ModifyDate)
    expect(pdf).not.toMatch(/\/ModDate/);
    const fonts = [...pdf.matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1] ?? '');
    expect(fonts.length).toBeGreaterThan(0);
    // every font a subset that is embedded (no base-14 Helvetica, which PDF/A forbids unembedded)
    expect(fonts.every((f) => /^[A-Z]{6}\+/.test(f))).toBe(true);
    expect((pdf.match(/\/FontFile2 /g) ?? []).length).toBe((pdf.match(/\/Type \/FontDescriptor/g) ?? []).length);
  });

  it.each([
    ['it', 'Esito', { approve: 'Approvato', review: 'Da verificare', decline: 'Respinto' }],
    ['de', 'Empfehlung', { approve: 'Genehmigung', review: 'Prüfung', decline: 'Ablehnung' }],
    ['en', 'Outcome', { approve: 'Approved', review: 'Referred', decline: 'Declined' }],
  ] as const)('%s: the decision reads as an outcome, not a command (issue 21)', async (lang, label, words) => {
    const view = views.it;
    const { text } = await extractText(await renderReportPdf(view, lang));
    expect(text).toContain(label);
    expect(text.replace(/\s+/g, '')).toContain(words[view.report_result.srg.decision].replace(/\s+/g, ''));
    expect(text).not.toMatch(/Approvare|Genehmigen|Rifiutare|Ablehnen\b/);
  });

  it('lists recurring obligations with amounts and the rows behind the flags (issue 21)', async () => {
    const view = views.it;
    const { text } = await extractText(await renderReportPdf(view, 'en'));
    expect(text).toContain('Recurring obligations and income sources');
    const out = view.report_result.streams.find((s) => s.direction === 'out');
    if (out) expect(text).toContain(formatter('en').money(out.typical_amount));
    expect(text).toContain('Largest debits');
  });

  // an applicant with the rows an underwriter must see: a gambling debit, a returned direct debit and a
  // one-off large transfer received from a private person, added to a simulated account
  function underwriterView(dataSource: 'retail' | 'commercial'): ReportView {
    const [a] = simulatePopulation(11, 1, { dataSource, market: 'it' });
    if (!a) throw new Error('no applicant');
    const src = a.sources[0];
    if (!src) throw new Error('no source');
    const last = src.transactions.at(-1)?.date ?? '2026-01-31';
    const d = (days: number): string => new Date(Date.parse(`${last}T00:00:00Z`) - days * 86400000).toISOString().slice(0, 10);
    const extra = [
      { date: d(40), valueDate: null, amountMinor: -4500, currency: 'EUR', description: 'PAGAMENTO POS SNAI SCOMMESSE ROMA', counterparty: null, balanceMinor: null, codes: null },
      { date: d(30), valueDate: null, amountMinor: -12000, currency: 'EUR', description: 'STORNO SDD INSOLUTO MANCANZA FONDI', counterparty: null, balanceMinor: null, codes: null },
      { date: d(20), valueDate: null, amountMinor: 2_500_000, currency: 'EUR', description: 'BONIFICO A VOSTRO FAVORE PRESTITO', counterparty: 'GIOVANNI BIANCHI', balanceMinor: null, codes: null },
    ];
    const sources = [{ ...src, closingBalanceMinor: null, transactions: [...src.transactions.map((t) => ({ ...t, balanceMinor: null })), ...extra].sort((x, y) => x.date.localeCompare(y.date)) }, ...a.sources.slice(1)];
    const params = { ...a.params, account_holder: 'Mario Rossi' };
    return {
      report_id: 'rep_uw', process_id: 'proc_uw', ext_application_id: null, created_at: '2026-11-02T10:15:00Z', report_params: params,
      report_result: buildReport({ sources, params, asOf: a.asOf }),
      validation: validateReportInputs({ sources, params }), used_inputs: [], reason_code_texts: REASON_CODE_TEXTS,
    };
  }

  it.each([
    ['it', { approve: 'Esito: Approvato', review: 'Esito: Da verificare', decline: 'Esito: Respinto' }],
    ['de', { approve: 'Empfehlung: Genehmigung', review: 'Empfehlung: Prüfung', decline: 'Empfehlung: Ablehnung' }],
    ['en', { approve: 'Outcome: Approved', review: 'Outcome: Referred', decline: 'Outcome: Declined' }],
  ] as const)('%s: states the outcome as one line ("Empfehlung: Genehmigung") for every decision (issue 21 item 6)', async (lang, lines) => {
    for (const decision of ['approve', 'review', 'decline'] as const) {
      const v = views.it;
      const view = { ...v, report_result: { ...v.report_result, srg: { ...v.report_result.srg, decision } } };
      const { text } = await extractText(await renderReportPdf(view, lang));
      expect(text.replace(/\s+/g, '')).toContain(lines[decision].replace(/\s+/g, ''));
    }
  });

  it.each(['it', 'de', 'en'] as const)('%s: prints net income, income sources by payer, the gambling, returned-debit and unusual rows themselves (issue 21 item 6)', async (lang) => {
    const view = underwriterView('retail');
    const r = view.report_result;
    const f = formatter(lang);
    const { text } = await extractText(await renderReportPdf(view, lang));
    const flat = text.replace(/\s+/g, '');
    const has = (s: string): void => expect(flat).toContain(s.replace(/\s+/g, ''));
    has({ it: 'Reddito netto regolare mensile', de: 'Regelmäßiges Nettoeinkommen pro Monat', en: 'Net regular income per month' }[lang]);
    has(f.money(r.metrics.income.regular_monthly_average));
    has({ it: 'Fonti di reddito per ordinante', de: 'Einkommensquellen nach Zahler', en: 'Income sources by payer' }[lang]);
    expect(r.income_sources.length).toBeGreaterThan(0);
    for (const s of r.income_sources.slice(0, 3)) {
      has(s.payer.slice(0, 20));
      has(f.money(s.total));
    }
    // the rows behind the flags, with the words the bank printed
    has('SNAI SCOMMESSE');
    has('STORNO SDD INSOLUTO');
    has(f.money(-45));
    has(f.money(-120));
    // the one-off transfer received is unusual, named by its party
    has({ it: 'Movimenti insoliti', de: 'Ungewöhnliche Umsätze', en: 'Unusual movements' }[lang]);
    expect(r.evidence.unusual.map((x) => x.counterparty)).toContain('GIOVANNI BIANCHI');
    has('GIOVANNI BIANCHI');
    has(f.money(25000));
    // recurring obligations with their amounts
    const out = r.streams.find((s) => s.direction === 'out');
    if (out) has(f.money(out.typical_amount));
  });

  it.each(['it', 'de', 'en'] as const)('%s: a business shows net income as revenue minus operating costs (issue 21 item 6)', async (lang) => {
    const view = underwriterView('commercial');
    const c = view.report_result.metrics.commercial;
    if (!c) throw new Error('commercial metrics expected');
    const f = formatter(lang);
    const flat = (await extractText(await renderReportPdf(view, lang))).text.replace(/\s+/g, '');
    for (const s of [
      { it: 'Reddito netto mensile (ricavi − costi operativi)', de: 'Nettoeinkommen pro Monat (Umsatz − Betriebskosten)', en: 'Net income per month (revenue − operating costs)' }[lang],
      f.money(c.net_income_monthly), f.money(c.operating_costs_monthly), f.money(c.revenue_monthly_average),
    ]) expect(flat).toContain(s.replace(/\s+/g, ''));
  });

  it.each([
    ['it', 'tutti prima della finestra', 'finestra'],
    ['de', 'alle vor dem Fenster', 'Fenster'],
    ['en', 'all before the window', 'window'],
  ] as const)('%s: names the inputs left outside the 12-month window and why, in words (issue 21)', async (lang, before, partly) => {
    const [a] = simulatePopulation(11, 1, { dataSource: 'retail', market: 'it' });
    const src = a?.sources[0];
    if (!a || !src) throw new Error('no applicant');
    const shift = (d: string, years: number): string => `${Number(d.slice(0, 4)) - years}${d.slice(4)}`;
    // an old statement wholly before the window, and the applicant's account with two more years in front
    const old = { ...src, id: 'old-statement', iban: 'DE89370400440532013000', transactions: src.transactions.slice(0, 20).map((t) => ({ ...t, date: shift(t.date, 3) })) };
    const longer = { ...src, transactions: [...src.transactions.slice(0, 10).map((t) => ({ ...t, date: shift(t.date, 2) })), ...src.transactions] };
    const sources = [longer, ...a.sources.slice(1), old];
    const params = { ...a.params, account_holder: 'Mario Rossi' };
    const result = buildReport({ sources, params, asOf: a.asOf });
    expect(result.coverage.inputs?.find((i) => i.id === 'old-statement')).toMatchObject({ used: false, excluded_reason: 'before_window' });
    const view: ReportView = { report_id: 'rep_w', process_id: 'p', ext_application_id: null, created_at: '2026-11-02T10:15:00Z', report_params: params, report_result: result, validation: validateReportInputs({ sources, params }), used_inputs: [], reason_code_texts: REASON_CODE_TEXTS };
    const flat = (await extractText(await renderReportPdf(view, lang))).text.replace(/\s+/g, ' ');
    expect(flat).toContain('DE89370400440532013000: 20');
    expect(flat).toContain(before);
    // the account used in part: its 10 earlier transactions and the window they fell outside
    expect(flat).toMatch(new RegExp(`: 10 .*?\\(${partly} \\d`));
    expect(flat).not.toMatch(/before_window|after_window|no_transactions/);
  });

  it('formats numbers per locale, grouping in it-IT', () => {
    expect(formatter('it').money(1234.5)).toBe('1.234,50 €');
    expect(formatter('de').money(-1234.5)).toBe('-1.234,50 €');
    expect(formatter('en').money(1234.5)).toBe('€ 1,234.50');
    expect(formatter('it').date('2026-03-09')).toBe('09/03/2026');
    expect(formatter('de').date('2026-03-09')).toBe('09.03.2026');
  });

  it('is deterministic: same view, same bytes', async () => {
    const a = await renderReportPdf(views.it, 'it');
    const b = await renderReportPdf(views.it, 'it');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('income sources: where each payer’s name came from, in words (issue 21 item 6)', () => {
  const tx = (date: string, eur: number, description: string, counterparty: string | null = null, counterpartyIban: string | null = null) => ({
    date, valueDate: null, amountMinor: Math.round(eur * 100), currency: 'EUR', description, counterparty, counterpartyIban, balanceMinor: null, codes: null,
  });
  // six months: pay named by the bank, expenses refunded from an IBAN with no name, rent received named only in the
  // descriptions, cash paid in, rent paid out; and fourteen bets (more than the rows the report lists)
  function view(): ReportView {
    const txns = [];
    for (let m = 1; m <= 6; m++) {
      const ym = `2026-0${m}`;
      txns.push(
        tx(`${ym}-01`, 2100, 'BONIFICO A VOSTRO FAVORE STIPENDIO', 'Rossi Costruzioni S.r.l.'),
        tx(`${ym}-04`, -700, 'BONIFICO AFFITTO', 'IMMOBILIARE SOLE SRL'),
        tx(`${ym}-08`, 310, 'ACCREDITO BONIFICO RIMBORSO SPESE', null, 'IT02L1234512345123456789012'),
        tx(`${ym}-12`, 150, 'BONIFICO A VOSTRO FAVORE DA AFFITTI VERDI'),
        tx(`${ym}-15`, 200, 'VERSAMENTO CONTANTI SPORTELLO'),
        tx(`${ym}-20`, -15, 'PAGAMENTO POS SNAI SCOMMESSE ROMA'),
        tx(`${ym}-26`, -12, 'PAGAMENTO POS LOTTOMATICA GRATTA E VINCI'),
        ...[3, 9, 17, 24].map((d) => tx(`${ym}-${String(d).padStart(2, '0')}`, -48.2, 'PAGAMENTO POS ESSELUNGA MILANO')),
      );
    }
    txns.push(tx('2026-06-28', -10, 'PAGAMENTO POS SNAI SCOMMESSE ROMA'), tx('2026-06-29', -10, 'PAGAMENTO POS SNAI SCOMMESSE ROMA'));
    const sources = [{ id: 'a', type: 'bank_account' as const, iban: 'IT07X0542811101000000654321', accountHolder: 'Mario Rossi', currency: 'EUR', openingBalanceMinor: 300000, closingBalanceMinor: null, transactions: txns.sort((x, y) => x.date.localeCompare(y.date)) }];
    const params = { account_holder: 'Mario Rossi', data_market: 'it' as const, data_source: 'retail' as const };
    return {
      report_id: 'rep_payers', process_id: 'p', ext_application_id: null, created_at: '2026-11-02T10:15:00Z', report_params: params,
      report_result: buildReport({ sources, params, asOf: '2026-06-30' }), validation: validateReportInputs({ sources, params }), used_inputs: [], reason_code_texts: REASON_CODE_TEXTS,
    };
  }
  const v = view();
  const WORDS = {
    en: { counterparty: 'named in the bank data', counterparty_iban: 'payer’s IBAN …56789012 (no name given)', description: 'read from the description', category: 'no payer named', monthly: 'monthly', shown: 'Gambling (the 10 most recent of 14, newest first)', largest: 'Largest debits (largest first)' },
    it: { counterparty: 'indicato nei dati bancari', counterparty_iban: 'IBAN dell’ordinante …56789012 (nessun nome)', description: 'ricavato dalla causale', category: 'nessun ordinante indicato', monthly: 'mensile', shown: 'Gioco d’azzardo (i 10 più recenti di 14, dal più recente)', largest: 'Uscite più elevate (dal più elevato)' },
    de: { counterparty: 'in den Bankdaten genannt', counterparty_iban: 'IBAN des Zahlers …56789012 (kein Name)', description: 'aus dem Verwendungszweck', category: 'kein Zahler genannt', monthly: 'monatlich', shown: 'Glücksspiel (die 10 neuesten von 14, neueste zuerst)', largest: 'Größte Ausgänge (größte zuerst)' },
  } as const;

  it('the report holds the four kinds of payer this account has', () => {
    expect(new Set(v.report_result.income_sources.map((s) => s.payer_from))).toEqual(new Set(['counterparty', 'counterparty_iban', 'description', 'category']));
    expect(v.report_result.evidence.gambling).toHaveLength(10);
    expect(v.report_result.categories.find((c) => c.category === 'gambling')?.count).toBe(14);
  });

  it.each(['it', 'de', 'en'] as const)('%s: each payer is printed with the source of its name under it, recurring cadences in words, and the gambling rows say how many are listed', async (lang) => {
    const flat = (await extractText(await renderReportPdf(v, lang))).text.replace(/\s+/g, '');
    const f = formatter(lang);
    const has = (s: string): void => expect(flat).toContain(s.replace(/\s+/g, ''));
    for (const s of v.report_result.income_sources) {
      // the payer's cell: its name, then where the name came from; then its total in the same row
      has(`${s.payer}${WORDS[lang][s.payer_from]}`);
      has(f.money(s.total));
    }
    has(WORDS[lang].monthly);
    if (lang !== 'en') expect(flat).not.toContain('monthly');
    has(WORDS[lang].shown);
    has(WORDS[lang].largest);
  });

  it.each(['it', 'de', 'en'] as const)('%s: the gambling rows printed are the most recent, newest first (the two of 29 June first, January’s left out)', async (lang) => {
    const { text } = await extractText(await renderReportPdf(v, lang));
    const f = formatter(lang);
    const flat = text.replace(/\s+/g, ' ');
    const from = flat.indexOf(WORDS[lang].shown);
    expect(from).toBeGreaterThan(-1);
    const section = flat.slice(from, flat.indexOf(WORDS[lang].largest));
    const printed = [...section.matchAll(/\d{2}[./]\d{2}[./]\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\s\w{3}\s\d{4}/g)].map((m) => m[0]);
    const want = v.report_result.evidence.gambling.map((x) => f.date(x.date));
    expect(want[0]).toBe(f.date('2026-06-29'));
    expect(printed.slice(0, 10)).toEqual(want);
    expect(printed).not.toContain(f.date('2026-01-20'));
  });
});
