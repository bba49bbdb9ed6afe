import { useState, type FormEvent } from 'react';
import { client, type Delivery, type Settings } from '../api.ts';
import {
  Badge,
  ConfirmButton,
  ErrorBox,
  Loading,
  Pager,
  useLoad,
  usePolling,
} from '../components/common.tsx';
import { useI18n } from '../i18n.tsx';

const LIMIT = 20;

export function IntegrationsPage() {
  const { t } = useI18n();
  const settings = useLoad((signal) => client.getSettings({ signal }), []);
  const [offset, setOffset] = useState(0);
  const deliveries = useLoad(
    (signal) => client.listWebhookDeliveries({ query: { limit: LIMIT, offset }, signal }),
    [offset],
  );
  const pending = deliveries.data?.items.some((d) => d.status === 'pending') ?? false;
  usePolling(
    pending,
    async () => deliveries.setData(await client.listWebhookDeliveries({ query: { limit: LIMIT, offset } })),
    deliveries.data?.items.map((d) => d.status + d.attempts).join() ?? '',
  );

  return (
    <div className="page">
      <h1>{t('integrations.title')}</h1>
      <p className="muted">{t('integrations.lead')}</p>
      {settings.loading && !settings.data ? (
        <Loading />
      ) : settings.data ? (
        <div className="grid2">
          <WebhookUrls settings={settings.data} onSaved={(s) => settings.setData(s)} />
          <SigningSecret
            settings={settings.data}
            onRotated={(s) => settings.setData(s)}
            onTested={() => deliveries.reload()}
          />
        </div>
      ) : (
        <ErrorBox error={settings.error} />
      )}

      <section className="card" aria-labelledby="deliv-h">
        <div className="section-head">
          <h2 id="deliv-h">
            {t('deliveries.title')} <span className="count">{deliveries.data?.total ?? 0}</span>
          </h2>
          <button type="button" className="btn" onClick={() => deliveries.reload()}>
            {t('common.refresh')}
          </button>
        </div>
        <ErrorBox error={deliveries.error} />
        {deliveries.data && deliveries.data.items.length === 0 && (
          <p className="empty">{t('deliveries.empty')}</p>
        )}
        {deliveries.data && deliveries.data.items.length > 0 && (
          <DeliveryTable items={deliveries.data.items} onChanged={() => deliveries.reload()} />
        )}
        {deliveries.data && (
          <Pager total={deliveries.data.total} limit={LIMIT} offset={offset} onChange={setOffset} />
        )}
      </section>
    </div>
  );
}

