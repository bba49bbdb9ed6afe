/**
 * Issue 21 item 6 as an underwriter reads the PDF: for simulated applicants (it and de, retail and
 * business) with added rows an underwriter must see — gambling debits, returned direct debits, a one-off
 * transfer received from a named person, a payer given only by its IBAN, a payer named only in the
 * descriptions — render the report in it/de/en, read it back with pdf.js and check, item by item, that
 * what the JSON report holds is printed: the outcome, every recurring obligation's amount, each income
 * source's payer, total and where its name came from (in words), the gambling, returned-debit, unusual and
 * largest rows themselves (words and amounts), the party named beside them; and (session risk9) that a flag's
 * rows are its most recent ones, newest first, with each list's heading saying which rows it holds and in what
 * order (every applicant gets a year of bets, more than the ten rows a flag lists). Run it in two checkouts:
 *   node bench/report-underwriter.ts SEED [applicants]
 * With REPORT_UNDERWRITER_OUT=dir the PDFs are written there too, to look at.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildReport, categoriseTransactions, REASON_CODE_TEXTS, validateReportInputs } from '../src/risk/index.ts';
import { t as translate, type Key } from '../src/report-pdf/i18n.ts';
import type { RiskTransaction } from '../src/risk/types.ts';
import { simulatePopulation } from '../src/risk/simulate/index.ts';
import { renderReportPdf } from '../src/report-pdf/index.ts';
import type { ReportView } from '../src/report-pdf/index.ts';
import { formatter } from '../src/report-pdf/format.ts';
import { extractText } from '../src/report-pdf/report-pdf.test-support.ts';

const seed = Number(process.argv[2] ?? 1);
const count = Number(process.argv[3] ?? 8);
type Lang = 'it' | 'de' | 'en';

/** Where a payer's name came from, in the words the PDF is expected to print (what a credit officer reads). */
const FROM: Record<string, Record<Lang, string>> = {
  counterparty: { en: 'named in the bank data', it: 'indicato nei dati bancari', de: 'in den Bankdaten genannt' },
  counterparty_iban: { en: 'payer’s IBAN', it: 'IBAN dell’ordinante', de: 'IBAN des Zahlers' },
  description: { en: 'read from the description', it: 'ricavato dalla causale', de: 'aus dem Verwendungszweck' },
  category: { en: 'no payer named', it: 'nessun ordinante indicato', de: 'kein Zahler genannt' },
};
const OUTCOME: Record<Lang, Record<string, string>> = {
  it: { approve: 'Esito: Approvato', review: 'Esito: Da verificare', decline: 'Esito: Respinto' },
  de: { approve: 'Empfehlung: Genehmigung', review: 'Empfehlung: Prüfung', decline: 'Empfehlung: Ablehnung' },
  en: { approve: 'Outcome: Approved', review: 'Outcome: Referred', decline: 'Outcome: Declined' },
};

const tx = (date: string, eur: number, description: string, counterparty: string | null = null, counterpartyIban: string | null = null): RiskTransaction => ({
  date, valueDate: null, amountMinor: Math.round(eur * 100), currency: 'EUR', description, counterparty, counterpartyIban, balanceMinor: null, codes: null,
});

/** The PDF's words; '?' for a key the checkout does not have (a checkout from before the headings said the order). */
const tr = (lang: Lang, key: string, vars: Record<string, string | number> = {}): string => {
  try {
    return translate(lang, key as Key, vars);
  } catch {
    return '?';
  }
};

/** Every applicant's transactions as the categoriser labels them, to check which rows the flags list. */
const applicantTxns = new Map<number, { date: string; category: string }[]>();

