/**
 * Month names and abbreviations as statements and exports print them (it/de/en, lower case, with
 * and without accents), version 1. Shared by every date reader of the engine.
 */
const NAMES: [number, string[]][] = [
  [1, ['jan', 'january', 'gen', 'gennaio', 'januar', 'jän', 'jänner', 'jaenner', 'janner']],
  [2, ['feb', 'february', 'febbraio', 'februar']],
  [3, ['mar', 'march', 'marzo', 'mär', 'märz', 'maerz', 'marz', 'mrz']],
  [4, ['apr', 'april', 'aprile']],
  [5, ['may', 'mag', 'maggio', 'mai']],
  [6, ['jun', 'june', 'giu', 'giugno', 'juni']],
  [7, ['jul', 'july', 'lug', 'luglio', 'juli']],
  [8, ['aug', 'august', 'ago', 'agosto']],
  [9, ['sep', 'sept', 'september', 'set', 'settembre']],
  [10, ['oct', 'october', 'ott', 'ottobre', 'okt', 'oktober']],
  [11, ['nov', 'november', 'novembre']],
  [12, ['dec', 'december', 'dic', 'dicembre', 'dez', 'dezember']],
];

export const MONTHS: Readonly<Record<string, number>> = Object.fromEntries(
  NAMES.flatMap(([n, names]) => names.map((name) => [name, n] as const)),
);

/**
 * Each language's month names as printed, January first (folded: lower case, no accents), for
 * reading a misread month name against the names of the document's own language only.
 */
export const MONTHS_BY_LANGUAGE: Readonly<Record<'it' | 'de' | 'en', readonly (readonly string[])[]>> = {
  en: [['jan', 'january'], ['feb', 'february'], ['mar', 'march'], ['apr', 'april'], ['may'], ['jun', 'june'], ['jul', 'july'], ['aug', 'august'], ['sep', 'sept', 'september'], ['oct', 'october'], ['nov', 'november'], ['dec', 'december']],
  it: [['gen', 'gennaio'], ['feb', 'febbraio'], ['mar', 'marzo'], ['apr', 'aprile'], ['mag', 'maggio'], ['giu', 'giugno'], ['lug', 'luglio'], ['ago', 'agosto'], ['set', 'settembre'], ['ott', 'ottobre'], ['nov', 'novembre'], ['dic', 'dicembre']],
  de: [['jan', 'januar', 'janner', 'jaenner'], ['feb', 'februar'], ['mar', 'marz', 'mrz'], ['apr', 'april'], ['mai'], ['jun', 'juni'], ['jul', 'juli'], ['aug', 'august'], ['sep', 'sept', 'september'], ['okt', 'oktober'], ['nov', 'november'], ['dez', 'dezember']],
};
