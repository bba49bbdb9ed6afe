/** Text folding and counterparty normalisation shared by rules, streams and validation. */

const UMLAUTS: Record<string, string> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', ä: 'AE', ö: 'OE', ü: 'UE', ß: 'SS', ẞ: 'SS' };

/**
 * A bounded memo for pure text functions: bank texts repeat (the same merchant, payer, fee line month
 * after month), so a report of 3,000 transactions folds a few hundred distinct strings. Emptied when
 * full, so memory stays bounded whatever the input.
 */
export function memo(f: (s: string) => string, max = 20_000): (s: string) => string {
  const cache = new Map<string, string>();
  return (s: string): string => {
    const hit = cache.get(s);
    if (hit !== undefined) return hit;
    const v = f(s);
    if (cache.size >= max) cache.clear();
    cache.set(s, v);
    return v;
  };
}

/** Upper-case ASCII fold: umlauts → AE/OE/UE, ß → SS, other accents dropped. */
export const fold = memo(foldText);

function foldText(text: string): string {
  return text
    .replace(/[ÄÖÜäöüßẞ]/g, (c) => UMLAUTS[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Legal-form tokens (folded, punctuation removed) stripped from names. Longest first. */
export const LEGAL_FORMS: readonly string[] = [
  'GMBH & CO KGAA', 'GMBH & CO KG', 'GMBH & CO OHG', 'GMBH CO KG', 'AG & CO KG', 'UG HAFTUNGSBESCHRAENKT',
  'S R L S', 'S R L', 'S P A', 'S A S', 'S N C', 'S S', 'S C A R L', 'SOC COOP',
  'SRLS', 'SRL', 'SPA', 'SAS', 'SNC', 'SCARL', 'SCRL', 'SCPA', 'COOP',
  'GMBH', 'MBH', 'KGAA', 'AG', 'KG', 'UG', 'OHG', 'GBR', 'E K', 'EK', 'E V', 'EV', 'EG', 'SE',
  'LTD', 'LIMITED', 'INC', 'LLC', 'PLC', 'BV', 'NV', 'SA', 'SARL', 'CO',
];

const LEGAL_RE = new RegExp(
  `(^| )(${LEGAL_FORMS.join('|')})(?= |$)`,
  'g',
);

/** Operation words, card and terminal noise, reference markers: never part of a counterparty name. */
const NOISE_PHRASES: readonly string[] = [
  'PAGAMENTO POS', 'PAGAMENTO CARTA', 'PAGAMENTO', 'ADDEBITO DIRETTO SDD', 'ADDEBITO DIRETTO', 'ADDEBITO SDD',
  'ADDEBITO', 'ACCREDITO', 'BONIFICO SEPA', 'BONIFICO ISTANTANEO', 'BONIFICO A VOSTRO FAVORE', 'BONIFICO A FAVORE DI',
  'BONIFICO DA', 'BONIFICO', 'A VOSTRO FAVORE', 'DISPOSTO DA', 'ORDINANTE', 'BENEFICIARIO', 'BENEF', 'SDD CORE',
  'SDD', 'SEPA', 'POS', 'CARTA', 'CARD', 'DEBIT', 'VISA', 'MASTERCARD', 'MAESTRO', 'V PAY', 'VPAY', 'CONTACTLESS',
  'GIROCARD', 'KARTENZAHLUNG', 'KARTE', 'LASTSCHRIFT', 'FOLGELASTSCHRIFT', 'ERSTLASTSCHRIFT', 'SEPA-LASTSCHRIFT',
  'BASISLASTSCHRIFT', 'UEBERWEISUNG', 'SEPA-UEBERWEISUNG', 'GUTSCHRIFT', 'SEPA-GUTSCHRIFT', 'DAUERAUFTRAG',
  'ECHTZEITUEBERWEISUNG', 'ONLINE', 'APPLE PAY', 'GOOGLE PAY', 'EC', 'TERMINAL', 'TERM', 'TID', 'NR', 'N', 'DEL',
  'ORE', 'UHR', 'DATUM', 'IN DATA', 'OPERAZIONE', 'PRESSO', 'COMMERCIANTE', 'ESERCENTE', 'SU', 'DI', 'DA', 'PER',
  'VON', 'AN', 'FUER', 'FAVORE', 'DATA', 'VALUTA', 'CAUSALE', 'VERWENDUNGSZWECK',
];
const NOISE_RE = new RegExp(`(^| )(${NOISE_PHRASES.map((p) => p.replace(/[-]/g, '\\-')).join('|')})(?= |$)`, 'g');

/** Reference markers: the marker and the token after it go (EREF+123, CRO 0000…, MANDATO ABC). */
const REF_RE =
  /\b(EREF|MREF|KREF|CRED|SVWZ|ABWA|ABWE|IBAN|BIC|CRO|TRN|RIF|REF|ID MANDATO|MANDATO|MANDATE|MANDAT|ID|END-TO-END|E2E|CODICE|COD|PRATICA|CONTRATTO|VERTRAG|KUNDENNR|RECHNUNGSNR)\b[.:+ ]*\S*/g;

/**
 * Characters of a description or counterparty the categoriser reads. Bank texts are at most a few
 * hundred characters (SEPA remittance 140, a German :86: 27 × 14); a document that carries more is
 * either hostile or noise, and the name is always near the start.
 */
export const MAX_TEXT_CHARS = 1000;

/** Spellings of one legal form (after folding and removing punctuation and spaces) → one name. */
const SAME_FORM: Readonly<Record<string, string>> = { UGHAFTUNGSBESCHRAENKT: 'UG', MBH: 'GMBH', SCRL: 'SCARL', SOCCOOP: 'COOP' };

/**
 * The legal form(s) a name carries, one canonical string ("SRL", "GMBHCOKG", "KG"), or null when it carries
 * none. A legal form is part of a company's identity: "Richter OHG" and "Richter GmbH" are two companies.
 */
export function legalFormOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = fold(raw.slice(0, MAX_TEXT_CHARS)).replace(/[.,;:/\\()[\]{}"'#+_|]/g, ' ').replace(/\s+/g, ' ');
  const forms = [...s.matchAll(LEGAL_RE)].map((m) => {
    const f = (m[2] ?? '').replace(/[\s&]+/g, '');
    return SAME_FORM[f] ?? f;
  });
  return forms.length ? [...new Set(forms)].sort().join('+') : null;
}

/** Normalise a counterparty (or a description standing in for one) to a stable grouping key. */
export function normaliseCounterparty(raw: string | null | undefined): string {
  return raw ? normaliseMemo(raw.slice(0, MAX_TEXT_CHARS)) : '';
}

const normaliseMemo = memo(normaliseText);

function normaliseText(raw: string): string {
  let s = fold(raw);
  s = s.replace(REF_RE, ' ');
  s = s.replace(/\*+\d*/g, ' ');
  // dates, times, amounts, card numbers and any token holding a digit run of 3+ or mixed letters/digits ids
  s = s.replace(/\b\d{1,2}[./-]\d{1,2}([./-]\d{2,4})?\b/g, ' ');
  s = s.replace(/\b\d{1,2}[:.]\d{2}\b/g, ' ');
  // Per whole token, not /\S*\d{3,}\S*/g: that regex retries from every position of a long token
  // without a digit run and is quadratic in the token's length.
  s = s.replace(/\S+/g, (token) => (/\d{3}/.test(token) ? ' ' : token));
  s = s.replace(/[.,;:/\\()[\]{}"'#+_|]/g, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 2; i++) s = s.replace(NOISE_RE, ' ').replace(/\s+/g, ' ').trim();
  s = s.replace(LEGAL_RE, ' ').replace(/\s+/g, ' ').trim();
  s = s.replace(/\b\d+\b/g, ' ').replace(/\s+/g, ' ').trim();
  // the first four words are the name; the rest is usually place or free text
  return s.split(' ').filter((w) => w.length > 0).slice(0, 4).join(' ');
}
