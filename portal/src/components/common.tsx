import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api.ts';
import { useI18n } from '../i18n.tsx';

/** Loads data; reload() re-runs. Errors are kept for display. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const fn = useCallback(load, deps);
  useEffect(() => {
    const ac = new AbortController();
    setLoading(true);
    fn(ac.signal)
      .then((d) => {
        if (!ac.signal.aborted) {
          setData(d);
          setError(null);
        }
      })
      .catch((e: unknown) => {
        if (!ac.signal.aborted) setError(e);
      })
      .finally(() => {
        if (!ac.signal.aborted) setLoading(false);
      });
    return () => ac.abort();
  }, [fn, tick]);
  return { data, setData, error, loading, reload: () => setTick((n) => n + 1) };
}

/**
 * Polls while `active`: first after 1 s, then backing off ×1.6 up to 15 s; the delay resets when
 * `changeKey` changes (something moved). Stops when the tab is hidden, resumes when it is shown.
 */
export function usePolling(active: boolean, poll: () => Promise<unknown>, changeKey: string) {
  const delay = useRef(1000);
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    delay.current = 1000;
  }, [changeKey]);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      timer = setTimeout(async () => {
        if (stopped) return;
        if (document.visibilityState === 'visible') {
          try {
            await pollRef.current();
          } catch {
            /* the next round retries */
          }
          delay.current = Math.min(15_000, Math.round(delay.current * 1.6));
        }
        if (!stopped) schedule();
      }, delay.current);
    };
    schedule();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [active]);
}

export function ErrorBox({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!error) return null;
  const e = error instanceof ApiError ? error : null;
  return (
    <div className="alert alert-error" role="alert">
      <strong>{t('error.title')}</strong> {e ? e.message : String((error as Error)?.message ?? error)}
      {e && e.items.length > 0 && (
        <ul>
          {e.items.map((i, n) => (
            <li key={n}>
              {i.field ? <code>{i.field}</code> : null} {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="muted" role="status" aria-live="polite">
      {t('common.loading')}
    </p>
  );
}

type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'neutral';
const TONES: Record<string, Tone> = {
  success: 'ok',
  completed: 'ok',
  succeeded: 'ok',
  approve: 'ok',
  active: 'ok',
  passed: 'ok',
  processing: 'info',
  pending: 'info',
  uploaded: 'neutral',
  skipped: 'neutral',
  archived: 'neutral',
  review: 'warn',
  merged: 'warn',
  id_doc_incomplete: 'warn',
  failure: 'bad',
  failed: 'bad',
  error: 'bad',
  unreadable: 'bad',
  terminated: 'bad',
  decline: 'bad',
};

export function Badge({ value, label, tone }: { value: string; label?: string; tone?: Tone }) {
  const { code } = useI18n();
  const t = tone ?? TONES[value] ?? 'neutral';
  return (
    <span className={`badge badge-${t}`} data-value={value}>
      {t === 'info' && <span className="pulse" aria-hidden="true" />}
      {label ?? code('status', value)}
    </span>
  );
}

/** One check: passed, failed, or (null) could not run. */
export function Check({ passed, children }: { passed: boolean | null; children: ReactNode }) {
  const { t } = useI18n();
  const state = passed === null ? 'na' : passed ? 'ok' : 'bad';
  return (
    <li className={`check check-${state}`}>
      <span className="check-icon" aria-hidden="true">
        {state === 'na' ? '–' : passed ? '✓' : '✕'}
      </span>
      <span className="sr-only">{state === 'na' ? t('common.notChecked') : passed ? t('common.passed') : t('common.failed')}: </span>
      <span>{children}</span>
    </li>
  );
}

/** A confirmation in a native modal <dialog> (focus trapped, Esc cancels). */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  className = 'btn',
  disabled,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  className?: string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        onClick={() => ref.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={ref} className="dialog" aria-labelledby={`dlg-${label}`}>
        <h2 id={`dlg-${label}`}>{label}</h2>
        <p>{question}</p>
        <ErrorBox error={error} />
        <div className="row end">
          <button type="button" className="btn" onClick={() => ref.current?.close()} autoFocus>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onConfirm();
                ref.current?.close();
              } catch (e) {
                setError(e);
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

export function Pager({
  total,
  limit,
  offset,
  onChange,
}: {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
}) {
  const { t, num } = useI18n();
  if (total <= limit && offset === 0) return null;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(total, offset + limit);
  return (
    <nav className="pager" aria-label={t('common.pagination')}>
      <button
        type="button"
        className="btn"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        ← {t('common.previous')}
      </button>
      <span>{t('common.range', { from: num(from), to: num(to), total: num(total) })}</span>
      <button
        type="button"
        className="btn"
        disabled={offset + limit >= total}
        onClick={() => onChange(offset + limit)}
      >
        {t('common.next')} →
      </button>
    </nav>
  );
}

export function Dl({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="dl">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
