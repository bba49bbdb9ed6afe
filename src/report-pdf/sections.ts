import type { Fmt } from './format.ts';
import type { Key, Lang } from './i18n.ts';
import { categoryName } from './i18n.ts';
import type { Cell, Doc } from './layout.ts';
import { BOLD, COLORS, FONT, contentWidth, ensureSpace, heading, keyValues, left, table } from './layout.ts';
import { barChart, lineChart } from './charts.ts';
import type { ReportView } from './view.types.ts';
import type { IncomeSource } from '../risk/index.ts';

export interface Ctx {
  doc: Doc;
  lang: Lang;
  f: Fmt;
  view: ReportView;
  tr: (key: Key, vars?: Record<string, string | number>) => string;
}

export function header(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const w = doc.page.width;
  doc.rect(0, 0, w, 78).fill(COLORS.brand);
  doc.font(BOLD).fontSize(20).fillColor('#ffffff').text('docrisk', left(doc), 22, { lineBreak: false });
  doc.font(FONT).fontSize(11).fillColor('#dfe7f1').text(tr('title'), left(doc), 48, { lineBreak: false });
  const rows: [string, string][] = [
    [tr('report_id'), view.report_id],
    [tr('process_id'), view.process_id],
    [tr('application_id'), view.ext_application_id ?? '–'],
    [tr('generated_at'), f.dateTime(view.created_at)],
  ];
  const x = w - doc.page.margins.right - 250;
  rows.forEach(([k, v], i) => {
    doc.font(FONT).fontSize(7.5).fillColor('#dfe7f1').text(k, x, 16 + i * 12, { width: 80, lineBreak: false });
    doc.font(BOLD).fontSize(7.5).fillColor('#ffffff').text(v, x + 82, 16 + i * 12, { width: 168, lineBreak: false, ellipsis: true });
  });
  doc.x = left(doc);
  doc.y = 96;
}

export function summary(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const srg = view.report_result.srg;
  heading(doc, tr('summary'));
  const x0 = left(doc);
  const y0 = doc.y;
  const boxW = (contentWidth(doc) - 3 * 8) / 4;
  const decisionColor = srg.decision === 'approve' ? COLORS.approve : srg.decision === 'decline' ? COLORS.decline : COLORS.review;
  const tiles: [string, string, string][] = [
    [tr('score'), String(srg.score), COLORS.brand],
    [tr('grade'), srg.grade, COLORS.brand],
    [tr('decision'), tr(srg.decision), decisionColor],
    [tr('pd_12m'), f.pct(srg.pd_12m, 2), COLORS.brand],
  ];
  tiles.forEach(([label, value, color], i) => {
    const x = x0 + i * (boxW + 8);
    doc.roundedRect(x, y0, boxW, 58, 4).lineWidth(1).strokeColor(COLORS.rule).stroke();
    doc.rect(x, y0, 4, 58).fill(color);
    doc.font(FONT).fontSize(8).fillColor(COLORS.muted).text(label, x + 12, y0 + 9, { width: boxW - 16, lineBreak: false });
    doc.font(BOLD).fontSize(i === 2 ? 15 : 20).fillColor(color).text(value, x + 12, y0 + 24, { width: boxW - 16, lineBreak: false });
  });
  doc.y = y0 + 64;
  // the outcome in words, as a sentence a reader quotes ("Esito: Approvato", "Empfehlung: Genehmigung")
  doc.font(BOLD).fontSize(9).fillColor(decisionColor).text(tr('outcome_line', { label: tr('decision'), outcome: tr(srg.decision) }), x0, doc.y, { width: contentWidth(doc) });
  doc.font(FONT).fontSize(7.5).fillColor(COLORS.muted).text(`${tr('score_scale')} · ${tr('model_name')}: ${srg.model.name} ${srg.model.version}`, x0, doc.y, { width: contentWidth(doc) });
  doc.fillColor(COLORS.ink);
}

export function reasons(c: Ctx): void {
  const { doc, view, tr, lang, f } = c;
  heading(doc, tr('reason_codes'));
  const codes = view.report_result.srg.reason_codes;
  if (codes.length === 0) {
    doc.font(FONT).fontSize(9).text(tr('no_reasons'), left(doc), doc.y);
    return;
  }
  const texts = view.reason_code_texts ?? {};
  const policy = new Set(view.report_result.srg.policy_reasons ?? []);
  const describe = (code: string, en: string): string => {
    const tx = texts[code];
    return lang === 'it' ? (tx?.description_it ?? en) : lang === 'de' ? (tx?.description_de ?? en) : en;
  };
  table(doc, [{ header: tr('code'), width: 0.28 }, { header: tr('description'), width: 0.54 }, { header: tr('impact'), width: 0.18, align: 'right' }],
    codes.map((r) => [r.code, describe(r.code, r.description), policy.has(r.code) || r.impact >= 1000 ? tr('policy') : f.number(-r.impact)]));
}

