/**
 * Statement extraction over OCR words. The geometry table reader text PDFs are read with
 * (statement/pages.ts, statement/extract/) is fed words cleaned of OCR noise here:
 *  1. noise: tokens of punctuation only dropped, stray quotes/tildes trimmed;
 *  2. vocabulary: misread keywords and booking words ("Anfangssa1do", "SEPA-Lastschnft")
 *     snapped to the it/de/en vocabulary (edit distance 1–2);
 *  3. debit/credit markers glued to or misread in amounts ("55,285" → "55,28 S", a lone "5"
 *     after an amount → "S") where the page prints S/H markers; dates cut or glued.
 * Every correction that changes a number afterwards is a named repair (statement/repair/: letters
 * in amounts, confusable digits, markers, signs, lost separators), kept only where the balance
 * chain (or, without balances, one more row) confirms it, and recorded.
 */
import { extractStatement } from './pages.ts';
import type { StatementExtraction } from './pages.ts';
import { DIGIT_OF_LETTER } from '../data/ocr-confusions.data.ts';
import { sameColumn, sameLine } from '../layout/geometry.ts';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { editDistance, trimRuns } from '../text.ts';
import { parseAmount } from '../values/amounts.ts';
import { isoDate } from '../values/dates.ts';
import { mendMonthNames } from './ocr-months.ts';
import { runRepairs } from './repair/index.ts';
import type { RepairEdit, Stage } from './repair/index.ts';

/** Keywords the table and header detection rely on, and frequent booking words. */
const VOCAB = [
  // balances, carries, totals
  'anfangssaldo',
  'endsaldo',
  'schlusssaldo',
  'saldovortrag',
  'ubertrag',
  'kontostand',
  'iniziale',
  'finale',
  'riporto',
  'precedente',
  'contabile',
  'balance',
  'brought',
  'forward',
  'carried',
  'opening',
  'closing',
  'summe',
  'totale',
  // column headers
  'buchungstag',
  'buchungstext',
  'buchungsdatum',
  'wertstellung',
  'valuta',
  'verwendungszweck',
  'betrag',
  'descrizione',
  'operazione',
  'importo',
  'description',
  'details',
  'withdrawals',
  'deposits',
  // booking words
  'lastschrift',
  'gutschrift',
  'dauerauftrag',
  'kartenzahlung',
  'bargeldauszahlung',
  'auftraggeber',
  'empfanger',
  'referenz',
  'uberweisung',
  'addebito',
  'accredito',
  'bonifico',
  'entrata',
  'uscita',
  'pagamento',
  'prelievo',
  'bancomat',
  'beneficiario',
  'ordinante',
  'stipendio',
  'favore',
  'withdrawal',
  'payment',
  'transfer',
  'salary',
  'gehalt',
  'standing',
  'direct',
  'immobiliare',
  'condominio',
  'miete',
  'affitto',
];
const VOCAB_SET = new Set(VOCAB);
/** Booking words that English and Italian never close into a compound with the word before them. */
const OPEN_TAILS = new Set(['withdrawal', 'payment', 'transfer', 'salary', 'pagamento', 'prelievo', 'bonifico', 'addebito', 'accredito']);

function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i'); // a dotless i: an i whose dot the scan lost ("Baırgeldauszahlung")
}


