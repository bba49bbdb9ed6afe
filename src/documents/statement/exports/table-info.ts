/**
 * Account data around a table: preamble lines ("IBAN;IT60…", "Kontoinhaber:;…"),
 * info sheets, title rows and summary rows under the table ("Saldo finale;1.234,56").
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { cellCents, cellDate, cellText, currencyOf, type Cell, type DecimalConvention } from './cells.ts';
import { labelMatch } from './table-roles.ts';

export interface BalanceLabel {
  kind: 'opening' | 'closing' | 'balance';
  cents: number;
  date: string | null;
  /** Where the line stands: before or after the transaction table. */
  place: 'before' | 'after';
}

export interface AccountInfo {
  iban: string | null;
  holder: string | null;
  bankName: string | null;
  currency: string | null;
  balances: BalanceLabel[];
  /** Holder named in a title line ("Umsatzliste Konto 123 - Max Muster"), the weaker source. */
  titleHolder: string | null;
}

export function emptyInfo(): AccountInfo {
  return { iban: null, holder: null, bankName: null, currency: null, balances: [], titleHolder: null };
}

export function findIban(text: string): string | null {
  for (const m of text.toUpperCase().matchAll(/\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/g)) {
    const iban = electronicFormatIBAN(m[0]);
    if (iban && isValidIBAN(iban)) return iban;
  }
  return null;
}

function firstDate(text: string): string | null {
  for (const m of text.matchAll(/\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\b(?:19|20)\d{6}\b/g)) {
    const d = cellDate(m[0], 'dmy');
    if (d) return d;
  }
  return null;
}

/** "Lista movimenti conto 0123 - ROSSI MARIO": a name after the account number in a title line. */
function titleHolder(text: string): string | null {
  // eslint-disable-next-line regexp/no-super-linear-move -- a title line, at most 200 characters (checked here)
  const m = text.length > 200 ? null : /\d{4,}\s+[-–]\s+([\p{L}][\p{L}'.&,/()\s-]{2,80})$/u.exec(text);
  const name = m?.[1]?.trim() ?? '';
  return name.split(/\s+/).length >= 2 ? name : null;
}

/** Reads label/value pairs from rows that are not transactions. */
export function scanInfo(rows: readonly Cell[][], place: 'before' | 'after', conv: DecimalConvention, info: AccountInfo): void {
  for (const row of rows) {
    const texts = row.map(cellText);
    const nonEmpty = texts.filter((t) => t.length > 0);
    info.iban ??= findIban(texts.join(' '));
    if (new Set(nonEmpty).size === 1) info.titleHolder ??= titleHolder(nonEmpty[0] ?? '');
    texts.forEach((t, i) => {
      const colon = t.indexOf(':');
      const label = colon > 0 ? t.slice(0, colon) : t;
      const match = labelMatch(label);
      if (!match) return;
      const inline = colon > 0 ? t.slice(colon + 1).trim() : '';
      const kind = match.kind;
      const money = kind === 'opening' || kind === 'closing' || kind === 'balance';
      // A balance is the first amount after its label (a date may stand between them).
      const next = row.slice(i + 1).find((x) => (money ? cellCents(x, conv) !== null : cellText(x).length > 0)) ?? null;
      const valueCell: Cell = inline.length > 0 ? inline : next;
      const value = cellText(valueCell);
      if (value.length === 0) return;
      if (kind === 'holder') info.holder ??= value;
      else if (kind === 'bank') info.bankName ??= value;
      else if (kind === 'currency') info.currency ??= currencyOf(value.toUpperCase());
      else if (kind === 'iban') info.iban ??= findIban(value);
      else {
        const cents = cellCents(valueCell, conv);
        if (cents === null) return;
        info.balances.push({ kind, cents, date: firstDate(label), place });
        if (typeof valueCell === 'string') info.currency ??= currencyOf(valueCell);
      }
    });
  }
}

/**
 * Opening and closing balance from the labelled balances: explicit labels first;
 * a dated "Kontostand vom …" is the opening when dated before the transactions,
 * the closing otherwise; an undated one under the table is the closing.
 */
export function sideBalances(balances: readonly BalanceLabel[], firstDay: string | null, lastDay: string | null): { opening: number | null; closing: number | null } {
  let opening = balances.find((b) => b.kind === 'opening')?.cents ?? null;
  let closing = balances.filter((b) => b.kind === 'closing').pop()?.cents ?? null;
  const loose = balances.filter((b) => b.kind === 'balance');
  const dated = loose.filter((b) => b.date !== null).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  if (dated.length >= 2) {
    opening ??= dated[0]?.cents ?? null;
    closing ??= dated[dated.length - 1]?.cents ?? null;
  } else if (dated.length === 1) {
    const b = dated[0];
    const before = b && firstDay !== null && (b.date ?? '') < firstDay && (lastDay === null || (b.date ?? '') < lastDay);
    if (b && before) opening ??= b.cents;
    else if (b) closing ??= b.cents;
  }
  const undated = loose.filter((b) => b.date === null);
  for (const b of undated) {
    if (b.place === 'after') closing ??= b.cents;
  }
  return { opening, closing };
}
