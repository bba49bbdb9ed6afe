/**
 * Labelled fields printed on identity documents (Italian and German residence
 * permits and ID cards, with their English counterparts). A value is read on the
 * label's line after a colon/slash label, or on the next line below the label,
 * within the label's column.
 */
import type { BBox, Line, PositionedWord, WordPage } from '../layout/model.ts';
import { bboxOf } from '../layout/model.ts';
import { buildLines } from '../layout/lines.ts';

export type FrontField =
  | 'surname'
  | 'given_names'
  | 'birth_date'
  | 'birth_place'
  | 'birth_place_date'
  | 'citizenship'
  | 'expiration_date'
  | 'validity_start_date'
  | 'permit_type'
  | 'document_number'
  | 'issuing_authority'
  | 'sex';

/** Label patterns over folded (upper-case ASCII) text; longer, more specific patterns first. */
const LABELS: { field: FrontField; re: RegExp }[] = [
  { field: 'birth_place_date', re: /\bLUOGO E DATA DI NASCITA\b/ },
  { field: 'birth_date', re: /\b(DATA DI NASCITA|GEBURTSDATUM|DATE OF BIRTH)\b/ },
  { field: 'birth_place', re: /\b(LUOGO DI NASCITA|GEBURTSORT|PLACE OF BIRTH)\b/ },
  { field: 'given_names', re: /\b(VORNAMEN|VORNAME|GIVEN NAMES?|NOME|PRENOM)\b/ },
  { field: 'surname', re: /\b(COGNOME|SURNAME|FAMILIENNAME|NAME|NOM)\b/ },
  { field: 'citizenship', re: /\b(CITTADINANZA|NAZIONALITA|STAATSANGEHORIGKEIT|NATIONALITY)\b/ },
  { field: 'validity_start_date', re: /\b(DATA DI RILASCIO|DATA RILASCIO|RILASCIATO IL|AUSSTELLUNGSDATUM|DATE OF ISSUE)\b/ },
  { field: 'expiration_date', re: /\b(VALIDITA|VALIDO FINO AL|SCADENZA|GULTIG BIS|DATE OF EXPIRY|VALID UNTIL)\b/ },
  { field: 'permit_type', re: /\b(TIPO DI PERMESSO|TIPO PERMESSO|ART DES TITELS|TYPE OF PERMIT)\b/ },
  { field: 'document_number', re: /\b(NUMERO DOCUMENTO|N\. ?DOCUMENTO|DOCUMENTO N\.?|DOKUMENTENNUMMER|KARTENNUMMER|DOCUMENT NO\.?|DOCUMENT NUMBER)\b/ },
  { field: 'issuing_authority', re: /\b(RILASCIATO DA|AUTORITA|AUSSTELLENDE BEHORDE|BEHORDE|AUTHORITY)\b/ },
  { field: 'sex', re: /\b(SESSO|GESCHLECHT|SEX)\b/ },
];

/** Words that are labels themselves (bilingual labels like "COGNOME / SURNAME"). */
const LABEL_WORDS =
  /^(COGNOME|SURNAME|NOME|NAME|NAMES|GIVEN|VORNAMEN|DATA|DI|DATE|OF|BIRTH|NASCITA|LUOGO|PLACE|E|CITTADINANZA|NATIONALITY|NAZIONALITA|STAATSANGEHORIGKEIT|VALIDITA|SCADENZA|EXPIRY|VALID|UNTIL|GULTIG|BIS|TIPO|PERMESSO|TYPE|PERMIT|NUMERO|DOCUMENTO|DOCUMENT|NO|NUMBER|N|RILASCIO|RILASCIATO|DA|IL|ISSUE|AUTHORITY|AUTORITA|SESSO|SEX|GESCHLECHT|GEBURTSDATUM|GEBURTSORT|ART|DES|TITELS|BEHORDE|AUSSTELLENDE|AUSSTELLUNGSDATUM|\/|:)$/;

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

interface LabelHit {
  field: FrontField;
  line: Line;
  /** Index of the first and one past the last word of the label. */
  from: number;
  to: number;
}

function labelHits(line: Line): LabelHit[] {
  const folded = line.words.map((w) => foldUpper(w.text));
  const text = folded.join(' ');
  const starts: number[] = [];
  let pos = 0;
  for (const w of folded) {
    starts.push(pos);
    pos += w.length + 1;
  }
  const wordAt = (offset: number): number => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= offset) i++;
    return i;
  };
  const hits: LabelHit[] = [];
  const taken = new Set<number>();
  for (const { field, re } of LABELS) {
    const g = new RegExp(re.source, 'g');
    for (const m of text.matchAll(g)) {
      const from = wordAt(m.index);
      let to = wordAt(m.index + m[0].length - 1) + 1;
      // Bilingual labels ("NOME / NAME", OCR'd "NOME /NAME" or "NOME/ NAME"): the part after the slash belongs to this label.
      for (;;) {
        if (folded[to] === '/' && to + 1 < folded.length) to += 2;
        else if (to < folded.length && (/^\/[A-Z]/.test(folded[to]!) || folded[to - 1]!.endsWith('/'))) to += 1;
        else break;
      }
      let clash = false;
      for (let k = from; k < to; k++) if (taken.has(k)) clash = true;
      if (clash) continue;
      for (let k = from; k < to; k++) taken.add(k);
      hits.push({ field, line, from, to });
    }
  }
  return hits.sort((a, b) => a.from - b.from);
}

