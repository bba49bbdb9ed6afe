/**
 * Layout-independent statement extraction over pages of positioned words. This
 * is the part an OCR pipeline will reuse: it knows nothing about pdf.js.
 */
import type { ConformityCheck, Field, ParsedTransaction } from '../types.ts';
import { balanceChecks } from './conformity.ts';
import type { Found } from './header-fields.ts';
import {
  findBankName,
  findCurrency,
  findHolder,
  findIban,
  findLabelledAmount,
  findPeriod,
} from './header-fields.ts';
import { findLabelledBalances, preferRows } from './balance-labels.ts';
import { TOTALS_CREDIT, TOTALS_DEBIT } from './keywords.ts';
import type { Line, WordPage } from './model.ts';
import { bboxOf } from './model.ts';
import { buildLines } from './lines.ts';
import { centsToNumber } from './numbers.ts';
import type { RawTx } from './rows.ts';
import { descriptionOf, extractTable } from './rows.ts';

export interface StatementExtraction {
  fields: Record<string, Field<unknown>>;
  transactions: ParsedTransaction[];
  checks: ConformityCheck[];
  ibanValue: string | null;
  /** Inputs to parsing_confidence. */
  quality: {
    reconciled: boolean | null;
    missingHeader: number;
    txCount: number;
    lowConfidenceWords: boolean;
  };
}

export function extractStatement(pages: readonly WordPage[]): StatementExtraction {
  const byPage: Line[][] = pages.map((p) => buildLines(p));
  const all = byPage.flat();
  const period = findPeriod(all);
  const table = extractTable(byPage, period?.value ?? null);
  const headerLines = all.filter((l) => !table.tableLines.has(l));
  const iban = findIban(headerLines, null) ?? findIban(all, null);
  const holder = findHolder(headerLines);
  const bank = findBankName(all, pages[0]?.height ?? 842);
  const currency = findCurrency(all);
  const txs = table.txs;

  const labelled = findLabelledBalances(all, period?.value ?? null, table.tableLines);
  let opening = preferRows(labelled.opening, fromRows(table, 'opening'));
  let closing = preferRows(labelled.closing, fromRows(table, 'closing'));
  const carries = table.balances.filter((b) => b.kind === 'carry');
  const firstCarry = carries[0];
  const lastCarry = carries[carries.length - 1];
  if (!opening && firstCarry?.afterTx === 0)
    opening = { value: firstCarry.cents, confidence: 0.8, page: firstCarry.page, bbox: firstCarry.bbox };
  if (!closing && lastCarry && lastCarry.afterTx === txs.length)
    closing = { value: lastCarry.cents, confidence: 0.8, page: lastCarry.page, bbox: lastCarry.bbox };

  inferSigns(txs, opening?.value ?? null);

  const totals = [...table.totals];
  const labelledDebit = findLabelledAmount(headerLines, TOTALS_DEBIT, table.tableLines);
  const labelledCredit = findLabelledAmount(headerLines, TOTALS_CREDIT, table.tableLines);
  if (labelledDebit && !totals.some((t) => t.kind === 'debit'))
    totals.push({
      kind: 'debit',
      cents: labelledDebit.value,
      page: labelledDebit.page,
      bbox: labelledDebit.bbox,
    });
  if (labelledCredit && !totals.some((t) => t.kind === 'credit'))
    totals.push({
      kind: 'credit',
      cents: labelledCredit.value,
      page: labelledCredit.page,
      bbox: labelledCredit.bbox,
    });

  const chainTxs = txs.map((t) => ({
    amountCents: t.amountCents ?? 0,
    balanceCents: t.balanceCents,
    page: t.page,
  }));
  const checks = balanceChecks({
    txs: chainTxs,
    opening: opening?.value ?? null,
    closing: closing?.value ?? null,
    carries,
    totals,
  });
  const chainChecks = checks.filter((c) => c.check === 'balance_chain' || c.check === 'running_balance');
  const reconciled = chainChecks.length === 0 ? null : checks.every((c) => c.passed);

  const cur = currency?.value ?? 'EUR';
  const transactions: ParsedTransaction[] = txs.map((t) => toTransaction(t, cur));
  const dated = txs
    .map((t) => ({ d: t.valueDate ?? t.date, t }))
    .sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
  const minTx = dated[0];
  const maxTx = dated[dated.length - 1];

  const fields: Record<string, Field<unknown>> = {
    bank_name: field(bank),
    iban: field(iban),
    account_holder: field(holder),
    currency_code: currency ? field(currency) : { value: 'EUR', confidence: 0.5 },
    opening_balance: opening
      ? { ...field(opening), value: centsToNumber(opening.value) }
      : { value: null, confidence: 0 },
    closing_balance: closing
      ? { ...field(closing), value: centsToNumber(closing.value) }
      : { value: null, confidence: 0 },
    value_date_min: minTx
      ? {
          value: minTx.d,
          confidence: 0.95,
          source: { page: minTx.t.page, bbox: bboxOf(minTx.t.lines[0]!.words) },
        }
      : { value: period?.value.start ?? null, confidence: period ? 0.6 : 0 },
    value_date_max: maxTx
      ? {
          value: maxTx.d,
          confidence: 0.95,
          source: { page: maxTx.t.page, bbox: bboxOf(maxTx.t.lines[0]!.words) },
        }
      : { value: period?.value.end ?? null, confidence: period ? 0.6 : 0 },
    transactions: { value: transactions, confidence: reconciled === false ? 0.5 : reconciled ? 0.97 : 0.75 },
  };
  const missingHeader = [iban, holder, currency, opening, closing].filter((x) => !x).length;
  const lowConfidenceWords = pages.some((p) =>
    p.words.some((w) => w.confidence !== undefined && w.confidence < 0.6),
  );
  return {
    fields,
    transactions,
    checks,
    ibanValue: iban?.value ?? null,
    quality: { reconciled, missingHeader, txCount: txs.length, lowConfidenceWords },
  };
}

