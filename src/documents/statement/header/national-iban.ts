/**
 * The account IBAN from its national parts when the statement prints those
 * instead of (or beside) the IBAN: Italian CIN / ABI / CAB / conto, German or
 * Austrian BLZ / Konto, Swiss clearing / Konto, British or Irish sort code / account number with the
 * bank code of the printed BIC. The IBAN is fully determined by them: the check
 * digits are computed (ibantools) and the result must validate.
 */
import { composeIBAN, isValidIBAN } from 'ibantools';
import { NATIONAL_PART_LABELS } from '../../data/header-vocab.data.ts';
import type { LabelHit } from './label-value.ts';
import { compileLabels, labelsOnLine, valuesOf } from './label-value.ts';
import type { Line, PositionedWord } from '../../layout/model.ts';

type Part = keyof typeof NATIONAL_PART_LABELS;

const VOCAB: Record<Part, string[][]> = Object.fromEntries(
  Object.entries(NATIONAL_PART_LABELS).map(([k, v]) => [k, compileLabels(v)]),
) as Record<Part, string[][]>;

/** What each part looks like; the value is read from at most four words (spaced groups are joined). */
const SHAPE: Record<Part, RegExp> = {
  cin: /^[A-Z]$/,
  abi: /^\d{5}$/,
  cab: /^\d{5}$/,
  account: /^(?=(?:\D*\d){6})\d[0-9A-Z]{5,11}$/,
  blz: /^(\d{8}|\d{5})$/,
  clearing: /^\d{2,5}$/,
  sortCode: /^\d{6}$/,
  bic: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
};

const DATE_LIKE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$|^(al|dal|vom|bis|del)$/i;

export interface NationalIban {
  iban: string;
  words: PositionedWord[];
  page: number;
  /** Line index of the first part, for document-order ranking. */
  line: number;
}

type PartHit = { value: string; words: PositionedWord[]; line: number; page: number; label: string };

/** The national account parts printed in `lines`, each with the label that introduced it. */
function findParts(lines: readonly Line[]): Map<Part, PartHit> {
  const found = new Map<Part, PartHit>();
  const parts = Object.keys(VOCAB) as Part[];
  // On each line a label that begins a cell first, then one anywhere ("CIN T ABI 07786 CAB 10906
  // C/C 1000…" is one cell).
  const scan = (
    from: number,
    to: number,
    want: (p: Part) => boolean,
    onHit: (p: Part, h: PartHit) => void,
  ): void => {
    for (let k = from; k < to; k++) {
      const l = lines[k]!;
      for (const part of parts) {
        if (!want(part)) continue;
        for (const atStart of [true, false]) {
          if (!want(part)) break;
          const hit = labelsOnLine(l, k, VOCAB[part], atStart, 0.6)
            .map((h) => ({ h, v: readPart(lines, h, part) }))
            .find((x) => x.v !== null);
          if (hit) {
            onHit(part, { ...hit.v!, page: l.page, label: hit.h.label });
            break;
          }
        }
      }
    }
  };
  // The bank-side parts first, in document order (the account block precedes the transactions) …
  scan(
    0,
    lines.length,
    (p) => p !== 'account' && !found.has(p),
    (p, h) => found.set(p, h),
  );
  // … then the account number printed nearest its bank code ("Konto-Nr." is also a word of prose
  // and of counterparties' details); without a bank code there is nothing to compose.
  const anchor = found.get('abi') ?? found.get('blz') ?? found.get('sortCode') ?? found.get('clearing');
  if (!anchor) return found;
  const accounts: PartHit[] = [];
  scan(
    Math.max(0, anchor.line - 8),
    Math.min(lines.length, anchor.line + 9),
    (p) => p === 'account',
    (_p, h) => accounts.push(h),
  );
  const near = [...accounts].sort(
    (a, b) => Math.abs(a.line - anchor.line) - Math.abs(b.line - anchor.line) || a.line - b.line,
  )[0];
  if (near) found.set('account', near);
  return found;
}

