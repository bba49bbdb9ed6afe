/**
 * Statement header fields read from labels, not from positions: an IBAN anywhere
 * with a valid checksum, the holder after its label or in the address block, the
 * period from a line holding two dates, and balances/totals from "label → amount"
 * pairs where the amount sits right of the label or on the line below it
 * (summary boxes print labels above values).
 */
import { countrySpecs, isValidIBAN } from 'ibantools';
import type { Period } from '../../values/date-words.ts';
import { findDates, parseDateAt } from '../../values/date-words.ts';
import { BANK_WORD, PERIOD_CUE, STRONG_PERIOD_CUE } from '../../data/keywords.data.ts';
import type { Line } from '../../layout/model.ts';
import { bboxOf } from '../../layout/model.ts';
import { fold, phrases } from '../../layout/lines.ts';
import { parseAmount } from '../../values/amounts.ts';
import { ibanFromNationalParts, nationalCountry } from './national-iban.ts';
import { findHolder as findHolderIn } from './holder.ts';
import { COUNTRY_CURRENCY, CURRENCY_LABELS } from '../../data/header-vocab.data.ts';
import { compileLabels, labelsOnLine, valuesOf } from './label-value.ts';
import type { Found } from './label-value.ts';

export type { Found } from './label-value.ts';

export interface IbanHit extends Found<string> {
  labelled: boolean;
}

const IBAN_START = /\b([A-Z]{2})(\d{2})(?=[\sA-Z0-9])/g;

/** Every valid IBAN on a line; spaced groups ("DE31 2001 0020 …") are re-joined. */
export function ibansOnLine(line: Line): IbanHit[] {
  const out: IbanHit[] = [];
  const text = line.text.toUpperCase();
  IBAN_START.lastIndex = 0;
  for (let m = IBAN_START.exec(text); m; m = IBAN_START.exec(text)) {
    const spec = (countrySpecs as Record<string, { chars?: number } | undefined>)[m[1]!];
    const len = spec?.chars;
    if (!len) continue;
    let iban = '';
    let i = m.index;
    for (; i < text.length && iban.length < len; i++) {
      const ch = text.charAt(i);
      if (/[A-Z0-9]/.test(ch)) iban += ch;
      else if (ch !== ' ') break;
    }
    if (iban.length !== len || !isValidIBAN(iban)) continue;
    // The next character must not continue the token (a longer alphanumeric run is not this IBAN).
    if (/[A-Z0-9]/.test(text.charAt(i))) continue;
    const labelled = /\biban\b/i.test(line.text);
    out.push({
      value: iban,
      confidence: labelled ? 0.98 : 0.9,
      page: line.page,
      bbox: bboxOf(wordsInRange(line, m.index, i)),
      labelled,
    });
  }
  return out;
}

/** Words of a line covering character offsets [from, to) of line.text (words joined by one space). */
function wordsInRange(line: Line, from: number, to: number): Line['words'] {
  const out: Line['words'] = [];
  let pos = 0;
  for (const w of line.words) {
    const end = pos + w.text.length;
    if (end > from && pos < to) out.push(w);
    pos = end + 1;
  }
  return out.length > 0 ? out : line.words;
}

/**
 * The account's IBAN, in this order: a printed IBAN with its label (on its line,
 * or a label cell above it in the same column), the IBAN composed from printed
 * national parts (CIN/ABI/CAB/conto, BLZ/Konto, sort code + BIC), the most
 * frequent unlabelled IBAN. Between a labelled one and composed parts the one
 * printed first wins: the account block precedes the transactions, whose
 * descriptions may hold a counterparty's "IBAN: …".
 */
