import { fold, LEGAL_FORMS } from './categorise/normalise.ts';

/** Titles and salutations (folded, punctuation removed) ignored when comparing holder names. */
const TITLES = new Set([
  'SIG', 'SIGRA', 'SIGNOR', 'SIGNORA', 'SIGNORINA', 'SIGNA', 'DOTT', 'DOTTSSA', 'DOTTOR', 'DOTTORE', 'DOTTORESSA', 'DR',
  'DRSSA', 'AVV', 'ING', 'ARCH', 'RAG', 'GEOM', 'PROF', 'PROFSSA', 'MR', 'MRS', 'MS', 'MISS', 'HERR', 'HERRN', 'FRAU',
  'DIPL', 'DIPLING', 'MED', 'DRMED', 'PHD', 'MAG', 'MBA', 'SIGG', 'SPETT', 'SPETTLE', 'EHELEUTE', 'FAMILIE', 'FAM',
  'C/O', 'CO', 'UND', 'E', 'AND',
]);

const LEGAL_RE = new RegExp(`(^| )(${LEGAL_FORMS.join('|')})(?= |$)`, 'g');

/**
 * Canonical holder name: folded, punctuation and titles removed, legal forms
 * removed, words sorted, lower case. "Dott. Mario ROSSI" and "Rossi Mario"
 * both become "mario rossi"; "Müller GmbH & Co. KG" becomes "mueller".
 */
export function normaliseName(raw: string | null | undefined): string {
  if (!raw) return '';
  let s = fold(raw).replace(/[^A-Z0-9& ]/g, ' ').replace(/\s+/g, ' ').trim();
  s = s.replace(LEGAL_RE, ' ').replace(LEGAL_RE, ' ').replace(/\s+/g, ' ').trim();
  const words = s
    .split(' ')
    .filter((w) => w.length > 0 && w !== '&' && !TITLES.has(w))
    .sort();
  return words.join(' ').toLowerCase();
}

/**
 * Two names match when their canonical forms are equal, or when the shorter has
 * at least two words and all of them appear in the longer (a middle name or a
 * second surname on one side only).
 */
export function namesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  const na = normaliseName(a);
  const nb = normaliseName(b);
  if (!na || !nb) return false;
  if (na === nb) return true;
  const wa = na.split(' ');
  const wb = nb.split(' ');
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (short.length < 2) return false;
  const set = new Set(long);
  return short.every((w) => set.has(w));
}
