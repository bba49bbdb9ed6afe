import { LEGAL_FORMS } from './categorise/normalise.ts';

/** Titles and salutations (folded, punctuation removed) ignored when comparing holder names. */
const TITLES = new Set([
  'SIG', 'SIGRA', 'SIGNOR', 'SIGNORA', 'SIGNORINA', 'SIGNA', 'DOTT', 'DOTTSSA', 'DOTTOR', 'DOTTORE', 'DOTTORESSA', 'DR',
  'DRSSA', 'AVV', 'ING', 'ARCH', 'RAG', 'GEOM', 'PROF', 'PROFSSA', 'MR', 'MRS', 'MS', 'MISS', 'HERR', 'HERRN', 'FRAU',
  'DIPL', 'DIPLING', 'MED', 'DRMED', 'PHD', 'MAG', 'MBA', 'SIGG', 'SPETT', 'SPETTLE', 'EHELEUTE', 'FAMILIE', 'FAM',
  'C/O', 'CO', 'UND', 'E', 'AND',
]);

const LEGAL_RE = new RegExp(`(^| )(${LEGAL_FORMS.join('|')})(?= |$)`, 'g');

/**
 * Latin letters that Unicode decomposition leaves whole (ł, ø, đ, ı, æ …): their usual ASCII
 * transliteration. Letters with a combining accent (ş, ñ, ễ, ż) are handled by NFD.
 */
const TRANSLIT: Readonly<Record<string, string>> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Ø: 'O', ø: 'o', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', ß: 'ss', ẞ: 'SS',
  ı: 'i', İ: 'I', Ħ: 'H', ħ: 'h', Þ: 'TH', þ: 'th', Ŀ: 'L', ŀ: 'l', Ŋ: 'N', ŋ: 'n', Ŧ: 'T', ŧ: 't', ĸ: 'k',
};
const TRANSLIT_RE = new RegExp(`[${Object.keys(TRANSLIT).join('')}]`, 'g');
/** German umlauts: written ä/ae by some, a by others (and by most foreign systems). */
const UMLAUT_EXPAND: Readonly<Record<string, string>> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', ä: 'ae', ö: 'oe', ü: 'ue' };

/** Upper-case ASCII transliteration of a name; `umlauts` says whether ä ö ü become AE OE UE or A O U. */
export function transliterateName(raw: string, umlauts: 'expand' | 'drop' = 'expand', apostrophe: 'join' | 'split' = 'join'): string {
  let s = raw.replace(TRANSLIT_RE, (c) => TRANSLIT[c] ?? c);
  if (umlauts === 'expand') s = s.replace(/[ÄÖÜäöü]/g, (c) => UMLAUT_EXPAND[c] ?? c);
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    // D'Angelo is printed DANGELO by some systems and D ANGELO by others: both forms are tried
    .replace(/['’`´ʼ]/g, apostrophe === 'join' ? '' : ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Variant = readonly ['expand' | 'drop', 'join' | 'split'];
const VARIANTS: readonly Variant[] = [['expand', 'join'], ['drop', 'join'], ['expand', 'split'], ['drop', 'split']];

function canonical(raw: string, [umlauts, apostrophe]: Variant): string[] {
  let s = transliterateName(raw, umlauts, apostrophe).replace(/[^A-Z0-9& ]/g, ' ').replace(/\s+/g, ' ').trim();
  s = s.replace(LEGAL_RE, ' ').replace(LEGAL_RE, ' ').replace(/\s+/g, ' ').trim();
  return s
    .split(' ')
    .filter((w) => w.length > 0 && w !== '&' && !TITLES.has(w))
    .sort();
}

/**
 * Canonical holder name: transliterated to ASCII, punctuation and titles removed,
 * legal forms removed, words sorted, lower case. "Dott. Mario ROSSI" and "Rossi Mario"
 * both become "mario rossi"; "Müller GmbH & Co. KG" becomes "mueller"; "Łukasz Żółć"
 * becomes "lukasz zolc".
 */
export function normaliseName(raw: string | null | undefined): string {
  if (!raw) return '';
  return canonical(raw, ['expand', 'split']).join(' ').toLowerCase();
}

/** Edit distance (insert, delete, substitute, transpose adjacent), stopping early above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2: number[] = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j] ?? 0;
    prev = cur;
    if (rowMin > max) return max + 1;
  }
  return prev[b.length] ?? max + 1;
}

/**
 * One typo is tolerated in a word of seven letters or more (a doubled or dropped letter, two letters
 * swapped), none in shorter ones, and never in the last letter alone: Francesco and Francesca, Mario
 * and Maria are different people.
 */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 7) return false;
  if (a.length === b.length && a.slice(0, -1) === b.slice(0, -1)) return false;
  return editDistance(a, b, 1) <= 1;
}

function wordListsMatch(wa: readonly string[], wb: readonly string[]): boolean {
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (short.length === 0) return false;
  // equal word counts: every word pairs up; otherwise the shorter side (≥ 2 words) is contained in the longer
  if (short.length !== long.length && short.length < 2) return false;
  const used = new Set<number>();
  return short.every((w) => {
    const i = long.findIndex((x, k) => !used.has(k) && x === w);
    const j = i >= 0 ? i : long.findIndex((x, k) => !used.has(k) && wordsMatch(x, w));
    if (j < 0) return false;
    used.add(j);
    return true;
  });
}

/**
 * Two names match when, after transliteration (ł → l, ş → s, ö → oe or o, an apostrophe joining or splitting words: all tried), their
 * words pair up, each equal or one edit apart when seven letters or longer; or when the shorter has at
 * least two words and all of them appear in the longer (a middle name or a second surname on one side only).
 */
export function namesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const cb = VARIANTS.map((v) => canonical(b, v));
  return VARIANTS.some((v) => {
    const ca = canonical(a, v);
    return cb.some((x) => wordListsMatch(ca, x));
  });
}
