/**
 * The account holder, as printed and without honorifics, from two independent
 * sources:
 *  - a labelled field ("Intestatario", "Kontoinhaber", "Account name" …) with its
 *    value right of the label or under it;
 *  - the address window, found by geometry rather than by one layout: a
 *    left-aligned block of two to seven lines on the top half of page 1 — an
 *    optional sender line, an optional salutation, the name line(s), the street,
 *    the postcode and city — that is not the bank's own letterhead.
 * A labelled value wins; the window answers when there is no label. Joint holders
 * keep their conjunction ("ROSSI MARIO E BIANCHI ANNA"), companies their legal form.
 */
import { trimRuns } from '../../text.ts';
import type { Found } from './label-value.ts';
import { BANK_WORD } from '../../data/keywords.data.ts';
import { COMPANY_FORMS, HOLDER_LABELS, SALUTATIONS, WEAK_HOLDER_LABELS } from '../../data/header-vocab.data.ts';
import { compileLabels, labelsOnLine, valuesOf } from './label-value.ts';
import type { Line, PositionedWord } from '../../layout/model.ts';
import { bboxOf } from '../../layout/model.ts';
import { fold, makePhrase, type Phrase } from '../../layout/lines.ts';

const LABELS = compileLabels(HOLDER_LABELS);

/** Words that begin another field's label or a non-name line: never a holder value. */
const NOT_A_NAME =
  /^(iban|bic|swift|codice|coordinate|conto|konto|kontonummer|account|acc|a\/c|currency|divisa|moneta|wahrung|kontowahrung|periodo|period|zeitraum|data|date|datum|saldo|balance|kontostand|blz|abi|cab|cin|c\/c|filiale|dipendenza|branch|sort|nsc|statement|estratto|kontoauszug|page|pagina|seite|tel|telefon|telefono|phone|fax|email|e-mail|www|http|p\.?\s?iva|partita|steuer|ust|vat|n\.|nr\.?|no\.?|numero|nummer|auszug|international|bank|banca|kontoverbindung|bankverbindung|bankverbindungen|kontodaten|coordinate|estremi|riepilogo|ubersicht|kontoubersicht|summary|details|ihre|your|il suo|prodotto|product|tipo|type|rapporto|valuta|value|importo|amount|betrag)\b/;

const SALUTATION_RE = new RegExp(
  `^(?:${[...SALUTATIONS]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|')})(?=\\s|$)\\s*`,
  'i',
);

const COMPANY_RE = new RegExp(
  `(?:^|\\s)(?:${COMPANY_FORMS.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})(?=\\s|$|,)`,
  'i',
);

/** The honorifics before a name removed ("Gent.mo Sig. ROSSI MARIO" → "ROSSI MARIO"). */
export function stripSalutation(s: string): string {
  let out = s.trim();
  for (let i = 0; i < 3; i++) {
    const m = SALUTATION_RE.exec(fold(out));
    if (!m || m[0].length === 0) break;
    out = out.slice(m[0].length).trim();
  }
  return out;
}

/** Only a salutation ("Herrn", "Gentile Signor", "Spett.le"): a line of its own above the name. */
export function isSalutationOnly(s: string): boolean {
  const t = s.trim();
  return t.length > 0 && stripSalutation(t).length === 0;
}

/**
 * A printed name: letters, at most a few words, no field label, no digits unless
 * a company form says it is a firm ("Immobiliare 2000 S.r.l.").
 */
export function looksLikeName(raw: string): boolean {
  const s = raw.trim();
  if (s.length < 3 || s.length > 90) return false;
  if (/[:@]|\bwww\.|https?:/.test(s)) return false;
  const letters = s.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3 || letters < s.replace(/\s/g, '').length * 0.6) return false;
  if (/\d/.test(s) && !COMPANY_RE.test(s)) return false;
  if (NOT_A_NAME.test(fold(s))) return false;
  const words = s.split(/\s+/);
  if (words.length > 9) return false;
  return true;
}