const CADENCES = new Set(['weekly', 'biweekly', 'monthly', 'quarterly']);

/** Recurring streams: obligations out (with amounts) and income sources in, by the party named. */
export function recurring(c: Ctx): void {
  const { doc, view, tr, f, lang } = c;
  const r = view.report_result;
  heading(doc, tr('recurring'));
  const streams = [...(r.streams ?? [])].sort((a, b) => (a.direction === b.direction ? b.typical_amount - a.typical_amount : a.direction === 'out' ? -1 : 1));
  if (!streams.length) {
    doc.font(FONT).fontSize(9).text(tr('no_recurring'), left(doc), doc.y);
    return;
  }
  table(doc, [{ header: tr('party'), width: 0.36 }, { header: tr('category'), width: 0.22 }, { header: tr('cadence'), width: 0.14 }, { header: tr('occurrences'), width: 0.1, align: 'right' }, { header: tr('typical_amount'), width: 0.18, align: 'right' }],
    streams.slice(0, 20).map((s): (string | Cell)[] => [
      // with no party named by the bank the stream is shown by a description, and says so
      s.counterparty ? s.counterparty : { text: s.label ?? s.counterparty_key, sub: s.counterparty_key.startsWith('#') ? tr('from_counterparty_iban', { iban: `…${s.counterparty_key.slice(1)}` }) : tr('from_description') },
      categoryName(lang, s.category),
      CADENCES.has(s.cadence) ? tr(`cadence_${s.cadence}` as Key) : s.cadence,
      f.number(s.count),
      `${s.direction === 'out' ? '−' : '+'}${f.money(s.typical_amount, r.metrics.currency)}`,
    ]), 8);
}

/** Where the money comes from, payer by payer: the named party, how much, how often, whether regular. */
export function incomeSources(c: Ctx): void {
  const { doc, view, tr, f, lang } = c;
  const r = view.report_result;
  heading(doc, tr('income_sources'));
  const src = r.income_sources ?? [];
  if (!src.length) {
    doc.font(FONT).fontSize(9).text(tr('no_income_sources'), left(doc), doc.y);
    return;
  }
  // the payer, and under it where its name came from (the bank named it, only its IBAN, a description, none)
  table(doc, [
    { header: `${tr('payer')} · ${tr('payer_from')}`, width: 0.29 }, { header: tr('category'), width: 0.15 }, { header: tr('months_seen'), width: 0.08, align: 'right' },
    { header: tr('total'), width: 0.14, align: 'right' }, { header: tr('per_month'), width: 0.12, align: 'right' }, { header: tr('share'), width: 0.09, align: 'right' },
    { header: tr('regular'), width: 0.13 },
  ], src.map((s): Cell[] => [
    { text: s.payer, sub: payerFrom(c, s) }, { text: categoryName(lang, s.category) }, { text: f.number(s.months) },
    { text: f.money(s.total, r.metrics.currency) }, { text: f.money(s.monthly_average, r.metrics.currency) }, { text: f.pct(s.share) }, { text: s.regular ? tr('yes') : tr('no') },
  ]), 8);
  doc.font(FONT).fontSize(7).fillColor(COLORS.muted).text(tr('payer_from_note'), left(doc), doc.y + 3, { width: contentWidth(doc) });
  doc.fillColor(COLORS.ink);
}

/**
 * Where an income source's name came from, in a credit officer's words: named by the bank, only the payer's
 * account (its IBAN's last characters, the grouping key), read from the descriptions, or no payer at all.
 */
export function payerFrom(c: Pick<Ctx, 'tr'>, s: Pick<IncomeSource, 'payer_from' | 'payer_key'>): string {
  switch (s.payer_from) {
    case 'counterparty': return c.tr('from_counterparty');
    case 'counterparty_iban': return c.tr('from_counterparty_iban', { iban: s.payer_key.startsWith('#') ? `…${s.payer_key.slice(1)}` : s.payer_key });
    case 'description': return c.tr('from_description');
    case 'category': return c.tr('from_category');
    default: return String(s.payer_from ?? '–');
  }
}

