/**
 * Statement header vocabulary (it / de / en), versioned data: the labels banks
 * print beside the account holder, the balances and the national account parts,
 * the honorifics of an address window, joint-holder conjunctions and company
 * forms. Entries are matched against fold()ed text (lower case, no accents,
 * ß → ss) as whole words; a bank's new wording is a line here, not code.
 * Bump HEADER_VOCAB_VERSION when an entry changes meaning.
 */
export const HEADER_VOCAB_VERSION = '2026-11-24.2';

/** Labels whose value is the account holder's name. */
export const HOLDER_LABELS: readonly string[] = [
  // it
  'intestatario',
  'intestatario/i',
  'intestatari/o',
  'intestatari del conto',
  'intestatario del conto',
  'titolare del rapporto',
  'intestazione rapporto',
  'cointestatario',
  'intestatari',
  'intestataria',
  'cointestatari',
  'intestato a',
  'conto intestato a',
  'rapporto intestato a',
  'intestazione conto',
  'intestazione',
  'titolare',
  'titolari',
  'titolare del conto',
  'nominativo',
  'cliente',
  // de
  'kontoinhaber',
  'kontoinhaberin',
  'kontoinhaber/in',
  'kontoinhaber(in)',
  'name des kontoinhabers',
  'inhaber des kontos',
  'inhaber',
  'inhaberin',
  'kontobezeichnung',
  'kontoname',
  'kunde',
  'kundin',
  'kundenname',
  // en
  'account holder',
  'account holders',
  'account holder(s)',
  'account name',
  'account name(s)',
  'account names',
  'account holder name',
  'name of account holder',
  'account owner',
  'customer',
  'customer name',
  'prepared for',
  'name',
];

/**
 * Labels too common to be trusted without a colon or a clear value beside them
 * ("Name" heads table columns, "Cliente" prints in marketing text).
 */
export const WEAK_HOLDER_LABELS: ReadonlySet<string> = new Set([
  'name',
  'cliente',
  'kunde',
  'customer',
  'intestazione',
]);

/**
 * Honorifics printed before a name in an address window or after a label; never
 * part of the holder. Longest first is not needed: they are stripped repeatedly.
 */
export const SALUTATIONS: readonly string[] = [
  // it
  'gent.mo sig.',
  'gent.ma sig.ra',
  'gent.mi sigg.',
  'gent.mo',
  'gent.ma',
  'gent.mi',
  'gentile signor',
  'gentile signora',
  'gentili signori',
  'gentile cliente',
  'gentile',
  'egr. sig.',
  'egregio signor',
  'egregio sig.',
  'egr.',
  'egregio',
  'spett.le',
  'spett.',
  'spettabile',
  'ai sigg.',
  'ai signori',
  'alla c.a.',
  'c.a.',
  'sigg.ri',
  'sigg.',
  'sig.ra',
  'sig.na',
  'sig.',
  'signor',
  'signora',
  // de
  'herrn und frau',
  'frau und herrn',
  'herrn',
  'herr',
  'frau',
  'firma',
  'fa.',
  'eheleute',
  // en
  'mr and mrs',
  'mr & mrs',
  'mr.',
  'mrs.',
  'ms.',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'messrs',
  'messrs.',
  'the directors',
  'the director',
  'to the directors',
];

/** Words joining joint holders; kept in the holder as printed. */
export const JOINT_CONJUNCTIONS: readonly string[] = ['e', 'ed', 'und', 'and', '&', '/', '-', 'u.'];

/** Legal forms that mark a holder (or a bank) as a company. */
export const COMPANY_FORMS: readonly string[] = [
  's.p.a.',
  'spa',
  's.r.l.',
  'srl',
  's.r.l.s.',
  'srls',
  's.n.c.',
  'snc',
  's.a.s.',
  'sas',
  's.a.p.a.',
  'soc. coop.',
  'societa cooperativa',
  'coop',
  'onlus',
  'gmbh',
  'ag',
  'kg',
  'ohg',
  'ug',
  'e.k.',
  'e.kfm.',
  'e.v.',
  'eg',
  'egen',
  'gbr',
  'partg',
  'gmbh & co. kg',
  'ltd',
  'ltd.',
  'limited',
  'llp',
  'plc',
  'lp',
  'llc',
  'inc',
  'inc.',
  'dac',
  'cic',
  'partners',
  '& partner',
  '& co.',
  'sa',
  'sagl',
  'se',
];

/**
 * Balance labels. A balance label is a balance word with an opening or closing
 * qualifier, or a balance word with a date ("Saldo al 31/03/2026",
 * "Kontostand vom 30.04.25", "Balance at 2025-04-30") whose role the date decides.
 */
