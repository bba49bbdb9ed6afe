/**
 * Month names OCR misread inside printed dates ("08 jen 2026", "21 Jon 2026", "03 0ct 2025"): a
 * date printed as day, month name and year keeps its shape when a letter of the name is misread,
 * and the document's other dates tell which language its month names are in. A word between a
 * day and a year, one edit from a month name of that language (two for a full name), is that
 * month where only one month is that close, or where only one of the close ones is a month the
 * document's well-read dates name ("jon": January or June — the statement's dates say January).
 */
import { MONTHS_BY_LANGUAGE } from '../data/months.data.ts';
import { sameLine } from '../layout/geometry.ts';
import { fold } from '../layout/lines.ts';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { editDistance } from '../text.ts';

type Lang = keyof typeof MONTHS_BY_LANGUAGE;
const LANGS = Object.keys(MONTHS_BY_LANGUAGE) as Lang[];

/** A day as OCR may read it: one or two digits, a letter of a digit's shape among them, a period after. */
const DAY = /^[0-3OoIl]?[0-9OoIl]\.?$/;
const YEAR = /^(?:19|20)\d\d[,;.]?$/;
/** A month name's shape: letters (a digit read for a letter among them), a period after an abbreviation. */
const NAME = /^(?=(?:.*\p{L}){2})[\p{L}0-9]{3,10}\.?$/u;

const exactMonth = (lang: Lang, name: string): number | null => {
  const i = MONTHS_BY_LANGUAGE[lang].findIndex((names) => names.includes(name));
  return i < 0 ? null : i + 1;
};

/** The word at i stands between a day and a year on its line, each within two word heights of it. */
function inDate(words: readonly PositionedWord[], i: number): boolean {
  const w = words[i]!;
  const d = words[i - 1];
  const y = words[i + 1];
  if (!d || !y || !DAY.test(d.text) || !YEAR.test(y.text)) return false;
  const h = w.y1 - w.y0;
  return sameLine(d, w) && sameLine(w, y) && w.x0 - d.x1 < 2 * h && y.x0 - w.x1 < 2 * h && w.x0 > d.x0 && y.x0 > w.x0;
}

const key = (text: string): string => fold(text.replace(/\.$/, ''));

/** The month name in the word's case: "JAN", "Jan", "jan". */
function inCase(name: string, like: string): string {
  const letters = like.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return name.toUpperCase();
  if (/^\p{Lu}/u.test(letters)) return name.charAt(0).toUpperCase() + name.slice(1);
  return name;
}

export function mendMonthNames(pages: readonly WordPage[]): WordPage[] {
  // The languages whose month names the document's well-read dates use, and the months they name.
  const votes = new Map<Lang, number>();
  const seen = new Set<number>();
  for (const p of pages)
    p.words.forEach((w, i) => {
      if (!inDate(p.words, i)) return;
      for (const lang of LANGS) {
        const m = exactMonth(lang, key(w.text));
        if (m === null) continue;
        votes.set(lang, (votes.get(lang) ?? 0) + 1);
        seen.add(m);
      }
    });
  const most = Math.max(0, ...votes.values());
  const langs = most > 0 ? LANGS.filter((l) => votes.get(l) === most) : LANGS;
  return pages.map((p) => {
    let changed = false;
    const words = p.words.map((w, i) => {
      const k = key(w.text);
      if (!NAME.test(w.text) || !inDate(p.words, i) || langs.some((l) => exactMonth(l, k) !== null)) return w;
      const close = new Map<number, string>();
      for (const lang of langs)
        MONTHS_BY_LANGUAGE[lang].forEach((names, m) => {
          for (const name of names) {
            const allowed = name.length >= 6 ? 2 : 1;
            // (a digit read for a letter: "0ct", "N0v")
            const read = k.replace(/0/g, 'o').replace(/1/g, 'l');
            if (Math.min(editDistance(k, name, allowed), editDistance(read, name, allowed)) <= allowed && !close.has(m + 1))
              close.set(m + 1, names[0]!);
          }
        });
      let months = [...close.keys()];
      if (months.length > 1) months = months.filter((m) => seen.has(m));
      if (months.length !== 1) return w;
      changed = true;
      return { ...w, text: inCase(close.get(months[0]!)!, w.text) };
    });
    return changed ? { ...p, words } : p;
  });
}
