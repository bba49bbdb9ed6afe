import type { EvidenceRow, IncomeSource, RecurringStream, ReportResult } from '../api.ts';
import { useI18n, type MsgKey } from '../i18n.tsx';

/**
 * What an underwriter reads beside the score: recurring obligations and income streams with their
 * amounts, income received payer by payer, and the transactions themselves behind the flags, the unusual
 * and the largest ones (each as the bank printed it, with its party).
 */
export function ReportDetails({ res, currency }: { res: ReportResult; currency: string }) {
  const { t } = useI18n();
  const ev = res.evidence;
  // a flag's rows are the most recent ones (capped by the report): the heading says so, and how many the account
  // holds when not all are listed; the unusual and largest movements are the largest, and the heading says that
  const held = (category: string) => res.categories.find((c) => c.category === category)?.count;
  const recent = (rows: EvidenceRow[] | undefined, total: number | undefined) =>
    rows && total !== undefined && total > rows.length
      ? t('report.rowsRecentOf', { n: rows.length, total })
      : t('report.orderRecent');
  const groups: [string, EvidenceRow[] | undefined, string][] = [
    [t('report.ev.gambling'), ev?.gambling, recent(ev?.gambling, held('gambling'))],
    [t('report.ev.returned'), ev?.returned_debits, recent(ev?.returned_debits, held('returned_debit'))],
    [
      t('report.ev.overdraft'),
      ev?.overdraft_interest,
      recent(ev?.overdraft_interest, held('overdraft_interest')),
    ],
    [t('report.ev.unusual'), ev?.unusual, t('report.orderLargest')],
    [t('report.ev.largestOut'), ev?.largest_debits, t('report.orderLargest')],
    [t('report.ev.largestIn'), ev?.largest_credits, t('report.orderLargest')],
  ];
  return (
    <>
      <div className="grid2">
        <section className="card" aria-labelledby="recurring-h">
          <h2 id="recurring-h">{t('report.recurring')}</h2>
          <Streams streams={res.streams ?? []} currency={currency} />
        </section>
        <section className="card" aria-labelledby="payers-h">
          <h2 id="payers-h">{t('report.incomeSources')}</h2>
          <Payers sources={res.income_sources ?? []} currency={currency} />
        </section>
      </div>
      <section className="card" aria-labelledby="evidence-h">
        <h2 id="evidence-h">{t('report.evidence')}</h2>
        {groups.every(([, rows]) => !rows?.length) ? (
          <p className="muted">{t('report.ev.none')}</p>
        ) : (
          groups.map(([title, rows, order]) =>
            rows?.length ? (
              <EvidenceTable key={title} title={title} order={order} rows={rows} currency={currency} />
            ) : null,
          )
        )}
      </section>
    </>
  );
}

