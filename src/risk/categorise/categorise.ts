import type { CategoryResult, Market, RiskTransaction } from '../types.ts';
import { CODE_RULES, TEXT_RULES } from './rules.data.ts';
import type { CodeRule, Sign } from './rules.data.ts';
import { groupOf } from './taxonomy.data.ts';
import { fold, legalFormOf, MAX_TEXT_CHARS, normaliseCounterparty } from './normalise.ts';
import { namesFinancialInstitution, namesHolder, namesOrganisation } from './payer.ts';

interface CompiledText {
  id: string;
  category: string;
  priority: number;
  marketRank: number;
  order: number;
  sign: Sign | undefined;
  re: RegExp;
}

/**
 * Every language's words are read whatever the report's market: an Italian applicant's German account, or an
 * export worded in English, prints its cash, fees and instalments in its own bank's words. The market only breaks
 * ties between rules of equal priority: its own rules first, then the common (English and brand) ones, then the
 * other market's. One more guard: the other market's broad cues (merchants and brands, priority ≤ 60) are short
 * names that are words or people's names in the market's language ("NORMA", "TIM", "REAL"), so they do not
 * override the market's own (or the common) transfer words: "BONIFICO A FAVORE DI NORMA BIANCHI" stays a transfer.
 */
const BROAD = 60;
const GENERIC_TRANSFER = 20;
const COMPILED: Record<Market, CompiledText[]> = { it: compileFor('it'), de: compileFor('de') };
/** The market's own and the common generic transfer words, which the other market's brands do not override. */
const OWN_TRANSFER_WORDS: Record<Market, CompiledText[]> = {
  it: COMPILED.it.filter((r) => r.marketRank < 2 && r.priority <= GENERIC_TRANSFER),
  de: COMPILED.de.filter((r) => r.marketRank < 2 && r.priority <= GENERIC_TRANSFER),
};

function compileFor(market: Market): CompiledText[] {
  return TEXT_RULES.map((r, order) => ({
    id: r.id,
    category: r.category,
    priority: r.priority,
    marketRank: r.market === market ? 0 : r.market === 'common' ? 1 : 2,
    order,
    sign: r.sign,
    re: new RegExp(r.pattern),
  })).sort((a, b) => b.priority - a.priority || a.marketRank - b.marketRank || a.order - b.order);
}

const CODE_COMPILED = CODE_RULES.map((r, order) => ({ rule: r, order, re: r.bkTxCd ? new RegExp(r.bkTxCd) : null })).sort(
  (a, b) => b.rule.priority - a.rule.priority || a.order - b.order,
);

function signOf(amountMinor: number): Sign {
  return amountMinor < 0 ? 'debit' : 'credit';
}

function codeMatches(rule: CodeRule, re: RegExp | null, t: RiskTransaction): boolean {
  const c = t.codes;
  if (!c) return false;
  if (rule.purpose && c.purpose && rule.purpose.includes(c.purpose.trim().toUpperCase())) return true;
  if (rule.gvc && c.gvc && rule.gvc.includes(c.gvc.trim().padStart(3, '0'))) return true;
  if (re && c.bank_transaction_code && re.test(c.bank_transaction_code.trim().toUpperCase())) return true;
  return false;
}

function result(category: string, rule_id: string, matched: string | null = null): CategoryResult {
  const group = groupOf(category);
  if (!group) throw new Error(`rule ${rule_id} names unknown category ${category}`);
  return { category, group, rule_id, rule_trace: [matched === null ? rule_id : `${rule_id}:${matched}`] };
}

/** The text a rule sees: description and counterparty, each cut to MAX_TEXT_CHARS, folded. */
export function matchText(t: Pick<RiskTransaction, 'description' | 'counterparty'>): string {
  return fold(`${t.description.slice(0, MAX_TEXT_CHARS)} | ${(t.counterparty ?? '').slice(0, MAX_TEXT_CHARS)}`);
}

/**
 * Categorise one transaction. Text and code rules are ranked together by
 * priority, so a definitive code (purpose SALA) beats a broad merchant cue and
 * a specific text cue ("MIETE") beats a generic code (GVC 005 Lastschrift).
 */
