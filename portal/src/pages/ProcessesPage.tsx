import { useState, type FormEvent } from 'react';
import { client } from '../api.ts';
import { Badge, ErrorBox, Loading, Pager, useLoad } from '../components/common.tsx';
import { useI18n } from '../i18n.tsx';
import { Link, navigate, useRoute } from '../router.tsx';

const LIMIT = 20;

export function ProcessesPage() {
  const { t, dateTime, num } = useI18n();
  const route = useRoute();
  const q = route.query;
  const filters = {
    ext_application_id: q.get('ext_application_id') ?? '',
    statuses: q.get('statuses') ?? '',
    created_at_from: q.get('created_at_from') ?? '',
    created_at_to: q.get('created_at_to') ?? '',
  };
  const offset = Number(q.get('offset') ?? 0) || 0;
  const key = `${route.query.toString()}`;

  const list = useLoad(
    (signal) =>
      client.listProcesses({
        query: {
          ...filters,
          statuses: filters.statuses ? filters.statuses.split(',') : [],
          limit: LIMIT,
          offset,
        },
        signal,
      }),
    [key],
  );

  const setQuery = (next: Record<string, string | number>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== '' && v !== 0) p.set(k, String(v));
    const s = p.toString();
    navigate(`/processes${s ? `?${s}` : ''}`, true);
  };

  const [draft, setDraft] = useState(filters);
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ ...draft });
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('processes.title')}</h1>
        <CreateProcess />
      </div>

      <form
        className="filters card"
        onSubmit={applyFilters}
        role="search"
        aria-label={t('processes.filters')}
      >
        <label>
          {t('processes.extApplicationId')}
          <input
            value={draft.ext_application_id}
            onChange={(e) => setDraft({ ...draft, ext_application_id: e.target.value })}
          />
        </label>
        <label>
          {t('processes.status')}
          <select value={draft.statuses} onChange={(e) => setDraft({ ...draft, statuses: e.target.value })}>
            <option value="">{t('processes.statusAll')}</option>
            <option value="active">{t('status.active')}</option>
            <option value="archived">{t('status.archived')}</option>
          </select>
        </label>
        <label>
          {t('processes.createdFrom')}
          <input
            type="date"
            value={draft.created_at_from}
            onChange={(e) => setDraft({ ...draft, created_at_from: e.target.value })}
          />
        </label>
        <label>
          {t('processes.createdTo')}
          <input
            type="date"
            value={draft.created_at_to}
            onChange={(e) => setDraft({ ...draft, created_at_to: e.target.value })}
          />
        </label>
        <div className="row">
          <button type="submit" className="btn btn-primary">
            {t('processes.apply')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              const empty = { ext_application_id: '', statuses: '', created_at_from: '', created_at_to: '' };
              setDraft(empty);
              setQuery(empty);
            }}
          >
            {t('processes.reset')}
          </button>
        </div>
      </form>

      <ErrorBox error={list.error} />
      {list.loading && !list.data ? (
        <Loading />
      ) : list.data && list.data.items.length === 0 ? (
        <p className="empty card">{t('processes.empty')}</p>
      ) : list.data ? (
        <div className="card table-wrap">
          <table className="table">
            <caption className="sr-only">{t('processes.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('processes.extApplicationId')}</th>
                <th scope="col">{t('processes.applicant')}</th>
                <th scope="col">{t('processes.status')}</th>
                <th scope="col" className="num">
                  {t('processes.files')}
                </th>
                <th scope="col" className="num">
                  {t('processes.reports')}
                </th>
                <th scope="col">{t('processes.created')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.process_id}>
                  <td>
                    <Link to={`/processes/${p.process_id}`}>{p.ext_application_id ?? p.process_id}</Link>
                  </td>
                  <td>{p.attributes.main_applicant_name ?? '—'}</td>
                  <td>
                    <Badge value={p.status} />
                  </td>
                  <td className="num">{num(p.total_files)}</td>
                  <td className="num">{num(p.total_credit_reports)}</td>
                  <td>{dateTime(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            total={list.data.total}
            limit={LIMIT}
            offset={offset}
            onChange={(o) => setQuery({ ...filters, offset: o })}
          />
        </div>
      ) : null}
    </div>
  );
}

function CreateProcess() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [ext, setExt] = useState('');
  const [name, setName] = useState('');
  const [tax, setTax] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!open) {
    return (
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        + {t('processes.new')}
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const attributes: Record<string, string> = {};
      if (name.trim()) attributes.main_applicant_name = name.trim();
      if (tax.trim()) attributes.main_tax_code = tax.trim();
      const p = await client.startProcess({
        body: { ext_application_id: ext.trim(), ...(Object.keys(attributes).length ? { attributes } : {}) },
      });
      navigate(`/processes/${p.process_id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card form create" onSubmit={submit} aria-label={t('processes.new')}>
      <h2>{t('processes.new')}</h2>
      <label>
        {t('processes.extApplicationId')} *
        <input required autoFocus value={ext} onChange={(e) => setExt(e.target.value)} maxLength={200} />
      </label>
      <label>
        {t('processes.applicant')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={300} />
      </label>
      <label>
        {t('processes.taxCode')}
        <input value={tax} onChange={(e) => setTax(e.target.value)} maxLength={64} />
      </label>
      <ErrorBox error={error} />
      <div className="row end">
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('processes.create')}
        </button>
      </div>
    </form>
  );
}
