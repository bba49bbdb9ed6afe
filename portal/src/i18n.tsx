/** UI language (it, de, en): dictionaries, a context, and locale-aware formatting. */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { de, en, it, type Dict } from './messages.ts';

export type Lang = 'it' | 'de' | 'en';
export const LANGS: { id: Lang; label: string }[] = [
  { id: 'it', label: 'Italiano' },
  { id: 'de', label: 'Deutsch' },
  { id: 'en', label: 'English' },
];
const DICTS: Record<Lang, Dict> = { it, de, en };
const LOCALES: Record<Lang, string> = { it: 'it-IT', de: 'de-DE', en: 'en-GB' };
export type MsgKey = keyof Dict;

function initialLang(): Lang {
  const saved = localStorage.getItem('docrisk.lang');
  if (saved === 'it' || saved === 'de' || saved === 'en') return saved;
  const nav = navigator.language.slice(0, 2);
  return nav === 'it' || nav === 'de' ? nav : 'en';
}

export interface I18n {
  lang: Lang;
  locale: string;
  setLang(l: Lang): void;
  t(key: MsgKey, vars?: Record<string, string | number>): string;
  /** A label for an API code (category, status, …) with a readable fallback. */
  code(prefix: string, value: string | null | undefined): string;
  date(iso: string | null | undefined): string;
  dateTime(iso: string | null | undefined): string;
  num(n: number | null | undefined, digits?: number): string;
  money(n: number | null | undefined, currency?: string | null): string;
  pct(n: number | null | undefined, digits?: number): string;
  month(yyyyMm: string): string;
}

const Ctx = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem('docrisk.lang', lang);
  }, [lang]);
  const value = useMemo<I18n>(() => {
    const d = DICTS[lang];
    const locale = LOCALES[lang];
    const group = { useGrouping: 'always' as const };
    const dateOnly = (iso: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
    return {
      lang,
      locale,
      setLang: setLangState,
      t(key, vars) {
        let s: string = d[key] ?? en[key] ?? key;
        if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
        return s;
      },
      code(prefix, v) {
        if (v === null || v === undefined || v === '') return '—';
        const k = `${prefix}.${v}` as MsgKey;
        const hit = d[k] ?? en[k];
        return hit ?? v.replaceAll('_', ' ');
      },
      date: (iso) =>
        iso
          ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(dateOnly(iso))
          : '—',
      dateTime: (iso) =>
        iso
          ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
          : '—',
      num: (n, digits = 0) =>
        n === null || n === undefined
          ? '—'
          : new Intl.NumberFormat(locale, {
              ...group,
              maximumFractionDigits: digits,
              minimumFractionDigits: digits,
            }).format(n),
      money: (n, currency) =>
        n === null || n === undefined
          ? '—'
          : new Intl.NumberFormat(locale, {
              ...group,
              style: 'currency',
              currency: currency || 'EUR',
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }).format(n),
      pct: (n, digits = 1) =>
        n === null || n === undefined
          ? '—'
          : new Intl.NumberFormat(locale, {
              style: 'percent',
              minimumFractionDigits: digits,
              maximumFractionDigits: digits,
            }).format(n),
      month: (m) =>
        new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
          new Date(`${m}-01T00:00:00Z`),
        ),
    };
  }, [lang]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useI18n(): I18n {
  const v = useContext(Ctx);
  if (!v) throw new Error('I18nProvider missing');
  return v;
}