/** The gambling, returned-debit and overdraft-interest rows themselves, and the largest movements, each with its rule. */
export function evidence(c: Ctx): void {
  const { doc, view, tr, f, lang } = c;
  const ev = view.report_result.evidence;
  if (!ev) return;
  ensureSpace(doc, 120); // the heading with its first group's title, header and a row
  heading(doc, tr('evidence'));
  const groups: [Key, typeof ev.gambling][] = [
    ['ev_gambling', ev.gambling], ['ev_returned', ev.returned_debits], ['ev_overdraft', ev.overdraft_interest],
    ['ev_unusual', ev.unusual ?? []], ['ev_largest_out', ev.largest_debits], ['ev_largest_in', ev.largest_credits],
  ];
  // a flag's rows are the most recent ones (capped, EVIDENCE_ROWS): the heading says so, and how many the account
  // holds when it holds more; the unusual and largest movements are the largest, and the heading says that
  const ofCategory: Partial<Record<Key, string>> = { ev_gambling: 'gambling', ev_returned: 'returned_debit', ev_overdraft: 'overdraft_interest' };
  for (const [k, rows] of groups) {
    if (!rows.length) continue;
    const cat = ofCategory[k];
    const total = cat ? (view.report_result.categories.find((x) => x.category === cat)?.count ?? 0) : 0;
    const order = !cat ? tr('order_largest') : total > rows.length ? tr('rows_recent_of', { n: rows.length, total }) : tr('order_recent');
    ensureSpace(doc, 48); // a group's title with at least its header and first row, never alone at a page's foot
    const title = tr(k);
    // a title that ends in its own parenthesis takes the order inside it
    doc.font(BOLD).fontSize(8.5).fillColor(COLORS.ink).text(title.endsWith(')') ? `${title.slice(0, -1)}; ${order})` : `${title} (${order})`, left(doc), doc.y);
    doc.moveDown(0.15);
    table(doc, [{ header: tr('date'), width: 0.12 }, { header: tr('description'), width: 0.46 }, { header: tr('category'), width: 0.16 }, { header: tr('amount'), width: 0.14, align: 'right' }, { header: tr('rule'), width: 0.12 }],
      rows.map((x) => [f.date(x.date), `${x.counterparty ? `${x.counterparty} · ${x.description}` : x.description}${'ratio_to_monthly' in x ? ` (${tr('times_monthly', { x: f.number(x.ratio_to_monthly as number, 1) })})` : ''}`, categoryName(lang, x.category), f.money(x.amount, view.report_result.metrics.currency), (x.rule_trace[0] ?? '').split(':')[0] ?? '']), 7.5);
    doc.moveDown(0.3);
  }
}

export function applicant(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const p = view.report_params;
  const cur = view.report_result.metrics.currency;
  const aff = view.report_result.metrics.affordability;
  heading(doc, tr('applicant_inputs'));
  keyValues(doc, [
    [tr('account_holder'), p.account_holder || '–'],
    [tr('tax_code'), p.tax_code ?? '–'],
    [tr('market'), tr(p.data_market === 'it' ? 'market_it' : 'market_de')],
    [tr('data_source'), tr(p.data_source)],
    [tr('requested_amount'), f.money(p.requested_loan_amount ?? null, cur)],
    [tr('loan_period'), p.loan_period ? `${p.loan_period} ${tr('months_unit')}` : '–'],
    [tr('overdraft_limit'), f.money(p.overdraft_limit ?? null, cur)],
    [tr('instalment'), aff.instalment === null ? '–' : `${f.money(aff.instalment, cur)} (${f.pct(aff.annual_rate, 1)})`],
  ]);
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(9).fillColor(COLORS.ink).text(tr('inputs_used'), left(doc), doc.y);
  doc.moveDown(0.2);
  table(doc, [
    { header: tr('type'), width: 0.13 }, { header: tr('name'), width: 0.18 }, { header: tr('iban'), width: 0.25 },
    { header: tr('account_holder'), width: 0.16 }, { header: tr('period'), width: 0.17 }, { header: tr('transactions'), width: 0.11, align: 'right' },
  ], view.used_inputs.map((u) => [
    tr(u.type), u.label ?? u.id, u.iban ?? '–', u.account_holder ?? '–',
    `${f.date(u.period_from)} – ${f.date(u.period_to)}`, u.transactions === null || u.transactions === undefined ? '–' : f.number(u.transactions),
  ]), 7.5);
}

