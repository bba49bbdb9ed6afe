/**
 * Labelled fields printed on identity documents of any design, by labels and geometry.
 *
 * Labels come from a vocabulary (data/id-labels.data.ts: it/en/de/fr, bilingual pairs joined by a
 * slash, combined labels such as "LUOGO E DATA DI NASCITA"). Every other word of the page is grouped
 * into value blocks (a line's words up to a column gap). A value belongs to the label it sits under
 * (left-aligned with it, on the next lines) or right of (same line, no label between); each label takes
 * one block and each block goes to one label, cheapest pairs first, and a block must look like the
 * field (a date for dates, a number with digits for document numbers, letters for names). Combined
 * labels are split into their parts (a date and the rest); a label that is the start of validity on
 * some cards and the expiry on others ("VALIDITA' / VALIDITY") is kept apart as `validity` and
 * resolved by the card (analyse.ts: resolveValidity).
 */
import type { BBox, Line, PositionedWord, WordPage } from '../layout/model.ts';
import { bboxOf } from '../layout/model.ts';
import { buildLines } from '../layout/lines.ts';
import type { IdLabel, IdLabelField } from '../data/id-labels.data.ts';
import { AUTHORITY_WORDS, ID_LABELS } from '../data/id-labels.data.ts';
import { MONTHS } from '../data/months.data.ts';
import { editDistance } from '../text.ts';
import { knownState } from './mrz.ts';

/** Fields read from the printed sides; `validity` is a date of the ambiguous "validity" label. */
export type FrontField = Exclude<IdLabelField, 'address' | 'remarks' | 'height' | 'tax_code' | 'parents' | 'signature' | 'title'> | 'validity';

export interface FrontValue {
  value: string;
  page: number;
  bbox: BBox;
  confidence: number;
}

export type FrontFields = Partial<Record<FrontField, FrontValue>>;

export function foldUpper(s: string): string {
  return s
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'SS');
}

/**
 * A word that is one glyph OCR reads for a bilingual label's slash in small type ("AUTORITA' 7 AUTHORITY",
 * "AUTORITA' { AUTHORITY", "NOME f NAME"): a slash where a label follows it (labelsOfLine), else nothing.
 */
const SLASH_LIKE = /^[7fl{}()[\]\\!]$/;
const MAYBE_SLASH = '/?';