export function findIban(lines: readonly Line[], only: ReadonlySet<Line> | null): IbanHit | null {
  const hits: (IbanHit & { k: number })[] = [];
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    if (only && !only.has(l)) continue;
    const found = ibansOnLine(l);
    if (found.length === 0 || inTransaction(lines, k)) continue;
    const labelAbove = hasLabelAbove(lines, k, /\biban\b/i);
    for (const h of found)
      hits.push(labelAbove ? { ...h, labelled: true, confidence: 0.98, k } : { ...h, k });
  }
  const labelled = hits.find((h) => h.labelled);
  const scope = only ? lines.filter((l) => only.has(l)) : lines;
  const national = ibanFromNationalParts(scope);
  // Parts printed before a labelled IBAN of another account win (a counterparty's "IBAN: …" in the
  // transactions); a labelled IBAN of the same account number is the printed truth.
  const printed = national ? hits.find((h) => sameAccount(h.value, national.iban)) : undefined;
  if (printed) return strip(printed);
  if (
    national &&
    (!labelled ||
      (lines.indexOf(scope[national.line]!) < labelled.k && !sameAccount(labelled.value, national.iban)))
  )
    return {
      value: national.iban,
      confidence: 0.9,
      page: national.page,
      bbox: bboxOf(national.words),
      labelled: true,
    };
  if (labelled) return strip(labelled);
  const counts = new Map<string, number>();
  for (const h of hits) counts.set(h.value, (counts.get(h.value) ?? 0) + 1);
  let best: (IbanHit & { k: number }) | null = null;
  for (const h of hits) if (!best || (counts.get(h.value) ?? 0) > (counts.get(best.value) ?? 0)) best = h;
  return best ? strip(best) : null;
}

const COUNTERPARTY_CUE =
  /\b(ben|benef|beneficiario|ordinante|ord|a favore|favore|empfanger|auftraggeber|zahlungsempfanger|payee|payer|creditor|debtor|gegenkonto)\b/;

/**
 * An IBAN printed in a transaction's description is a counterparty's: its line names
 * the other party ("IBAN BEN.", "Empfänger"), or a booking row (a line starting with a
 * date and holding an amount) stands within the four lines above it.
 */
function inTransaction(lines: readonly Line[], k: number): boolean {
  const l = lines[k]!;
  if (COUNTERPARTY_CUE.test(fold(l.text))) return true;
  for (let j = k; j >= 0 && j >= k - 4; j--) {
    const a = lines[j]!;
    if (a.page !== l.page) break;
    const texts = a.words.map((w) => w.text);
    if (parseDateAt(texts, 0) && a.words.some((w) => parseAmount(w.text))) return true;
  }
  return false;
}

/** Two IBANs of one account: the same trailing account number (bank codes may be printed differently). */
function sameAccount(a: string, b: string): boolean {
  return a.slice(0, 2) === b.slice(0, 2) && a.slice(-8) === b.slice(-8);
}

function strip(h: IbanHit & { k: number }): IbanHit {
  const { k: _k, ...rest } = h;
  return rest;
}

/** A label cell matching `re` above line k in the same column, within three line heights. */
function hasLabelAbove(lines: readonly Line[], k: number, re: RegExp): boolean {
  const l = lines[k]!;
  const h = Math.max(1, l.y1 - l.y0);
  for (let j = k - 1; j >= 0 && j >= k - 3; j--) {
    const a = lines[j]!;
    if (a.page !== l.page || l.y0 - a.y1 > h * 3) break;
    for (const p of phrases(a, 1.5)) {
      if (p.x1 < l.x0 - 2 || p.x0 > l.x1) continue;
      if (re.test(p.text) && p.text.length < 40) return true;
    }
  }
  return false;
}

/**
 * Statement period: a line with a period cue and two dates in increasing order.
 * A named period ("Periodo", "Zeitraum", "Statement period", "dal … al", "vom …
 * bis", "from … to") beats a bare "date – date"; a line with two equal dates
 * ("Kontostand per 31.12.2024 … 31.12.2024") is not a period.
 */
const PERIOD_CONNECTOR = /^(-|–|—|to|bis|al|au|a|until|till)$/i;

export function findPeriod(lines: readonly Line[]): Found<Period> | null {
  let best: { f: Found<Period>; strong: boolean } | null = null;
  for (const l of lines) {
    const t = fold(l.text);
    if (!PERIOD_CUE.test(t)) continue;
    const ds = findDates(l.words.map((w) => w.text));
    if (ds.length < 2 || !(ds[0]!.iso < ds[1]!.iso)) continue;
    const strong = STRONG_PERIOD_CUE.test(t);
    if (best && (best.strong || !strong)) continue;
    // Without a named cue the two dates must be joined by a connector ("01/03 - 31/03",
    // "01 Mar 2026 to 30 Apr 2026") on a line without amounts: a transaction row prints its
    // booking and value dates side by side ("02/03/2026 02/03/2026 TRANSFER TO … 1,300.00").
    if (!strong) {
      const between = l.words.slice(ds[0]!.index + ds[0]!.words, ds[1]!.index).map((w) => w.text);
      if (between.length !== 1 || !PERIOD_CONNECTOR.test(between[0]!)) continue;
      if (l.words.some((w) => parseAmount(w.text))) continue;
    }
    best = {
      f: {
        value: { start: ds[0]!.iso, end: ds[1]!.iso },
        confidence: strong ? 0.9 : 0.75,
        page: l.page,
        bbox: bboxOf(l.words),
      },
      strong,
    };
    if (strong) break;
  }
  return best?.f ?? null;
}

