import { useCallback, useRef, useState, type DragEvent } from 'react';
import { client, withProgress, type BankAccount, type OpenBankingAccount } from '../api.ts';
import { Badge, ConfirmButton, ErrorBox, Loading, useLoad, usePolling } from '../components/common.tsx';
import { useI18n } from '../i18n.tsx';
import { Link } from '../router.tsx';

type Account = BankAccount | OpenBankingAccount;

export function ProcessPage({ processId }: { processId: string }) {
  const { t, dateTime, code } = useI18n();
  const load = useCallback(
    async (signal?: AbortSignal) => {
      const path = { process_id: processId };
      const [process, files, bank, ob, reports] = await Promise.all([
        client.getProcess({ path, signal }),
        client.listFiles({ path, query: { limit: 100 }, signal }),
        client.listBankAccounts({ path, query: { limit: 100 }, signal }),
        client.listOpenBankingAccounts({ path, query: { limit: 100 }, signal }),
        client.listCreditReports({ path, query: { limit: 20 }, signal }),
      ]);
      return { process, files, bank, ob, reports };
    },
    [processId],
  );
  const data = useLoad((s) => load(s), [processId]);
  const d = data.data;
  const busyFiles = d?.files.items.filter((f) => f.parsing_status === 'processing').length ?? 0;
  const busyReports = d?.reports.items.filter((r) => r.status === 'processing').length ?? 0;
  const stateKey = d
    ? d.files.items.map((f) => f.parsing_status + f.validation_status).join() +
      d.reports.items.map((r) => r.status).join()
    : '';
  const [uploading, setUploading] = useState(0);
  usePolling(busyFiles + busyReports + uploading > 0, async () => data.setData(await load()), stateKey);
  const [actionError, setActionError] = useState<unknown>(null);
  const [parsingMsg, setParsingMsg] = useState<string | null>(null);

  if (data.loading && !d) return <Loading />;
  if (!d) return <ErrorBox error={data.error} />;
  const p = d.process;
  const archived = p.status === 'archived';
  const parsable = d.files.items.filter(
    (f) => f.validation_status === 'success' && f.parsing_status === 'uploaded',
  ).length;

  const runParsing = async () => {
    setActionError(null);
    try {
      const r = await client.runParsing({ path: { process_id: processId }, body: {} });
      setParsingMsg(t('process.parsingStarted', { n: r.file_ids.length }));
      data.setData(await load());
    } catch (e) {
      setActionError(e);
    }
  };

  return (
    <div className="page">
      <nav aria-label={t('nav.breadcrumb')} className="crumbs">
        <Link to="/processes">{t('nav.processes')}</Link> <span aria-hidden="true">›</span>{' '}
        <span>{p.ext_application_id ?? p.process_id}</span>
      </nav>
      <div className="page-head">
        <div>
          <h1>
            {p.ext_application_id ?? p.process_id} <Badge value={p.status} />
          </h1>
          <p className="muted">
            {p.attributes.main_applicant_name ?? t('process.noApplicant')}
            {p.attributes.main_tax_code ? ` · ${p.attributes.main_tax_code}` : ''} · {t('processes.created')}{' '}
            {dateTime(p.created_at)} · <code className="small">{p.process_id}</code>
          </p>
        </div>
        <div className="row">
          {!archived && (
            <Link to={`/processes/${processId}/reports/new`} className="btn btn-primary">
              {t('process.newReport')}
            </Link>
          )}
          {!archived && (
            <ConfirmButton
              label={t('process.archive')}
              question={t('process.archiveQuestion')}
              confirmLabel={t('process.archiveConfirm')}
              className="btn btn-danger-ghost"
              onConfirm={async () => {
                await client.archiveProcess({ path: { process_id: processId } });
                data.setData(await load());
              }}
            />
          )}
        </div>
      </div>
      <ErrorBox error={actionError} />

      <section className="card" aria-labelledby="files-h">
        <div className="section-head">
          <h2 id="files-h">
            {t('process.files')} <span className="count">{d.files.total}</span>
          </h2>
          <div className="row">
            <span className="live muted small" aria-live="polite">
              {busyFiles > 0 ? t('process.liveUpdating', { n: busyFiles }) : ''}
            </span>
            {!archived && (
              <button
                type="button"
                className="btn"
                onClick={runParsing}
                disabled={parsable === 0}
                title={parsable === 0 ? t('process.nothingToParse') : undefined}
              >
                {t('process.runParsing')} {parsable > 0 ? `(${parsable})` : ''}
              </button>
            )}
          </div>
        </div>
        {parsingMsg && (
          <p className="alert alert-info" role="status">
            {parsingMsg}
          </p>
        )}
        {d.files.items.length === 0 ? (
          <p className="empty">{t('process.noFiles')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table" id="files-table">
              <thead>
                <tr>
                  <th scope="col">{t('file.extFileId')}</th>
                  <th scope="col">{t('file.documentType')}</th>
                  <th scope="col">{t('file.validation')}</th>
                  <th scope="col">{t('file.parsing')}</th>
                  <th scope="col">{t('processes.created')}</th>
                </tr>
              </thead>
              <tbody>
                {d.files.items.map((f) => (
                  <tr key={f.file_id} data-file-id={f.file_id}>
                    <td>
                      <Link to={`/processes/${processId}/files/${f.file_id}`}>
                        {f.ext_file_id ?? f.file_id}
                      </Link>
                    </td>
                    <td>{code('doctype', f.document_type)}</td>
                    <td>
                      <Badge value={f.validation_status} />
                    </td>
                    <td>
                      <Badge value={f.parsing_status} />
                    </td>
                    <td>{dateTime(f.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {!archived && (
          <Uploader
            processId={processId}
            onActive={(n) => setUploading(n)}
            onUploaded={async () => {
              data.setData(await load());
            }}
          />
        )}
      </section>

      <div className="grid2">
        <AccountsSection
          title={t('process.bankAccounts')}
          accounts={d.bank.items}
          total={d.bank.total}
          empty={t('process.noBankAccounts')}
        />
        <AccountsSection
          title={t('process.openBankingAccounts')}
          accounts={d.ob.items}
          total={d.ob.total}
          empty={t('process.noOpenBanking')}
        />
      </div>

      <section className="card" aria-labelledby="reports-h">
        <div className="section-head">
          <h2 id="reports-h">
            {t('process.reports')} <span className="count">{d.reports.total}</span>
          </h2>
        </div>
        {d.reports.items.length === 0 ? (
          <p className="empty">{t('process.noReports')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('report.created')}</th>
                  <th scope="col">{t('report.status')}</th>
                  <th scope="col">{t('report.score')}</th>
                  <th scope="col">{t('report.grade')}</th>
                  <th scope="col">{t('report.decision')}</th>
                </tr>
              </thead>
              <tbody>
                {d.reports.items.map((r) => (
                  <tr key={r.credit_report_id}>
                    <td>
                      <Link to={`/processes/${processId}/reports/${r.credit_report_id}`}>
                        {dateTime(r.created_at)}
                      </Link>
                    </td>
                    <td>
                      <Badge value={r.status} />
                    </td>
                    <td>{r.report_result?.srg.score ?? '—'}</td>
                    <td>
                      {r.report_result ? (
                        <span className={`grade grade-${r.report_result.srg.grade}`}>
                          {r.report_result.srg.grade}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {r.report_result ? (
                        <Badge
                          value={r.report_result.srg.decision}
                          label={code('decision', r.report_result.srg.decision)}
                        />
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
      </section>
    </div>
  );
}

function AccountsSection({
  title,
  accounts,
  total,
  empty,
}: {
  title: string;
  accounts: Account[];
  total: number;
  empty: string;
}) {
  const { t, date, num } = useI18n();
  return (
    <section className="card" aria-label={title}>
      <h2>
        {title} <span className="count">{total}</span>
      </h2>
      {accounts.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="accounts">
          {accounts.map((a) => (
            <li key={'bank_account_id' in a ? a.bank_account_id : a.open_banking_account_id}>
              <div className="mono">{a.iban}</div>
              <div className="muted small">
                {a.account_holder ?? '—'}
                {'bank_name' in a && a.bank_name ? ` · ${a.bank_name}` : ''} ·{' '}
                {t('process.transactionsCount', { n: num(a.total_transactions) })} · {date(a.date_min)} –{' '}
                {date(a.date_max)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface UploadItem {
  id: number;
  name: string;
  size: number;
  progress: number;
  state: 'uploading' | 'done' | 'error';
  error?: string;
}

const DOC_TYPES = [
  'bank_statement',
  'bank_account_movements',
  'identity_card',
  'passport',
  'residency_permit',
];

function Uploader({
  processId,
  onUploaded,
  onActive,
}: {
  processId: string;
  onUploaded: () => Promise<void>;
  onActive: (n: number) => void;
}) {
  const { t, code, num } = useI18n();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [over, setOver] = useState(false);
  const [docType, setDocType] = useState('');
  const [checkId, setCheckId] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const active = useRef(0);

  const start = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const id = ++seq.current;
      setItems((xs) => [...xs, { id, name: file.name, size: file.size, progress: 0, state: 'uploading' }]);
      active.current++;
      onActive(active.current);
      const form = new FormData();
      form.append('ext_file_id', file.name.slice(0, 200) || `file-${id}`);
      if (docType) form.append('document_type', docType);
      if (checkId) form.append('check_id_completeness', 'true');
      form.append('file', file, file.name);
      withProgress((f) => setItems((xs) => xs.map((x) => (x.id === id ? { ...x, progress: f } : x))))
        .uploadFile({ path: { process_id: processId }, body: form })
        .then(async () => {
          setItems((xs) => xs.map((x) => (x.id === id ? { ...x, progress: 1, state: 'done' } : x)));
          await onUploaded();
        })
        .catch((e: Error) =>
          setItems((xs) => xs.map((x) => (x.id === id ? { ...x, state: 'error', error: e.message } : x))),
        )
        .finally(() => {
          active.current--;
          onActive(active.current);
        });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) start(e.dataTransfer.files);
  };

  return (
    <div className="uploader">
      <div className="row wrap">
        <label className="inline">
          {t('upload.documentType')}
          <select value={docType} onChange={(e) => setDocType(e.target.value)}>
            <option value="">{t('upload.detect')}</option>
            {DOC_TYPES.map((d) => (
              <option key={d} value={d}>
                {code('doctype', d)}
              </option>
            ))}
          </select>
        </label>
        <label className="inline checkbox">
          <input type="checkbox" checked={checkId} onChange={(e) => setCheckId(e.target.checked)} />
          {t('upload.checkIdCompleteness')}
        </label>
      </div>
      <div
        className={`dropzone ${over ? 'over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          <strong>{t('upload.drop')}</strong>
        </p>
        <p className="muted small">{t('upload.formats')}</p>
        <button type="button" className="btn" onClick={() => input.current?.click()}>
          {t('upload.choose')}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          aria-label={t('upload.choose')}
          data-testid="file-input"
          onChange={(e) => {
            if (e.target.files?.length) start(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className="uploads" aria-label={t('upload.progress')}>
          {items.map((x) => (
            <li key={x.id} className={`upload upload-${x.state}`}>
              <span className="name">{x.name}</span>
              <span className="muted small">{num(Math.ceil(x.size / 1024))} KB</span>
              <progress max={1} value={x.progress} aria-label={t('upload.progressOf', { name: x.name })} />
              <span className="small">
                {x.state === 'done'
                  ? t('upload.done')
                  : x.state === 'error'
                    ? x.error
                    : `${Math.round(x.progress * 100)} %`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
