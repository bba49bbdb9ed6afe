import { useState } from 'react';
import { client } from '../api.ts';
import { ErrorBox, Loading, useLoad } from '../components/common.tsx';
import { useI18n } from '../i18n.tsx';

export function SettingsPage() {
  const { t } = useI18n();
  const settings = useLoad((signal) => client.getSettings({ signal }), []);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const s = settings.data;
  return (
    <div className="page narrow">
      <h1>{t('settings.title')}</h1>
      {settings.loading && !s ? <Loading /> : null}
      <ErrorBox error={settings.error ?? error} />
      {s && (
        <section className="card form" aria-labelledby="parse-h">
          <h2 id="parse-h">{t('settings.parsing')}</h2>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={s.auto_parsing}
              aria-checked={s.auto_parsing}
              onChange={async (e) => {
                setError(null);
                setSaved(false);
                try {
                  settings.setData(await client.updateSettings({ body: { auto_parsing: e.target.checked } }));
                  setSaved(true);
                } catch (err) {
                  setError(err);
                }
              }}
            />
            <span>{t('settings.autoParsing')}</span>
          </label>
          <p className="muted small">{s.auto_parsing ? t('settings.autoOn') : t('settings.autoOff')}</p>
          {saved && (
            <p className="alert alert-ok" role="status">
              {t('common.saved')}
            </p>
          )}
          <p className="muted small">
            {t('settings.space')}: <code>{s.space_id}</code>
          </p>
        </section>
      )}
    </div>
  );
}
