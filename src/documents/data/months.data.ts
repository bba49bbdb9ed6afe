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
