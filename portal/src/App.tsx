import { useEffect, useState } from 'react';
import { loadSession, onSessionExpired, saveSession, type Session } from './api.ts';
import { LANGS, useI18n, type Lang } from './i18n.tsx';
import { Link, navigate, useRoute } from './router.tsx';
import { FilePage } from './pages/FilePage.tsx';
import { IntegrationsPage } from './pages/IntegrationsPage.tsx';
import { ProcessesPage } from './pages/ProcessesPage.tsx';
import { ProcessPage } from './pages/ProcessPage.tsx';
import { NewReportPage, ReportPage } from './pages/ReportPage.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';

function LangSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label className="lang">
      <span className="sr-only">{t('nav.language')}</span>
      <select value={lang} onChange={(e) => setLang(e.target.value as Lang)} aria-label={t('nav.language')}>
        {LANGS.map((l) => (
          <option key={l.id} value={l.id}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function App() {
  const { t } = useI18n();
  const [session, setSession] = useState<Session | null>(loadSession);
  const [expired, setExpired] = useState(false);
  const route = useRoute();

  useEffect(
    () =>
      onSessionExpired(() => {
        setSession(null);
        setExpired(true);
      }),
    [],
  );

  useEffect(() => {
    const titles: Record<string, string> = {
      processes: t('nav.processes'),
      integrations: t('nav.integrations'),
      settings: t('nav.settings'),
    };
    document.title = `${titles[route.parts[0] ?? 'processes'] ?? t('app.name')} · docrisk`;
  }, [route.path, t]);

  if (!session) {
    return (
      <div className="signin-wrap">
        <div className="signin-top">
          <LangSwitch />
        </div>
        <SignInPage
          expired={expired}
          onSignedIn={(s) => {
            saveSession(s);
            setSession(s);
            setExpired(false);
            if (route.path === '/' || route.path === '/signin') navigate('/processes', true);
          }}
        />
      </div>
    );
  }

  const [a, b, c, d, e] = route.parts;
  let page;
  if (a === 'processes' && b && c === 'files' && d) page = <FilePage processId={b} fileId={d} />;
  else if (a === 'processes' && b && c === 'reports' && d === 'new') page = <NewReportPage processId={b} />;
  else if (a === 'processes' && b && c === 'reports' && d) page = <ReportPage processId={b} reportId={d} />;
  else if (a === 'processes' && b && !c) page = <ProcessPage processId={b} />;
  else if (a === 'integrations') page = <IntegrationsPage />;
  else if (a === 'settings') page = <SettingsPage />;
  else if (!a || a === 'processes' || a === 'signin') page = <ProcessesPage />;
  else page = <p>{t('common.notFound')}</p>;
  void e;

  return (
    <>
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <Link to="/processes" className="brand">
          <span className="logo" aria-hidden="true">
            ◆
          </span>{' '}
          docrisk
        </Link>
        <nav aria-label={t('nav.main')} className="mainnav">
          <Link to="/processes">{t('nav.processes')}</Link>
          <Link to="/integrations">{t('nav.integrations')}</Link>
          <Link to="/settings">{t('nav.settings')}</Link>
        </nav>
        <div className="topbar-end">
          <LangSwitch />
          <span className="muted client" title={t('nav.signedInAs')}>
            {session.clientId}
          </span>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              saveSession(null);
              setSession(null);
              navigate('/', true);
            }}
          >
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
    </>
  );
}