function fromRows(table: ReturnType<typeof extractTable>, kind: 'opening' | 'closing'): Found<number> | null {
  const b = table.balances.find((x) => x.kind === kind);
  return b ? { value: b.cents, confidence: 0.85, page: b.page, bbox: b.bbox } : null;
}

function field<T>(f: Found<T> | null): Field<T | null> {
  if (!f) return { value: null, confidence: 0 };
  return { value: f.value, confidence: f.confidence, source: { page: f.page, bbox: f.bbox } };
}

/**
 * A single unsigned amount column: the running balance tells the direction.
 * Without balances the amount stays positive (and the chain check will say so).
 */
function inferSigns(txs: RawTx[], opening: number | null): void {
  let prev = opening;
  for (const t of txs) {
    if (!t.signKnown && t.amountCents !== null && prev !== null && t.balanceCents !== null) {
      const delta = t.balanceCents - prev;
      if (Math.abs(delta) === Math.abs(t.amountCents)) t.amountCents = delta;
    }
    prev = t.balanceCents ?? (prev === null ? null : prev + (t.amountCents ?? 0));
  }
}

// Only an explicit label names the other party; guessing from free text would
// put shop names, references and cities into a field risk rules rely on.
const COUNTERPARTY =
  /\b(?:beneficiario|ordinante|a favore di|empfanger|empfänger|auftraggeber|zahlungsempfanger|payee|payer|beneficiary)\s*:\s*(.{2,60})$/i;

function toTransaction(t: RawTx, currency: string): ParsedTransaction {
  const description = descriptionOf(t);
  // Per printed line: the name ends where its line ends.
  const cp = t.description.map((l) => COUNTERPARTY.exec(l)).find((m) => m !== null);
  return {
    date: t.date,
    value_date: t.valueDate,
    amount: centsToNumber(t.amountCents ?? 0),
    currency,
    description,
    balance: t.balanceCents === null ? null : centsToNumber(t.balanceCents),
    category: null,
    counterparty: cp ? cp[1]!.trim() : null,
    page: t.page,
    bbox: bboxOf(t.lines.flatMap((l) => l.words)),
  };
}