export function cleanName(s: string): string {
  // (runs of separators at either end trimmed in one linear pass)
  return trimRuns(stripSalutation(s.replace(/\s+/g, ' ')), ',;: ').trim();
}

export interface HolderOptions {
  /** The bank's name, when known: its letterhead block is not the address window. */
  bankName?: string | null;
}

/**
 * A strong label's value first; the address window next; a weak label ("Name",
 * "Kunde", "Customer") without a colon only when there is neither.
 */
export function findHolder(lines: readonly Line[], opts: HolderOptions = {}): Found<string> | null {
  const labelled = labelledHolders(lines);
  const strong = labelled.find((c) => c.rank >= 2);
  if (strong) return strong.found;
  return windowHolder(lines, opts) ?? labelled[0]?.found ?? null;
}

export interface LabelledHolder {
  found: Found<string>;
  /** 2 = a strong label, or a weak one with a colon; 1 = a weak label without a colon. */
  rank: number;
}

/** Values of holder labels in document order, best rank first. */
export function labelledHolders(lines: readonly Line[]): LabelledHolder[] {
  const out: LabelledHolder[] = [];
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    for (const hit of labelsOnLine(l, k, LABELS)) {
      const weak = WEAK_HOLDER_LABELS.has(hit.label);
      const rank = weak && !hit.colon ? 1 : 2;
      const values = valuesOf(lines, hit, 1);
      // A row of stacked labels ("KONTOINHABER      KONTOVERBINDUNG") puts the next label, not the
      // value, right of this one: a distant cell on the line yields to a name under the label.
      const lw = l.words[hit.to - 1]!;
      const inline = values.find((v) => v.where === 'inline');
      const below = values.find((v) => v.where === 'below');
      if (
        inline &&
        below &&
        inline.words[0]!.x0 - lw.x1 > (lw.y1 - lw.y0) * 3 &&
        looksLikeName(cleanName(below.text))
      )
        values.splice(values.indexOf(inline), 1);
      for (const v of values) {
        const name = cleanName(v.text);
        if (!looksLikeName(name)) {
          if (v.where === 'inline') continue;
          break;
        }
        out.push({
          found: { value: name, confidence: rank === 2 ? 0.9 : 0.7, page: l.page, bbox: bboxOf(v.words) },
          rank,
        });
        break;
      }
    }
  }
  return out.sort((a, b) => b.rank - a.rank);
}

interface Block {
  phrases: Phrase[];
  x0: number;
}