function Streams({ streams, currency }: { streams: RecurringStream[]; currency: string }) {
  const { t, code, money, num } = useI18n();
  if (!streams.length) return <p className="muted">{t('report.noRecurring')}</p>;
  const sorted = [...streams].sort((a, b) =>
    a.direction === b.direction ? b.typical_amount - a.typical_amount : a.direction === 'out' ? -1 : 1,
  );
  return (
    <div className="table-wrap">
      <table className="table" data-testid="recurring">
        <thead>
          <tr>
            <th scope="col">{t('report.party')}</th>
            <th scope="col">{t('report.category')}</th>
            <th scope="col">{t('report.cadence')}</th>
            <th scope="col" className="num">
              {t('report.times')}
            </th>
            <th scope="col" className="num">
              {t('report.typicalAmount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.slice(0, 20).map((s) => (
            <tr key={`${s.direction}:${s.counterparty_key}:${s.category}`}>
              <td>
                {s.counterparty ?? s.label ?? s.counterparty_key}
                {!s.counterparty && (
                  <div className="muted small">
                    {s.counterparty_key.startsWith('#')
                      ? t('report.payerFrom.counterparty_iban', { iban: `…${s.counterparty_key.slice(1)}` })
                      : t('report.payerFrom.description')}
                  </div>
                )}
              </td>
              <td>{code('category', s.category)}</td>
              <td>{code('cadence', s.cadence)}</td>
              <td className="num">{num(s.count)}</td>
              <td className={`num ${s.direction === 'out' ? 'neg' : ''}`}>
                {money(s.direction === 'out' ? -s.typical_amount : s.typical_amount, currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Payers({ sources, currency }: { sources: IncomeSource[]; currency: string }) {
  const { t, code, money, num, pct } = useI18n();
  if (!sources.length) return <p className="muted">{t('report.noIncomeSources')}</p>;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="income-sources">
        <thead>
          <tr>
            <th scope="col">{t('report.payer')}</th>
            <th scope="col">{t('report.category')}</th>
            <th scope="col" className="num">
              {t('report.months')}
            </th>
            <th scope="col" className="num">
              {t('report.total')}
            </th>
            <th scope="col" className="num">
              {t('report.perMonth')}
            </th>
            <th scope="col" className="num">
              {t('report.share')}
            </th>
            <th scope="col">{t('report.regular')}</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr key={s.payer_key}>
              <td>
                {s.payer}
                {s.payer_from && (
                  <div className="muted small" data-testid="payer-from">
                    {s.payer_from === 'counterparty_iban'
                      ? t('report.payerFrom.counterparty_iban', {
                          iban: s.payer_key.startsWith('#') ? `…${s.payer_key.slice(1)}` : s.payer_key,
                        })
                      : t(`report.payerFrom.${s.payer_from}`)}
                  </div>
                )}
              </td>
              <td>{code('category', s.category)}</td>
              <td className="num">{num(s.months)}</td>
              <td className="num">{money(s.total, currency)}</td>
              <td className="num">{money(s.monthly_average, currency)}</td>
              <td className="num">{pct(s.share)}</td>
              <td>{s.regular ? t('common.yes') : t('common.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">{t('report.payerFromNote')}</p>
    </div>
  );
}

function EvidenceTable({
  title,
  order,
  rows,
  currency,
}: {
  title: string;
  /** Which rows the list holds and in what order (most recent or largest first), printed in the heading. */
  order: string;
  rows: EvidenceRow[];
  currency: string;
}) {
  const { t, code, money, date, num } = useI18n();
  return (
    <>
      {/* a title that ends in its own parenthesis takes the order inside it */}
      <h3>{title.endsWith(')') ? `${title.slice(0, -1)}; ${order})` : `${title} (${order})`}</h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('report.date')}</th>
              <th scope="col">{t('report.party')}</th>
              <th scope="col">{t('report.description')}</th>
              <th scope="col">{t('report.category')}</th>
              <th scope="col" className="num">
                {t('report.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((x, i) => (
              <tr key={i}>
                <td>{date(x.date)}</td>
                <td>{x.counterparty ?? '—'}</td>
                <td>
                  {x.description}
                  {x.ratio_to_monthly !== undefined && (
                    <span className="muted small">
                      {' '}
                      ({t('report.timesMonthly', { x: num(x.ratio_to_monthly, 1) })})
                    </span>
                  )}
                </td>
                <td>{code('category', x.category)}</td>
                <td className={`num ${x.amount < 0 ? 'neg' : ''}`}>{money(x.amount, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The 12 months the report scored and the inputs, or parts of them, left outside with why (issue 21: an
 * input outside the window is reported, never dropped silently).
 */
export function WindowCoverage({
  res,
  labelOf,
}: {
  res: ReportResult;
  labelOf: (id: string) => string | null;
}) {
  const { t, date, num } = useI18n();
  const cov = res.coverage;
  if (!cov?.window) return null;
  const outside = (cov.inputs ?? []).filter((i) => i.outside_window > 0);
  return (
    <div data-testid="window-coverage">
      <p>{t('report.window', { from: date(cov.window.from), to: date(cov.window.to) })}</p>
      {outside.length > 0 && (
        <>
          <h3>{t('report.leftOut')}</h3>
          <ul>
            {outside.map((i) => (
              <li key={i.id}>
                {t('report.leftOutRow', {
                  input: labelOf(i.id) ?? i.iban ?? i.id,
                  n: num(i.outside_window),
                  reason: t(
                    i.excluded_reason
                      ? (`report.excluded.${i.excluded_reason}` as MsgKey)
                      : 'report.excluded.partly',
                  ),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