function applicantView(i: number): ReportView {
  const market = i % 2 ? 'de' : 'it';
  const dataSource = i % 4 >= 2 ? 'commercial' : 'retail';
  const [a] = simulatePopulation(seed + i, 1, { dataSource, market });
  if (!a) throw new Error('no applicant');
  const src = a.sources[0];
  if (!src) throw new Error('no source');
  const last = src.transactions.at(-1)?.date ?? '2026-01-31';
  const d = (days: number): string => new Date(Date.parse(`${last}T00:00:00Z`) - days * 86400000).toISOString().slice(0, 10);
  const it = market === 'it';
  const extra: RiskTransaction[] = [
    tx(d(70), -45, it ? 'PAGAMENTO POS SNAI SCOMMESSE ROMA' : 'KARTENZAHLUNG TIPICO SPORTWETTEN'),
    tx(d(40), -80, it ? 'PAGAMENTO POS LOTTOMATICA GRATTA E VINCI' : 'KARTENZAHLUNG LOTTO24 AG'),
    tx(d(30), -120, it ? 'STORNO SDD INSOLUTO MANCANZA FONDI' : 'RUECKLASTSCHRIFT MANGELS DECKUNG'),
    tx(d(20), 9000, it ? 'BONIFICO A VOSTRO FAVORE PRESTITO' : 'GUTSCHRIFT UEBERWEISUNG DARLEHEN', 'GIOVANNI BIANCHI'),
  ];
  // a payer given by its IBAN only, and one named only in the descriptions, each in three months
  for (const m of [100, 70, 40]) {
    extra.push(tx(d(m), 310, it ? 'ACCREDITO BONIFICO RIMBORSO SPESE' : 'GUTSCHRIFT SPESENERSTATTUNG', null, it ? 'IT02L1234512345123456789012' : 'DE44500105175407324931'));
    extra.push(tx(d(m + 5), 150, it ? 'BONIFICO A VOSTRO FAVORE DA AFFITTI VERDI' : 'GUTSCHRIFT MIETE VON HAUSVERWALTUNG KRAUSE'));
  }
  // a year of small bets, one every four weeks, more than the ten rows a flag lists
  for (let w = 13; w >= 1; w--) extra.push(tx(d(w * 28 - 10), -(5 + w), it ? 'PAGAMENTO POS SISAL SUPERENALOTTO' : 'KARTENZAHLUNG LOTTOLAND'));
  const sources = [{ ...src, transactions: [...src.transactions, ...extra].sort((x, y) => x.date.localeCompare(y.date)) }, ...a.sources.slice(1)];
  const params = { ...a.params, account_holder: a.params.account_holder || 'Mario Rossi' };
  applicantTxns.set(i, categoriseTransactions(sources.flatMap((x) => x.transactions), market as 'it' | 'de', { holderNames: [params.account_holder] }));
  return {
    report_id: `rep_uw_${i}`, process_id: 'proc_uw', ext_application_id: null, created_at: '2026-11-02T10:15:00Z', report_params: params,
    report_result: buildReport({ sources, params, asOf: a.asOf }), validation: validateReportInputs({ sources, params }), used_inputs: [], reason_code_texts: REASON_CODE_TEXTS,
  };
}

const items = new Map<string, { shown: number; of: number; missing: string[] }>();
const check = (item: string, ok: boolean, what: string): void => {
  const e = items.get(item) ?? { shown: 0, of: 0, missing: [] };
  e.of++;
  if (ok) e.shown++;
  else if (e.missing.length < 4) e.missing.push(what);
  items.set(item, e);
};
const flat = (s: string): string => s.replace(/\s+/g, '');

