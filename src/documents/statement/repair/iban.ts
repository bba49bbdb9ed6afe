/**
 * An IBAN with one character misread ("IT38 4667 …" for "IT38 J667 …": a J taken for a 4), put back
 * from the IBAN's own structure and its check digits. The country's BBAN format (ibantools'
 * countrySpecs) says which positions hold letters and which digits; a character of the wrong class
 * at exactly one position is the misreading, and of the characters of the right class exactly one
 * makes the mod-97 check hold (two letters, or two digits, at one position differ in value by less
 * than 97, so they never leave the same remainder). Kept where the header then reads it as the
 * account's IBAN.
 */
import { countrySpecs, isValidIBAN } from 'ibantools';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { extractStatement } from '../pages.ts';
import type { Repaired, RepairState, WordEdit } from './edit.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** Per position of a whole IBAN: 'A' letter, 'N' digit, 'C' either; null for a country without a spec. */
export function ibanClasses(country: string): string | null {
  const spec = countrySpecs[country];
  if (!spec?.chars || !spec.bban_regexp) return null;
  let out = 'AANN';
  for (const m of spec.bban_regexp.matchAll(/\[([-A-Z0-9a-z]{3,7})\]\{(\d{1,2})\}/g)) {
    const set = m[1]!;
    const cls = set === 'A-Z' ? 'A' : set === '0-9' ? 'N' : 'C';
    out += cls.repeat(Number(m[2]));
  }
  return out.length === spec.chars ? out : null;
}

/** The IBAN with its one character of the wrong class replaced so that the check holds; null when not exactly one way. */
export function fixIbanByFormat(raw: string): string | null {
  const s = raw.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]+$/.test(s) || isValidIBAN(s)) return null;
  const cls = ibanClasses(s.slice(0, 2));
  if (!cls || cls.length !== s.length) return null;
  const wrong: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const isDigit = c >= '0' && c <= '9';
    if ((cls[i] === 'A' && isDigit) || (cls[i] === 'N' && !isDigit)) wrong.push(i);
  }
  if (wrong.length !== 1) return null;
  const i = wrong[0]!;
  const fits = [...(cls[i] === 'A' ? LETTERS : DIGITS)].map((c) => s.slice(0, i) + c + s.slice(i + 1)).filter((t) => isValidIBAN(t));
  return fits.length === 1 ? fits[0]! : null;
}

/** Runs of words on one line (an IBAN printed in groups): each start word with up to 8 words after it, close on its right. */
function runsOf(words: readonly PositionedWord[]): PositionedWord[][] {
  const runs: PositionedWord[][] = [];
  for (let a = 0; a < words.length; a++) {
    const run = [words[a]!];
    for (let b = a + 1; b < words.length && run.length < 9; b++) {
      const p = run[run.length - 1]!;
      const w = words[b]!;
      const h = Math.max(1, p.y1 - p.y0);
      if (Math.abs(w.y0 - p.y0) > 0.5 * h || w.x0 < p.x1 || w.x0 - p.x1 > 1.5 * h) break;
      run.push(w);
    }
    runs.push(run);
  }
  return runs;
}

/** The page with one misread IBAN in it mended, and the edits, for each IBAN that can be (at most a few). */
function mendings(p: WordPage): { page: WordPage; edits: WordEdit[] }[] {
  const out: { page: WordPage; edits: WordEdit[] }[] = [];
  for (const run of runsOf(p.words)) {
    if (out.length >= 4) break;
    if (!/^[A-Z]{2}\d{2}/.test(run[0]!.text.toUpperCase())) continue;
    // The run's words one by one, for as long as they could still be one IBAN.
    let joined = '';
    for (let n = 0; n < run.length; n++) {
      joined += run[n]!.text;
      if (!/^[A-Za-z0-9]+$/.test(run[n]!.text) || joined.length > 34) break;
      const fixed = fixIbanByFormat(joined);
      if (!fixed) continue;
      // Back into the words: each keeps its own characters' share of the mended IBAN.
      const edits: WordEdit[] = [];
      const repl = new Map<PositionedWord, string>();
      let at = 0;
      for (const w of run.slice(0, n + 1)) {
        const to = fixed.slice(at, at + w.text.length);
        at += w.text.length;
        if (to !== w.text.toUpperCase()) {
          repl.set(w, to);
          edits.push({ page: p.page, from: w.text, to, by: 'check_digits' });
        }
      }
      out.push({ page: { ...p, words: p.words.map((w) => (repl.has(w) ? { ...w, text: repl.get(w)! } : w)) }, edits });
      break;
    }
  }
  return out;
}

/** The account's IBAN not read: one misread character put back by format and check digits, kept where the header then reads it. */
export function ibanCheckDigits({ x, pages }: RepairState): Repaired | null {
  if (x.ibanValue !== null) return null;
  for (let k = 0; k < pages.length; k++) {
    for (const m of mendings(pages[k]!)) {
      const fixed = pages.map((p, j) => (j === k ? m.page : p));
      const r = extractStatement(fixed);
      if (r.ibanValue !== null) return { x: r, pages: fixed, edits: m.edits };
    }
  }
  return null;
}
