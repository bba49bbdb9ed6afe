import type { Lang } from './i18n.ts';

const LOCALE: Record<Lang, string> = { it: 'it-IT', de: 'de-DE', en: 'en-GB' };

/** Intl output uses non-breaking and narrow spaces; the standard PDF fonts get plain spaces. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

export interface Fmt {
  money(x: number | null | undefined, currency?: string): string;
  number(x: number | null | undefined, digits?: number): string;
  pct(x: number | null | undefined, digits?: number): string;
  date(iso: string | null | undefined): string;
  dateTime(iso: string): string;
  month(ym: string): string;
}

export function formatter(lang: Lang): Fmt {
  const loc = LOCALE[lang];
  const num = (digits: number): Intl.NumberFormat =>
    new Intl.NumberFormat(loc, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: 'always' });
  const n2 = num(2);
  const dateF = new Intl.DateTimeFormat(loc, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  const dtF = new Intl.DateTimeFormat(loc, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
  const monthF = new Intl.DateTimeFormat(loc, { timeZone: 'UTC', year: '2-digit', month: 'short' });
  const na = '–';
  return {
    money: (x, currency = 'EUR') => {
      if (x === null || x === undefined || !Number.isFinite(x)) return na;
      const sym = currency === 'EUR' ? '€' : currency;
      const s = n2.format(x);
      return plain(lang === 'en' ? `${sym} ${s}` : `${s} ${sym}`);
    },
    number: (x, digits = 0) => (x === null || x === undefined || !Number.isFinite(x) ? na : plain(num(digits).format(x))),
    pct: (x, digits = 1) => (x === null || x === undefined || !Number.isFinite(x) ? na : plain(`${num(digits).format(x * 100)} %`)),
    date: (iso) => (iso ? plain(dateF.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`))) : na),
    dateTime: (iso) => `${plain(dtF.format(new Date(iso)))} UTC`,
    month: (ym) => plain(monthF.format(new Date(`${ym}-01T00:00:00Z`))),
  };
}