for (let i = 0; i < count; i++) {
  const view = applicantView(i);
  const r = view.report_result;
  for (const lang of ['it', 'de', 'en'] as const) {
    const f = formatter(lang);
    const pdf = await renderReportPdf(view, lang);
    if (process.env.REPORT_UNDERWRITER_OUT) writeFileSync(join(process.env.REPORT_UNDERWRITER_OUT, `${view.report_id}-${lang}.pdf`), pdf);
    const text = flat((await extractText(pdf)).text);
    const has = (s: string): boolean => text.includes(flat(s));
    check('outcome in words', has(OUTCOME[lang][r.srg.decision] ?? '?'), `${lang} ${r.srg.decision}`);
    for (const s of r.streams.filter((x) => x.direction === 'out').slice(0, 20)) check('obligation with its amount', has((s.counterparty ?? s.label ?? s.counterparty_key).slice(0, 18)) && has(f.money(s.typical_amount, r.metrics.currency)), `${lang} ${s.counterparty ?? s.label}`);
    for (const s of r.income_sources) {
      check('income source: payer and total', has(s.payer.slice(0, 18)) && has(f.money(s.total, r.metrics.currency)), `${lang} ${s.payer}`);
      // the words right after the payer's own cell (the note under the table names all four)
      check('income source: where the name came from', has(`${s.payer}${FROM[s.payer_from]?.[lang] ?? '?'}`), `${lang} ${s.payer_from}`);
    }
    const rows = (item: string, xs: readonly { description: string; amount: number; counterparty: string | null }[]): void => {
      for (const x of xs) {
        check(item, has(x.description.slice(0, 24)) && has(f.money(x.amount, r.metrics.currency)), `${lang} ${x.description}`);
        if (x.counterparty) check('the party named beside its row', has(x.counterparty), `${lang} ${x.counterparty}`);
      }
    };
    // a flag's rows: the most recent in the window, newest first (against every row the categoriser put under the flag)
    const from = r.coverage.window?.from ?? '';
    const txns = applicantTxns.get(i);
    for (const [cat, list] of [['gambling', r.evidence.gambling], ['returned_debit', r.evidence.returned_debits]] as const) {
      const all = (txns ?? []).filter((x) => x.category === cat && x.date >= from && x.date <= (r.coverage.window?.to ?? '9999')).map((x) => x.date).sort().reverse();
      if (lang === 'it') check('flag rows: the most recent, newest first (JSON)', JSON.stringify(list.map((x) => x.date)) === JSON.stringify(all.slice(0, list.length)) && list.length === Math.min(10, all.length), `${cat} ${list[0]?.date} vs ${all[0]}`);
    }
    const held = r.categories.find((c) => c.category === 'gambling')?.count ?? 0;
    const order = held > r.evidence.gambling.length ? tr(lang, 'rows_recent_of', { n: r.evidence.gambling.length, total: held }) : tr(lang, 'order_recent');
    check('flag heading says which rows, in what order (PDF)', has(`${tr(lang, 'ev_gambling')} (${order})`), `${lang} ${order}`);
    check('largest heading says largest first (PDF)', has(`${tr(lang, 'ev_largest_out')} (${tr(lang, 'order_largest')})`), lang);
    // the printed order: the gambling rows' amounts appear in the JSON's (newest-first) order
    // (each amount searched after the previous one: equal amounts on several rows are found in turn)
    let at = text.indexOf(flat(tr(lang, 'ev_gambling')));
    let inOrder = at >= 0;
    for (const x of r.evidence.gambling) {
      at = inOrder ? text.indexOf(flat(`${f.date(x.date)}`), at + 1) : -1;
      inOrder = at >= 0;
    }
    check('flag rows printed in the JSON order (PDF)', inOrder, `${lang} ${r.evidence.gambling[0]?.date}`);
    rows('gambling rows', r.evidence.gambling);
    rows('returned-debit rows', r.evidence.returned_debits);
    rows('unusual rows', r.evidence.unusual);
    rows('largest rows', [...r.evidence.largest_debits, ...r.evidence.largest_credits]);
  }
}
console.log(`seed ${seed}, ${count} applicants (it/de × retail/business) × it/de/en`);
for (const [item, e] of items) console.log(`${item.padEnd(44)} ${String(e.shown).padStart(4)} / ${String(e.of).padEnd(4)} ${e.missing.length ? `missing e.g. ${e.missing.join('; ')}` : ''}`);
