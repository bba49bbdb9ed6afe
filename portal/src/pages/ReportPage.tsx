import { useState, type FormEvent } from 'react';
import {
  client,
  saveAs,
  type BankAccount,
  type FileRef,
  type OpenBankingAccount,
  type Process,
  type ReportInputsBody,
  type ReportParams,
  type ReportResult,
  type ValidationResult,
} from '../api.ts';
import { Badge, Check, Dl, ErrorBox, Loading, useLoad, usePolling } from '../components/common.tsx';
import { BalanceChart, CategoryBars, FlowsChart, ScoreGauge } from '../components/Charts.tsx';
import { useI18n, type Lang } from '../i18n.tsx';
import { Link, navigate } from '../router.tsx';
import { ReportDetails, WindowCoverage } from './ReportDetails.tsx';

const STATEMENT_TYPES = new Set(['bank_statement', 'bank_account_movements']);

interface Inputs {
  process: Process;
  files: FileRef[];
  bank: BankAccount[];
  ob: OpenBankingAccount[];
}

export function NewReportPage({ processId }: { processId: string }) {
  const { t, code, date } = useI18n();
  const inputs = useLoad(
    async (signal): Promise<Inputs> => {
      const path = { process_id: processId };
      const [process, files, bank, ob] = await Promise.all([
        client.getProcess({ path, signal }),
        client.listFiles({ path, query: { limit: 100 }, signal }),
        client.listBankAccounts({ path, query: { limit: 100 }, signal }),
        client.listOpenBankingAccounts({ path, query: { limit: 100 }, signal }),
      ]);
      return {
        process,
        files: files.items.filter((f) => STATEMENT_TYPES.has(f.document_type)),
        bank: bank.items,
        ob: ob.items,
      };
    },
    [processId],
  );

  const [all, setAll] = useState(true);
  const [sel, setSel] = useState<Set<string>>(new Set());
  const [holder, setHolder] = useState<string | null>(null);
  const [market, setMarket] = useState<ReportParams['data_market']>('it');
  const [source, setSource] = useState<ReportParams['data_source']>('retail');
  const [period, setPeriod] = useState('');
  const [amount, setAmount] = useState('');
  const [overdraft, setOverdraft] = useState('');
  const [validation, setValidation] = useState<ValidationResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  if (inputs.loading && !inputs.data) return <Loading />;
  if (!inputs.data) return <ErrorBox error={inputs.error} />;
  const d = inputs.data;
  const holderValue = holder ?? d.process.attributes.main_applicant_name ?? '';
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setValidation(null);
    };

  const body = (): ReportInputsBody => {
    const ids = (prefix: string) =>
      [...sel].filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length));
    const params: ReportParams = { data_market: market, data_source: source };
    if (holderValue.trim()) params.account_holder = holderValue.trim();
    if (period) params.loan_period = Number(period);
    if (amount) params.requested_loan_amount = amount;
    if (overdraft) params.overdraft_limit = overdraft;
    return all
      ? { include_all_data: true, report_params: params }
      : {
          file_ids: ids('f:'),
          bank_account_ids: ids('b:'),
          open_banking_account_ids: ids('o:'),
          report_params: params,
        };
  };

  const validate = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setValidation(await client.runValidation({ path: { process_id: processId }, body: body() }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await client.runReport({ path: { process_id: processId }, body: body() });
      navigate(`/processes/${processId}/reports/${r.credit_report_id}`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const toggle = (id: string) =>
    changed(setSel)(new Set(sel.has(id) ? [...sel].filter((x) => x !== id) : [...sel, id]));

  return (
    <div className="page">
      <nav aria-label={t('nav.breadcrumb')} className="crumbs">
        <Link to="/processes">{t('nav.processes')}</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/processes/${processId}`}>{d.process.ext_application_id ?? t('process.title')}</Link>{' '}
        <span aria-hidden="true">›</span> <span>{t('report.new')}</span>
      </nav>
      <h1>{t('report.new')}</h1>
      <form className="grid2" onSubmit={validate}>
        <fieldset className="card form">
          <legend>{t('report.inputs')}</legend>
          <label className="checkbox">
            <input type="checkbox" checked={all} onChange={(e) => changed(setAll)(e.target.checked)} />
            {t('report.includeAll')}
          </label>
          {!all && (
            <div className="choices">
              {d.files.length + d.bank.length + d.ob.length === 0 && (
                <p className="muted">{t('report.noInputs')}</p>
              )}
              {d.files.map((f) => (
                <label key={f.file_id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={sel.has(`f:${f.file_id}`)}
                    onChange={() => toggle(`f:${f.file_id}`)}
                  />
                  {f.ext_file_id ?? f.file_id}{' '}
                  <span className="muted small">({code('doctype', f.document_type)})</span>{' '}
                  <Badge value={f.parsing_status} />
                </label>
              ))}
              {[
                ...d.bank.map((a) => ['b', a.bank_account_id!, a] as const),
                ...d.ob.map((a) => ['o', a.open_banking_account_id!, a] as const),
              ].map(([k, id, a]) => (
                <label key={id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={sel.has(`${k}:${id}`)}
                    onChange={() => toggle(`${k}:${id}`)}
                  />
                  <span className="mono">{a.iban}</span>{' '}
                  <span className="muted small">
                    ({k === 'b' ? t('process.bankAccounts') : t('process.openBankingAccounts')},{' '}
                    {date(a.date_min)} – {date(a.date_max)})
                  </span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="card form">
          <legend>{t('report.params')}</legend>
          <label>
            {t('report.accountHolder')}
            <input value={holderValue} onChange={(e) => changed(setHolder)(e.target.value)} maxLength={300} />
          </label>
          <div className="grid2 tight">
            <label>
              {t('report.dataMarket')}
              <select
                value={market}
                onChange={(e) => changed(setMarket)(e.target.value as ReportParams['data_market'])}
              >
                <option value="it">{t('report.market.it')}</option>
                <option value="de">{t('report.market.de')}</option>
              </select>
            </label>
            <label>
              {t('report.dataSource')}
              <select
                value={source}
                onChange={(e) => changed(setSource)(e.target.value as ReportParams['data_source'])}
              >
                <option value="retail">{t('report.source.retail')}</option>
                <option value="commercial">{t('report.source.commercial')}</option>
              </select>
            </label>
            <label>
              {t('report.loanPeriod')}
              <input
                type="number"
                min={1}
                max={600}
                inputMode="numeric"
                value={period}
                onChange={(e) => changed(setPeriod)(e.target.value)}
              />
            </label>
            <label>
              {t('report.requestedAmount')}
              <input
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={amount}
                onChange={(e) => changed(setAmount)(e.target.value)}
              />
            </label>
            <label>
              {t('report.overdraftLimit')}
              <input
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={overdraft}
                onChange={(e) => changed(setOverdraft)(e.target.value)}
              />
            </label>
          </div>
          <ErrorBox error={error} />
          <div className="row end">
            <button type="submit" className="btn" disabled={busy}>
              {t('report.validate')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || !validation?.is_valid}
              onClick={run}
              title={!validation ? t('report.validateFirst') : undefined}
            >
              {t('report.run')}
            </button>
          </div>
          {!validation && <p className="muted small">{t('report.validateFirst')}</p>}
        </fieldset>
      </form>
      {validation && <ValidationExplained v={validation} />}
    </div>
  );
}

function ValidationExplained({ v }: { v: ValidationResult }) {
  const { t, code, money, date, num } = useI18n();
  const h = v.account_holder_check;
  const blocking = v.data_details.elems.filter((e) => e.is_blocking_report);
  return (
    <section className="card validation" aria-labelledby="val-h" aria-live="polite">
      <h2 id="val-h">
        {t('validation.title')}{' '}
        <Badge
          value={v.is_valid ? 'passed' : 'failed'}
          label={v.is_valid ? t('validation.valid') : t('validation.invalid')}
        />
      </h2>
      <ul className="checks">
        <Check passed={h.selected_matches_any_from_files}>
          {t('validation.holderMatches', { holder: h.selected_account_holder || '—' })}
        </Check>
        <Check passed={h.acc_holders_from_files_are_same}>{t('validation.holdersSame')}</Check>
        <Check passed={blocking.length === 0}>
          {blocking.length === 0
            ? t('validation.noBlocking')
            : t('validation.blocking', { n: blocking.length })}
        </Check>
        <Check passed={v.balance_mismatch_check.passed}>{t('validation.balanceCheck')}</Check>
        <Check passed={v.continuity_check.passed}>
          {v.continuity_check.passed
            ? t('validation.continuityOk')
            : t('validation.continuityGaps', { n: v.continuity_check.gaps.length })}
        </Check>
        {v.window_check?.window && (
          <Check passed={v.window_check.passed}>
            {t(v.window_check.passed ? 'validation.windowOk' : 'validation.windowOut', {
              n: v.window_check.inputs.filter((i) => !i.used).length,
              from: date(v.window_check.window?.from ?? null),
              to: date(v.window_check.window?.to ?? null),
            })}
          </Check>
        )}
      </ul>
      <h3>{t('validation.elements')}</h3>
      {v.data_details.elems.length === 0 ? (
        <p className="muted">{t('validation.noElements')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('validation.source')}</th>
                <th scope="col">IBAN</th>
                <th scope="col">{t('report.accountHolder')}</th>
                <th scope="col">{t('validation.holderCol')}</th>
                <th scope="col">{t('validation.balanceCol')}</th>
                <th scope="col">{t('validation.blockingCol')}</th>
              </tr>
            </thead>
            <tbody>
              {v.data_details.elems.map((e) => (
                <tr key={e.id}>
                  <td>{code('source', e.type)}</td>
                  <td className="mono">{e.iban || '—'}</td>
                  <td>{e.account_holder || '—'}</td>
                  <td>
                    {e.account_holder_status === 'unverified' ? (
                      <Badge value="failed" label={t('validation.unverified')} />
                    ) : e.account_holder_mismatch ? (
                      <Badge value="failed" label={t('validation.mismatch')} />
                    ) : (
                      <Badge value="passed" label={t('validation.ok')} />
                    )}
                  </td>
                  <td>
                    {e.has_balance_mismatch ? (
                      <Badge value="failed" label={t('validation.mismatch')} />
                    ) : (
                      <Badge value="passed" label={t('validation.ok')} />
                    )}
                  </td>
                  <td>
                    {e.is_blocking_report ? (
                      <Badge value="failed" label={code('blocking', e.blocking_reason ?? 'blocking')} />
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {v.balance_mismatch_check.items.length > 0 && (
        <>
          <h3>{t('validation.balanceCheck')}</h3>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('validation.source')}</th>
                  <th scope="col" className="num">
                    {t('validation.expectedClosing')}
                  </th>
                  <th scope="col" className="num">
                    {t('validation.computedClosing')}
                  </th>
                  <th scope="col" className="num">
                    {t('validation.difference')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {v.balance_mismatch_check.items.map((i) => (
                  <tr key={i.id}>
                    <td>
                      {code('source', i.type)} <code className="small">{i.id.slice(0, 8)}</code>
                    </td>
                    <td className="num">{money(i.expected_closing)}</td>
                    <td className="num">{money(i.computed_closing)}</td>
                    <td className={`num ${i.difference !== 0 ? 'neg' : ''}`}>{money(i.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {v.continuity_check.gaps.length > 0 && (
        <>
          <h3>{t('validation.gaps')}</h3>
          <ul>
            {v.continuity_check.gaps.map((g, n) => (
              <li key={n}>
                <span className="mono">{g.iban}</span>: {date(g.from)} – {date(g.to)} (
                {t('validation.days', { n: num(g.days) })})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const PDF_LANGS: Lang[] = ['it', 'de', 'en'];

export function ReportPage({ processId, reportId }: { processId: string; reportId: string }) {
  const { t, lang, code, dateTime, money, pct, num } = useI18n();
  const path = { process_id: processId, credit_report_id: reportId };
  const rep = useLoad((signal) => client.getCreditReport({ path, signal }), [processId, reportId]);
  const r = rep.data;
  usePolling(
    r?.status === 'processing',
    async () => rep.setData(await client.getCreditReport({ path })),
    r?.status ?? '',
  );
  const [pdfLang, setPdfLang] = useState<Lang>(lang);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<unknown>(null);

  if (rep.loading && !r) return <Loading />;
  if (!r) return <ErrorBox error={rep.error} />;
  const res = r.report_result as ReportResult | null;
  const currency = (res?.metrics.currency as string | undefined) ?? 'EUR';
  const m = (res?.metrics ?? {}) as Record<string, Record<string, unknown> | null>;
  const n = (o: Record<string, unknown> | null | undefined, k: string) =>
    o && typeof o[k] === 'number' ? (o[k] as number) : null;

  const getPdf = async () => {
    setPdfBusy(true);
    setPdfError(null);
    try {
      const pdf = await client.generateCreditReportPdf({ path, query: { langCountryCode: pdfLang } });
      await saveAs(pdf, `credit-report-${reportId.slice(0, 8)}-${pdfLang}.pdf`);
    } catch (e) {
      setPdfError(e);
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <div className="page">
      <nav aria-label={t('nav.breadcrumb')} className="crumbs">
        <Link to="/processes">{t('nav.processes')}</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/processes/${processId}`}>{t('process.title')}</Link> <span aria-hidden="true">›</span>{' '}
        <span>{t('report.title')}</span>
      </nav>
      <div className="page-head">
        <div>
          <h1>
            {t('report.title')} <Badge value={r.status} />
          </h1>
          <p className="muted">
            {dateTime(r.created_at)} · <code className="small">{r.credit_report_id}</code>
          </p>
        </div>
        {r.status === 'completed' && (
          <div className="row pdf">
            <label className="inline">
              {t('report.pdfLanguage')}
              <select value={pdfLang} onChange={(e) => setPdfLang(e.target.value as Lang)}>
                {PDF_LANGS.map((l) => (
                  <option key={l} value={l}>
                    {l.toUpperCase()}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-primary" onClick={getPdf} disabled={pdfBusy}>
              {pdfBusy ? t('common.loading') : t('report.downloadPdf')}
            </button>
          </div>
        )}
      </div>
      <ErrorBox error={pdfError} />
      {r.status === 'processing' && (
        <p className="alert alert-info" role="status">
          {t('report.processing')}
        </p>
      )}
      {r.errors && r.errors.length > 0 && (
        <div className="alert alert-error" role="alert">
          <ul>
            {r.errors.map((e, i) => (
              <li key={i}>
                <strong>{e.code}</strong> — {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}

      {res && (
        <>
          <section className="card score-card" aria-labelledby="score-h">
            <h2 id="score-h" className="sr-only">
              {t('report.score')}
            </h2>
            <ScoreGauge score={res.srg.score} grade={res.srg.grade} />
            <div className="kpis">
              <div className="kpi">
                <div className="kpi-label">{t('report.grade')}</div>
                <div className={`kpi-value grade grade-${res.srg.grade}`} data-testid="grade">
                  {res.srg.grade}
                </div>
              </div>
              <div className="kpi">
                <div className="kpi-label">{t('report.decision')}</div>
                <div className="kpi-value">
                  <Badge value={res.srg.decision} label={code('decision', res.srg.decision)} />
                </div>
              </div>
              <div className="kpi">
                <div className="kpi-label">{t('report.pd')}</div>
                <div className="kpi-value">{pct(res.srg.pd_12m, 2)}</div>
              </div>
              <div className="kpi">
                <div className="kpi-label">{t('report.model')}</div>
                <div className="kpi-value small">
                  {res.srg.model.name} {res.srg.model.version}
                </div>
              </div>
            </div>
          </section>

          <div className="grid2">
            <section className="card" aria-labelledby="reasons-h">
              <h2 id="reasons-h">{t('report.reasons')}</h2>
              {res.srg.reason_codes.length === 0 ? (
                <p className="muted">{t('report.noReasons')}</p>
              ) : (
                <ol className="reasons">
                  {res.srg.reason_codes.map((c) => (
                    <li key={c.code}>
                      <div>
                        <strong>
                          {code('reason', c.code) === c.code.replaceAll('_', ' ')
                            ? c.description
                            : code('reason', c.code)}
                        </strong>
                        <div className="muted small">
                          <code>{c.code}</code> · {t('report.impact')} {num(c.impact)}
                        </div>
                      </div>
                      <span
                        className="impact"
                        style={{
                          width: `${Math.min(100, Math.max(4, (c.impact / Math.max(...res.srg.reason_codes.map((x) => x.impact), 1)) * 100))}%`,
                        }}
                      />
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section className="card" aria-labelledby="metrics-h">
              <h2 id="metrics-h">{t('report.keyMetrics')}</h2>
              <Dl
                rows={[
                  m.commercial
                    ? [t('metrics.netIncomeBusiness'), money(n(m.commercial, 'net_income_monthly'), currency)]
                    : [t('metrics.netIncomeRetail'), money(n(m.income, 'regular_monthly_average'), currency)],
                  [t('metrics.incomeMonthly'), money(n(m.income, 'monthly_average'), currency)],
                  [t('metrics.expensesMonthly'), money(n(m.expenses, 'monthly_average'), currency)],
                  [t('metrics.disposable'), money(n(m.disposable_income, 'monthly'), currency)],
                  [t('metrics.avgBalance'), money(n(m.balances, 'average'), currency)],
                  [t('metrics.minBalance'), money(n(m.balances, 'minimum'), currency)],
                  [t('metrics.debtService'), money(n(m.debt_service, 'monthly'), currency)],
                  [t('metrics.dti'), pct(n(m.debt_service, 'dti'))],
                  [t('metrics.instalment'), money(n(m.affordability, 'instalment'), currency)],
                  [
                    t('metrics.affordable'),
                    m.affordability && typeof m.affordability.affordable === 'boolean'
                      ? m.affordability.affordable
                        ? t('common.yes')
                        : t('common.no')
                      : '—',
                  ],
                ]}
              />
            </section>
          </div>

          <div className="grid2">
            <section className="card" aria-labelledby="flows-h">
              <h2 id="flows-h">{t('charts.flows')}</h2>
              <FlowsChart rows={res.monthly} currency={currency} />
            </section>
            <section className="card" aria-labelledby="bal-h">
              <h2 id="bal-h">{t('charts.balance')}</h2>
              <BalanceChart rows={res.monthly} currency={currency} />
            </section>
          </div>

          <div className="grid2">
            <section className="card" aria-labelledby="cat-h">
              <h2 id="cat-h">{t('report.categories')}</h2>
              <CategoryBars rows={res.categories} currency={currency} />
            </section>
            <section className="card" aria-labelledby="flags-h">
              <h2 id="flags-h">{t('report.flags')}</h2>
              <ul className="checks">
                {Object.entries(res.flags).map(([k, f]) => (
                  <Check key={k} passed={!f.flagged}>
                    <strong>{code('flag', k)}</strong>
                    {f.flagged ? ` — ${t('report.flagged')}` : ''}
                    <div className="muted small">{f.detail}</div>
                  </Check>
                ))}
              </ul>
            </section>
          </div>

          <ReportDetails res={res} currency={currency} />

          <section className="card" aria-labelledby="used-h">
            <h2 id="used-h">{t('report.usedInputs')}</h2>
            <ul>
              {(r.used_files ?? []).map((f) => (
                <li key={f.file_id}>
                  <Link to={`/processes/${processId}/files/${f.file_id}`}>{f.ext_file_id ?? f.file_id}</Link>{' '}
                  ({code('doctype', f.document_type)})
                </li>
              ))}
              {(r.used_bank_accounts ?? []).map((a) => (
                <li key={a.bank_account_id}>
                  {t('process.bankAccounts')}: <span className="mono">{a.iban}</span>
                </li>
              ))}
              {(r.used_open_banking_accounts ?? []).map((a) => (
                <li key={a.open_banking_account_id}>
                  {t('process.openBankingAccounts')}: <span className="mono">{a.iban}</span>
                </li>
              ))}
            </ul>
            <WindowCoverage
              res={res}
              labelOf={(id) => (r.used_files ?? []).find((f) => f.file_id === id)?.ext_file_id ?? null}
            />
            <Dl
              rows={Object.entries(r.report_params).map(([k, v]) => [
                code('param', k),
                k === 'data_market' && (v === 'it' || v === 'de')
                  ? t(`report.market.${v}`)
                  : k === 'data_source' && (v === 'retail' || v === 'commercial')
                    ? t(`report.source.${v}`)
                    : (k === 'requested_loan_amount' || k === 'overdraft_limit') &&
                        v !== null &&
                        v !== undefined &&
                        v !== ''
                      ? money(Number(v), currency)
                      : String(v ?? '—'),
              ])}
            />
          </section>
        </>
      )}
    </div>
  );
}