export function metricsTable(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const m = view.report_result.metrics;
  const cur = m.currency;
  heading(doc, tr('key_metrics'));
  const rows: [string, string][] = [
    m.commercial
      ? [tr('net_income_business'), f.money(m.commercial.net_income_monthly, cur)]
      : [tr('net_income_retail'), f.money(m.income.regular_monthly_average, cur)],
    [tr('income_avg'), f.money(m.income.monthly_average, cur)],
    [tr('income_median'), f.money(m.income.monthly_median, cur)],
    [tr('income_cv'), f.number(m.income.stability_cv, 2)],
    [tr('salary'), m.income.salary_detected ? `${tr('yes')} (${f.money(m.income.salary_amount, cur)})` : tr('no')],
    [tr('expenses_avg'), f.money(m.expenses.monthly_average, cur)],
    [tr('disposable'), f.money(m.disposable_income.monthly, cur)],
    [tr('debt_service'), f.money(m.debt_service.monthly, cur)],
    [tr('dti'), f.pct(m.debt_service.dti)],
    [tr('avg_balance'), f.money(m.balances.average, cur)],
    [tr('min_balance'), f.money(m.balances.minimum, cur)],
    [tr('days_negative'), `${f.number(m.balances.days_negative)} / ${f.number(m.balances.days_observed)}`],
    [tr('instalment_ratio'), f.pct(m.affordability.instalment_to_disposable)],
    [tr('gambling_share'), f.pct(m.behaviour.gambling_share_of_income)],
    [tr('returned_debits'), f.number(m.behaviour.returned_debits_count)],
    [tr('cash_share'), f.pct(m.behaviour.cash_withdrawal_share)],
  ];
  if (m.commercial) {
    rows.push(
      [tr('revenue_avg'), f.money(m.commercial.revenue_monthly_average, cur)],
      [tr('operating_costs'), f.money(m.commercial.operating_costs_monthly, cur)],
      [tr('private_receipts'), f.money(m.commercial.private_receipts_monthly, cur)],
      [tr('revenue_trend'), f.money(m.commercial.revenue_trend_slope, cur)],
      [tr('top1_share'), f.pct(m.commercial.top1_customer_share)],
      [tr('top3_share'), f.pct(m.commercial.top3_customer_share)],
      [tr('tax_outflows'), f.money(m.commercial.tax_outflows, cur)],
      [tr('payroll_outflows'), f.money(m.commercial.payroll_outflows, cur)],
    );
  }
  keyValues(doc, rows, 2);
}

export function charts(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const monthly = view.report_result.monthly;
  const labels = monthly.map((r) => f.month(r.month));
  const axisLabel = (v: number): string => f.number(v, 0);
  heading(doc, tr('monthly_cashflow'));
  ensureSpace(doc, 170);
  const w = contentWidth(doc);
  const y0 = doc.y;
  barChart(doc, { x: left(doc), y: y0 + 18, w, h: 120 }, labels, monthly.map((r) => r.inflow), monthly.map((r) => r.outflow), [tr('inflow'), tr('outflow')], axisLabel);
  doc.x = left(doc);
  doc.y = y0 + 18 + 120 + 16;
  heading(doc, tr('end_balance_chart'));
  if (monthly.every((r) => r.end_balance === null)) {
    doc.font(FONT).fontSize(9).fillColor(COLORS.muted).text(tr('no_balance'), left(doc), doc.y);
    return;
  }
  ensureSpace(doc, 140);
  const y1 = doc.y;
  lineChart(doc, { x: left(doc), y: y1 + 8, w, h: 100 }, labels, monthly.map((r) => r.end_balance), axisLabel);
  doc.x = left(doc);
  doc.y = y1 + 8 + 100 + 16;
}

export function categories(c: Ctx): void {
  const { doc, view, tr, lang, f } = c;
  const cur = view.report_result.metrics.currency;
  heading(doc, tr('categories'));
  const order = { income: 0, expenses: 1, transfers: 2 } as const;
  const rows = [...view.report_result.categories].sort((a, b) => order[a.group] - order[b.group] || b.total - a.total);
  table(doc, [
    { header: tr('group'), width: 0.18 }, { header: tr('category'), width: 0.34 }, { header: tr('count'), width: 0.12, align: 'right' },
    { header: tr('total'), width: 0.2, align: 'right' }, { header: tr('share'), width: 0.16, align: 'right' },
  ], rows.map((r) => [tr(r.group), categoryName(lang, r.category), f.number(r.count), f.money(r.total, cur), f.pct(r.share)]), 8);
}