/**
 * The account's country from its national parts when no IBAN can be built (a UK
 * sort code without the BIC): GB for a sort code, IE for an NSC, IT for ABI/CAB, CH
 * for a clearing number, DE/AT by the BLZ's length.
 */
export function nationalCountry(lines: readonly Line[]): string | null {
  const f = findParts(lines);
  const sort = f.get('sortCode');
  if (sort) return /nsc/.test(sort.label) ? 'IE' : 'GB';
  if (f.has('abi') && f.has('cab')) return 'IT';
  if (f.has('clearing')) return 'CH';
  const blz = f.get('blz')?.value;
  return blz ? (blz.length === 8 ? 'DE' : 'AT') : null;
}

/** The IBAN composed from national parts printed in `lines`, or null. */
export function ibanFromNationalParts(lines: readonly Line[]): NationalIban | null {
  const found = findParts(lines);
  const get = (p: Part): string | undefined => found.get(p)?.value;
  const acct = get('account');
  const candidates: { country: string; bban: string; uses: Part[] }[] = [];
  const cin = get('cin');
  const abi = get('abi');
  const cab = get('cab');
  if (abi && cab && acct && acct.length <= 12) {
    const conto = acct.padStart(12, '0');
    // A missing CIN is the check letter of the other parts; a printed one must agree with it.
    const check = cinOf(abi, cab, conto);
    if (!cin || cin === check)
      candidates.push({
        country: 'IT',
        bban: check + abi + cab + conto,
        uses: cin ? ['cin', 'abi', 'cab', 'account'] : ['abi', 'cab', 'account'],
      });
  }
  const blz = get('blz');
  if (blz && acct && /^\d+$/.test(acct)) {
    if (blz.length === 8 && acct.length <= 10)
      candidates.push({ country: 'DE', bban: blz + acct.padStart(10, '0'), uses: ['blz', 'account'] });
    if (blz.length === 5 && acct.length <= 11)
      candidates.push({ country: 'AT', bban: blz + acct.padStart(11, '0'), uses: ['blz', 'account'] });
  }
  const clearing = get('clearing');
  if (clearing && acct && acct.length <= 12)
    candidates.push({
      country: 'CH',
      bban: clearing.padStart(5, '0') + acct.padStart(12, '0'),
      uses: ['clearing', 'account'],
    });
  const sort = get('sortCode');
  const bic = get('bic');
  if (sort && acct && /^\d{8}$/.test(acct) && bic) {
    const country = bic.slice(4, 6);
    if (country === 'GB' || country === 'IE')
      candidates.push({ country, bban: bic.slice(0, 4) + sort + acct, uses: ['sortCode', 'account', 'bic'] });
  }
  for (const c of candidates) {
    const iban = composeIBAN({ countryCode: c.country, bban: c.bban });
    if (!iban || !isValidIBAN(iban)) continue;
    const used = c.uses.map((p) => found.get(p)!).filter(Boolean);
    const first = used.reduce((a, b) => (b.line < a.line ? b : a));
    return { iban, words: used.flatMap((u) => u.words), page: first.page, line: first.line };
  }
  return null;
}

function readPart(
  lines: readonly Line[],
  hit: LabelHit,
  part: Part,
): { value: string; words: PositionedWord[]; line: number } | null {
  for (const v of valuesOf(lines, hit, 1)) {
    // Try the first one to four words: "76389128", "200 400 00", "31-94-29".
    for (let n = Math.min(4, v.words.length); n >= 1; n--) {
      const ws = v.words.slice(0, n);
      if (part !== 'sortCode' && ws.some((w) => DATE_LIKE.test(w.text))) continue;
      const raw = ws.map((w) => w.text).join('');
      const s = raw.toUpperCase().replace(/[\s.:-]/g, '');
      if (SHAPE[part].test(s)) return { value: s, words: ws, line: v.line };
    }
  }
  return null;
}

/** The Italian CIN check letter of ABI + CAB + conto (odd/even position tables). */
export function cinOf(abi: string, cab: string, conto: string): string {
  const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  const s = (abi + cab + conto).toUpperCase();
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charAt(i);
    const n = /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? ODD[n]! : n;
  }
  return String.fromCharCode(65 + (sum % 26));
}
