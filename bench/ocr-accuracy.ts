/**
 * OCR accuracy measurements shared by bench/ocr.ts (large runs) and bench/accuracy.ts
 * (`npm run accuracy`, small runs). Ground truth comes from the generators
 * (test/fixtures), never from our parser; seeds are parameters so a figure can be
 * taken on seeds nobody looked at while developing.
 */
import fs from 'node:fs';
import { parseDocument, validateDocument } from '../src/documents/index.ts';
import { readMrz } from '../src/documents/identity/mrz.ts';
import { parsePdf } from '../src/documents/pipeline.ts';
import { score } from '../test/fixtures/generator/compare.ts';
import { generateStatement, LAYOUT_IDS } from '../test/fixtures/generator/index.ts';
import { cardImage, cardPdf, cardTruth, SCAN_VARIANTS, scanPdf } from '../test/fixtures/id/generator.ts';

export type CardInput = 'png' | 'photo' | 'scan-pdf';

export interface CardFigures {
  input: CardInput;
  n: number;
  /** All MRZ lines equal to the generator's. */
  exact: number;
  /** Every check digit holds (an invalid MRZ is reported as such, never passed off). */
  valid: number;
  /** Valid, yet not the truth: the failure that matters most. */
  validButWrong: number;
  /** pre_result document number and expiry right at validation. */
  preResult: number;
  /** Validation with check_id_completeness found both sides (status success, completeness both_sides). */
  bothSides: number;
  /** MRZ fields (MRZ_FIELDS) equal to the generator's, over all cards: the "MRZ fields" figure. */
  fieldsRight: number;
  fieldsTotal: number;
  misses: string[];
}

/** The fields an MRZ carries, as read (documentCode … sex). */
const MRZ_FIELDS = [
  'documentCode',
  'issuingState',
  'documentNumber',
  'birthDateRaw',
  'sex',
  'expirationDateRaw',
  'nationality',
  'lastName',
  'firstName',
] as const satisfies readonly (keyof NonNullable<ReturnType<typeof readMrz>>)[];

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** MRZ reading of generated permit cards (it/de alternating), both sides in one upload. */
export async function measureCards(input: CardInput, n: number, firstSeed: number): Promise<CardFigures> {
  const f: CardFigures = { input, n, exact: 0, valid: 0, validButWrong: 0, preResult: 0, bothSides: 0, fieldsRight: 0, fieldsTotal: 0, misses: [] };
  for (let i = 0; i < n; i++) {
    const seed = firstSeed + i;
    const t = cardTruth(i % 2 ? 'de' : 'it', seed);
    const bytes =
      input === 'png'
        ? await cardImage(t)
        : input === 'photo'
          ? await cardImage(t, { photo: { rotate: 1.5, noise: 12, quality: 80 } })
          : await scanPdf(await cardPdf(t), 200);
    const format = input === 'png' ? 'png' : input === 'photo' ? 'jpeg' : 'pdf';
    try {
      const v = await validateDocument(bytes, { checkIdCompleteness: true });
      if (v.pre_result?.document_number === t.document_number && v.pre_result.expiration_date === t.expiration_date) f.preResult++;
      if (v.status === 'success' && v.pre_result?.completeness === 'both_sides') f.bothSides++;
      else f.misses.push(`${input} ${t.country} seed ${seed}: validation ${v.status} ${v.pre_result?.completeness ?? 'no pre_result'}`);
      const p = await parseDocument(bytes, { format, documentType: 'residency_permit' });
      const m = p.parsing_result['mrz']?.value as { lines: string[]; valid: boolean } | null;
      const exact = JSON.stringify(m?.lines) === JSON.stringify(t.mrz);
      const want = readMrz(t.mrz)!;
      const got = m ? readMrz(m.lines) : null;
      f.fieldsTotal += MRZ_FIELDS.length;
      f.fieldsRight += MRZ_FIELDS.filter((k) => got !== null && got[k] === want[k]).length;
      if (m?.valid) f.valid++;
      if (exact) f.exact++;
      if (m?.valid && !exact) f.validButWrong++;
      if (!exact) f.misses.push(`${input} ${t.country} seed ${seed}: ${JSON.stringify(m?.lines ?? null)} vs ${JSON.stringify(t.mrz)}`);
    } catch (e) {
      f.fieldsTotal += MRZ_FIELDS.length;
      f.misses.push(`${input} ${t.country} seed ${seed}: ${(e as Error).message}`);
    }
  }
  return f;
}

export interface ScanFigures {
  variant: string;
  dpi: number;
  transactions: number;
  pages: number;
  /** F1 with every member equal, description included. */
  f1Strict: number;
  /** F1 on dates, amount and balance (description aside). */
  f1Numbers: number;
  /** Character error rate of the descriptions of transactions whose numbers are right. */
  descriptionCer: number;
  cpuPerPage: number;
  failures: string[];
}