export function flags(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const r = view.report_result;
  const m = r.metrics;
  const cur = m.currency;
  heading(doc, tr('flags'));
  const gamblingCount = r.categories.find((x) => x.category === 'gambling')?.count ?? 0;
  const defs: [Key, boolean, string][] = [
    ['flag_gambling', r.flags.gambling.flagged, tr('d_gambling', { n: gamblingCount, amount: f.money(m.behaviour.gambling_total, cur), share: f.pct(m.behaviour.gambling_share_of_income) })],
    ['flag_returned_debits', r.flags.returned_debits.flagged, tr('d_returned', { n: m.behaviour.returned_debits_count })],
    ['flag_overdraft_use', r.flags.overdraft_use.flagged, tr('d_overdraft', { n: m.balances.days_negative, days: m.balances.days_observed, amount: f.money(m.overdraft.max_used, cur) })],
    ['flag_income_irregularity', r.flags.income_irregularity.flagged, m.income.total <= 0 ? tr('d_no_income') : tr('d_income', { cv: f.number(m.income.stability_cv, 2) })],
    ['flag_data_gaps', r.flags.data_gaps.flagged, tr('d_gaps', { n: r.coverage.gaps.length, months: f.number(r.coverage.months, 1) })],
  ];
  table(doc, [{ header: tr('flag'), width: 0.3 }, { header: tr('status'), width: 0.16 }, { header: tr('detail'), width: 0.54 }],
    defs.map(([k, flagged, detail]): Cell[] => [{ text: tr(k) }, { text: flagged ? tr('flagged') : tr('ok'), color: flagged ? COLORS.decline : COLORS.approve, bold: true }, { text: detail }]));
}

export function coverageAndValidation(c: Ctx): void {
  const { doc, view, tr, f } = c;
  const cov = view.report_result.coverage;
  const v = view.validation;
  const yn = (b: boolean | undefined): string => (b === undefined ? tr('na') : b ? tr('yes') : tr('no'));
  const pf = (b: boolean | undefined): string => (b === undefined ? tr('na') : b ? tr('passed') : tr('failed'));
  heading(doc, tr('coverage'));
  keyValues(doc, [
    [tr('first_date'), f.date(cov.first_date)], [tr('last_date'), f.date(cov.last_date)],
    [tr('months_covered'), f.number(cov.months, 1)], [tr('full_months'), f.number(cov.full_months)],
    [tr('transactions'), f.number(cov.transaction_count)], [tr('accounts'), f.number(cov.accounts)],
    [tr('duplicates'), f.number(cov.duplicates_removed)], [tr('gaps'), cov.gaps.length ? f.number(cov.gaps.length) : tr('none')],
  ]);
  for (const g of cov.gaps.slice(0, 10)) {
    doc.font(FONT).fontSize(8).fillColor(COLORS.muted).text(tr('gap_row', { iban: g.iban, from: f.date(g.from), to: f.date(g.to), days: g.days }), left(doc) + 8, doc.y);
  }
  const outside = (cov.inputs ?? []).filter((i) => i.outside_window > 0);
  if (outside.length) {
    doc.font(BOLD).fontSize(8.5).fillColor(COLORS.ink).text(tr('excluded_inputs'), left(doc), doc.y + 4);
    for (const i of outside) {
      const reason = i.excluded_reason ? tr(`excluded_${i.excluded_reason}`) : tr('excluded_partly', { from: f.date(cov.window?.from ?? null), to: f.date(cov.window?.to ?? null) });
      doc.font(FONT).fontSize(8).fillColor(COLORS.muted).text(tr('excluded_row', { id: i.iban ?? i.id, n: i.outside_window, reason }), left(doc) + 8, doc.y);
    }
  }
  heading(doc, tr('validation'));
  keyValues(doc, [
    [tr('is_valid'), yn(v.is_valid)],
    [tr('holder_matches'), yn(v.account_holder_check?.selected_matches_any_from_files)],
    [tr('holders_same'), yn(v.account_holder_check?.acc_holders_from_files_are_same)],
    [tr('balance_check'), pf(v.balance_mismatch_check?.passed)],
    [tr('continuity_check'), pf(v.continuity_check?.passed)],
  ]);
}

export function methodology(c: Ctx): void {
  const { doc, view, tr } = c;
  const srg = view.report_result.srg;
  heading(doc, tr('model'));
  doc.font(BOLD).fontSize(8.5).fillColor(COLORS.ink).text(`${tr('model_name')}: ${srg.model.name} ${srg.model.version} · ${view.report_result.engine.categoriser} · ${view.report_result.engine.metrics}`, left(doc), doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
  doc.font(FONT).fontSize(8.5).fillColor(COLORS.muted).text(tr('methodology'), { width: contentWidth(doc), align: 'justify' });
}