export const OPENING_BALANCE_LABELS: readonly string[] = [
  'saldo iniziale',
  'saldo precedente',
  'saldo contabile iniziale',
  'saldo di apertura',
  'saldo inizio periodo',
  'saldo a inizio periodo',
  'saldo iniziale contabile',
  "saldo d'apertura",
  'anfangssaldo',
  'anfangsbestand',
  'alter saldo',
  'alter kontostand',
  'kontostand alt',
  'saldo alt',
  'saldovortrag',
  'saldo vortrag',
  'vortrag vom',
  'kontostand am anfang',
  'opening balance',
  'previous balance',
  'start balance',
  'starting balance',
  'beginning balance',
  'balance brought forward',
  'balance forward',
  'brought forward balance',
  'balance b/f',
  'old balance',
  'previous statement balance',
  'balance from previous statement',
  'saldo iniziale del periodo',
  'saldo letzter auszug',
];

export const CLOSING_BALANCE_LABELS: readonly string[] = [
  'saldo finale',
  'saldo contabile finale',
  'saldo di chiusura',
  'saldo fine periodo',
  'saldo a fine periodo',
  'saldo finale contabile',
  'nuovo saldo',
  'saldo nuovo',
  'endsaldo',
  'endbestand',
  'schlusssaldo',
  'neuer saldo',
  'neuer kontostand',
  'kontostand neu',
  'saldo neu',
  'closing balance',
  'new balance',
  'end balance',
  'ending balance',
  'final balance',
  'balance carried forward to next statement',
];

/**
 * "Balance carried forward": the closing balance when the statement ends with it,
 * a page carry when a "brought forward" follows it.
 */
/** Opening labels that page carries repeat at the top of the next page. */
export const BROUGHT_FORWARD_LABELS: readonly string[] = [
  'balance brought forward',
  'brought forward balance',
  'balance forward',
  'balance b/f',
];

export const CARRIED_FORWARD_LABELS: readonly string[] = [
  'balance carried forward',
  'carried forward balance',
  'balance c/f',
];

/**
 * A balance word printed alone with its value ("Saldo contabile: 2.130,96",
 * "Buchungssaldo: 8863,91"): the closing balance of a movements list when no
 * other closing label is printed. Bare words count only with a colon.
 */
export const UNDATED_CLOSING_LABELS: readonly string[] = [
  'saldo contabile',
  'buchungssaldo',
  'book balance',
  'ledger balance',
  'current balance',
  'aktueller kontostand',
  'aktueller saldo',
  'saldo attuale',
];
export const BARE_BALANCE_WORDS: readonly string[] = ['saldo', 'kontostand', 'balance'];

/** Balance words that take their role from a printed date ("Saldo al …", "Kontostand vom …"). */
export const DATED_BALANCE_WORDS: readonly string[] = [
  'saldo',
  'saldo contabile',
  'saldo disponibile',
  'kontostand',
  'buchungssaldo',
  'balance',
  'account balance',
  'book balance',
  'ledger balance',
];

/** Prepositions between a balance word and its date. */
export const BALANCE_DATE_PREPOSITIONS: readonly string[] = [
  'al',
  'del',
  'alla data del',
  'vom',
  'am',
  'per',
  'zum',
  'bis',
  'at',
  'as at',
  'as of',
  'on',
  'of',
];

/** Labels whose value is the account currency. "Valuta" is not one: in Italian it is the value date. */
export const CURRENCY_LABELS: readonly string[] = [
  'divisa',
  'divisa del conto',
  'valuta del conto',
  'moneta',
  'currency',
  'account currency',
  'wahrung',
  'kontowahrung',
  'devise',
];

/** ISO 4217 codes and symbols a statement of these markets prints. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  $: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  chf: 'CHF',
  fr: 'CHF',
  gbp: 'GBP',
  usd: 'USD',
};

/** The account currency of an IBAN country when nothing else says it. */
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { GB: 'GBP', CH: 'CHF', LI: 'CHF' };

/** National account parts: the labels that introduce each part. */
export const NATIONAL_PART_LABELS = {
  cin: ['cin'],
  abi: ['abi', 'cod. abi', 'codice abi'],
  cab: ['cab', 'cod. cab', 'codice cab'],
  account: [
    'c/c',
    'conto',
    'conto n.',
    'conto corrente',
    'numero conto',
    'n. conto',
    'nr. conto',
    'rapporto',
    'konto',
    'konto-nr.',
    'konto nr.',
    'kontonummer',
    'konto-nummer',
    'kto.-nr.',
    'kto-nr.',
    'kontonr.',
    'account number',
    'account no.',
    'account no',
    'a/c no.',
    'a/c',
    'acc. no.',
  ],
  blz: ['blz', 'bankleitzahl', 'bank code'],
  clearing: ['clearing', 'clearing-nr.', 'clearing nr.', 'clearing-nummer', 'bc-nr.', 'bc nr.', 'iid'],
  sortCode: ['sort code', 'sort-code', 'sortcode', 'nsc', 'national sort code'],
  bic: ['bic', 'swift', 'bic/swift', 'swift/bic', 'bic (swift)', 'swift-bic', 'swift code', 'bic code'],
} as const;
