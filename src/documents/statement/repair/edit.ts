/**
 * What every repair shares: the record of an edit, the state a repair starts from and returns,
 * and the one way a repair tries an edit — change a word, extract again, keep the result only
 * where something printed confirms it.
 */
import type { WordPage } from '../../layout/model.ts';
import { extractStatement } from '../pages.ts';
import { chainBreaks as breaksOf, failedChecks } from '../conformity.ts';
import type { StatementExtraction } from '../pages.ts';

/** What confirmed an edit. */
export type RepairEvidence =
  /** The balance chain agrees better: fewer failed checks, or as many with fewer breaking rows. */
  | 'balance_chain'
  /** Fewer failed conformity checks. */
  | 'fewer_failed_checks'
  /** A statement without balances: one more row read and no failed check more. */
  | 'one_more_row'
  /** Numbers put back in an amount column at once: each made a row, no check failed more, no balance broke more. */
  | 'column_rows'
  /** An IBAN's mod-97 check digits hold with the one character its country's format asks for. */
  | 'check_digits';

/** One word changed, recorded the way id/mrz.ts records MRZ corrections. */
export interface WordEdit {
  page: number;
  from: string;
  to: string;
  by: RepairEvidence;
}

/** An edit with the name of the repair that made it. */
export interface RepairEdit extends WordEdit {
  repair: string;
}

/** The extraction and the pages it came from. */
export interface RepairState {
  x: StatementExtraction;
  pages: WordPage[];
}

/** A repair's result: the new state and the edits that made it. */
export interface Repaired extends RepairState {
  edits: WordEdit[];
}

export type Keep = (r: StatementExtraction, x: StatementExtraction) => boolean;

export const failed = (x: StatementExtraction): number => failedChecks(x.checks);

/**
 * Rows whose printed balance differs from the previous printed balance plus the row's amount.
 * The running-balance check fails as a whole while any row breaks; counting the breaks lets one
 * of two independent misreadings be repaired before the other.
 */
export function chainBreaks(x: StatementExtraction): number {
  return breaksOf(x.statement.transactions, x.statement.opening?.value ?? null).length;
}

/** The first row where the printed balance differs from the previous one plus the amount, or -1. */
export function firstChainBreak(x: StatementExtraction): number {
  return breaksOf(x.statement.transactions, x.statement.opening?.value ?? null)[0]?.row ?? -1;
}

/** The kinds of check that ran on an extraction (held or failed; not those that could not run). */
const ranKinds = (x: StatementExtraction): Set<string> => new Set(x.checks.filter((c) => c.passed !== null).map((c) => c.check));

/**
 * Every kind of check that ran on `x` still runs on `r`. An edit after which the balances no longer
 * read as a column (the running-balance check gone, not held) leaves fewer checks to fail: the chain
 * did not confirm it, it was taken apart.
 */
export const keepsChecks = (r: StatementExtraction, x: StatementExtraction): boolean => {
  const now = ranKinds(r);
  return [...ranKinds(x)].every((k) => now.has(k));
};

/** `r` agrees better with the chain than `x`: the same checks run, fewer fail, or as many with fewer breaking rows. */
export const better: Keep = (r, x) => {
  if (!keepsChecks(r, x)) return false;
  const fr = failed(r);
  const fx = failed(x);
  return fr < fx || (fr === fx && chainBreaks(r) < chainBreaks(x));
};

/**
 * The pages with one word's text changed, kept where `keep` accepts the extraction (by default:
 * the chain then agrees better than in `x`), with the edit recorded as confirmed `by`.
 */
export function tryEdit(
  pages: WordPage[],
  page: WordPage,
  wi: number,
  text: string,
  x: StatementExtraction,
  keep: Keep = better,
  by: RepairEvidence = 'balance_chain',
): Repaired | null {
  const words = page.words.slice();
  const from = words[wi]!.text;
  words[wi] = { ...words[wi]!, text };
  const trial = pages.map((p) => (p === page ? { ...p, words } : p));
  const r = extractStatement(trial);
  return keep(r, x) ? { x: r, pages: trial, edits: [{ page: page.page, from, to: text, by }] } : null;
}
