import { useState, type FormEvent } from 'react';
import { signIn, type Session } from '../api.ts';
import { ErrorBox } from '../components/common.tsx';
import { useI18n } from '../i18n.tsx';

export function SignInPage({ onSignedIn, expired }: { onSignedIn: (s: Session) => void; expired: boolean }) {
  const { t } = useI18n();
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signIn(clientId.trim(), secret, key.trim()));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="signin" id="main">
      <h1>
        <span className="logo" aria-hidden="true">
          ◆
        </span>{' '}
        docrisk
      </h1>
      <p className="muted">{t('signin.lead')}</p>
      {expired && (
        <p className="alert alert-info" role="status">
          {t('signin.expired')}
        </p>
      )}
      <form onSubmit={submit} className="card form">
        <label>
          {t('signin.clientId')}
          <input
            name="client_id"
            autoComplete="username"
            required
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
          />
        </label>
        <label>
          {t('signin.clientSecret')}
          <input
            name="client_secret"
            type="password"
            autoComplete="current-password"
            required
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </label>
        <label>
          {t('signin.subscriptionKey')}
          <input
            name="subscription_key"
            type="password"
            autoComplete="off"
            required
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        <ErrorBox error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('signin.busy') : t('signin.submit')}
        </button>
        <p className="muted small">{t('signin.note')}</p>
      </form>
    </main>
  );
}
