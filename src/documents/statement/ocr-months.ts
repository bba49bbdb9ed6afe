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
import { DIGIT_OF_LETTER } from '../data/ocr-confusions.data.ts';

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

const near = (a: PositionedWord, b: PositionedWord): boolean => sameLine(a, b) && b.x0 > a.x0 && b.x0 - a.x1 < 2 * Math.max(a.y1 - a.y0, b.y1 - b.y0);

/** A day, a month name and a year run together, or in part ("150ct2025", "O4Jun", "0ct2025"). */
const GLUED = /^([0-3OoIl]?[0-9OoIl])?([\p{L}0-9]{3,9}?)((?:19|20)\d\d)?$/u;
const NAME_YEAR = /^()([\p{L}0-9]{3,9}?)((?:19|20)\d\d)$/u;

/**
 * The word at i as the month name of a printed date: between a day and a year on its line (each
 * within two word heights of it), or run together with them ("150ct2025"; a part not run into it
 * stands beside it). Null where the word is no date's month.
 */
function dateAt(words: readonly PositionedWord[], i: number): { day: string; name: string; year: string } | null {
  const w = words[i]!;
  const d = words[i - 1];
  const y = words[i + 1];
  const dayBefore = d !== undefined && DAY.test(d.text) && near(d, w);
  const yearAfter = y !== undefined && YEAR.test(y.text) && near(w, y);
  if (dayBefore && yearAfter) return NAME.test(w.text) ? { day: '', name: w.text, year: '' } : null;
  // (after a day of its own the word opens with the name: "15 0ct2025" is no day "0")
  const m = dayBefore ? NAME_YEAR.exec(w.text) : GLUED.exec(w.text);
  if (!m || (!m[1] && !m[3]) || (!m[1] && !dayBefore)) return null;
  if ((m[2]!.match(/\p{L}/gu)?.length ?? 0) < 2) return null;
  // (a day run into letters holds a digit: "IREN", "IBAN", "OTTOBRE" are words, not I REN, I BAN, O TTOBRE)
  if (m[1] && !/\d/.test(m[1])) return null;
  return { day: m[1] ?? '', name: m[2]!, year: m[3] ?? '' };
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
    p.words.forEach((_, i) => {
      const at = dateAt(p.words, i);
      if (!at) return;
      for (const lang of LANGS) {
        const m = exactMonth(lang, key(at.name));
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
      const at = dateAt(p.words, i);
      if (!at) return w;
      const k = key(at.name);
      // (a day run into the name keeps its digits: "O4Jun" is 04 Jun)
      const day = at.day.replace(/[OoIl]/g, (c) => DIGIT_OF_LETTER[c]!);
      let name: string | null = null;
      if (langs.some((l) => exactMonth(l, k) !== null)) name = at.name;
      else {
        const close = new Map<number, string>();
        for (const lang of langs)
          MONTHS_BY_LANGUAGE[lang].forEach((names, m) => {
            for (const n of names) {
              const allowed = n.length >= 6 ? 2 : 1;
              // (a digit read for a letter: "0ct", "N0v")
              const read = k.replace(/0/g, 'o').replace(/1/g, 'l');
              if (Math.min(editDistance(k, n, allowed), editDistance(read, n, allowed)) <= allowed && !close.has(m + 1)) close.set(m + 1, names[0]!);
            }
          });
        let months = [...close.keys()];
        if (months.length > 1) months = months.filter((m) => seen.has(m));
        if (months.length === 1) name = inCase(close.get(months[0]!)!, at.name);
      }
      if (name === null) return w;
      const text = `${day}${name}${at.year}`;
      if (text === w.text) return w;
      changed = true;
      return { ...w, text };
    });
    return changed ? { ...p, words } : p;
  });
}