/** Reads every labelled field on the pages; the first occurrence of a field wins. */
export function readFront(pages: readonly WordPage[], excludeBoxes: readonly { page: number; bbox: BBox }[] = []): FrontFields {
  const out: FrontFields = {};
  for (const page of pages) {
    const excl = excludeBoxes.filter((e) => e.page === page.page).map((e) => e.bbox);
    const lines = buildLines(page).filter((l) => !excl.some((b) => l.y0 >= b[1] - 2 && l.y1 <= b[3] + 2));
    const hitsByLine = lines.map(labelHits);
    const labelWordSet = new Set<PositionedWord>();
    hitsByLine.forEach((hs) => hs.forEach((h) => h.line.words.slice(h.from, h.to).forEach((w) => labelWordSet.add(w))));
    lines.forEach((line, li) => {
      const hits = hitsByLine[li]!;
      hits.forEach((h, hi) => {
        if (out[h.field]) return;
        const nextHit = hits[hi + 1];
        const colEnd = nextHit ? line.words[nextHit.from]!.x0 : Infinity;
        const v = valueFor(h, colEnd, lines, li, hitsByLine, labelWordSet);
        if (v) out[h.field] = { ...v, page: page.page };
      });
    });
  }
  return out;
}

function valueFor(
  h: LabelHit,
  colEnd: number,
  lines: readonly Line[],
  li: number,
  hitsByLine: readonly LabelHit[][],
  labelWords: ReadonlySet<PositionedWord>,
): Omit<FrontValue, 'page'> | null {
  const labelWordsHere = h.line.words.slice(h.from, h.to);
  const x0 = labelWordsHere[0]!.x0;
  const height = Math.max(...labelWordsHere.map((w) => w.y1 - w.y0), 1);
  // Inline: the rest of the label's cell, after bilingual label words and a colon.
  let k = h.to;
  const rest = h.line.words;
  while (k < rest.length && rest[k]!.x0 < colEnd && isLabelWord(rest[k]!.text)) k++;
  const inline = rest.slice(k).filter((w) => w.x0 < colEnd && !labelWords.has(w));
  const hadColon = rest.slice(h.from, k).some((w) => w.text.endsWith(':')) || h.line.words[h.to - 1]!.text.endsWith(':');
  if (inline.length > 0 && (hadColon || inline[0]!.x0 - rest[k - 1]!.x1 < height * 3)) return pack(inline);
  // Below: the first line under the label with words in its column.
  for (let j = li + 1; j < lines.length && j <= li + 3; j++) {
    const line = lines[j]!;
    if (line.y0 - h.line.y1 > height * 3.5) break;
    if (hitsByLine[j]!.some((o) => Math.abs(o.line.words[o.from]!.x0 - x0) < height * 2)) break;
    const words = line.words.filter((w) => w.x0 >= x0 - height * 1.5 && w.x0 < colEnd && !labelWords.has(w));
    if (words.length > 0) return pack(cellOf(words, height));
  }
  return null;
}

/** Words of one cell: stop at a gap wider than a few character heights. */
function cellOf(words: PositionedWord[], height: number): PositionedWord[] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const out = [sorted[0]!];
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.x0 - sorted[i - 1]!.x1 > height * 3) break;
    out.push(sorted[i]!);
  }
  return out;
}

function isLabelWord(t: string): boolean {
  return LABEL_WORDS.test(foldUpper(t).replace(/[:.]$/, ''));
}

function pack(words: PositionedWord[]): Omit<FrontValue, 'page'> {
  const text = words
    .map((w) => w.text)
    .join(' ')
    .replace(/^[:/\s]+/, '')
    .trim();
  const conf = words.reduce((s, w) => s + (w.confidence ?? 1), 0) / words.length;
  return { value: text, bbox: bboxOf(words), confidence: conf };
}

/** dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy, dd mm yyyy → ISO; null otherwise. */
export function parseFrontDate(s: string): string | null {
  const m = /(\d{1,2})\s*[./\-\s]\s*(\d{1,2})\s*[./\-\s]\s*(\d{4})/.exec(s);
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const y = Number(m[3]);
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * True when the page shows a front side: a name field and at least one more
 * front-only field (document number, expiry, permit type). Back sides carry
 * birth, citizenship and authority fields, which do not count.
 */
export function looksLikeFront(f: FrontFields): boolean {
  const name = f.surname !== undefined || f.given_names !== undefined;
  const more = [f.surname, f.given_names, f.document_number, f.expiration_date, f.permit_type].filter((x) => x !== undefined).length;
  return name && more >= 3;
}
