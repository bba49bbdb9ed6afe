/**
 * Repairs at the row where the printed running balances break (previous balance + amount ≠
 * balance): a confusable digit, a debit/credit marker, a sign — each kept only where the chain
 * then agrees better.
 */
import { CONFUSABLE_DIGITS } from '../../data/ocr-confusions.data.ts';
import { inRowOf } from '../../layout/geometry.ts';
import type { WordPage } from '../../layout/model.ts';
import { parseAmount } from '../../values/amounts.ts';
import type { StatementExtraction } from '../pages.ts';
import type { RawTransaction } from '../model.ts';
import type { Repaired, RepairState } from './edit.ts';
import { firstChainBreak, tryEdit } from './edit.ts';

export type Tx = RawTransaction;

/** The row where the chain first breaks, or null. */
function breakingRow(x: StatementExtraction): Tx | null {
  const bad = firstChainBreak(x);
  return bad >= 0 ? x.statement.transactions[bad]! : null;
}

/** The cents of a row's amount and of its running balance (the words a misreading may sit in). */
function rowCents(t: Tx): number[] {
  return [t.amountCents, t.balanceCents].filter((v) => v !== null).map((v) => Math.abs(v));
}

/** Single confusable-digit substitutions (8↔3, 5↔6, 1↔7 …) in the breaking row's amount and balance words. */
export function confusableDigit({ x, pages }: RepairState): Repaired | null {
  const t = breakingRow(x);
  if (!t) return null;
  const targets = [Math.abs(t.amountCents), t.balanceCents === null ? null : Math.abs(t.balanceCents)];
  return trySubstitutions(
    pages,
    x,
    t,
    (cents) => targets.includes(cents),
    () => true,
  );
}

/**
 * On pages that print S/H after amounts, a row whose marker was misread or lost breaks the chain
 * by twice its amount: the marker is flipped (glued or a word of its own just right of the amount)
 * or, where none was read, each is tried.
 */
export function debitCreditMarker({ x, pages }: RepairState): Repaired | null {
  const t = breakingRow(x);
  if (!t) return null;
  const page = pages.find((p) => p.page === t.page);
  if (!page || !t.bbox || page.words.filter((w) => /^[SH]$|\d[SH]$/.test(w.text)).length < 3) return null;
  // The amount's marker, or the running balance's ("201,51" for 201,51 S: the balance turned positive).
  const targets = rowCents(t);
  const flip = (c: string): string => (c === 'S' ? 'H' : 'S');
  const inRow = inRowOf(t.bbox);
  for (let wi = 0; wi < page.words.length; wi++) {
    const w = page.words[wi]!;
    if (!inRow(w)) continue;
    const bare = w.text.replace(/[SH]$/, '');
    if (!targets.includes(parseAmount(bare)?.cents ?? -1)) continue;
    const edits: [number, string][] = [];
    if (bare !== w.text) edits.push([wi, bare + flip(w.text.slice(-1))]);
    else {
      const h = w.y1 - w.y0;
      const mi = page.words.findIndex((m) => /^[SH]$/.test(m.text) && inRow(m) && m.x0 >= w.x1 - 1 && m.x0 - w.x1 < 3 * h);
      if (mi >= 0) edits.push([mi, flip(page.words[mi]!.text)]);
      else edits.push([wi, w.text + 'S'], [wi, w.text + 'H']);
    }
    for (const [i, text] of edits) {
      const r = tryEdit(pages, page, i, text, x);
      if (r) return r;
    }
  }
  return null;
}

/** A minus lost or read from a speck at the breaking row (pages that print signed amounts). */
export function lostSign({ x, pages }: RepairState): Repaired | null {
  const t = breakingRow(x);
  return t ? flipSign(pages, x, t) : null;
}

/**
 * Pages that print signed amounts ("-41,99"): a minus lost to blur, or a speck read as one,
 * breaks the chain by twice the amount — or, on a running balance below zero, by twice the
 * balance. The row's amount, else its balance, gets the other sign.
 */
export function flipSign(pages: WordPage[], x: StatementExtraction, t: Tx): Repaired | null {
  const page = pages.find((p) => p.page === t.page);
  if (!page || !t.bbox) return null;
  const MINUS = /^[-\u2212\u2013]/;
  if (page.words.filter((w) => MINUS.test(w.text) && parseAmount(w.text)?.sign === -1).length < 3) return null;
  const inRow = inRowOf(t.bbox);
  for (const v of [t.amountCents, t.balanceCents]) {
    if (v === null) continue;
    const cents = Math.abs(v);
    const wi = page.words.findIndex((w) => inRow(w) && parseAmount(w.text)?.cents === cents);
    if (wi < 0) continue;
    const w = page.words[wi]!;
    const r = tryEdit(pages, page, wi, MINUS.test(w.text) ? w.text.slice(1) : `-${w.text}`, x);
    if (r) return r;
  }
  return null;
}

/** The row's amount words whose cents `isTarget` names, each confusable digit swapped where `accept` takes the new cents. */
export function trySubstitutions(
  pages: WordPage[],
  x: StatementExtraction,
  t: Tx,
  isTarget: (cents: number) => boolean,
  accept: (newCents: number) => boolean,
): Repaired | null {
  const page = pages.find((p) => p.page === t.page);
  if (!page || !t.bbox) return null;
  const inRow = inRowOf(t.bbox);
  for (let wi = 0; wi < page.words.length; wi++) {
    const w = page.words[wi]!;
    if (!inRow(w)) continue;
    const a = parseAmount(w.text);
    if (!a || !isTarget(a.cents)) continue;
    for (let ci = 0; ci < w.text.length; ci++) {
      for (const alt of CONFUSABLE_DIGITS[w.text[ci]!] ?? []) {
        const text = w.text.slice(0, ci) + alt + w.text.slice(ci + 1);
        const na = parseAmount(text);
        if (!na || !accept(na.cents)) continue;
        const r = tryEdit(pages, page, wi, text, x);
        if (r) return r;
      }
    }
  }
  return null;
}