/** The account holder (holder.ts), with the letterhead's bank name kept out of the address window. */
export function findHolder(lines: readonly Line[]): Found<string> | null {
  const page1 = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const height = Math.max(842, ...page1.map((l) => l.y1));
  const bank = findBankName(lines, height);
  return findHolderIn(lines, { bankName: bank?.value ?? null });
}

/**
 * The bank's name: the first letterhead phrase naming a bank in the top part of
 * page 1; when that is a wordmark or short form ("IBM Banca", "T&M Bank",
 * "RAIFFEISEN", "Sparkasse"), the fuller form of the same name printed in the
 * letterhead, a sender line or a page header ("Istituto Bancario Meridionale
 * S.p.A.", "Thames & Mercia Bank", "Raiffeisenbank Tirol Mitte eGen").
 */
export function findBankName(lines: readonly Line[], pageHeight: number): Found<string> | null {
  let first: Found<string> | null = null;
  const names: Found<string>[] = [];
  for (const l of lines) {
    const top = l.page === 1 ? pageHeight * 0.4 : pageHeight * 0.12;
    if (l.y0 > top) continue;
    // A transaction row naming a bank ("BARGELDAUSZAHLUNG GA RAIFFEISENBANK …") starts with a date or
    // ends with an amount; a letterhead line may carry a date in its other column.
    const ps = phrases(l, 1.5);
    const edge = (q: { text: string } | undefined): boolean =>
      q !== undefined &&
      (findDates(q.text.split(/\s+/)).length > 0 || parseAmount(q.text.split(/\s+/).pop() ?? '') !== null);
    const row =
      ps.length > 1 &&
      (edge(ps[0]) || parseAmount(ps[ps.length - 1]!.text.split(/\s+/).pop() ?? '') !== null);
    for (const p of ps) {
      if (row) continue;
      for (const seg of p.text.split(/[·•|]/).map((x) => x.trim())) {
        const t = fold(seg);
        if (seg.length < 3 || seg.length > 60 || /\d/.test(seg) || seg.split(/\s+/).length > 7) continue;
        if (
          /\b(iban|bic|swift|abi|cab|blz|bankleitzahl|konto|conto|account|statement|kontoauszug|estratto)\b/.test(
            t,
          )
        )
          continue;
        const f: Found<string> = { value: seg.trim(), confidence: 0.7, page: l.page, bbox: bboxOf(p.words) };
        names.push(f);
        if (!first && l.page === 1 && l.y0 <= pageHeight * 0.3 && BANK_WORD.test(t)) first = f;
      }
    }
  }
  if (!first) return null;
  // On later pages only a running page header counts (printed on two or more pages): a
  // description line continued at a page's top ("ORD: BANCAVIVA POS") is not a letterhead.
  const pagesOf = new Map<string, Set<number>>();
  for (const n of names) pagesOf.set(n.value, (pagesOf.get(n.value) ?? new Set()).add(n.page));
  const fuller = names
    .filter((n) => n.page === 1 || (pagesOf.get(n.value)?.size ?? 0) >= 2)
    .filter((n) => !/:/.test(n.value))
    .filter((n) => n.value.length > first.value.length && sameBank(first.value, n.value))
    .sort((a, b) => b.value.length - a.value.length)[0];
  return fuller ? { ...fuller, confidence: 0.75 } : first;
}

/**
 * `short` names the bank `long` names: each of its words is a word of `long`, the
 * start of one ("Raiffeisen" → "Raiffeisenbank"), or the initials of consecutive
 * words ("IBM" → "Istituto Bancario Meridionale", "T&M" → "Thames & Mercia").
 */
export function sameBank(short: string, long: string): boolean {
  const lw = fold(long)
    .split(/\s+/)
    .filter((w) => w !== '&' && w.length > 0);
  const initials = lw.map((w) => w.charAt(0)).join('');
  const sw = fold(short)
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (sw.length === 0) return false;
  return sw.every((w) => {
    if (lw.some((x) => x === w || (w.length >= 5 && x.startsWith(w)))) return true;
    const letters = w.replace(/[^a-z]/g, '');
    return (
      letters.length >= 2 &&
      letters.length <= 5 &&
      letters === w.replace(/&/g, '') &&
      initials.includes(letters)
    );
  });
}