const POSTCODE_LINE =
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- tested through isPostcodeLine on lines of at most 80 characters
  /^(?:(?:[A-Z]{1,2}|I|D|A|CH)\s?-\s?)?\d{4,5}\s+\p{L}|^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$|^[A-Z]\d{2}\s?[A-Z\d]{4}$|^\p{L}[\p{L} .'-]+,?\s+(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{4,5})$|^dublin\s+\d{1,2}$/iu;

const isPostcodeLine = (t: string): boolean => t.length <= 80 && POSTCODE_LINE.test(t);

/**
 * The address window: left-aligned phrase blocks on the top half of page 1 that
 * end in (or contain) a postcode line, have a name line before the first line
 * with a digit, and do not name the bank.
 */
export function windowHolder(lines: readonly Line[], opts: HolderOptions = {}): Found<string> | null {
  const page1 = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  if (page1.length === 0) return null;
  const bottom = Math.max(...page1.map((l) => l.y1));
  const top = page1.filter((l) => l.y0 < Math.max(bottom, 600) * 0.5);
  const blocks = buildBlocks(top);
  const bank = opts.bankName ? fold(opts.bankName) : null;
  let best: { score: number; name: string; words: PositionedWord[]; page: number } | null = null;
  for (const b of blocks) {
    const texts = b.phrases.map((p) => p.text.trim());
    const hMed = median(b.phrases.map(textHeight));
    for (let pc = 1; pc < texts.length; pc++) {
      if (!isPostcodeLine(texts[pc]!)) continue;
      // Upwards from the postcode: the street (a line with a number; a city line may sit between), …
      let i = pc - 1;
      let street = false;
      for (let n = 0; n < 2 && i >= 0; n++) {
        const t = texts[i]!;
        if (/\d/.test(t) && !isPostcodeLine(t)) {
          street = true;
          i--;
          break;
        }
        if (n === 0 && /^\p{L}[\p{L} .'-]*$/u.test(t) && i > 0 && /\d/.test(texts[i - 1]!)) {
          i--;
          continue;
        }
        break;
      }
      if (!street) continue;
      // … then the name (one or two lines) and an optional salutation line above it.
      let salutation = false;
      const nameParts: { text: string; words: PositionedWord[] }[] = [];
      for (; i >= 0 && nameParts.length < 3; i--) {
        const t = texts[i]!;
        const ph = b.phrases[i]!;
        if (textHeight(ph) < hMed * 0.8 || /[·•|]/.test(t)) break; // sender line (DIN return address)
        if (isSalutationOnly(t)) {
          salutation = true;
          break;
        }
        if (/\d/.test(t) && !COMPANY_RE.test(t)) break;
        const stripped = stripSalutation(t);
        if (!looksLikeName(stripped)) break;
        nameParts.unshift({ text: stripped, words: ph.words });
        if (stripped !== t) {
          salutation = true;
          break;
        }
      }
      if (nameParts.length === 0 || nameParts.length > 2) continue;
      const name = cleanName(nameParts.map((p) => p.text).join(' '));
      if (!looksLikeName(name)) continue;
      const f = fold(name);
      if (BANK_WORD.test(f) || (bank && (f === bank || bank.includes(f) || f.includes(bank)))) continue;
      const score = (salutation ? 3 : 0) + (nameParts.length === 1 ? 1 : 0);
      if (!best || score > best.score)
        best = { score, name, words: nameParts.flatMap((p) => p.words), page: page1[0]!.page };
    }
  }
  if (!best) return null;
  return {
    value: best.name,
    confidence: best.score >= 3 ? 0.8 : 0.65,
    page: best.page,
    bbox: bboxOf(best.words),
  };
}

/** Phrases stacked in a column: the same left edge (±3 pt), each within ~1.6 line heights of the one above. */
function buildBlocks(lines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  const open: Block[] = [];
  for (const l of [...lines].sort((a, b) => a.y0 - b.y0)) {
    for (const p of cells(l)) {
      const h = Math.max(1, p.y1 - p.y0);
      const b = open.find((o) => {
        const last = o.phrases[o.phrases.length - 1]!;
        return Math.abs(o.x0 - p.x0) <= 3.5 && p.y0 - last.y1 <= h * 1.6 && p.y0 > last.y0;
      });
      if (b) b.phrases.push(p);
      else {
        const nb = { phrases: [p], x0: p.x0 };
        open.push(nb);
        blocks.push(nb);
      }
    }
  }
  return blocks;
}

/** A line's cells: words split at gaps wider than 1.5 × their height. */
function cells(l: Line): Phrase[] {
  const out: Phrase[] = [];
  let cur: PositionedWord[] = [];
  for (const w of l.words) {
    const prev = cur[cur.length - 1];
    const h = Math.max(1, w.y1 - w.y0, prev ? prev.y1 - prev.y0 : 0);
    if (prev && w.x0 - prev.x1 > h * 1.5) {
      out.push(makePhrase(cur));
      cur = [];
    }
    cur.push(w);
  }
  if (cur.length > 0) out.push(makePhrase(cur));
  return out;
}

/**
 * A phrase's text height: the median of its words' heights. On a scan one speck or a logo read as a
 * word ("ER" over a bank's mark) stretches the phrase's box, and a sender line in small print then
 * measured as tall as the name under it.
 */
function textHeight(p: Phrase): number {
  return p.words.length > 0 ? median(p.words.map((w) => w.y1 - w.y0)) : p.y1 - p.y0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
