/** Calendar helpers on `YYYY-MM-DD` strings (UTC, no clock access). */

const DAY_MS = 86_400_000;

const validDates = new Set<string>();

export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  if (validDates.has(s)) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  const ok = !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  if (ok) {
    if (validDates.size >= 50_000) validDates.clear();
    validDates.add(s);
  }
  return ok;
}

const dayNumbers = new Map<string, number>();

/** Day number of a date (memoised: a report's 3,000 transactions fall on a few hundred days; bounded). */
export function toDayNumber(s: string): number {
  const hit = dayNumbers.get(s);
  if (hit !== undefined) return hit;
  const n = Math.round(Date.parse(`${s}T00:00:00Z`) / DAY_MS);
  if (dayNumbers.size >= 50_000) dayNumbers.clear();
  dayNumbers.set(s, n);
  return n;
}

export function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

export function addDays(s: string, n: number): string {
  return fromDayNumber(toDayNumber(s) + n);
}

export function monthOf(s: string): string {
  return s.slice(0, 7);
}

/** Inclusive list of YYYY-MM from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

export function lastDayOfMonth(ym: string): string {
  const y = Number(ym.slice(0, 4));
  const m = Number(ym.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