/** Transaction extraction from scans of generated statements (6 layouts it/de/en, 25 transactions each). */
export async function measureScans(variant: string, n: number, firstSeed: number, dpi = 200, verbose = false): Promise<ScanFigures> {
  const v = SCAN_VARIANTS[variant];
  if (!v) throw new Error(`unknown scan variant ${variant}; known: ${Object.keys(SCAN_VARIANTS).join(', ')}`);
  const sum = { matched: 0, numbers: 0, extracted: 0, expected: 0, edits: 0, chars: 0, pages: 0, cpu: 0 };
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    const layout = LAYOUT_IDS[i % LAYOUT_IDS.length]!;
    const seed = firstSeed + i;
    const { pdf, truth } = await generateStatement({ layout, seed, transactions: 25 });
    const scan = await scanPdf(pdf, dpi, 50, v);
    const c0 = cpuSeconds();
    try {
      const s = score(truth, await parsePdf(scan, { format: 'pdf', documentType: truth.document_type }));
      sum.matched += s.matched;
      sum.numbers += s.matchedNumbers;
      sum.edits += s.descriptionEdits;
      sum.chars += s.descriptionChars;
      sum.extracted += s.extracted;
      if (verbose) console.log(`  ${variant} ${layout} seed ${seed}: ${s.matched}/${s.expected} exact, ${s.matchedNumbers} numbers right, ${s.extracted} extracted`);
    } catch (e) {
      failures.push(`${variant} ${layout} seed ${seed}: ${(e as Error).message}`);
    }
    sum.expected += truth.transactions.length;
    sum.cpu += cpuSeconds() - c0;
    sum.pages += truth.pages;
  }
  const f1 = (m: number): number => (sum.extracted + sum.expected ? (2 * m) / (sum.extracted + sum.expected) : 0);
  return {
    variant,
    dpi,
    transactions: sum.expected,
    pages: sum.pages,
    f1Strict: f1(sum.matched),
    f1Numbers: f1(sum.numbers),
    descriptionCer: sum.chars ? sum.edits / sum.chars : 0,
    cpuPerPage: sum.cpu / Math.max(1, sum.pages),
    failures,
  };
}

export function formatScan(s: ScanFigures): string {
  return (
    `scanned statements, ${s.variant.padEnd(7)} (${s.dpi} dpi): F1 ${s.f1Strict.toFixed(3)} strict, ${s.f1Numbers.toFixed(3)} on dates/amounts/balances, ` +
    `description CER ${(100 * s.descriptionCer).toFixed(2)}% — ${s.transactions} transactions, ${s.pages} pages, CPU ${s.cpuPerPage.toFixed(2)} s/page`
  );
}

export function formatCards(f: CardFigures): string {
  const pct = (k: number): string => `${k}/${f.n} (${((100 * k) / f.n).toFixed(1)}%)`;
  return (
    `MRZ on generated cards, ${f.input.padEnd(8)}: fields ${f.fieldsRight}/${f.fieldsTotal} (${((100 * f.fieldsRight) / Math.max(1, f.fieldsTotal)).toFixed(1)}%), ` +
    `exact ${pct(f.exact)}, check digits valid ${pct(f.valid)}, valid but wrong ${f.validButWrong}; ` +
    `at validation: pre_result number and expiry right ${pct(f.preResult)}, both sides found ${pct(f.bothSides)}`
  );
}

const VECTORS = '/work/shared/corpus/cheminfo-mrz/mrz-test-vectors.json';

/** cheminfo-mrz vectors (TD1/TD2/TD3 with expected fields): fields equal to the expected ones. */
export function measureMrzVectors(): { n: number; ok: number; specimen: number; misses: string[] } | null {
  if (!fs.existsSync(VECTORS)) return null;
  type V = { test: string; mrz: string | string[]; expected_fields?: Record<string, unknown>; expect_throw?: string };
  const vs = (JSON.parse(fs.readFileSync(VECTORS, 'utf8')) as V[]).filter(
    (v) => !v.expect_throw && v.expected_fields && Array.isArray(v.mrz) && [30, 36, 44].includes(v.mrz[0]!.length) && !/^.DFRA/.test(v.mrz[0]!),
  );
  const names: Record<string, (r: NonNullable<ReturnType<typeof readMrz>>) => unknown> = {
    documentNumber: (r) => r.documentNumber,
    lastName: (r) => r.lastName,
    firstName: (r) => r.firstName,
    birthDate: (r) => r.birthDateRaw,
    expirationDate: (r) => r.expirationDateRaw,
    nationality: (r) => r.nationality,
    sex: (r) => r.sex,
  };
  let ok = 0;
  let specimen = 0;
  const misses: string[] = [];
  for (const v of vs) {
    const r = readMrz(v.mrz as string[]);
    // The library knows no state 'UTO' (ICAO's specimen state) and expects null; we report the code read.
    const uto = (k: string, want: unknown): boolean => k === 'nationality' && want === null && r?.nationality === 'UTO';
    const bad = Object.entries(v.expected_fields!).filter(([k, want]) => names[k] && r && names[k](r) !== want && !uto(k, want));
    if (r && Object.entries(v.expected_fields!).some(([k, want]) => uto(k, want))) specimen++;
    if (r && bad.length === 0) ok++;
    else misses.push(`${v.test}: ${r ? bad.map(([k]) => k).join(', ') : 'not read'}`);
  }
  return { n: vs.length, ok, specimen, misses };
}