/** Case pattern of `like` applied to `word` (UPPER, Capitalised or lower). */
function withCase(word: string, like: string): string {
  const letters = like.replace(/[^A-Za-zÀ-ÿ]/g, '');
  if (letters && letters === letters.toUpperCase()) return word.toUpperCase();
  if (letters && letters[0] === letters[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * Capitalised abbreviations of statements (company forms, channels, schemes, currencies).
 * Thin capitals are what the model confuses in them: L and T read as I ("ITD", "AIM").
 */
const ABBREV = new Set([
  'LTD',
  'PLC',
  'GMBH',
  'SRL',
  'SPA',
  'SAS',
  'SNC',
  'ATM',
  'POS',
  'SEPA',
  'SDD',
  'SCT',
  'IBAN',
  'BIC',
  'REF',
  'EUR',
  'USD',
  'GBP',
  'CHF',
]);
const THIN: Record<string, string[]> = { I: ['L', 'T'], L: ['I'], T: ['I'], '1': ['I', 'L'], '[': ['L'] };

/** "ITD", "[TD" → "LTD": one thin capital misread in a known abbreviation, when exactly one abbreviation fits. */
function snapAbbrev(part: string): string | null {
  if (part.length < 3 || part.length > 4 || !/^[A-Z1[]+$/.test(part) || ABBREV.has(part)) return null;
  const fits = new Set<string>();
  for (let i = 0; i < part.length; i++) {
    for (const alt of THIN[part[i]!] ?? []) {
      const cand = part.slice(0, i) + alt + part.slice(i + 1);
      if (ABBREV.has(cand)) fits.add(cand);
    }
  }
  return fits.size === 1 ? [...fits][0]! : null;
}

/**
 * The recogniser's confidence from which a word it read is taken as read: its own dictionary agreed.
 * Real words a letter or two from a vocabulary word ("Vertrag" / Übertrag, "Beitrag" / Betrag, "Mitte" /
 * Miete, "Depositi" / Deposits) come back at 0.91–0.96; the misreadings the snapping mends ("Lastschwift",
 * "Kontostang", "WITHORAWAL") at 0.89 and below.
 */
const READ_AS_IS = 0.9;

/**
 * `f` is a word of its own, not a misreading of the vocabulary word `v`: the end of it ("credito" in
 * "accredito", "iscrizione" in "descrizione": a compound's part), or the same word with another ending
 * letter read confidently (an inflection: "operazioni", "addebiti"; a misread last letter, "Kontostang",
 * comes back unsure).
 */
function ownWord(f: string, v: string, confidence: number): boolean {
  if (v.endsWith(f) || f.endsWith(v)) return true;
  if (f.length !== v.length || f.slice(0, -1) !== v.slice(0, -1)) return false;
  // (an ending vowel for another: Italian's number and gender, "Entrate" and "Entrata", at any confidence)
  return confidence >= 0.8 || (/[aeio]$/.test(f) && /[aeio]$/.test(v));
}

/**
 * The vocabulary word an OCR'd word was meant to be, if it is one misread (no real-word check: vocabulary
 * only). `confidence`: the recogniser's; a word read confidently is only given the vocabulary's spelling
 * (an umlaut, a digit among letters), never another word.
 */
function snapWord(part: string, confidence = 0): string | null {
  const abbrev = snapAbbrev(part);
  if (abbrev) return abbrev;
  let f = fold(part);
  // "Anfangssa1do": a 1 or 0 among letters is an l or o misread.
  if (/^[a-z]+[10][a-z]+$/.test(f)) f = f.replace(/1/g, 'l').replace(/0/g, 'o');
  if (VOCAB_SET.has(f)) {
    // "Anfangssa1do", or a speck read as a diacritic ("SEPA-Lästschrift"): the vocabulary's own spelling.
    const word = properForm(f);
    return word !== part.toLowerCase() && !part.includes('ß') ? withCase(word, part) : null;
  }
  if (f.length < 4 || !/^[a-z]+$/.test(f) || confidence >= READ_AS_IS) return null;
  // Two confusions at once ("SEPA-Iastschnft": I for l, n for ri) are past the edit budget, but
  // the word has the vocabulary word's shape.
  const shape = shapeOf(f);
  const alike = VOCAB.find((v, i) => !f.startsWith(v) && !v.startsWith(f) && !ownWord(f, v, confidence) && VOCAB_SHAPES[i] === shape);
  if (alike) return withCase(properForm(alike), part);
  let best: { w: string; d: number } | null = null;
  for (const v of VOCAB) {
    // An inflected form ("Lastschriften") is a real word, not a misreading.
    if (f.startsWith(v) || v.startsWith(f) || ownWord(f, v, confidence)) continue;
    const max = v.length >= 8 && f.length >= 7 ? 2 : 1;
    if (f.length < 5 && v.length > 5) continue;
    const d = editDistance(f, v, max);
    if (d <= max && (!best || d < best.d)) best = { w: v, d };
  }
  return best ? withCase(properForm(best.w), part) : null;
}

/** A folded word as OCR sees its shapes: ri and n, rn and m, l and i look alike. */
const shapeOf = (f: string): string => f.replace(/ri/g, 'n').replace(/rn/g, 'm').replace(/l/g, 'i');

const VOCAB_SHAPES = VOCAB.map(shapeOf);

/** The vocabulary is folded: the words that carry an umlaut get it back. */
const UMLAUTED: Record<string, string> = { empfanger: 'empfänger', ubertrag: 'übertrag', uberweisung: 'überweisung' };
const properForm = (folded: string): string => UMLAUTED[folded] ?? folded;

function snapText(text: string, confidence = 0): string {
  // Hyphenated compounds ("SEPA-Lastschnft") and slashed pairs ("LOHN/GEHAIT") are snapped part by part.
  return text
    .split(/([-/])/)
    .map((p) => {
      if (p === '-' || p === '/') return p;
      // A leading '[' stays with the word: it may be an L ("[TD").
      // eslint-disable-next-line regexp/no-super-linear-backtracking -- one OCR word (a part of it)
      const m = /^([^A-Za-zÀ-ÿ0-9[]*)(.*?)([^A-Za-zÀ-ÿ0-9]*)$/.exec(p)!;
      const s = snapWord(m[2]!, confidence);
      return s ? m[1] + s + m[3] : p;
    })
    .join('');
}

/** Quotes, tildes and bars OCR reads from specks and rules; '-', '+', '*', '/', currency signs stay. */
const JUNK_EDGE_CHARS = '‚„“”‘’"\'`´~|_¦«»';
const KEEP_ALONE = /^[-+*/&€£$%]+$/;
/** A speck read as '=', '+', '©' or '®' glued before a word's letters ("+CASH", "©Ordinante"). */
const SPECK_BEFORE_WORD = /^[=+©®]+(?=\p{L}{2})/u;

/** Masked card numbers ("****1234"): OCR reads the stars as '#', '+', 'F' or '4' ("*##+4821", "#443950"). */
const MASKED = /^[*#]([*#+F4]{1,5}?)(\d{4})$/;

/** A dash glued to a word's letters is a table rule or a speck ("—Data"); a minus stays (it precedes digits). */
const DASH_EDGE = /^[—–_~]+(?=[A-Za-zÀ-ÿ])|(?<=[A-Za-zÀ-ÿ])[—–_~]+$/g;

/** A rule's end or a speck read as a dash or tilde before a date ("—03/09/2026"): a date has no sign. */
const DATE_LEAD = /^[—–~_-]+(?=\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})[.,:;…]*$)/;

/**
 * A speck read as '.', ',' or ':' after a complete date with its year ("05/09/2025."), or a table's vertical
 * rule beside the date column read as ')', '}', ']', '|' or '!' ("2025-11-18)", "14.06.2024)": the value
 * date became text and ran into the description); ISO dates (yyyy-mm-dd) alike. A date in parentheses keeps them.
 */
const DATE_SPECK = /^(\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|(?:19|20)\d\d-\d\d-\d\d)[.,:;…)\]}|!]+$/;

/**
 * A speck read as '.', ',' or ':' after an amount with its two decimals ("121,17:", "657.55,"), or a
 * table's vertical rule read as ')', ']', '}', '|' or '!' right after it ("2755.74)" with no opening
 * parenthesis: a rule beside the cell on a photo); not a German "13.12.".
 */
const AMOUNT_SPECK = /^([-+]?(?:\d{1,3}(?:[.,'’]\d{3})+|\d+)[.,]\d\d)[.,:;)\]}|!]+$/;

/**
 * A minus with a rule's end or a speck beside it on a 150 dpi scan: "=-123.42", "--132.32", "~-150.00" (a
 * mark before the minus), "-388.49—", "-100.98-—-" (dashes after an amount that already has its sign: an
 * amount prints one sign). The amount with its leading minus.
 */
const MINUS_SPECKED = /^[=~_—–-]*(-(?:\d{1,3}(?:[.,'’]\d{3})+|\d+)[.,]\d\d)[_—–~=.,:;-]*$/;

/**
 * A dash or speck before an amount whose sign trails ("—54.04-" for "54.04-" on a small-type scan): an
 * amount prints one sign, and the one after it is where the row prints it.
 */
/** "-—124,49": a minus with a dash or speck beside it, before the digits: one minus. */
const MINUS_AMONG_DASHES = /^[=~_—–]*-[=~_—–-]*(?=(?:\d{1,3}(?:[.,'’]\d{3})+|\d+)[.,]\d\d$)/;

const LEAD_BEFORE_TRAILING_SIGN = /^[=~_—–-]+(?=(?:\d{1,3}(?:[.,'’]\d{3})+|\d+)[.,]\d\d[-+]$)/;

/** "25.12:": the closing dot of a German day.month read as a colon. */
const DAY_MONTH_COLON = /^((?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2]))[:;]$/;
/** A short date's last digit read twice before its period ("12.022." for "12.02."): the decoder repeated a glyph. */
const DAY_MONTH_DOUBLED = /^((?:0?[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2]))(\d)\.$/;

/**
 * "2.77144", "1.30113H": an amount whose decimal separator OCR lost after a thousands group. A group
 * holds three digits, so five after the last separator are the group and the two decimals; the
 * decimal separator is the other mark (',' after '.', '.' after ',' or an apostrophe).
 */
const LOST_DECIMAL = /^([-+]?\d{1,3}(?:([.,'’])\d{3})*(?:[.,'’])\d{3})(\d\d)([-+SH]?)$/;

function restoreDecimal(t: string): string {
  const m = LOST_DECIMAL.exec(t);
  if (!m) return t;
  const groups = [...m[1]!.matchAll(/[.,'’]/g)].map((g) => g[0]);
  if (groups.some((g) => g !== groups[0])) return t;
  return `${m[1]}${groups[0] === '.' ? ',' : '.'}${m[3]}${m[4]}`;
}

function cleanWord(w: PositionedWord): PositionedWord | null {
  let t = trimRuns(w.text, JUNK_EDGE_CHARS)
    .replace(DASH_EDGE, '')
    .replace(DATE_LEAD, '')
    .replace(SPECK_BEFORE_WORD, '')
    .replace(DATE_SPECK, '$1')
    .replace(DAY_MONTH_COLON, '$1.')
    .replace(DAY_MONTH_DOUBLED, (m: string, dm: string, d: string) => (dm.endsWith(d) ? `${dm}.` : m))
    .replace(AMOUNT_SPECK, (m: string, a: string) => (/^\d{1,2}\.\d\d\.$/.test(m) ? m : a)) // "13.12." is a date
    .replace(MINUS_SPECKED, '$1')
    .replace(LEAD_BEFORE_TRAILING_SIGN, '')
    .replace(MINUS_AMONG_DASHES, '-');
  t = restoreDecimal(t);
  if (!/[A-Za-zÀ-ÿ0-9]/.test(t) && !KEEP_ALONE.test(t)) return null;
  const masked = MASKED.exec(t);
  // A star among the look-alikes, or at least three of them: not a number that happens to start with '#'.
  if (masked && (/[*#+]/.test(masked[1]!) || masked[1]!.length >= 2)) t = `****${masked[2]}`;
  t = snapText(t, w.confidence ?? 0);
  // A field label's colon whose upper dot the scan lost ("Empfänger." or "Beneficiario;").
  const label = /^(\p{L}+)[.;,]$/u.exec(t);
  if (label && LABELS.has(fold(label[1]!))) t = `${label[1]}:`;
  return t === w.text ? w : { ...w, text: t };
}

/** Labels of a booking text's fields, printed with a colon ("Empfänger: …", "Beneficiario: …", "Payee: …"). */
const LABELS = new Set(['empfanger', 'auftraggeber', 'beneficiario', 'ordinante', 'payee']);

/** Pages print S/H (Soll/Haben) markers after amounts: repair the ones OCR glued or misread. */
function fixMarkers(words: PositionedWord[]): PositionedWord[] {
  const markers = words.filter((w) => /^[SH]$/.test(w.text) || /\d[.,]\d\d[SH]$/.test(w.text)).length;
  if (markers < 3) return words;
  const out: PositionedWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const prev = out[out.length - 1];
    // "55,285", "714,038": amount and a glued S read as 5 or 8 (three decimals never
    // occur). S is the likelier letter; where the balance chain says H, the chain
    // repair flips it (flipMarker).
    const glued = /^(\d{1,3}(?:\.\d{3})*,\d\d)\d$/.exec(w.text);
    if (glued) {
      out.push({ ...w, text: `${glued[1]}S` });
      continue;
    }
    // "1.431,622H": a speck between the decimals and a marker read as a digit.
    const extra = /^(\d{1,3}(?:\.\d{3})*,\d\d)\d([SH])$/.exec(w.text);
    if (extra) {
      out.push({ ...w, text: extra[1]! + extra[2]! });
      continue;
    }
    // A lone 5 or 8 just right of an amount is the S marker (8: a misread H is rarer; S only).
    if (
      w.text === '5' &&
      prev &&
      parseAmount(prev.text) &&
      Math.abs(prev.y0 - w.y0) < w.y1 - w.y0 &&
      w.x0 - prev.x1 < 3 * (w.x1 - w.x0) + 6
    ) {
      out.push({ ...w, text: 'S' });
      continue;
    }
    out.push(w);
  }
  return out;
}

const MONTHS =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|gen|mag|giu|lug|ago|set|ott|dic|mär|mai|okt|dez)$/i;

const AMOUNT_CELL = String.raw`[-+]?\d{1,3}(?:[.,'’]\d{3})*[.,]\d\d[-+]?`;
const RULED_AMOUNTS = new RegExp(`^(${AMOUNT_CELL})[|¦!/](${AMOUNT_CELL})[|¦!]?$`);
const UNSIGNED_CELL = String.raw`\d{1,3}(?:[.,'’]\d{3})*[.,]\d\d`;
const SPECKED_AMOUNTS = new RegExp(`^(-${UNSIGNED_CELL})[-_—–=~:;s]{2,}(${UNSIGNED_CELL})$`);

/**
 * Words OCR glued together across a narrow space become separate words:
 * "14Jun", "mar2026", "1mar2026" (day or year glued to a month name, or joined by a
 * misread bar); "FROMJ", "FROM]" (a payer's initial glued to the "FROM" before it,
 * a J read as ']'); "THANKYOU"; "CASHWITHDRAWAL"; a company name glued to its legal form
 * ("EIGENHEIMGMBH").
 */
const GLUED_AMOUNTS = /^([-+]?(?:\d{1,3}(?:[.,'’]\d{3})+|\d+)([.,])\d\d)((?:\d{1,3}(?:[.,'’]\d{3})+|\d+)([.,])\d\d[-+]?)$/;

function splitGlued(w: PositionedWord): PositionedWord[] {
  // A table's vertical rule read as a glyph inside a word ("EUR|CARTA*3675", "3042EUR!CARTAN"): the
  // rule parts two cells. (Letters or digits on both sides: a lone bar, or one at an edge, is cleaning's.)
  const ruled = /^([^\s|¦!]{2,})(?:[|¦!]|(?<=[A-Z0-9])Ì(?=[A-Z]))([^\s|¦!]{2,})$/u.exec(w.text);
  if (ruled && /[\p{L}\d]$/u.test(ruled[1]!) && /^[\p{L}\d*]/u.test(ruled[2]!)) return cut(w, [ruled[1], ruled[2]]).flatMap(splitGlued);
  // Two amounts parted by a rule read as a bar or a slash, the first with its trailing sign
  // ("114,58-|1.745,09", "102,04-/2.111,44"): the rule between the amount and balance cells on a photo.
  const pair = RULED_AMOUNTS.exec(w.text);
  if (pair) return cut(w, [pair[1], pair[2]]);
  // An amount with its leading minus and the running balance beside it, the gap between them read as a
  // run of rules and specks ("-110.31_—-1,367.82", "-100.00=—s-:1,241.17"): two cells. (The run's last
  // dash is no sign the balance can be given: the chain's lost_sign repair decides a balance below zero.)
  const specked = SPECKED_AMOUNTS.exec(w.text);
  if (specked) return cut(w, [specked[1], specked[2]]);
  // Two amounts run together where the column gap closed ("-87.657110.36": -87.65 and 7110.36): an
  // amount ends two digits after its separator, and the word as a whole is no amount.
  const glued = GLUED_AMOUNTS.exec(w.text);
  if (glued && glued[2] === glued[4] && parseAmount(w.text) === null) return cut(w, [glued[1], glued[3]]);
  // An amount run into its currency code ("3042EUR", "30,42EUR"): the page prints them a space apart.
  // (a speck between them, "-72,58.€", is neither)
  const coded = /^([-+]?\d[\d.,']*)(EUR|CHF|GBP|USD)$/.exec(w.text) ?? /^([-+]?\d[\d.,']*[.,]\d\d)[.,:;](€|EUR|CHF|GBP|USD)$/.exec(w.text);
  if (coded) return cut(w, [coded[1], coded[2]]);
  const m = /^(\d{1,2})?[\]|)]?([A-Za-zä]{3,4})(\d{4})?$/.exec(w.text);
  if (m && (m[1] || m[3]) && MONTHS.test(m[2]!)) return cut(w, [m[1], m[2], m[3]]);
  // Only FROM: shorter prepositions plus a letter are names ("TOM", "DAN", "FORD"); FROMM is one too.
  const initial = /^(FROM)([A-LN-Z\]])$/.exec(w.text);
  if (initial) return cut(w, [initial[1], initial[2]]).map((p) => (p.text === ']' ? { ...p, text: 'J' } : p));
  if (/^THANKYOU$/i.test(w.text)) return cut(w, [w.text.slice(0, 5), w.text.slice(5)]);
  // A whole date run into the word after it ("11.02.2026Gutschrift": blur closed the column gap).
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- one OCR word
  const dated = /^(\d{1,2}([./-])\d{1,2}\2(?:\d{4}|\d{2}))(\p{L}{3,}\S*)$/u.exec(w.text);
  if (dated) return cut(w, [dated[1], dated[3]]);
  // A terminal's abbreviation run into its number ("ATM91104"), a day run into its "ON" ("ON3"):
  // narrow gaps the recogniser closed.
  const numbered = /^(ATM|POS)(\d{3,})$/.exec(w.text) ?? /^(ON)(\d{1,2})$/.exec(w.text);
  if (numbered) return cut(w, [numbered[1], numbered[2]]);
  // A preposition run into the booking word after it ("INENTRATA" for IN ENTRATA): the gap
  // between capitals at 200 dpi is about a letter gap. Only before a vocabulary word.
  const prep = /^(IN|DA|DI|AL|ON|TO|BY|AT|OF|AN|VON)(\p{Lu}{6,})$/u.exec(w.text);
  if (prep && VOCAB_SET.has(fold(prep[2]!))) return cut(w, [prep[1], prep[2]]);
  // Two capital words run together before an English or Italian booking word ("CASHWITHDRAWAL": at
  // 200 dpi the space between capitals is as narrow as a letter gap). Neither language writes these
  // as one word; German does ("SAMMELLASTSCHRIFT"), so its booking words are not cut off.
  if (/^\p{Lu}{9,}$/u.test(w.text) && !VOCAB_SET.has(fold(w.text))) {
    const tail = [...OPEN_TAILS].find((t) => fold(w.text).endsWith(t) && w.text.length - t.length >= 3);
    if (tail) return cut(w, [w.text.slice(0, -tail.length), w.text.slice(-tail.length)]);
  }
  // A legal form is a word of its own: no word ends in one ("EIGENHEIMGMBH").
  const form = /^(\p{Lu}{3,}|\p{Lu}\p{Ll}{2,})(GMBH|GmbH|LTD|Ltd|PLC|Plc|SRL|Srl)$/u.exec(w.text);
  if (form) return cut(w, [form[1], form[2]]);
  return [w];
}

/** The word cut into `parts` (in order, each found in its text), boxes apportioned by characters. */
function cut(w: PositionedWord, parts: readonly (string | undefined)[]): PositionedWord[] {
  const per = (w.x1 - w.x0) / w.text.length;
  const out: PositionedWord[] = [];
  let at = 0;
  for (const part of parts) {
    if (!part) continue;
    const i = w.text.indexOf(part, at);
    out.push({ ...w, text: part, x0: w.x0 + per * i, x1: w.x0 + per * (i + part.length) });
    at = i + part.length;
  }
  return out;
}

/** A glyph a vertical rule reads as: a thin letter or a bar, alone. */
const RULE_GLYPH = /^[|¦!iIlL:;'‘’‚,.\\]$/;

/**
 * A table's vertical rule the rule remover left on a photo reads as a thin glyph alone ("|", "i", "!",
 * ";") on line after line, at one x: on four lines or more, within a quarter of a word height, those
 * glyphs are the rule, not a word of the row (one before a description's first word moved its start
 * and cut the description's lines apart).
 */
function dropRuleGlyphs(words: PositionedWord[]): PositionedWord[] {
  const glyphs = words.filter((w) => RULE_GLYPH.test(w.text));
  if (glyphs.length < 4) return words;
  const h = median(words.map((w) => w.y1 - w.y0)) ?? 10;
  const rule = new Set<PositionedWord>();
  for (const g of glyphs) {
    const at = glyphs.filter((o) => Math.abs((o.x0 + o.x1) / 2 - (g.x0 + g.x1) / 2) <= 0.25 * h);
    // (on distinct lines: glyphs at one x on one line are a run of specks)
    const lines = new Set(at.map((o) => Math.round((o.y0 + o.y1) / 2 / h)));
    if (lines.size >= 4) rule.add(g);
  }
  return rule.size > 0 ? words.filter((w) => !rule.has(w)) : words;
}

function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Cleaned pages: noise dropped, vocabulary snapped, markers repaired. */
export function cleanOcrPages(pages: readonly WordPage[]): WordPage[] {
  return mendMonthNames(pages).map((p) => ({
    ...p,
    words: dashesOnTrailingSignPages(fixMarkers(
      closeDateGaps(
        joinSplitDecimals(
          mendShortDates(
            mendDigitDates(
              joinSplitDates(
                dropRuleGlyphs(p.words)
                  .flatMap(splitGlued)
                  .map(cleanWord)
                  .filter((w): w is PositionedWord => w !== null),
              ),
            ),
          ),
        ),
      ),
    )),
  }));
}

const UNSIGNED_AMOUNT = String.raw`(?:\d{1,3}(?:[.,'’]\d{3})+|\d+)[.,]\d\d`;
const TRAILING_MINUS = new RegExp(`^${UNSIGNED_AMOUNT}-$`);
const LEADING_MINUS = new RegExp(`^[-\u2212]${UNSIGNED_AMOUNT}$`);
const DASH_LED = new RegExp(`^[—–~_=]+(${UNSIGNED_AMOUNT})$`);

/**
 * "—1366.89" on a page whose amounts print their minus after the figure ("54.04-") and none before it:
 * a dash OCR read before a credit is a speck or a rule's end, not a sign the page prints nowhere else.
 */
function dashesOnTrailingSignPages(words: PositionedWord[]): PositionedWord[] {
  const trailing = words.filter((w) => TRAILING_MINUS.test(w.text)).length;
  if (trailing < 3 || words.some((w) => LEADING_MINUS.test(w.text))) return words;
  return words.map((w) => {
    const m = DASH_LED.exec(w.text);
    return m ? { ...w, text: m[1]! } : w;
  });
}

/**
 * "52455 .44": an amount whose decimal point OCR read as a space (a monospaced print sets the point in
 * a character cell of its own). A word that is a decimal separator and two digits is no word of a
 * statement's text: it is joined to the digits just before it on the line (less than a word height apart).
 */
function joinSplitDecimals(words: PositionedWord[]): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (const [i, w] of words.entries()) {
    const prev = out[out.length - 1];
    const h = Math.max(w.y1 - w.y0, prev ? prev.y1 - prev.y0 : 0);
    // "-230, 68 €": a space read after the separator, the two decimals ending the cell (a currency, a
    // marker or a column gap after them; "RATA 5, 12 MESI" is text)
    const next = words[i + 1];
    const cellEnds = !next || !sameLine(next, w) || next.x0 - w.x1 > h || /^(?:€|EUR|CHF|GBP|USD|£|[-+SHDC]|CR|DR)$/.test(next.text);
    const spaced = prev && /^\d\d[-+SH]?$/.test(w.text) && /^[-+]?\d{1,3}(?:[.'’]\d{3})*,$|^[-+]?\d{1,3}(?:[,'’]\d{3})*\.$/.test(prev.text) && cellEnds && w.x0 - prev.x1 < h * 0.6;
    // (OCR may box the separator's word over the decimals: they start past its middle)
    const after = spaced ? w.x0 > (prev.x0 + prev.x1) / 2 : prev !== undefined && w.x0 >= prev.x1 - 1;
    if (prev && (spaced || /^[.,]\d\d[-+SH]?$/.test(w.text)) && /^[-+]?\d[\d.,'’]*[\d.,]$/.test(prev.text) && sameLine(prev, w) && after && w.x0 - prev.x1 < h) {
      out[out.length - 1] = { ...prev, text: prev.text + w.text, x1: Math.max(prev.x1, w.x1), y0: Math.min(prev.y0, w.y0), y1: Math.max(prev.y1, w.y1), confidence: Math.min(prev.confidence ?? 1, w.confidence ?? 1) };
      continue;
    }
    out.push(w);
  }
  return out;
}

/**
 * "11 Oct 2024": OCR boxes hold ink, not a glyph's advance, so the space after a day of narrow
 * digits ("11") looks wider than the phrase gap, and the day became a cell of its own (the row
 * lost its date). Between a day and a month name, and a month name and a year, on one line and
 * less than a word height apart, the later word's box starts where a space would put it. A day
 * read with a letter for a digit ("O1 Sep") is read as that day.
 */
function closeDateGaps(words: PositionedWord[]): PositionedWord[] {
  const out = words.slice();
  for (let i = 1; i < out.length; i++) {
    const b = out[i]!;
    let a = out[i - 1]!;
    // A day with a letter of a digit's shape before a month name ("O1 Sep"): nothing else fits there.
    const near = sameLine(a, b) && b.x0 - a.x1 < Math.max(a.y1 - a.y0, b.y1 - b.y0);
    if (/^(?=.*[OoIl])[0-3OoIl][0-9OoIl]$/.test(a.text) && MONTHS.test(b.text) && near) {
      const day = a.text.replace(/[OoIl]/g, (c) => DIGIT_OF_LETTER[c]!);
      if (/^(?:0[1-9]|[12]\d|3[01])$/.test(day)) out[i - 1] = a = { ...a, text: day };
    }
    const pair = (/^(?:0?[1-9]|[12]\d|3[01])$/.test(a.text) && MONTHS.test(b.text)) || (MONTHS.test(a.text) && /^(?:19|20)\d\d$/.test(b.text));
    const h = Math.max(a.y1 - a.y0, b.y1 - b.y0);
    const gap = b.x0 - a.x1;
    if (pair && sameLine(a, b) && gap > 0.35 * h && (gap < h || evenDate(words, i))) out[i] = { ...b, x0: a.x1 + 0.35 * h };
  }
  return out;
}

/**
 * A monospaced print ("21 Jan 2026" in a fixed pitch): every space is a character's advance, wider than
 * a word's height in ink. Day, month name and year on one line, the two gaps alike (within a quarter)
 * and under two word heights, are one date: cells of a table are not set a character apart each.
 * `i` is the month's or the year's index in `words`.
 */
function evenDate(words: readonly PositionedWord[], i: number): boolean {
  const at = MONTHS.test(words[i]!.text) ? i - 1 : i - 2;
  const [d, m, y] = [words[at], words[at + 1], words[at + 2]];
  if (!d || !m || !y || !/^(?:0?[1-9]|[12]\d|3[01])$/.test(d.text) || !MONTHS.test(m.text) || !/^(?:19|20)\d\d$/.test(y.text)) return false;
  if (!sameLine(d, m) || !sameLine(m, y)) return false;
  const h = Math.max(d.y1 - d.y0, m.y1 - m.y0, y.y1 - y.y0);
  const g1 = m.x0 - d.x1;
  const g2 = y.x0 - m.x1;
  return g1 > 0 && g2 > 0 && Math.abs(g1 - g2) <= 0.25 * Math.max(g1, g2) && Math.max(g1, g2) < 2 * h;
}

const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const MONTH = '(?:0?[1-9]|1[0-2])';
/** A separator read as a stroke-like glyph ("10/0122025"): only with a 19xx/20xx year. */
const SEP_AS_GLYPH = '[127lI|]';
const YEAR4 = '(?:19|20)\\d\\d';
/**
 * "2907/2024", "29/072024": a date whose first or second separator was lost, or read as a
 * stroke ("10/0122025"), with any speck after it ("1001/2025.").
 */
const LOST_SEP = [
  new RegExp(`^(?<d>${DAY})(?<m>${MONTH})(?<s>[./])(?<y>\\d{4})[.,:;…]*$`),
  new RegExp(`^(?<d>${DAY})(?<s>[./])(?<m>${MONTH})(?<y>\\d{4})[.,:;…]*$`),
  new RegExp(`^(?<d>${DAY})${SEP_AS_GLYPH}(?<m>${MONTH})(?<s>[./])(?<y>${YEAR4})[.,:;…]*$`),
  new RegExp(`^(?<d>${DAY})(?<s>[./])(?<m>${MONTH})${SEP_AS_GLYPH}(?<y>${YEAR4})[.,:;…]*$`),
];
/** A whole date as the page prints it: two-digit day and month, four-digit year. */
const PAGE_DATE = /^(\d\d)([./-])(\d\d)\2((?:19|20)\d\d)$/;

/**
 * "110472026" for 11/04/2026: both separators gone from a date, each lost or read as a stroke
 * (1, 2, 7, l, I, |), leaves digits no pattern with a separator matches. Where the page prints
 * whole dates in one format (dd/mm/yyyy, one separator), a word of digits and strokes in a date
 * column (its box overlapping three of those dates) that reads as exactly one calendar date of
 * that format, in a year the page's dates show, is that date. Two readings ("121122025": 12/11
 * or 12/12) leave the word alone.
 */
function mendDigitDates(words: PositionedWord[]): PositionedWord[] {
  const dates: PositionedWord[] = [];
  const seps = new Set<string>();
  const years = new Set<string>();
  for (const w of words) {
    const m = PAGE_DATE.exec(w.text);
    if (!m || !calendarDay(m[4]!, m[3]!, m[1]!)) continue;
    dates.push(w);
    seps.add(m[2]!);
    years.add(m[4]!);
  }
  if (dates.length < 3 || seps.size !== 1) return words;
  const sep = [...seps][0]!;
  const inDateColumn = (w: PositionedWord): boolean => dates.filter((d) => sameColumn(w, d)).length >= 3;
  return words.map((w) => {
    if (!/^\d\d[\d127lI|]{6,8}$/.test(w.text) || !inDateColumn(w)) return w;
    const readings = new Set<string>();
    // Day, first separator (none or one stroke), month, second separator, year.
    for (const s1 of [0, 1])
      for (const s2 of [0, 1]) {
        const t = w.text;
        if (4 + s1 + s2 + 4 !== t.length) continue;
        const d = t.slice(0, 2);
        const m = t.slice(2 + s1, 4 + s1);
        const y = t.slice(4 + s1 + s2);
        const strokes = t.slice(2, 2 + s1) + t.slice(4 + s1, 4 + s1 + s2);
        if (!/^\d\d$/.test(m) || !/^[127lI|]*$/.test(strokes) || !years.has(y)) continue;
        if (calendarDay(y, m, d)) readings.add(`${d}${sep}${m}${sep}${y}`);
      }
    return readings.size === 1 ? { ...w, text: [...readings][0]! } : w;
  });
}

/** A short date "dd.mm." (day and month of the calendar's ranges). */
const SHORT_DATE = /^(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.$/;

/**
 * Pages that date rows "dd.mm." (three or more such words): a word of that column (`sameColumn` with three
 * of them) whose period was read as a comma or lost ("08,10.", "08.10," — which word cleaning took for an
 * amount's speck and left as "08.10") is that date; elsewhere such a word is an amount.
 */
function mendShortDates(words: PositionedWord[]): PositionedWord[] {
  const dates = words.filter((w) => SHORT_DATE.test(w.text));
  if (dates.length < 3) return words;
  return words.map((w) => {
    const m = /^(\d\d)[.,](\d\d)[.,]?$/.exec(w.text);
    const text = m ? `${m[1]}.${m[2]}.` : w.text;
    return text !== w.text && SHORT_DATE.test(text) && dates.filter((d) => sameColumn(w, d)).length >= 3 ? { ...w, text } : w;
  });
}

/** Digit strings that make a day of the calendar. */
const calendarDay = (y: string, m: string, d: string): boolean => isoDate(Number(y), Number(m), Number(d)) !== null;

/** "24/07" + "2024": a date whose second separator was read as a space. */
const DAY_MONTH = new RegExp(`^${DAY}([./])${MONTH}\\1?$`);

/** Dates OCR split in two words or whose separator it lost, mended (words kept in order, boxes merged). */
function joinSplitDates(words: PositionedWord[]): PositionedWord[] {
  const out: PositionedWord[] = [];
  for (const w of words) {
    const g = LOST_SEP.map((re) => re.exec(w.text)).find((m) => m)?.groups;
    const text = g ? `${g['d']}${g['s']}${g['m']}${g['s']}${g['y']}` : w.text;
    const word = text === w.text ? w : { ...w, text };
    const prev = out[out.length - 1];
    const dm = prev ? DAY_MONTH.exec(prev.text) : null;
    if (
      prev &&
      dm &&
      /^\d{4}$/.test(word.text) &&
      sameLine(prev, word) &&
      word.x0 - prev.x1 < prev.y1 - prev.y0
    ) {
      const sep = dm[1]!;
      out[out.length - 1] = {
        ...prev,
        text: prev.text.endsWith(sep) ? prev.text + word.text : prev.text + sep + word.text,
        x1: word.x1,
        y0: Math.min(prev.y0, word.y0),
        y1: Math.max(prev.y1, word.y1),
        confidence: Math.min(prev.confidence ?? 1, word.confidence ?? 1),
      };
      continue;
    }
    out.push(word);
  }
  return out;
}

/** Trailing specks read as '.', ',' or ':' after a description's last word. */
function trimDescriptions(x: StatementExtraction): StatementExtraction {
  for (const t of x.statement.transactions) t.description = t.description.replace(/(?<=[A-Za-z0-9])[.,:;]+$/, '');
  return x;
}

/** A statement read through OCR, with the edits its repairs kept (statement/repair/). */
export interface OcrStatement extends StatementExtraction {
  repairs: RepairEdit[];
}

/**
 * A scan's statement: the cleaned OCR words read by the same geometry table reader as a text PDF's
 * (statement/extract/), then the named repairs, each re-extracting with it. `stages`: the repairs to
 * run (bench/repairs.ts leaves one out to measure what it is worth).
 */
export function extractOcrStatement(pages: readonly WordPage[], opts: { stages?: readonly Stage[] } = {}): OcrStatement {
  const clean = cleanOcrPages(pages);
  const { x, edits } = runRepairs(clean, extractStatement(clean), opts.stages);
  return { ...trimDescriptions(x), repairs: edits };
}
