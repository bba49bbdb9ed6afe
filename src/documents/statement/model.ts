/**
 * The one statement model of the engine, for every medium: integer cents and ISO dates, with
 * where each value was read. Text PDFs and scans build a StatementModel from pages of words
 * (pages.ts), exports their StatementParts (MT940 :20: blocks, camt <Stmt>, a CSV's table), which
 * exports/result.ts states as a StatementModel; statement/result.ts is the only place cents become
 * the API's decimals.
 */
import type { BBox } from '../layout/model.ts';
import type { FileFormat } from '../types.ts';

/** A transaction inside the engine: integer cents, ISO dates. */
export interface RawTransaction {
  date: string;
  valueDate: string | null;
  amountCents: number;
  currency: string | null;
  description: string;
  /** Running balance printed on the row, when the format has one. */
  balanceCents: number | null;
  counterparty: string | null;
  codes?: { gvc?: string; bank_transaction_code?: string; purpose?: string } | null;
  /** Where the row is printed (pages of words only). */
  page?: number | null;
  bbox?: BBox | null;
}

/** A value with how sure its reading is and, for pages of words, where it is printed. */
export interface Sourced<T> {
  value: T;
  confidence: number;
  page?: number;
  bbox?: BBox;
}

/** A statement as the engine states it, before it is shaped into a parsing_result. */
export interface StatementModel {
  bankName: Sourced<string> | null;
  iban: Sourced<string> | null;
  holder: Sourced<string> | null;
  currency: Sourced<string> | null;
  /** Cents. */
  opening: Sourced<number> | null;
  closing: Sourced<number> | null;
  transactions: RawTransaction[];
  /** How far the transactions can be trusted (the balance chain's verdict). */
  transactionsConfidence: number;
  /** How sure the first and last value dates are (they come from the transactions, else from the period). */
  datesConfidence: number;
  /** The period printed, for value dates where no booking was read. */
  period: Sourced<{ start: string; end: string }> | null;
}

/** One statement (MT940 :20: block, camt <Stmt>) or the whole table of a CSV/XLSX. */
export interface StatementPart {
  /** Account identifier as printed (IBAN or national number), used to spot merged uploads. */
  account: string | null;
  currency: string | null;
  openingCents: number | null;
  closingCents: number | null;
  transactions: RawTransaction[];
}

/** What a structured parser extracts, before it is shaped into a parsing_result. */
export interface ExtractedDocument {
  format: FileFormat;
  bankName: string | null;
  iban: string | null;
  holder: string | null;
  parts: StatementPart[];
  /** Rows that looked like data but could not be read (lower confidence, never silent). */
  skippedRows: number;
}

/** Normalises account ids so "DE89 3704…" and "DE893704…EUR" compare equal. */
export function accountKey(account: string): string {
  return account.replace(/\s+/g, '').toUpperCase().replace(/(?<=^[A-Z]{2}\d{2}[A-Z0-9]{10,30})[A-Z]{3}$/, '');
}

/** Distinct accounts across the parts; two or more means several documents in one upload. */
export function distinctAccounts(doc: ExtractedDocument): string[] {
  const keys = new Set<string>();
  for (const p of doc.parts) if (p.account) keys.add(accountKey(p.account));
  return [...keys];
}
