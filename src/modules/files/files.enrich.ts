/**
 * Fills `category` and `counterparty` of parsed transactions with the risk engine's categoriser,
 * so a parsed file reads the same way its transactions are scored. The market follows the IBAN's
 * country (DE → de, anything else → it); the rules carry their own version. Free text is capped
 * first (files.caps.ts), so neither the categoriser nor storage sees an unbounded description.
 */
import type { ParsedTransaction, ParsingResult } from '../../documents/index.ts';
import { categoriseTransactions } from '../../risk/index.ts';
import type { RiskTransaction } from '../../risk/types.ts';
import { capParsingResult } from './files.caps.ts';

const toCents = (v: number): number => Math.round(v * 100);

export function enrichParsingResult(parsed: ParsingResult): ParsingResult {
  const result = capParsingResult(parsed);
  const field = result.transactions as { value?: unknown } | undefined;
  const txns = Array.isArray(field?.value) ? (field.value as ParsedTransaction[]) : null;
  if (!txns || txns.length === 0) return result;
  const iban = typeof result.iban?.value === 'string' ? result.iban.value : '';
  const holder = typeof result.account_holder?.value === 'string' ? result.account_holder.value : null;
  const market = iban.toUpperCase().startsWith('DE') ? 'de' : 'it';
  const input: RiskTransaction[] = txns.map((t) => ({
    date: t.date,
    valueDate: t.value_date,
    amountMinor: toCents(t.amount),
    currency: t.currency,
    description: t.description,
    counterparty: t.counterparty,
    balanceMinor: t.balance === null ? null : toCents(t.balance),
    codes: t.codes ?? null,
  }));
  const labelled = categoriseTransactions(input, market, { holderNames: [holder] });
  const value = txns.map((t, i) => {
    const l = labelled[i];
    if (!l) return t;
    // counterparty stays the party the statement named (null when none): the normalised form is a grouping key, not a name
    return { ...t, category: l.category };
  });
  return { ...result, transactions: { ...field, value } };
}