const CURRENCY_VOCAB = compileLabels(CURRENCY_LABELS);
const CURRENCY_TOKEN = /(€|£|\bEUR\b|\bCHF\b|\bGBP\b|\bUSD\b)/g;
const codeOf = (t: string): string => (t === '€' ? 'EUR' : t === '£' ? 'GBP' : t.toUpperCase());

/**
 * The account currency: a labelled one ("Divisa", "Währung", "Currency"), else
 * the code printed most often in short cells (amount cells, headings: "Importo
 * (EUR)"), not in prose (a deposit-guarantee footer naming "£85,000"), else the
 * currency of the IBAN's country when that has its own.
 */
export function findCurrency(lines: readonly Line[], iban?: string | null): Found<string> | null {
  for (let k = 0; k < lines.length; k++) {
    for (const hit of labelsOnLine(lines[k]!, k, CURRENCY_VOCAB)) {
      const v = valuesOf(lines, hit, 1)[0];
      const m = v ? /^(€|£|EUR|CHF|GBP|USD)\b/i.exec(v.text.trim()) : null;
      if (v && m)
        return { value: codeOf(m[1]!), confidence: 0.95, page: lines[k]!.page, bbox: bboxOf(v.words) };
    }
  }
  const counts = new Map<string, { n: number; line: Line }>();
  for (const l of lines) {
    for (const p of phrases(l, 1.5)) {
      if (p.words.length > 8) continue;
      for (const m of p.text.matchAll(CURRENCY_TOKEN)) {
        const code = codeOf(m[1]!);
        const c = counts.get(code) ?? { n: 0, line: l };
        c.n++;
        counts.set(code, c);
      }
    }
  }
  let best: [string, { n: number; line: Line }] | null = null;
  for (const e of counts) if (!best || e[1].n > best[1].n) best = e;
  if (best)
    return { value: best[0], confidence: 0.85, page: best[1].line.page, bbox: bboxOf(best[1].line.words) };
  const account = iban === undefined ? findIban(lines, null)?.value : iban;
  const country = account ? account.slice(0, 2) : nationalCountry(lines);
  const byCountry = country ? COUNTRY_CURRENCY[country] : undefined;
  if (byCountry) {
    const l = lines[0];
    return l ? { value: byCountry, confidence: 0.6, page: l.page, bbox: [0, 0, 0, 0] } : null;
  }
  return null;
}

/**
 * An amount belonging to a label matched by `re`: to its right on the same line,
 * else on the next line or two, starting at or right of the label.
 */
export function findLabelledAmount(
  lines: readonly Line[],
  re: RegExp,
  skip?: ReadonlySet<Line>,
): Found<number> | null {
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    if (skip?.has(l)) continue;
    const ps = phrases(l, 1.0);
    for (let j = 0; j < ps.length; j++) {
      const p = ps[j]!;
      const m = re.exec(fold(p.text));
      if (!m) continue;
      const labelEnd = p.x0 + ((m.index + m[0].length) / p.text.length) * (p.x1 - p.x0);
      // Same line: the first amount after the label (the phrase itself may end with it).
      const inPhrase = parseAmount(p.text.slice(m.index + m[0].length).replace(/^.*?(?=[-+(€]?\s?\d)/, ''));
      if (inPhrase) return hit(inPhrase, l, p.words);
      for (const q of ps.slice(j + 1)) {
        if (q.x0 < labelEnd - 1) continue;
        const a = parseAmount(q.text);
        if (a) return hit(a, l, q.words);
        if (/[A-Za-z]{3,}/.test(q.text) && !/^(eur|€|chf|gbp)$/i.test(q.text)) break;
      }
      for (const below of lines.slice(k + 1, k + 3)) {
        if (below.page !== l.page || below.y0 - l.y1 > (l.y1 - l.y0) * 3) break;
        const cand = phrases(below, 1.0)
          .filter((q) => q.x1 >= p.x0 - 5 && parseAmount(q.text))
          .sort((a, b) => a.x0 - b.x0)[0];
        if (cand) return hit(parseAmount(cand.text)!, below, cand.words);
      }
    }
  }
  return null;
}

function hit(a: NonNullable<ReturnType<typeof parseAmount>>, l: Line, words: Line['words']): Found<number> {
  return { value: a.cents * (a.sign ?? 1), confidence: 0.9, page: l.page, bbox: bboxOf(words) };
}