/** A word's folded tokens: letters and digits, '/' kept as its own token ('/?' for a glyph that may be one). */
function tokensOf(text: string): string[] {
  if (SLASH_LIKE.test(text.trim())) return [MAYBE_SLASH];
  return foldUpper(text)
    // A bilingual label's slash read as a bar ("Narne | Surname").
    .replace(/\|/g, '/')
    .replace(/[^A-Z0-9/]+/g, ' ')
    .replace(/\//g, ' / ')
    .trim()
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

interface Token {
  text: string;
  word: number;
}

interface Phrase {
  label: IdLabel;
  words: string[];
}

const PHRASES: Phrase[] = ID_LABELS.map((label) => ({ label, words: label.phrase.split(' ') })).sort(
  (a, b) => b.words.length - a.words.length || b.label.phrase.length - a.label.phrase.length,
);

/**
 * Equal, or one edit apart for words of six letters or more, two from ten, three from fifteen (OCR of
 * small label type: "Geburtsdatvuen", "Stastsangehörigken").
 */
function wordMatches(token: string, word: string): boolean {
  if (token === word) return true;
  const max = word.length >= 15 ? 3 : word.length >= 10 ? 2 : word.length >= 6 ? 1 : 0;
  if (max === 0 || Math.abs(token.length - word.length) > max || /\d/.test(token)) return false;
  return editDistance(token, word, max + 1) <= max;
}

/** Letters OCR of small type confuses: "rn" and "m" ("Vomame(n)" for "Vorname(n)", "Narne" for "Name"); compared exactly. */
const squashed = (s: string): string => s.replace(/RN/g, 'M');

/**
 * The label phrase at token i and how many tokens it spans: word by word, or (a phrase of six letters or
 * more) as the tokens' letters run together, where OCR joined or split its words ("DINASCITA", "NASC ITA")
 * or misread a short one ("PLACE ANO DATE OF BIRTH"): the joined letters then match within the edits a
 * word of that length allows. The phrase spanning the most tokens wins, word by word before joined (a
 * phrase's first word alone is not a longer phrase misread: "RILASCIATO" of "RILASCIATO DA" is no
 * "RILASCIATO IL" two letters short); then the longest phrase. A '/' is never part of a run.
 */
function phraseAt(tokens: readonly Token[], i: number): { phrase: Phrase; n: number } | null {
  if (i >= tokens.length) return null;
  let best: { phrase: Phrase; n: number; joined: boolean } | null = null;
  const better = (n: number, joined: boolean): boolean => !best || n > best.n || (n === best.n && best.joined && !joined);
  for (const p of PHRASES) {
    if (i + p.words.length <= tokens.length && p.words.every((w, k) => wordMatches(tokens[i + k]!.text, w))) {
      if (better(p.words.length, false)) best = { phrase: p, n: p.words.length, joined: false };
      continue;
    }
    const target = p.words.join('');
    if (target.length < 6) {
      if (p.words.length === 1 && squashed(tokens[i]!.text) === squashed(target) && better(1, false)) best = { phrase: p, n: 1, joined: false };
      continue;
    }
    for (let n = Math.max(1, p.words.length - 2); n <= p.words.length + 2 && i + n <= tokens.length; n++) {
      const run = tokens.slice(i, i + n).map((t) => t.text);
      if (run.some((t) => t.startsWith('/'))) break;
      const joined = run.join('');
      if (wordMatches(joined, target) || squashed(joined) === squashed(target)) {
        if (better(n, true)) best = { phrase: p, n, joined: true };
        break;
      }
    }
  }
  return best ? { phrase: best.phrase, n: best.n } : null;
}

/** A slash at token k: read as one, or a glyph that may be one with a label after it. */
function isSlash(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k]?.text;
  return t === '/' || (t === MAYBE_SLASH && phraseAt(tokens, k + 1) !== null);
}

export interface LabelHit {
  /** The first label's fields (a bilingual pair's translation is part of the label). */
  fields: readonly IdLabelField[];
  ambiguous: boolean;
  line: number;
  words: PositionedWord[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Mean glyph height of a line (its words' boxes). */
function heightOf(words: readonly PositionedWord[]): number {
  return Math.max(1, words.reduce((s, w) => s + (w.y1 - w.y0), 0) / Math.max(1, words.length));
}

/**
 * Labels of one line. A one-word label of four letters or fewer ("N.", "NR.", "TIPO", "NAME") is
 * taken only where it opens the line or a column (after a wide gap), or stands in a bilingual pair;
 * inside a value it is a word of the value.
 */
export function labelsOfLine(line: Line, index: number): LabelHit[] {
  const tokens: Token[] = line.words.flatMap((w, word) => tokensOf(w.text).map((text) => ({ text, word })));
  const h = heightOf(line.words);
  const opensColumn = (word: number): boolean => word === 0 || line.words[word]!.x0 - line.words[word - 1]!.x1 > h * 1.5;
  const hits: LabelHit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const at = phraseAt(tokens, i);
    const p = at?.phrase ?? null;
    const short = p !== null && p.words.length === 1 && p.words[0]!.length <= 4;
    const slashNext = at !== null && isSlash(tokens, i + at.n);
    const raw = p ? line.words[tokens[i]!.word]!.text : '';
    const standsAlone = short && (opensColumn(tokens[i]!.word) || slashNext || /[.:]$/.test(raw));
    if (!p || (short && !standsAlone) || (p.words[0]!.length <= 2 && p.words.length === 1 && !slashNext && !/[.:]$/.test(raw))) {
      i++;
      continue;
    }
    let end = i + at!.n;
    // "COGNOME / SURNAME", "NOME / NAME", "LUOGO E DATA DI NASCITA / PLACE AND DATE OF BIRTH": the translation is part of the label.
    for (;;) {
      if (!isSlash(tokens, end)) break;
      const q = phraseAt(tokens, end + 1);
      if (!q) {
        // A translation OCR misread ("Authonty", "t5$048D BY"): a word in the label's type size after the slash
        // is part of the label (values are printed larger than their labels); else the slash dangles.
        end++;
        const next = tokens[end];
        // The label's type by its words (a slash's box is small).
        const labelH = heightOf(tokens.slice(i, end - 1).map((t) => line.words[t.word]!));
        const w = next ? line.words[next.word]! : null;
        if (w && next!.word !== tokens[end - 1]!.word && /^(?=.*[A-Z])[A-Z0-9]{3,}$/.test(foldUpper(w.text).replace(/[^A-Z0-9]/g, '')) && w.y1 - w.y0 <= labelH * 1.15) {
          while (end < tokens.length && tokens[end]!.word === next!.word) end++;
          // The translation's last word in the label's type, close after it ("t5$048D BY" for "ISSUED BY").
          const last = tokens[end];
          const lw = last ? line.words[last.word]! : null;
          if (lw && /^[A-Z]{1,3}$/.test(last!.text) && lw.y1 - lw.y0 <= labelH * 1.15 && lw.x0 - line.words[next!.word]!.x1 <= labelH * 1.5) {
            while (end < tokens.length && tokens[end]!.word === last!.word) end++;
          }
        }
        break;
      }
      end += 1 + q.n;
    }
    const own = [...new Set(tokens.slice(i, end).map((t) => t.word))];
    const labelH = heightOf(own.map((k) => line.words[k]!));
    const taken = new Set(hits.flatMap((x) => x.words));
    const labelType = (w: PositionedWord, f = 1.3): boolean => !taken.has(w) && !/\d/.test(w.text) && w.y1 - w.y0 <= labelH * f;
    const near = (a: PositionedWord, b: PositionedWord): boolean => b.x0 - a.x1 <= labelH * 1.5;
    // Read only after its slash, a bilingual label still spans the first language's words OCR could not
    // read ("RRLASICATO DA / ISSUED BY"): the words before the slash in the label's type, up to a column
    // gap, are the label's (its left edge is where its value below is aligned).
    // Only a label read as one language has one left unread: "Cognome / Surname" after a bar ("Ah | Cognome /
    // Surname", a card's rule boxed tall) is whole, and the words before the bar are no part of it.
    if (i > 0 && tokens[i - 1]!.text === '/' && !tokens.slice(i, end).some((t) => t.text === '/' || t.text === MAYBE_SLASH)) {
      for (let k = tokens[i - 1]!.word; k >= 0 && !own.includes(k); k--) {
        const w = line.words[k]!;
        const after = line.words[k + 1]!;
        // The slash itself is measured by nothing (a bar OCR boxed tall: "Behivde | Authority").
        const slash = k === tokens[i - 1]!.word;
        if ((!slash && !labelType(w, 1.5)) || !near(w, after)) break;
        own.unshift(k);
      }
      // A bar with no word of the label before it is a card's rule, not the label's slash: it is no part of the
      // label's box ("| Geburtsort", a rule boxed tall a column away: the label's box reached down over its value).
      while (own.length > 1 && !/[\p{L}\d]/u.test(line.words[own[0]!]!.text)) own.shift();
    }
    // A short word after the label in its type, before a value in type half as large again, is the label's
    // last word misread ("ISSUEN SY COMUNE DI PADOVA" for "ISSUED BY"), not the value's first.
    const lastWord = Math.max(...own);
    const next = line.words[lastWord + 1];
    const value = line.words[lastWord + 2];
    if (next && value && labelType(next) && /^[\p{L}.:]{1,3}$/u.test(next.text) && near(line.words[lastWord]!, next) && near(next, value) && value.y1 - value.y0 >= (next.y1 - next.y0) * 1.5) {
      own.push(lastWord + 1);
      while (end < tokens.length && tokens[end]!.word <= lastWord + 1) end++;
    }
    const words = own.sort((a, b) => a - b).map((k) => line.words[k]!);
    const box = bboxOf(words);
    hits.push({ fields: p.label.fields, ambiguous: p.label.ambiguous !== undefined, line: index, words, x0: box[0], y0: box[1], x1: box[2], y1: box[3] });
    i = end;
  }
  return hits;
}

/**
 * Labels OCR's lines cut apart: on a card photographed a little askew, a label's words in small type drift
 * across its line's height, and the line reader puts them on two or three lines ("LUOGO E DATA DI" /
 * "NASCITA / PLACE AND" / "DATE OF BIRTH", "Gültig" below "bis"). Words are chained to the next word on
 * their right in their type size (a word's gap, centres within most of its height), and the labels of a
 * chain that spans lines are taken where they hold more than the lines' own labels: a label found on one
 * line gives way to the chain's label that holds all its words, and is kept otherwise.
 */
export function withCrossLineLabels(lines: readonly Line[], hits: readonly LabelHit[]): LabelHit[] {
  const lineOf = new Map<PositionedWord, number>();
  lines.forEach((l, i) => l.words.forEach((w) => lineOf.set(w, i)));
  const words = lines.flatMap((l) => l.words);
  const mid = (w: PositionedWord): number => (w.y0 + w.y1) / 2;
  const next = new Map<PositionedWord, PositionedWord>();
  const hasPrev = new Set<PositionedWord>();
  for (const w of words) {
    const hw = w.y1 - w.y0;
    let best: PositionedWord | null = null;
    let bestGap = Infinity;
    for (const v of words) {
      const hv = v.y1 - v.y0;
      if (v === w || hv > hw * 1.5 || hv < hw / 1.5) continue;
      const h = Math.min(hw, hv);
      const gap = v.x0 - w.x1;
      if (gap < -h * 0.3 || gap > h * 1.2 || Math.abs(mid(v) - mid(w)) > h * 0.8) continue;
      if (gap < bestGap) {
        best = v;
        bestGap = gap;
      }
    }
    if (best && !hasPrev.has(best)) {
      next.set(w, best);
      hasPrev.add(best);
    }
  }
  let out = [...hits];
  let k = lines.length;
  for (const w of words) {
    if (hasPrev.has(w) || !next.has(w)) continue;
    const chain = [w];
    for (let v = next.get(w); v && chain.length < 40; v = next.get(v)) chain.push(v);
    if (new Set(chain.map((x) => lineOf.get(x))).size < 2) continue;
    const box = bboxOf(chain);
    const line: Line = { page: lines[0]!.page, words: chain, text: chain.map((x) => x.text).join(' '), x0: box[0], y0: box[1], x1: box[2], y1: box[3] };
    for (const hit of labelsOfLine(line, k++)) {
      if (new Set(hit.words.map((x) => lineOf.get(x))).size < 2) continue;
      const inHit = new Set(hit.words);
      const overlapped = out.filter((o) => o.words.some((x) => inHit.has(x)));
      if (overlapped.some((o) => o.words.some((x) => !inHit.has(x)))) continue;
      out = [...out.filter((o) => !overlapped.includes(o)), hit];
    }
  }
  return out;
}

export interface Block {
  line: number;
  words: PositionedWord[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  h: number;
}

/** A line's words that are not label words, cut into blocks at column gaps and at labels. */
export function blocksOf(line: Line, index: number, labelWords: ReadonlySet<PositionedWord>): Block[] {
  const h = heightOf(line.words);
  const hs = line.words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const lineMedian = hs[hs.length >> 1] ?? h;
  const out: Block[] = [];
  let cur: PositionedWord[] = [];
  const flush = (): void => {
    if (cur.length === 0) return;
    const b = bboxOf(cur);
    out.push({ line: index, words: cur, x0: b[0], y0: b[1], x1: b[2], y1: b[3], h: heightOf(cur) });
    cur = [];
  };
  line.words.forEach((w, j) => {
    if (labelWords.has(w)) {
      flush();
      return;
    }
    const prev = cur[cur.length - 1];
    // A word and the value before it are measured against each other only within one column: across a
    // column gap the word starts a block of its own whatever its size ("Di" of "COMUNE Di MILANO" set
    // smaller on the line of a taller "ITALIANA" in the next column is no remains of it).
    const sameRun = prev !== undefined && w.x0 - prev.x1 <= h * 1.8;
    if (prev && sameRun && leftOver(w, prev, lineMedian) && !insideValue(w, prev, line.words[j + 1], h, lineMedian, labelWords)) {
      flush();
      return;
    }
    // The same before a value: what came first in smaller type is dropped.
    if (sameRun && cur.every((x) => leftOver(x, w, lineMedian))) cur = [];
    if (prev && !sameRun) flush();
    else if (prev && typeChanges(cur, w, lineMedian)) flush();
    // A lone separator (":" or "/") is not a value.
    if (/^[:/|.\-–]+$/.test(w.text)) return;
    cur.push(w);
  });
  flush();
  return out;
}

/**
 * A word of the label vocabulary that OCR boxed small between two words of a value is a word of that value
 * ("DI" of "COMUNE DI FIRENZE", "DE" of "QUESTURA DE …"): a label's remains stand at a value's ends, not
 * inside it. Inside: between the word before and the word after, close to both, on their baseline, and the
 * word after in the value's type.
 */
function insideValue(
  w: PositionedWord,
  prev: PositionedWord,
  next: PositionedWord | undefined,
  h: number,
  lineMedian: number,
  labelWords: ReadonlySet<PositionedWord>,
): boolean {
  if (!next || labelWords.has(next) || !LABEL_WORDS.includes(foldUpper(w.text).replace(/[^A-Z0-9]/g, ''))) return false;
  // In the value's run: after the word before and before the word after (a word OCR put over another is
  // no word of the row), close to both, on their baseline.
  if (w.x0 < prev.x1 || next.x0 < w.x1 || w.x0 - prev.x1 > h * 1.8 || next.x0 - w.x1 > h * 1.8) return false;
  if (Math.abs(w.y1 - prev.y1) > (prev.y1 - prev.y0) * 0.25) return false;
  return !leftOver(next, prev, lineMedian) && !typeChanges([prev], next, lineMedian);
}

/**
 * A word beside a value's word that belongs to no value: a word of the label vocabulary in smaller type than
 * the value word ("BY" of "RILASCIATO DA / ISSUED BY" that OCR put after "PADOVA"), or a speck of three letters or
 * fewer under half the value's height ("Gi" of a label OCR could not read beside "Magistrat").
 */
function leftOver(w: PositionedWord, beside: PositionedWord, lineMedian: number): boolean {
  const wh = w.y1 - w.y0;
  const big = beside.y1 - beside.y0;
  const t = foldUpper(w.text).replace(/[^A-Z0-9]/g, '');
  if (t.length === 0) return false;
  // Lower case is measured by its x-height ("am" of "Frankfurt am Main" is not small type).
  if (LABEL_WORDS.includes(t) && wh < big * (/\p{Ll}/u.test(w.text) ? 0.45 : 0.6) && wh <= lineMedian) return true;
  return t.length <= 3 && wh < big * 0.45 && wh < lineMedian * 0.6;
}

/**
 * A word in much smaller or larger type than the block before it starts a block of its own: labels are
 * printed smaller than values, and a label OCR could not read ("csüriybs" for "Gültig bis") is no part
 * of the value before it. Short words are not measured (a lower-case "am" is short of capitals).
 */
function typeChanges(cur: readonly PositionedWord[], w: PositionedWord, lineMedian: number): boolean {
  const wh = w.y1 - w.y0;
  const big = cur.reduce((m, x) => Math.max(m, x.y1 - x.y0), 0);
  const longest = cur.reduce((m, x) => Math.max(m, x.text.replace(/[^\p{L}\p{N}]/gu, '').length), 0);
  const letters = w.text.replace(/[^\p{L}\p{N}]/gu, '').length;
  // The smaller side must be small for its line too: one box OCR drew too tall splits nothing.
  if (wh < big * 0.6 && letters >= 4 && wh < lineMedian * 0.8) return true;
  return big < wh * 0.6 && longest >= 4 && big < lineMedian * 0.8;
}

/** The text of a block without leading separators. */
function textOf(words: readonly PositionedWord[]): string {
  return words
    .map((w) => w.text)
    .join(' ')
    .replace(/^[\s:/|.\-–]+/, '')
    .trim();
}

/** Words of the label vocabulary (data/id-labels.data.ts). */
const LABEL_WORDS = [...new Set(ID_LABELS.flatMap((l) => l.phrase.split(' ')))];

/** A label's word as OCR read it: exact, or (five letters or more, four before a colon) one edit off, two from eight letters ("AUTHONTY", "BIRTN"). */
function labelWord(token: string, endsLabel: boolean): boolean {
  if (LABEL_WORDS.includes(token)) return true;
  // Four letters before a colon ("BITH:") end a label too.
  if (token.length < (endsLabel ? 4 : 5)) return false;
  const max = token.length >= 8 ? 2 : 1;
  return LABEL_WORDS.some((w) => w.length >= 4 && Math.abs(w.length - token.length) <= max && editDistance(token, w, max + 1) <= max);
}

/**
 * A value without the words of a label OCR garbled in front of it ("PLACE OF BITH: KYIV", "OF SIKRH: MILANO", "OF BIRTN:
 * FUZHOU", "AUTHONTY AUSLANDERBEHORDE BERLIN"): the label then did not read as one, and its words
 * stood in the value's block. A leading run of label words goes where it holds one of four letters or
 * more (short words alone — "DE", "DI", "LE" — begin names and places: "DE LUCA"); a value that is
 * nothing but label words is no value ('').
 */
export function withoutLabelWords(text: string): string {
  // A colon ends a label, never a value's word: words up to one that ends so ("OF SIKRH: MILANO", the label's
  // last word garbled past the vocabulary's reach) are the label's remains, where a value follows.
  const all = text.split(/\s+/);
  const colon = all.findLastIndex((x, i) => i < all.length - 1 && /^\p{L}{2,}:$/u.test(x));
  if (colon >= 0 && all.slice(colon + 1).some((x) => /[\p{L}\d]/u.test(x))) text = all.slice(colon + 1).join(' ');
  const words = text.split(/\s+/);
  let k = 0;
  let long = false;
  while (k < words.length) {
    const t = foldUpper(words[k]!).replace(/[^A-Z]/g, '');
    if (t.length === 0 && /^[:/|.\-–]+$/.test(words[k]!)) {
      k++;
      continue;
    }
    if (t.length === 0 || !labelWord(t, words[k]!.endsWith(':'))) break;
    if (t.length >= 4) long = true;
    k++;
  }
  if (!long) return text;
  return words
    .slice(k)
    .join(' ')
    .replace(/^[\s:/|.\-–]+/, '')
    .trim();
}

/** Whether a value read for a field looks like that field (the label does not take a block that does not). */
export function fits(field: IdLabelField, text: string): boolean {
  const letters = foldUpper(text).replace(/[^A-Z]/g, '').length;
  switch (field) {
    case 'birth_date':
    case 'expiration_date':
    case 'validity_start_date':
      return parseFrontDate(text) !== null;
    case 'document_number': {
      const t = text.replace(/\s+/g, '');
      return /\d/.test(t) && /^[A-Z0-9<-]{5,14}$/i.test(t);
    }
    case 'surname':
    case 'given_names':
    case 'full_name':
      // Names are printed with capitals; lower-case specks ("eek") are a photo's noise.
      return letters >= 2 && !/\d{3}/.test(text) && /^\p{Lu}/u.test(text.trim());
    case 'birth_place':
    case 'citizenship':
      // Two letters are a label's remains ("DI" of "LUOGO DI NASCITA"), not a place or a nationality.
      return letters >= 3 && !/\d{3}/.test(text);
    case 'sex':
      return /^[MFXWD](\s*\/\s*[MFXWD])?$/i.test(text.trim());
    case 'issuing_authority':
    case 'permit_type':
      return letters >= 2;
    case 'address':
    case 'remarks':
    case 'height':
    case 'tax_code':
    case 'parents':
    case 'signature':
      return text.length > 0;
    case 'title':
      return false;
  }
}

function fitsLabel(hit: LabelHit, text: string): boolean {
  if (hit.ambiguous) return parseFrontDate(text) !== null;
  if (hit.fields.length > 1) return parseFrontDate(text) !== null || fits(hit.fields[0]!, text);
  return fits(hit.fields[0]!, text);
}

interface Pair {
  hit: LabelHit;
  block: Block;
  cost: number;
}

/**
 * Candidate (label, block) pairs with their cost in glyph heights: a block left-aligned under the
 * label is cheapest, then a block right of it on its line (the wider the gap the dearer), then a
 * block under the label's span but not aligned with it.
 */
function candidates(hits: readonly LabelHit[], blocks: readonly Block[], lines: readonly Line[]): Pair[] {
  const out: Pair[] = [];
  const overlapY = (p: { y0: number; y1: number }, q: { y0: number; y1: number }): number => Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
  const words = lines.flatMap((l) => l.words);
  for (const hit of hits) {
    const h = heightOf(hit.words);
    for (const b of blocks) {
      // Side by side: the value's line and the label's overlap in height (a larger value set on the
      // label's baseline is a line of its own to OCR, a little higher).
      // Values are printed larger than their labels: a block in the label's own type size beside it is
      // more likely the rest of a label OCR garbled ("Geburtsort / cure of tes" for "Place of birth").
      const labelSized = b.h < h * 1.15 && !/[\p{Lu}\d]{2}/u.test(textOf(b.words)) ? 2.5 : 0;
      // A label and its value share a baseline where the value is printed beside it: a value twice the
      // label's size rises above it and overlaps it only a little, but their bottoms meet.
      const baseline = Math.abs(b.y1 - hit.y1) <= 0.35 * (b.y1 - b.y0);
      const beside = overlapY(hit, b) >= 0.4 * Math.min(hit.y1 - hit.y0, b.y1 - b.y0) || (baseline && overlapY(hit, b) > 0);
      // A block reaching the label's line but starting left of its end is no value beside it; one that
      // lies mostly lower may still be the value under it ("RABAT (MAR)" whose parenthesis OCR boxed tall).
      if (beside && !hangsUnder(b, hit, words) && b.x0 >= hit.x1 - h * 0.5) {
        if (hits.some((o) => o !== hit && o.x0 > hit.x0 && o.x0 < b.x0 && overlapY(o, b) > 0)) continue;
        // The gap in the larger of the two type sizes: a small label's value sits many label heights away.
        out.push({ hit, block: b, cost: (baseline ? 0.25 : 1) + (b.x0 - hit.x1) / Math.max(h, b.h) / 4 + labelSized });
        continue;
      }
      // The block's top as most of its words have it: one glyph boxed tall ("(MAR)" of "RABAT (MAR)") does not
      // lift the value into the label's line.
      const gap = topOf(b) - hit.y1;
      if ((b.y0 + b.y1) / 2 <= hit.y1 || gap < -h * 0.5 || gap > Math.max(h, b.h) * 3) continue;
      // Nothing of that column between the label and the block (another label, another value).
      const between = lines.some((l) => l.words.some((w) => (w.y0 + w.y1) / 2 > hit.y1 && w.y1 <= b.y0 + 1 && w.x1 > b.x0 && w.x0 < b.x1));
      if (between) continue;
      const dx = Math.abs(b.x0 - hit.x0);
      if (dx <= h * 2.5) out.push({ hit, block: b, cost: gap / h + dx / h / 2 + labelSized });
      else if (b.x0 >= hit.x0 - h && b.x0 < hit.x1) out.push({ hit, block: b, cost: 4 + gap / h + labelSized });
    }
  }
  return out.sort((a, b) => a.cost - b.cost);
}

/** The median of a block's words' tops. */
function topOf(b: Block): number {
  const ys = b.words.map((w) => w.y0).sort((p, q) => p - q);
  const m = ys.length >> 1;
  return ys.length % 2 ? ys[m]! : (ys[m - 1]! + ys[m]!) / 2;
}

/**
 * A block that reaches the label's line only with its top, under a word of that line (another column's
 * label OCR could not read, its value under it): it hangs below the line, it does not stand beside the
 * label ("FIRENZE" under "LUOGO DI NASCITA" is not the value of "ISSUED BY" a column to its left). A value
 * beside its label has no word of the label's line over it.
 */
function hangsUnder(b: Block, hit: LabelHit, words: readonly PositionedWord[]): boolean {
  const mid = (w: { y0: number; y1: number }): number => (w.y0 + w.y1) / 2;
  if (mid(b) <= hit.y1) return false;
  return words.some(
    (w) => !b.words.includes(w) && !hit.words.includes(w) && mid(w) >= hit.y0 && mid(w) <= hit.y1 && w.x1 > b.x0 && w.x0 < b.x1,
  );
}

function confidenceOf(words: readonly PositionedWord[]): number {
  return words.reduce((s, w) => s + (w.confidence ?? 1), 0) / Math.max(1, words.length);
}

/**
 * A printed date: day, month (number or name), four-digit year, separated by '.', '/', '-' or spaces.
 * The day may hold the letters OCR reads for 0, 1 and 8 ("Ol MAY 2022", "2B/11/2021"); they count as those digits.
 */
export const DATE_SOURCE = String.raw`((?<![\p{L}\d])[\dOoIlB]{1,2})(?:\s*[./-]\s*|\s+)(\d{1,2}|[A-Za-zÀ-ÿ]{3,9})(?:\.?\s+|\s*[./-]\s*)(\d{4})`;
const DATE_RE = new RegExp(DATE_SOURCE, 'u');

/** A combined label's value split into its parts: the date, and the rest (the place) on either side of it. */
export function splitCombined(text: string): { date: string | null; rest: string | null } {
  const m = DATE_RE.exec(text);
  if (!m) return { date: null, rest: text.trim() || null };
  const rest = (text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length))
    .replace(/\s+/g, ' ')
    .trim();
  return { date: m[0], rest: stripSeparators(rest) || null };
}

/** A place without the separators that stood between it and its date (", ", " - "). */
function stripSeparators(s: string): string {
  const sep = (c: string): boolean => ',;:/-– '.includes(c);
  let a = 0;
  let b = s.length;
  while (a < b && sep(s[a]!)) a++;
  while (b > a && sep(s[b - 1]!)) b--;
  return s.slice(a, b);
}

/** Fields of free text that are not delivered: their values do not keep a place of birth from being read. */
const FREE_TEXT_FIELDS: readonly IdLabelField[] = ['permit_type', 'remarks'];

/** Reads every labelled field on the pages; the first page that has a field gives it. */
export function readFront(pages: readonly WordPage[], excludeBoxes: readonly { page: number; bbox: BBox }[] = []): FrontFields {
  const out: FrontFields = {};
  let unlabelledAuthority: FrontValue | undefined;
  let unlabelledNumber: FrontValue | undefined;
  const unlabelledPlaces: FrontValue[] = [];
  for (const page of pages) {
    const excl = excludeBoxes.filter((e) => e.page === page.page).map((e) => e.bbox);
    // The MRZ's words go, not whole lines: a card beside the MRZ's (both sides photographed side by side)
    // prints its fields at the MRZ lines' height.
    const inZone = (w: PositionedWord): boolean => excl.some((b) => w.y0 >= b[1] - 2 && w.y1 <= b[3] + 2 && w.x1 >= b[0] - 2 && w.x0 <= b[2] + 2);
    const lines = buildLines({ ...page, words: page.words.filter((w) => !inZone(w)) });
    const hits = withCrossLineLabels(lines, lines.flatMap((l, i) => labelsOfLine(l, i)));
    const labelWords = new Set(hits.flatMap((h) => h.words));
    const blocks = lines.flatMap((l, i) => blocksOf(l, i, labelWords));
    const takenHit = new Set<LabelHit>();
    const takenBlock = new Set<Block>();
    const freeTextBlocks = new Set<Block>();
    const found: FrontFields = {};
    for (const { hit, block } of candidates(hits, blocks, lines)) {
      if (takenHit.has(hit) || takenBlock.has(block)) continue;
      const text = hit.ambiguous ? textOf(block.words) : withoutLabelWords(textOf(block.words));
      if (!fitsLabel(hit, text)) continue;
      takenHit.add(hit);
      takenBlock.add(block);
      if (!hit.ambiguous && hit.fields.every((f) => FREE_TEXT_FIELDS.includes(f))) freeTextBlocks.add(block);
      const base = { page: page.page, bbox: bboxOf(block.words), confidence: confidenceOf(block.words) };
      const put = (field: FrontField, value: string | null): void => {
        if (value && !found[field]) found[field] = { ...base, value };
      };
      if (hit.ambiguous) put('validity', text);
      else if (hit.fields.length > 1) {
        const { date, rest } = splitCombined(text);
        for (const f of hit.fields) put(f as FrontField, f === 'birth_date' ? date : rest);
      } else if (isFrontField(hit.fields[0]!)) put(hit.fields[0], text);
    }
    // An authority's name runs on in words OCR put on a line of their own beside it ("Main" a little
    // higher than "Stadt Frankfurt am", "BUREAU" after "GARDA NATIONAL IMMIGRATION"). Unlabelled (its label read as noise), an authority is known by the word it is named with.
    const labelled = found.issuing_authority ? blocks.find((b) => takenBlock.has(b) && sameBox(b, found.issuing_authority!.bbox)) : undefined;
    const authority = authorityBlock(labelled, blocks, takenBlock);
    if (authority) {
      const v = { page: page.page, bbox: bboxOf(authority), confidence: confidenceOf(authority), value: splitJoinedAuthority(withoutLabelWords(textOf(authority))) };
      if (labelled) found.issuing_authority = v;
      else unlabelledAuthority ??= v;
    }
    for (const [k, v] of Object.entries(found) as [FrontField, FrontValue][]) out[k] ??= v;
    // Words another delivered field took are no place; a free-text field nobody delivers (a permit's type, its
    // remarks) may have taken part of one (a one-word label read in a value: "Permission" of "Permission to work").
    const takenWords = new Set([...takenBlock].filter((b) => !freeTextBlocks.has(b)).flatMap((b) => b.words));
    for (const l of lines) {
      const words = placeBeforeState(l, labelWords);
      if (!words || words.some((w) => takenWords.has(w))) continue;
      const place = placeWithState(withoutLabelWords(joinedText(words)));
      if (place) unlabelledPlaces.push({ page: page.page, bbox: bboxOf(words), confidence: confidenceOf(words), value: place });
    }
    // A document number printed without a label (in a corner, in its own typeface): one free word of
    // 8-10 capitals and digits, at least three of them digits, on the page.
    const numbers = blocks
      .filter((b) => !takenBlock.has(b))
      .flatMap((b) => b.words)
      .filter((w) => isBareNumber(w.text));
    if (numbers.length === 1 && !found.document_number) {
      const w = numbers[0]!;
      unlabelledNumber ??= { page: page.page, bbox: [w.x0, w.y0, w.x1, w.y1], confidence: w.confidence ?? 1, value: bareNumber(w.text) };
    }
  }
  if (unlabelledAuthority) out.issuing_authority ??= unlabelledAuthority;
  if (unlabelledNumber) out.document_number ??= unlabelledNumber;
  // A place with its state's code in brackets ("KONYA (TUR)", "CEBU CITY (PHL)"), as permits print the place
  // of birth, where its label did not read: one such value on the pages, else none.
  if (new Set(unlabelledPlaces.map((p) => p.value)).size === 1) out.birth_place ??= unlabelledPlaces[0]!;
  return out;
}

/**
 * The words of a line's run that ends in a bracketed state code ("(TUR)", "(MAR"): the code and the words
 * before it in one type size, up to a column gap, a label's word or a number (a date of another column OCR ran into it is
 * after the code, and left out). The code's box may be much smaller than the place's (OCR boxed "DELHI"
 * tall): it is taken whatever its size, which the blocks do not (a speck beside a value is no value).
 */
function placeBeforeState(line: Line, labelWords: ReadonlySet<PositionedWord>): PositionedWord[] | null {
  const h = heightOf(line.words);
  const j = line.words.findIndex((w) => /^\([A-Z]{3}\)?$/.test(w.text) && knownState(w.text.slice(1, 4)));
  if (j <= 0) return null;
  // The place's type: its last word's; a word in smaller or larger type before it is another's (a label OCR garbled).
  const ref = line.words[j - 1]!.y1 - line.words[j - 1]!.y0;
  let k = j;
  while (k > 0) {
    const w = line.words[k - 1]!;
    const wh = w.y1 - w.y0;
    // A piece of the same word (pieceOfWord) is measured by nothing: OCR boxes the pieces of one word in different heights.
    const piece = k < j && pieceOfWord(w, line.words[k]!);
    if (labelWords.has(w) || /\d/.test(w.text) || line.words[k]!.x0 - w.x1 > h * 1.8 || (!piece && (wh < ref * 0.7 || wh > ref / 0.7))) break;
    k--;
  }
  return k < j ? line.words.slice(k, j + 1) : null;
}

/**
 * Two words that are pieces of one word OCR cut apart ("ALE" "XAN" "DRIA" for ALEXANDRIA on a scanned card): letters
 * only, the second starting where the first ends (under a quarter of the smaller glyph height apart: a space between
 * words is about half a capital's height).
 */
function pieceOfWord(a: PositionedWord, b: PositionedWord): boolean {
  const small = Math.min(a.y1 - a.y0, b.y1 - b.y0);
  const gap = b.x0 - a.x1;
  return /^\p{L}+$/u.test(a.text) && /^\p{L}+$/u.test(b.text) && gap >= -small * 0.25 && gap <= small * 0.25;
}

/** A run of words' text, the pieces of one word (pieceOfWord) joined without a space. */
function joinedText(words: readonly PositionedWord[]): string {
  return words.map((w, i) => (i > 0 && !pieceOfWord(words[i - 1]!, w) ? ' ' : '') + w.text).join('');
}

/**
 * A place followed by an ICAO 9303 state code in brackets ("KONYA (TUR)", "Cebu City (PHL)"; the closing
 * bracket may be lost): the place as printed, code included; null for anything else. The place is letters
 * (three or more, no digits: an address has its house number and postcode), the code a known state.
 */
export function placeWithState(text: string): string | null {
  const m = /^(\p{Lu}[\p{L}'.\- ]*\p{L})\s*\(([A-Z]{3})\)?$/u.exec(text.trim());
  if (!m || m[1]!.replace(/[^\p{L}]/gu, '').length < 3 || !knownState(m[2]!)) return null;
  if (withoutLabelWords(m[1]!) !== m[1]) return null;
  return `${m[1]!} (${m[2]!})`;
}

/**
 * The place of birth where its label did not read: the words printed in one run with the birth date —
 * a combined field's value ("ALEXANDRIA 14.11.1996" under an unread "LUOGO E DATA DI NASCITA") — split off
 * the date as a combined label's value is. The date is the holder's birth date as another reading gives it
 * (the MRZ's, its check digit holding, or the labelled date); the rest must be in the value's type (not
 * smaller than the date: a garbled label is), not label words, and a place (three letters or more, no
 * number); one such run on the pages, else none.
 */
export function placeBesideBirthDate(pages: readonly WordPage[], excludeBoxes: readonly { page: number; bbox: BBox }[], birthIso: string): FrontValue | null {
  const found: FrontValue[] = [];
  for (const page of pages) {
    const excl = excludeBoxes.filter((e) => e.page === page.page).map((e) => e.bbox);
    const inZone = (w: PositionedWord): boolean => excl.some((b) => w.y0 >= b[1] - 2 && w.y1 <= b[3] + 2 && w.x1 >= b[0] - 2 && w.x0 <= b[2] + 2);
    const lines = buildLines({ ...page, words: page.words.filter((w) => !inZone(w)) });
    const labelWords = new Set(lines.flatMap((l, i) => labelsOfLine(l, i)).flatMap((h) => h.words));
    for (const b of lines.flatMap((l, i) => withRuns(l, blocksOf(l, i, labelWords)))) {
      const text = textOf(b.words);
      const { date, rest } = splitCombined(text);
      if (!date || !rest || parseFrontDate(date) !== birthIso) continue;
      const first = b.words.findIndex((w) => date.startsWith(w.text) || w.text.includes(date));
      const last = b.words.findLastIndex((w) => date.endsWith(w.text) || w.text.includes(date));
      if (first < 0 || last < first) continue;
      const dateH = heightOf(b.words.slice(first, last + 1));
      // The words next to the date in the value's type, on one side of it: smaller type further out is a
      // label OCR could not read ("... OATE oF sinte: MANILA 26.07.1968").
      const valueType = (w: PositionedWord): boolean => w.y1 - w.y0 >= dateH * 0.8;
      let a = first;
      while (a > 0 && valueType(b.words[a - 1]!)) a--;
      let z = last;
      while (z < b.words.length - 1 && valueType(b.words[z + 1]!)) z++;
      if ((a < first) === (z > last)) continue;
      const restWords = a < first ? b.words.slice(a, first) : b.words.slice(last + 1, z + 1);
      const place = stripSeparators(textOf(restWords));
      if (withoutLabelWords(place) !== place || !fits('birth_place', place) || /\d/.test(place)) continue;
      found.push({ value: place, page: page.page, bbox: bboxOf(restWords), confidence: confidenceOf(restWords) });
    }
  }
  const places = [...new Map(found.map((f) => [f.value, f])).values()];
  return places.length === 1 ? places[0]! : null;
}

/**
 * A line's blocks and, where two or more follow one another a word's gap apart, their run as one block: a
 * place and its date that OCR boxed in different sizes ("MUMBAI 08." tall, "05.1997" small) are cut into
 * blocks, but they are one value.
 */
function withRuns(line: Line, blocks: readonly Block[]): Block[] {
  const h = heightOf(line.words);
  const out = [...blocks];
  for (let a = 0; a < blocks.length; a++) {
    let z = a;
    while (z + 1 < blocks.length && blocks[z + 1]!.x0 - blocks[z]!.x1 <= h * 1.8 && blocks[z + 1]!.x0 >= blocks[z]!.x0) z++;
    if (z === a) continue;
    const words = blocks.slice(a, z + 1).flatMap((b) => b.words);
    const box = bboxOf(words);
    out.push({ line: blocks[a]!.line, words, x0: box[0], y0: box[1], x1: box[2], y1: box[3], h: heightOf(words) });
    a = z;
  }
  return out;
}

function bareNumber(text: string): string {
  const ok = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9]/.test(c);
  let a = 0;
  let b = text.length;
  while (a < b && !ok(text[a])) a++;
  while (b > a && !ok(text[b - 1])) b--;
  return text.slice(a, b);
}

function isBareNumber(text: string): boolean {
  const t = bareNumber(text);
  return /^[A-Z0-9]{8,10}$/.test(t) && (t.match(/\d/g) ?? []).length >= 3;
}

function sameBox(b: Block, box: BBox): boolean {
  return b.x0 === box[0] && b.y0 === box[1] && b.x1 === box[2] && b.y1 === box[3];
}

/**
 * The authority's words: the labelled block with the blocks that continue it, or (no label read) the
 * first free block that opens with an authority's word (data/id-labels.data.ts AUTHORITY_WORDS) from
 * that word on. Continuations are free blocks right after it on a line OCR split off (a word whose box
 * is a little higher). A line under it is another field's value (values are printed on one line).
 */
function authorityBlock(labelled: Block | undefined, blocks: readonly Block[], taken: ReadonlySet<Block>): PositionedWord[] | null {
  if (labelled) return grownAuthority(labelled.words, labelled, true, blocks, taken);
  // Unlabelled, a name of two words or more before a word alone, and of words alone the longest: "HOME" (a
  // misread "NOME" label) is no "QUESTURA" further down.
  let single: PositionedWord[] | null = null;
  for (const b of blocks) {
    if (taken.has(b)) continue;
    // A two-letter word ("BH", "MA") names an authority only before more words.
    const k = b.words.findIndex((w, i) => isAuthorityWord(w.text) && (foldUpper(w.text).length > 2 || i < b.words.length - 1));
    if (k < 0 || /\d{4}/.test(textOf(b.words))) continue;
    const words = grownAuthority(b.words.slice(k), b, false, blocks, taken);
    if (words.length >= 2) return words;
    // Of single words, the longest ("QUESTURA" before "HOME").
    if (!single || letters(words[0]!.text) > letters(single[0]!.text)) single = words;
  }
  return single;
}

const letters = (t: string): number => t.replace(/[^\p{L}]/gu, '').length;

/** An authority's first words with the blocks that continue it (authorityBlock). */
function grownAuthority(start: readonly PositionedWord[], from: Block, labelled: boolean, blocks: readonly Block[], taken: ReadonlySet<Block>): PositionedWord[] {
  const words = [...start];
  const used = new Set<Block>([from]);
  for (let more = true; more; ) {
    more = false;
    const box = bboxOf(words);
    const h = heightOf(words);
    for (const b of blocks) {
      if (used.has(b) || taken.has(b) || /\d/.test(textOf(b.words))) continue;
      // OCR boxes of one line differ in height (a word's box takes in a mark above it): the smaller of
      // the two measures the gap, and the type sizes must not differ more than that.
      const small = Math.min(h, b.h);
      const overlapY = Math.min(box[3], b.y1) - Math.max(box[1], b.y0);
      // A box OCR drew too wide ("COMUNE" over the start of "DI TORINO") overlaps the next a little.
      const beside = overlapY >= 0.5 * Math.min(box[3] - box[1], b.y1 - b.y0) && b.x0 >= box[2] - small * 1.5 && b.x1 > box[2] + small && b.x0 - box[2] <= small * 1.5;
      // One word OCR boxed far taller than its print (a mark above or below it taken in: "IMMIGRATION" 17 pt over
      // "SERVICE DELIVERY" 6 pt) has its line's type at its centre: words in smaller type centred on it, a word's gap
      // after it, run on. A smaller word on its baseline instead sits low in the box (a label beside a value) and does not.
      const tallBox = words.length === 1 && Math.abs((b.y0 + b.y1) / 2 - (box[1] + box[3]) / 2) <= b.h * 0.25;
      if (!beside || (b.h < h * 0.4 && !tallBox) || b.h > h * 2.5) continue;
      words.push(...b.words);
      used.add(b);
      more = true;
      break;
    }
  }
  // Known by its word (no label), the name may open left of it in a block OCR put on a line of its own
  // ("GARDA NATIONAL" a little lower than "IMMIGRATION BUREAU"): a block just left of it, in its type, that
  // opens with an authority's word too.
  for (let more = !labelled; more; ) {
    more = false;
    const box = bboxOf(words);
    const h = heightOf(words);
    for (const b of blocks) {
      if (used.has(b) || taken.has(b) || /\d/.test(textOf(b.words)) || !isAuthorityWord(b.words[0]!.text)) continue;
      const small = Math.min(h, b.h);
      const overlapY = Math.min(box[3], b.y1) - Math.max(box[1], b.y0);
      const beside = overlapY >= 0.5 * Math.min(box[3] - box[1], b.y1 - b.y0) && b.x1 <= box[0] + small * 0.3 && box[0] - b.x1 <= small * 1.5;
      if (!beside || b.h < h * 0.4 || b.h > h * 2.5) continue;
      words.unshift(...b.words);
      used.add(b);
      more = true;
      break;
    }
  }
  return words;
}

/**
 * An authority's name whose words OCR ran together ("QUESTURADIVERONA" for "QUESTURA DI VERONA"): a word that
 * opens with an authority's word of five letters or more (AUTHORITY_WORDS) and runs on with a joining word
 * (Italian "DI", German "VON", French "DE") and a name of three letters or more is split into them; a word
 * without the joining word is left whole ("STADTVERWALTUNG"). A joining "DI" OCR misread ("O1") is read as one.
 */
export function splitJoinedAuthority(text: string): string {
  return text
    .split(' ')
    // "DI" after an authority's word, read as "O1", "0I", "Dl": OCR's confusions of its two glyphs.
    .map((w, i, all) => (i > 0 && isAuthorityWord(all[i - 1]!) && /^[O0Do][I1l|!i]$/.test(w) && i < all.length - 1 ? 'DI' : w))
    .map((w) => {
      const t = foldUpper(w);
      if (t !== w) return w;
      const a = AUTHORITY_WORDS.find((x) => x.length >= 5 && t.startsWith(x) && t.length >= x.length + 3 && /^[A-Z]+$/.test(t));
      if (!a) return w;
      const rest = w.slice(a.length);
      // Only with its joining word: "STADTVERWALTUNG" is one word.
      const join = /^(DI|VON|DE)(?=[A-Z]{3})/.exec(rest);
      return join ? `${w.slice(0, a.length)} ${join[1]!} ${rest.slice(join[1]!.length)}` : w;
    })
    .join(' ');
}

function isAuthorityWord(text: string): boolean {
  const t = foldUpper(text).replace(/[^A-Z]/g, '');
  return t.length >= 2 && AUTHORITY_WORDS.some((a) => t === a || (a.length >= 7 && editDistance(t, a, 2) <= 1));
}

function isFrontField(f: IdLabelField): f is FrontField & IdLabelField {
  return !['address', 'remarks', 'height', 'tax_code', 'parents', 'signature', 'title'].includes(f);
}

/**
 * dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy, dd mm yyyy and dd MON yyyy (it/de/en month names, as in
 * data/months.data.ts) → ISO; null otherwise.
 */
export function parseFrontDate(s: string): string | null {
  const m = DATE_RE.exec(s);
  if (!m) return null;
  const d = Number(m[1]!.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/B/g, '8'));
  const mo = /^\d+$/.test(m[2]!) ? Number(m[2]) : (MONTHS[m[2]!.toLowerCase()] ?? MONTHS[m[2]!.toLowerCase().slice(0, 3)] ?? 0);
  const y = Number(m[3]);
  if (mo < 1 || mo > 12) return null;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * True when the fields show a front side: the holder's name under its labels. Back sides carry
 * the MRZ, birth, address and remarks fields; names printed with labels are the front's.
 */
export function looksLikeFront(f: FrontFields): boolean {
  return f.surname !== undefined || f.given_names !== undefined || f.full_name !== undefined;
}

