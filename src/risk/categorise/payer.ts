/**
 * Who the other party of a transfer is, from the words a bank prints: an organisation (its legal form
 * says so: S.r.l., GmbH, KG, Ltd …), a bank or other financial institution, the account holder, or
 * somebody else. Bank texts carry no "this is a company" field; the legal form is the one mark every
 * registered business must print with its name.
 */
import { fold, MAX_TEXT_CHARS } from './normalise.ts';

/**
 * Legal-form tokens (folded, punctuation removed) that mark an organisation. Narrower than
 * LEGAL_FORMS (which strips them from names): two-letter forms that double as ordinary words or
 * abbreviations in free text (CO, SS, EG, SA) are left out.
 */
const ORG_FORMS: readonly string[] = [
  'S R L S', 'S R L', 'S P A', 'S A S', 'S N C', 'S C A R L', 'S C P A', 'SOC COOP', 'SOCIETA COOPERATIVA',
  'SRLS', 'SRL', 'SPA', 'SAS', 'SNC', 'SCARL', 'SCRL', 'SCPA', 'ONLUS',
  'GMBH', 'MBH', 'KGAA', 'AG', 'KG', 'UG', 'OHG', 'GBR', 'E K', 'E KFM', 'E V', 'SE', 'PARTG', 'PARTGMBB',
  'LTD', 'LIMITED', 'INC', 'LLC', 'LLP', 'PLC', 'BV', 'NV', 'SARL', 'SASU', 'SL',
];
const ORG_RE = new RegExp(`(^| )(${ORG_FORMS.join('|')})(?= |$)`);

/** Banks, payment and card institutions, post offices: an own-account transfer may name them. */
const FINANCIAL_RE =
  /(^| )(BANCA|BANCO|BANQUE|SPARKASSE|CASSA DI RISPARMIO|UNICREDIT|INTESA SANPAOLO|MEDIOLANUM|CREDEM|DIBA|POSTE|POSTEPAY|FINECO|CONSORS|COMDIRECT|SPARDA|WUESTENROT|DEPOT|BROKER|PAYPAL|REVOLUT|WISE|N26|SATISPAY|NEXI|SUMUP|STRIPE)(?= |$)/;
/** Words that name a bank wherever they stand in a compound (Volksbank, Postbank, Raiffeisenkasse). */
const FINANCIAL_STEMS: readonly string[] = ['BANK', 'RAIFFEISEN', 'BAUSPARKASSE'];

function words(text: string): string {
  return fold(text.slice(0, MAX_TEXT_CHARS)).replace(/[.,;:/\\()[\]{}"'#+_|*-]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The text names an organisation: a legal form stands in it as a word of its own. */
export function namesOrganisation(text: string): boolean {
  return ORG_RE.test(words(text));
}

/** The text names a bank or another financial institution. */
export function namesFinancialInstitution(text: string): boolean {
  const w = words(text);
  return FINANCIAL_RE.test(w) || w.split(' ').some((x) => FINANCIAL_STEMS.some((s) => x.includes(s)));
}

/** Every word of one of the holder's names (upper-case keys, legal forms already removed) stands in the text. */
export function namesHolder(text: string, holderKeys: readonly string[]): boolean {
  const present = new Set(words(text).split(' '));
  return holderKeys.some((h) => {
    const ws = h.split(' ').filter((w) => w.length > 1);
    return ws.length > 0 && ws.every((w) => present.has(w));
  });
}

/** The party of a transaction as far as the text tells: for metrics that treat customers and private persons apart. */
export type PayerKind = 'organisation' | 'financial' | 'holder' | 'named' | 'unnamed';

export function payerKind(t: { description: string; counterparty: string | null; counterparty_normalised: string }, holderKeys: readonly string[] = []): PayerKind {
  const text = `${t.counterparty ?? ''} ${t.description}`;
  if (holderKeys.length && namesHolder(text, holderKeys)) return 'holder';
  if (namesFinancialInstitution(text)) return 'financial';
  if (namesOrganisation(text)) return 'organisation';
  return t.counterparty_normalised ? 'named' : 'unnamed';
}