function WebhookUrls({ settings, onSaved }: { settings: Settings; onSaved: (s: Settings) => void }) {
  const { t } = useI18n();
  const [docUrl, setDocUrl] = useState(settings.webhooks.doc_engine_url ?? '');
  const [wfUrl, setWfUrl] = useState(settings.webhooks.workflow_url ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const s = await client.updateSettings({
        body: { webhooks: { doc_engine_url: docUrl.trim() || null, workflow_url: wfUrl.trim() || null } },
      });
      onSaved(s);
      setSaved(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="urls-h">
      <h2 id="urls-h">{t('webhooks.urls')}</h2>
      <label>
        {t('webhooks.docEngineUrl')}
        <input
          type="url"
          name="doc_engine_url"
          placeholder="https://…"
          value={docUrl}
          onChange={(e) => setDocUrl(e.target.value)}
        />
        <span className="hint">{t('webhooks.docEngineHint')}</span>
      </label>
      <label>
        {t('webhooks.workflowUrl')}
        <input
          type="url"
          name="workflow_url"
          placeholder="https://…"
          value={wfUrl}
          onChange={(e) => setWfUrl(e.target.value)}
        />
        <span className="hint">{t('webhooks.workflowHint')}</span>
      </label>
      <ErrorBox error={error} />
      {saved && (
        <p className="alert alert-ok" role="status">
          {t('common.saved')}
        </p>
      )}
      <div className="row end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}

function SigningSecret({
  settings,
  onRotated,
  onTested,
}: {
  settings: Settings;
  onRotated: (s: Settings) => void;
  onTested: () => void;
}) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [testMsg, setTestMsg] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const secret = settings.webhook_signing_secret;
  const noUrl = !settings.webhooks.doc_engine_url && !settings.webhooks.workflow_url;
  return (
    <section className="card form" aria-labelledby="secret-h">
      <h2 id="secret-h">{t('webhooks.secret')}</h2>
      <p className="muted small">{t('webhooks.secretHint')}</p>
      <div className="secret">
        <code data-testid="secret">{shown ? secret : `whsec_${'•'.repeat(24)}`}</code>
        <button type="button" className="btn" aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? t('webhooks.hide') : t('webhooks.reveal')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(secret);
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
            } catch (e) {
              setError(e);
            }
          }}
        >
          {copied ? t('webhooks.copied') : t('webhooks.copy')}
        </button>
      </div>
      <div className="row wrap">
        <ConfirmButton
          label={t('webhooks.rotate')}
          question={t('webhooks.rotateQuestion')}
          confirmLabel={t('webhooks.rotateConfirm')}
          onConfirm={async () => {
            onRotated(await client.rotateWebhookSecret());
            setShown(true);
          }}
        />
        <button
          type="button"
          className="btn btn-primary"
          disabled={noUrl}
          title={noUrl ? t('webhooks.testNeedsUrl') : undefined}
          onClick={async () => {
            setError(null);
            setTestMsg(null);
            try {
              const r = await client.sendTestWebhook({ body: {} });
              setTestMsg(t('webhooks.testSent', { n: r.items.length }));
              onTested();
            } catch (e) {
              setError(e);
            }
          }}
        >
          {t('webhooks.sendTest')}
        </button>
      </div>
      {noUrl && <p className="muted small">{t('webhooks.testNeedsUrl')}</p>}
      {testMsg && (
        <p className="alert alert-ok" role="status">
          {testMsg}
        </p>
      )}
      <ErrorBox error={error} />
    </section>
  );
}

function DeliveryTable({ items, onChanged }: { items: Delivery[]; onChanged: () => void }) {
  const { t, code, dateTime } = useI18n();
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <ErrorBox error={error} />
      <div className="table-wrap">
        <table className="table" id="deliveries">
          <thead>
            <tr>
              <th scope="col">{t('deliveries.created')}</th>
              <th scope="col">{t('deliveries.event')}</th>
              <th scope="col">{t('deliveries.url')}</th>
              <th scope="col">{t('deliveries.status')}</th>
              <th scope="col" className="num">
                {t('deliveries.attempts')}
              </th>
              <th scope="col">{t('deliveries.lastCode')}</th>
              <th scope="col">{t('deliveries.next')}</th>
              <th scope="col">
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.delivery_id} data-event={d.event_type} data-status={d.status}>
                <td className="nowrap">{dateTime(d.created_at)}</td>
                <td>
                  <code className="small">{d.event_type}</code>
                  <div className="muted small">{code('event', d.event_type)}</div>
                </td>
                <td className="url">{d.url ?? <span className="muted">{t('deliveries.noUrl')}</span>}</td>
                <td>
                  <Badge value={d.status} />
                </td>
                <td className="num">{d.attempts}</td>
                <td title={d.last_error ?? undefined}>
                  {d.last_status_code ?? '—'}
                  {d.last_error && <div className="muted small trunc">{d.last_error}</div>}
                </td>
                <td className="nowrap">{dateTime(d.next_attempt_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={!d.url}
                    onClick={async () => {
                      setError(null);
                      try {
                        await client.redeliverWebhook({ path: { delivery_id: d.delivery_id } });
                        onChanged();
                      } catch (e) {
                        setError(e);
                      }
                    }}
                  >
                    {t('deliveries.redeliver')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