export function categoriseOne(t: RiskTransaction, market: Market): CategoryResult {
  const sign = signOf(t.amountMinor);
  const text = matchText(t);
  let best: { priority: number; res: CategoryResult } | null = null;
  for (const c of CODE_COMPILED) {
    if (c.rule.sign && c.rule.sign !== sign) continue;
    if (codeMatches(c.rule, c.re, t)) {
      best = { priority: c.rule.priority, res: result(c.rule.category, c.rule.id) };
      break;
    }
  }
  for (const r of COMPILED[market]) {
    if (best && r.priority <= best.priority) break;
    if (r.sign && r.sign !== sign) continue;
    const m = r.re.exec(text);
    if (m) {
      // the other market's brand against the market's own transfer words: the transfer words decide
      const own = r.marketRank === 2 && r.priority <= BROAD ? OWN_TRANSFER_WORDS[market].find((w) => (!w.sign || w.sign === sign) && w.re.test(text)) : undefined;
      const won = own ?? r;
      best = { priority: won.priority, res: result(won.category, won.id, (own ? (own.re.exec(text)?.[0] ?? '') : m[0]).trim()) };
      break;
    }
  }
  if (best) return best.res;
  return sign === 'credit' ? result('other_income', 'fallback.credit') : result('other_expense', 'fallback.debit');
}

export interface CategoriseOptions {
  /** Names of the account holder(s): a transfer to or from them is internal. */
  holderNames?: readonly string[];
}

/** Categorise and derive a normalised counterparty (from the counterparty, else the description). */
export function categoriseWithCounterparty(
  t: RiskTransaction,
  market: Market,
  holderKeys: readonly string[],
  ownIbans: ReadonlySet<string> = NO_IBANS,
  holderForms: ReadonlySet<string> = NO_FORMS,
): CategoryResult & { counterparty_normalised: string } {
  // a party the data names (a bank's own field) comes before a name guessed from the description
  const named = normaliseCounterparty(t.counterparty);
  const cp = named || normaliseCounterparty(t.description);
  let res = categoriseOne(t, market);
  const generic = res.rule_id.startsWith('fallback.') || res.category === 'other_transfer';
  if ((generic || res.category === 'internal') && t.counterpartyIban && ownIbans.has(t.counterpartyIban.replace(/\s+/g, '').toUpperCase())) {
    // to or from another account of the applicant's, by its IBAN: money moved between own accounts
    res = { ...result('internal', OWN_ACCOUNT_IBAN), rule_trace: [...res.rule_trace, OWN_ACCOUNT_IBAN] };
  } else if (generic && cp && holderKeys.some((h) => sameName(h, cp)) && sameLegalForm(named ? t.counterparty : t.description, holderForms)) {
    res = { ...result('internal', 'common.own_name'), rule_trace: [...res.rule_trace, 'common.own_name'] };
  }
  else if (res.category === 'internal' && !res.rule_id.startsWith('code.') && thirdPartyOrganisation(t, holderKeys)) {
    // own-transfer wording ("GIROCONTO", "Übertrag") from or to a company that is neither the holder nor a bank:
    // money between the holder and another business, not between the holder's own accounts
    res = { ...result('other_transfer', 'common.third_party_organisation'), rule_trace: [...res.rule_trace, 'common.third_party_organisation'] };
  } else if (res.category === 'loan_installment' && LOAN_WORDING.has(res.rule_id) && oneOffTransferToNonLender(t)) {
    // loan words ("RESTITUZIONE PRESTITO", "Rate") on a credit transfer the holder sent to somebody who is not a lender:
    // money lent privately or a supplier paid in parts, not an instalment on credit; a lender collects by direct debit
    // or is named, and a regular repayment is put back by recurrence (categoriseTransactions)
    res = { ...result('other_transfer', ONE_OFF_LOAN_TRANSFER), rule_trace: [...res.rule_trace, ONE_OFF_LOAN_TRANSFER] };
  }
  return { ...res, counterparty_normalised: groupingKey(t, named, cp) };
}

/**
 * The key payers and payees are grouped by, from what the data says best: the party it names; else the
 * party's IBAN it gives (in the form accountRef writes a printed account number); else what the description
 * reads, with the account number it prints. A name guessed from descriptions worded differently line by line,
 * or with a reference number the normaliser takes for an account, would split one party; a named party paid
 * from two accounts of its own stays one.
 */
function groupingKey(t: RiskTransaction, named: string, cp: string): string {
  if (named) return named;
  if (t.counterpartyIban) return ibanRef(t.counterpartyIban);
  const ref = accountRef(`${t.counterparty ?? ''} ${t.description}`);
  return ref && !cp.includes(ref) ? `${cp} ${ref}`.trim() : cp;
}

