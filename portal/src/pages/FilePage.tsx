import { useMemo, useState, type KeyboardEvent } from 'react';
import { client, type BBox, type FileResource, type Transaction } from '../api.ts';
import { Badge, Check, Dl, ErrorBox, Loading, useLoad, usePolling } from '../components/common.tsx';
import { DocumentViewer, type Box } from '../components/DocumentViewer.tsx';
import { useI18n, type I18n } from '../i18n.tsx';
import { Link } from '../router.tsx';

const SPECIAL = new Set(['transactions', 'conformity_checks', 'mrz']);
const MONEY = /balance|amount|total/;
const DATE = /date/;

function show(i18n: I18n, name: string, v: unknown, currency: string | null): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? i18n.t('common.yes') : i18n.t('common.no');
  if (typeof v === 'number') return MONEY.test(name) ? i18n.money(v, currency) : i18n.num(v, 2);
  if (typeof v === 'string' && DATE.test(name) && /^\d{4}-\d{2}-\d{2}$/.test(v)) return i18n.date(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

interface ConformityCheck {
  check: string;
  /** null = the check could not run (nothing printed to check against). */
  passed: boolean | null;
  message: string;
  page?: number;
}

interface Mrz {
  format?: string;
  lines?: string[];
  valid?: boolean;
  document_code?: string;
  issuing_state?: string;
  checks?: { field: string; valid: boolean }[];
  cross_checks?: { field: string; front: string | null; mrz: string | null; agrees: boolean }[];
}

export function FilePage({ processId, fileId }: { processId: string; fileId: string }) {
  const i18n = useI18n();
  const { t, code, money, date, pct } = i18n;
  const file = useLoad(
    (signal) =>
      client.getFile({ path: { process_id: processId, file_id: fileId }, signal }) as Promise<FileResource>,
    [processId, fileId],
  );
  const f = file.data;
  const busy = f ? f.parsing_status === 'processing' : false;
  usePolling(
    busy,
    async () =>
      file.setData(
        (await client.getFile({ path: { process_id: processId, file_id: fileId } })) as FileResource,
      ),
    f?.parsing_status ?? '',
  );
  const [selected, setSelected] = useState<{ key: string; box: Box | null } | null>(null);

  const pr = f?.parsing_result ?? null;
  const currency = (pr?.currency_code?.value as string | undefined) ?? null;
  const txns = (pr?.transactions?.value as Transaction[] | undefined) ?? [];
  const fields = pr ? Object.entries(pr).filter(([k]) => !SPECIAL.has(k)) : [];
  const checks = (pr?.conformity_checks?.value as ConformityCheck[] | undefined) ?? [];
  const mrz = (pr?.mrz?.value as Mrz | null | undefined) ?? null;

  const boxes = useMemo<Box[]>(() => {
    const out: Box[] = [];
    for (const [k, v] of fields)
      if (v.source?.bbox) out.push({ page: v.source.page, bbox: v.source.bbox, label: k });
    return out;
  }, [pr]);

  // Running balance: the printed one where the document has it, else opening balance + amounts so far.
  const running = useMemo(() => {
    let bal = typeof pr?.opening_balance?.value === 'number' ? (pr.opening_balance.value as number) : null;
    return txns.map((x) => {
      if (x.balance !== null && x.balance !== undefined) {
        bal = x.balance;
        return { value: x.balance, computed: false };
      }
      if (bal === null) return { value: null, computed: true };
      bal = Math.round((bal + x.amount) * 100) / 100;
      return { value: bal, computed: true };
    });
  }, [txns, pr]);

  if (file.loading && !f) return <Loading />;
  if (!f) return <ErrorBox error={file.error} />;

  const pick = (key: string, label: string, src?: { page?: number; bbox?: BBox }) => {
    const box = src?.page && src.bbox ? { page: src.page, bbox: src.bbox, label } : null;
    setSelected({ key, box });
  };
  const onKey = (e: KeyboardEvent, fn: () => void) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fn();
    }
  };

  return (
    <div className="page">
      <nav aria-label={t('nav.breadcrumb')} className="crumbs">
        <Link to="/processes">{t('nav.processes')}</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/processes/${processId}`}>{t('process.title')}</Link> <span aria-hidden="true">›</span>{' '}
        <span>{f.ext_file_id ?? f.file_id}</span>
      </nav>
      <div className="page-head">
        <div>
          <h1>{f.ext_file_id ?? f.file_id}</h1>
          <p className="row wrap">
            <span>{code('doctype', f.document_type)}</span>
            <span>
              {t('file.validation')}: <Badge value={f.validation_result.status} />
            </span>
            <span>
              {t('file.parsing')}: <Badge value={f.parsing_status} />
            </span>
            {f.parsing_confidence !== null && (
              <span>
                {t('file.confidence')}: {pct(f.parsing_confidence, 0)}
              </span>
            )}
            {pr?.document_conformed && (
              <span>
                <Badge
                  value={pr.document_conformed.value ? 'passed' : 'failed'}
                  label={pr.document_conformed.value ? t('file.conformed') : t('file.notConformed')}
                />
              </span>
            )}
          </p>
        </div>
      </div>

      <div className="split">
        <section className="card viewer-col" aria-label={t('viewer.document')}>
          <DocumentViewer
            processId={processId}
            fileId={fileId}
            boxes={boxes}
            selected={selected?.box ?? null}
          />
          {selected && !selected.box && (
            <p className="muted small" role="status">
              {t('file.noSource')}
            </p>
          )}
        </section>

        <div className="details-col">
          {(f.validation_result.errors.length > 0 || f.errors.length > 0) && (
            <section className="card" aria-labelledby="err-h">
              <h2 id="err-h">{t('file.errors')}</h2>
              <ul className="checks">
                {f.validation_result.errors.map((e, n) => (
                  <Check key={`v${n}`} passed={false}>
                    <strong>{code('vcode', e.code)}</strong> — {e.message}
                    {e.page ? ` (${t('file.page', { page: e.page })})` : ''}
                  </Check>
                ))}
                {f.errors.map((e, n) => (
                  <Check key={`p${n}`} passed={false}>
                    <strong>{e.code}</strong> — {e.message}
                  </Check>
                ))}
              </ul>
            </section>
          )}

          {f.parsing_status === 'processing' && (
            <p className="alert alert-info" role="status">
              {t('file.parsingInProgress')}
            </p>
          )}

          {f.validation_result.pre_result && (
            <section className="card" aria-labelledby="pre-h">
              <h2 id="pre-h">{t('file.preResult')}</h2>
              <Dl
                rows={Object.entries(f.validation_result.pre_result).map(([k, v]) => [
                  code('field', k),
                  show(i18n, k, k === 'completeness' ? code('completeness', String(v)) : v, currency),
                ])}
              />
            </section>
          )}

          {fields.length > 0 && (
            <section className="card" aria-labelledby="fields-h">
              <h2 id="fields-h">{t('file.fields')}</h2>
              <p className="muted small">{t('file.fieldsHint')}</p>
              <table className="table fields">
                <thead>
                  <tr>
                    <th scope="col">{t('file.field')}</th>
                    <th scope="col">{t('file.value')}</th>
                    <th scope="col" className="num">
                      {t('file.confidence')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map(([k, v]) => (
                    <tr
                      key={k}
                      tabIndex={0}
                      className={`selectable ${selected?.key === `f:${k}` ? 'selected' : ''}`}
                      aria-selected={selected?.key === `f:${k}`}
                      onClick={() => pick(`f:${k}`, k, v.source)}
                      onKeyDown={(e) => onKey(e, () => pick(`f:${k}`, k, v.source))}
                      data-field={k}
                    >
                      <th scope="row">{code('field', k)}</th>
                      <td>{show(i18n, k, v.value, currency)}</td>
                      <td className="num">{v.confidence !== undefined ? pct(v.confidence, 0) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}

          {mrz && (
            <section className="card" aria-labelledby="mrz-h">
              <h2 id="mrz-h">
                MRZ{' '}
                <Badge
                  value={mrz.valid ? 'passed' : 'failed'}
                  label={mrz.valid ? t('file.mrzValid') : t('file.mrzInvalid')}
                />
              </h2>
              <pre
                className={`mrz selectable ${selected?.key === 'mrz' ? 'selected' : ''}`}
                tabIndex={0}
                onClick={() => pick('mrz', 'MRZ', pr?.mrz?.source)}
                onKeyDown={(e) => onKey(e, () => pick('mrz', 'MRZ', pr?.mrz?.source))}
              >
                {(mrz.lines ?? []).join('\n')}
              </pre>
              <ul className="checks">
                {(mrz.checks ?? []).map((c, n) => (
                  <Check key={n} passed={c.valid}>
                    {t('file.checkDigit')}: {code('field', c.field)}
                  </Check>
                ))}
                {(mrz.cross_checks ?? []).map((c, n) => (
                  <Check key={`x${n}`} passed={c.agrees}>
                    {t('file.frontVsMrz')}: {code('field', c.field)} — {c.front ?? '—'} / {c.mrz ?? '—'}
                  </Check>
                ))}
              </ul>
            </section>
          )}
          {txns.length > 0 && (
            <section className="card" aria-labelledby="tx-h">
              <h2 id="tx-h">
                {t('file.transactions')} <span className="count">{txns.length}</span>
              </h2>
              <p className="muted small">{t('file.transactionsHint')}</p>
              <div className="table-wrap tx-scroll">
                <table className="table tx" id="transactions">
                  <thead>
                    <tr>
                      <th scope="col">
                        {t('tx.date')}
                        <div className="sub">{t('tx.valueDate')}</div>
                      </th>
                      <th scope="col">
                        {t('tx.description')}
                        <div className="sub">{t('tx.counterparty')}</div>
                      </th>
                      <th scope="col">{t('tx.category')}</th>
                      <th scope="col" className="num">
                        {t('tx.amount')}
                      </th>
                      <th scope="col" className="num">
                        {t('tx.balance')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {txns.map((x, n) => {
                      const key = `t:${n}`;
                      const src = x.page ? { page: x.page, bbox: x.bbox } : undefined;
                      const bal = running[n];
                      return (
                        <tr
                          key={n}
                          tabIndex={0}
                          className={`selectable ${selected?.key === key ? 'selected' : ''}`}
                          aria-selected={selected?.key === key}
                          onClick={() => pick(key, x.description, src)}
                          onKeyDown={(e) => onKey(e, () => pick(key, x.description, src))}
                          data-tx={n}
                        >
                          <td className="nowrap">
                            {date(x.date)}
                            {x.value_date && x.value_date !== x.date && (
                              <div className="sub">{date(x.value_date)}</div>
                            )}
                          </td>
                          <td>
                            {x.description}
                            {x.counterparty && <div className="sub">{x.counterparty}</div>}
                            {x.page ? (
                              <span className="sr-only"> ({t('file.page', { page: x.page })})</span>
                            ) : null}
                          </td>
                          <td>
                            <span className="chip">{code('category', x.category)}</span>
                          </td>
                          <td className={`num nowrap ${x.amount < 0 ? 'neg' : 'pos'}`}>
                            {money(x.amount, x.currency || currency)}
                          </td>
                          <td
                            className="num nowrap"
                            title={bal?.computed ? t('tx.computedBalance') : undefined}
                          >
                            {bal?.value !== null && bal?.value !== undefined ? (
                              <>
                                {money(bal.value, x.currency || currency)}
                                {bal.computed && <span className="muted"> *</span>}
                              </>
                            ) : (
                              '—'
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {running.some((r) => r.computed && r.value !== null) && (
                <p className="muted small">* {t('tx.computedBalance')}</p>
              )}
            </section>
          )}
          {checks.length > 0 && (
            <section className="card" aria-labelledby="conf-h">
              <h2 id="conf-h">{t('file.conformity')}</h2>
              <ul className="checks">
                {checks.map((c, n) => (
                  <Check key={n} passed={c.passed}>
                    <strong>{code('check', c.check)}</strong>
                    {c.page ? ` · ${t('file.page', { page: c.page })}` : ''} — {c.message}
                  </Check>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
