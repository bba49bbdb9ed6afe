/**
 * The repairs of a statement read through OCR, as an ordered list of named repairs. Each tries
 * edits to the words and keeps one only where something printed confirms it (the balance chain,
 * fewer failed checks, or — on a statement without balances — one more row and no failed check
 * more); every edit kept is recorded as { page, from, to, by, repair }, the way id/mrz.ts records
 * MRZ corrections, so what was changed and why can be shown and counted.
 *
 * Stages run in order. A stage runs when `enter` holds for the extraction it starts from; a round
 * applies the first of its repairs that returns a result, and the stage ends when none does,
 * after `rounds` rounds, or when `each` no longer holds.
 */
import type { WordPage } from '../../layout/model.ts';
import type { StatementExtraction } from '../pages.ts';
import { misreadBalance } from './balance.ts';
import { brokenAmount } from './broken-amount.ts';
import { closingGap } from './closing-gap.ts';
import type { Repaired, RepairEdit, RepairState } from './edit.ts';
import { ibanCheckDigits } from './iban.ts';
import { lettersInAmounts, strayMarksInAmounts } from './letters.ts';
import { confusableDigit, debitCreditMarker, lostSign } from './row.ts';
import { lostSeparator, lostSeparatorUnconfirmed, lostSeparatorsInColumns } from './separator.ts';

export type { RepairEdit, RepairEvidence } from './edit.ts';

export interface Repair {
  readonly name: string;
  apply(state: RepairState): Repaired | null;
}

export interface Stage {
  readonly rounds: number;
  enter(x: StatementExtraction): boolean;
  each?(x: StatementExtraction): boolean;
  readonly repairs: readonly Repair[];
}

const notReconciled = (x: StatementExtraction): boolean => x.quality.reconciled !== true;
const chainBroken = (x: StatementExtraction): boolean => x.quality.reconciled === false;
const noChain = (x: StatementExtraction): boolean => x.quality.reconciled === null;

export const REPAIR_STAGES: readonly Stage[] = [
  // Letters of a digit's shape inside amounts, on every page at once.
  { rounds: 1, enter: notReconciled, repairs: [{ name: 'letters_in_amounts', apply: lettersInAmounts }] },
  // A speck between an amount's sign and its digits ("+.154,00"), on every page at once.
  { rounds: 1, enter: notReconciled, repairs: [{ name: 'stray_mark_in_amounts', apply: strayMarksInAmounts }] },
  // Decimal points lost all down an amount column (small type): put back at once where each makes a row.
  { rounds: 1, enter: notReconciled, repairs: [{ name: 'lost_separators_in_columns', apply: lostSeparatorsInColumns }] },
  // The chain, one row at a time (a few rounds: independent misreadings).
  {
    rounds: 6,
    enter: chainBroken,
    each: chainBroken,
    repairs: [
      { name: 'confusable_digit', apply: confusableDigit },
      { name: 'debit_credit_marker', apply: debitCreditMarker },
      { name: 'lost_sign', apply: lostSign },
      { name: 'closing_gap', apply: closingGap },
      { name: 'lost_separator', apply: lostSeparator },
      // (last: a running balance misread past one confusable digit, fixed by the steps on both sides)
      { name: 'misread_balance', apply: misreadBalance },
      // (an amount read into no amount, "4,073.0", "177.4%": the row it makes, held to the balances around it)
      { name: 'broken_amount', apply: brokenAmount },
    ],
  },
  // No balance printed at all: only a row gained confirms a separator put back.
  { rounds: 6, enter: noChain, repairs: [{ name: 'lost_separator_unconfirmed', apply: lostSeparatorUnconfirmed }] },
  // The account's IBAN not read: one character its country's format rules out, mended by the check digits.
  { rounds: 1, enter: (x) => x.ibanValue === null, repairs: [{ name: 'iban_check_digits', apply: ibanCheckDigits }] },
];

/** The stages without the repairs `names` (bench/repairs.ts: what each repair is worth). */
export function stagesWithout(names: readonly string[], stages: readonly Stage[] = REPAIR_STAGES): Stage[] {
  return stages.map((s) => ({ ...s, repairs: s.repairs.filter((r) => !names.includes(r.name)) })).filter((s) => s.repairs.length > 0);
}

/** The repair names in the order they are tried. */
export const REPAIR_NAMES: readonly string[] = REPAIR_STAGES.flatMap((s) => s.repairs.map((r) => r.name));

/** Runs the stages over an extraction of `pages`: the repaired extraction and every edit kept. */
export function runRepairs(
  pages: WordPage[],
  first: StatementExtraction,
  stages: readonly Stage[] = REPAIR_STAGES,
): { x: StatementExtraction; edits: RepairEdit[] } {
  let state: RepairState = { x: first, pages };
  const edits: RepairEdit[] = [];
  for (const stage of stages) {
    if (!stage.enter(state.x)) continue;
    for (let round = 0; round < stage.rounds && (!stage.each || stage.each(state.x)); round++) {
      let next: { repair: Repair; r: Repaired } | null = null;
      for (const repair of stage.repairs) {
        const r = repair.apply(state);
        if (r) {
          next = { repair, r };
          break;
        }
      }
      if (!next) break;
      state = { x: next.r.x, pages: next.r.pages };
      edits.push(...next.r.edits.map((e) => ({ ...e, repair: next.repair.name })));
    }
  }
  return { x: state.x, edits };
}

/** How many edits each repair made. */
export function repairCounts(edits: readonly RepairEdit[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of edits) counts[e.repair] = (counts[e.repair] ?? 0) + 1;
  return counts;
}