const NO_IBANS: ReadonlySet<string> = new Set();
const NO_FORMS: ReadonlySet<string> = new Set();

/**
 * The party's legal form, when it and a holder's name both carry one, is the holder's: "Richter OHG" paying
 * "Richter GmbH" pays another company (names compare with legal forms removed, so the form decides).
 */
function sameLegalForm(partyText: string | null, holderForms: ReadonlySet<string>): boolean {
  if (!holderForms.size) return true;
  const form = legalFormOf(partyText);
  return form === null || holderForms.has(form);
}
/** Trace step of a transfer to or from another account of the applicant's (its IBAN is one of the report's sources). */
export const OWN_ACCOUNT_IBAN = 'common.own_account_iban';

/** An IBAN's part of the grouping key: as accountRef writes an account number, so a printed IBAN and a given one agree. */
export function ibanRef(iban: string): string {
  return `#${iban.replace(/\s+/g, '').toUpperCase().slice(-8)}`;
}

/**
 * The payer's or payee's account number when the text names one ("TRANSFER FROM ACCOUNT AB 12345678",
 * "IBAN DE89…"): it keeps two payers at the same bank apart in the grouping key, which drops digit runs.
 */
export function accountRef(text: string): string | null {
  const m = /\b(?:ACCOUNT|ACC|KONTO|KTO|CONTO|C\/C|IBAN)\b[\s.:#]*(?:[A-Z]{2}\s+)?([A-Z]{2}\d{2}[A-Z0-9 ]{8,30}|\d[\d ]{5,20}\d)/.exec(fold(text));
  if (!m?.[1]) return null;
  const digits = m[1].replace(/\s+/g, '');
  return `#${digits.slice(-8)}`;
}

/** Trace step of a loan-worded transfer to a non-lender (other_transfer until recurrence says instalment). */
export const ONE_OFF_LOAN_TRANSFER = 'common.loan_words_to_non_lender';
/** Rules that read loan wording alone (not a lender's name, not a structured code). */
const LOAN_WORDING = new Set(['it.loan', 'de.loan']);
const LENDER_RE = new RegExp(TEXT_RULES.find((r) => r.id === 'common.lender')?.pattern ?? '$^');
/** A credit transfer the holder sent, one by one: not a direct debit, not a standing order. */
const CREDIT_TRANSFER_RE = /\b(BONIFICO|DISPOSIZIONE|GIROCONTO|(SEPA-)?(UE|U)BERWEISUNG|ECHTZEIT(UEBERWEISUNG)?)\b/;
const COLLECTED_RE = /\b(SDD|ADDEBITO|ADDEBITI|RID|MANDATO|LASTSCHRIFT|FOLGELASTSCHRIFT|ERSTLASTSCHRIFT|BASISLASTSCHRIFT|MANDAT|MANDATSREF|MREF|GLAEUBIGER-ID|CRED|DAUERAUFTRAG|ORDINE PERMANENTE)\b/;

/** MT940 business codes of direct debits (Lastschriften). */
const DIRECT_DEBIT_GVC = new Set(['004', '005', '104', '105', '106', '107']);

function oneOffTransferToNonLender(t: RiskTransaction): boolean {
  if (t.amountMinor >= 0) return false;
  const gvc = t.codes?.gvc?.trim().padStart(3, '0');
  if ((gvc && DIRECT_DEBIT_GVC.has(gvc)) || /\/(RDDT|IDDT)\//.test(t.codes?.bank_transaction_code ?? '')) return false;
  const text = matchText(t);
  return CREDIT_TRANSFER_RE.test(text) && !COLLECTED_RE.test(text) && !LENDER_RE.test(text) && !namesFinancialInstitution(text);
}

function thirdPartyOrganisation(t: RiskTransaction, holderKeys: readonly string[]): boolean {
  const text = `${t.counterparty ?? ''} ${t.description}`;
  return namesOrganisation(text) && !namesFinancialInstitution(text) && !namesHolder(text, holderKeys);
}

function sameName(holderKey: string, cp: string): boolean {
  const a = holderKey.split(' ').sort().join(' ');
  const b = cp.split(' ').sort().join(' ');
  return a.length > 0 && a === b;
}
