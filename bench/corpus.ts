/**
 * The real public samples in ../shared/corpus (third-party, see its README.md and each SOURCE.md), parsed in this
 * process with exactly the offline CLI path (validate, then parse: parseOffline) and scored against the upstream
 * projects' expected outputs — not against anything this project wrote.
 *   node bench/corpus.ts [--corpus DIR] [--quiet] [--verbose]
 *   (--quiet: folder and total lines only; --verbose: the expected and found transactions left unmatched strictly)
 *
 * Per sample and per folder: transactions expected / found / matched on date + amount, matched strictly (date, amount
 * and description equal after whitespace normalisation — only where the expected output has descriptions), F1 for
 * both, and opening / closing balance right or not where the expected output gives them.
 *
 * Matching: one-to-one on exact keys. The date compared is our `date` against the expected booking date (postDate,
 * getBookingDate, entry_date), or against the expected value date where the expected output has no booking date.
 * Amounts to the cent.
 *
 * Sources of truth (the reading mirrors src/documents/pdf/postbank.test.ts and src/documents/structured/*.corpus.test.ts):
 *   stan-postbank  `*-expected.json` bookings (postDate, valueDate, info[] = description lines, signed amount),
 *                  balanceOld / balanceNew. stan keeps the rotated "Muster" watermark as an info line; it is not
 *                  printed text of the booking, so it is dropped from the expected description (as in the test).
 *   genkgo-camt    `camt053*.json` (upstream decoder output): getEntries, amounts signed in minor units,
 *                  CRDT/DBIT, getRemittanceInformation.getMessage as the description; balances where one statement.
 *                  Files of several statements: the dump lists only the last statement's entries (partial truth).
 *   wolph-mt940    `expected-json/**` (upstream YAML converted): amount (RC left positive by the library: a debit),
 *                  `date` = value date, `entry_date` = booking date; description = `purpose` (German :86: split by
 *                  the library) else `transaction_details` (free :86:). Semantics are the Python library's: strict
 *                  figures here measure agreement with its description convention too. Balances: closing always;
 *                  opening only for one-statement files (the library keeps the last statement's opening).
 *                  Inputs whose expected output has neither transactions nor balances are tag fragments: not scored.
 *   jejik-mt940    partial truth: `expected-assertions-extracted.json` (upstream PHPUnit asserts) gives only some
 *                  transactions (usually the first of one statement) — scored as recall on those, kept out of F1;
 *                  opening balance of the first statement from testBalance / testOpeningBalance. The Dutch fixtures
 *                  also sit, with full truth, in wolph-mt940/input/jejik.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseOffline } from '../src/modules/files/files.offline.ts';
import { shutdownOcr } from '../src/documents/index.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const CORPUS = path.resolve(arg('corpus') ?? path.join(import.meta.dirname, '../../shared/corpus'));
const quiet = process.argv.includes('--quiet');
const verbose = process.argv.includes('--verbose');

if (!existsSync(path.join(CORPUS, 'README.md'))) {
  console.log(`bench/corpus: ${CORPUS} is absent — the public real samples are not scored (skipped).`);
  process.exit(0);
}

interface ExpTx {
  date: string | null;
  valueDate: string | null;
  cents: number;
  /** undefined = the expected output has no description for it. */
  description?: string;
}
interface Expectation {
  /** false: the expected output does not list every transaction (partial truth: recall only). */
  complete: boolean;
  /** Statements of several accounts in one file: the service's contract is to refuse it as `merged`. */
  multiAccount?: boolean;
  txs: ExpTx[];
  opening?: number;
  closing?: number;
}
interface Sample {
  folder: string;
  name: string;
  file: string;
  expect: () => Expectation;
}

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** Decimal string or number → integer cents, without float drift on strings. */
function cents(v: string | number): number {
  if (typeof v === 'number') return Math.round(v * 100);
  const neg = v.trim().startsWith('-');
  const [i = '0', f = ''] = v.trim().replace(/^[-+]/, '').split('.');
  const c = Number(i || '0') * 100 + Number((f + '00').slice(0, 2));
  return neg ? -c : c;
}
/** Distinct accounts of an MT940 file: the first :25: of each statement (:20: opens a statement). */
const mt940Accounts = (text: string): number =>
  new Set(
    text
      .split(':20:')
      .slice(1)
      .map((st) => /:25:([^\r\n]*)/.exec(st)?.[1]?.replace(/\s+/g, '') ?? ''),
  ).size;
const readJson = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T;
function walk(d: string): string[] {
  return readdirSync(d)
    .sort()
    .flatMap((f) => {
      const p = path.join(d, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
}

const samples: Sample[] = [];
const fragments: string[] = [];

// --- stan-postbank (PDF) -------------------------------------------------------------------------------------------
interface StanExpected {
  balanceOld: number;
  balanceNew: number;
  bookings: { postDate: string; valueDate: string; info: string[]; amount: number }[];
}
{
  const dir = path.join(CORPUS, 'stan-postbank');
  for (const f of existsSync(dir)
    ? readdirSync(dir)
        .filter((x) => x.endsWith('.pdf'))
        .sort()
    : []) {
    const exp = path.join(dir, f.replace(/\.pdf$/, '-expected.json'));
    if (!existsSync(exp)) continue;
    samples.push({
      folder: 'stan-postbank',
      name: f,
      file: path.join(dir, f),
      expect: () => {
        const e = readJson<StanExpected>(exp);
        return {
          complete: true,
          txs: e.bookings.map((b) => ({
            date: b.postDate,
            valueDate: b.valueDate,
            cents: cents(b.amount),
            description: b.info.filter((l) => l !== 'Muster').join(' '),
          })),
          opening: cents(e.balanceOld),
          closing: cents(e.balanceNew),
        };
      },
    });
  }
}

// --- genkgo-camt (camt.053) ----------------------------------------------------------------------------------------
interface GMoney {
  getAmount: string;
}
interface GRecord {
  getId: string;
  getBalances: { getType: string; getAmount: GMoney }[];
}
interface GEntry {
  getAmount: GMoney;
  getCreditDebitIndicator: string;
  getBookingDate: { 0: string } | null;
  getValueDate: { 0: string } | null;
  getRecord: GRecord | string;
  getTransactionDetail:
    { getRemittanceInformation?: { getMessage?: string | null } | string | null } | string | null;
}
{
  const dir = path.join(CORPUS, 'genkgo-camt');
  for (const f of existsSync(dir)
    ? readdirSync(dir)
        .filter((x) => /^camt0?53.*\.json$/.test(x))
        .sort()
    : []) {
    const xml = path.join(dir, f.replace(/\.json$/, '.xml'));
    if (!existsSync(xml)) continue;
    samples.push({
      folder: 'genkgo-camt',
      name: path.basename(xml),
      file: xml,
      expect: () => {
        const m = readJson<{ getRecords: unknown[]; getEntries: GEntry[] }>(path.join(dir, f));
        const txs = m.getEntries.map((e): ExpTx => {
          const td = typeof e.getTransactionDetail === 'object' ? e.getTransactionDetail : null;
          const ri =
            td && typeof td.getRemittanceInformation === 'object' ? td.getRemittanceInformation : null;
          const msg = ri?.getMessage;
          return {
            date: e.getBookingDate ? e.getBookingDate[0].slice(0, 10) : null,
            valueDate: e.getValueDate ? e.getValueDate[0].slice(0, 10) : null,
            cents: Number(e.getAmount.getAmount), // signed minor units (DBIT negative)
            ...(typeof msg === 'string' ? { description: msg } : {}),
          };
        });
        // With several statements the upstream dump lists only the last statement's entries (multi.statement: the
        // first statement's 8.85 is missing): partial truth there.
        const out: Expectation = { complete: m.getRecords.length <= 1, txs };
        // Document-level balances are comparable only when the file holds one statement.
        const record = m.getEntries.map((e) => e.getRecord).find((r): r is GRecord => typeof r === 'object');
        if (m.getRecords.length === 1 && record) {
          const o = record.getBalances.find((b) => b.getType === 'opening');
          const c = record.getBalances.find((b) => b.getType === 'closing');
          if (o) out.opening = Number(o.getAmount.getAmount);
          if (c) out.closing = Number(c.getAmount.getAmount);
        }
        return out;
      },
    });
  }
}

// --- wolph-mt940 (MT940/MT942) -------------------------------------------------------------------------------------
interface WolphTx {
  amount: { amount: string };
  date: string;
  entry_date?: string | null;
  status: string;
  purpose?: string | null;
  transaction_details?: string | null;
}
interface WolphExpected {
  statement_level_data_of_last_statement: {
    final_closing_balance?: { amount: string };
    final_opening_balance?: { amount: string };
  };
  transactions: WolphTx[];
}
/** The library reads raphaelm's closing balance without currency as "950" (see mt940.corpus.test.ts). */
const WOLPH_SKIP_BALANCE = new Set(['self-provided/raphaelm']);
{
  const root = path.join(CORPUS, 'wolph-mt940');
  const expDir = path.join(root, 'expected-json');
  for (const p of existsSync(expDir) ? walk(expDir).filter((x) => x.endsWith('.json')) : []) {
    const name = path.relative(expDir, p).replace(/\.json$/, '');
    const input = [`${root}/input/${name}.sta`, `${root}/input/${name}.txt`].find((x) => existsSync(x));
    if (!input) continue;
    // Upstream unit-test snippets without a :20: (a tag or two, no statement): not statements, not scored.
    if (!readFileSync(input, 'latin1').includes(':20:')) {
      fragments.push(`wolph-mt940/${name}`);
      continue;
    }
    samples.push({
      folder: 'wolph-mt940',
      name,
      file: input,
      expect: () => {
        const e = readJson<WolphExpected>(p);
        const level = e.statement_level_data_of_last_statement;
        const txs = e.transactions.map((t): ExpTx => {
          const desc = t.purpose ?? t.transaction_details;
          return {
            date: t.entry_date ?? null,
            valueDate: t.date,
            // The Python library leaves RC (reversal of credit) positive; SWIFT and the balance chain make it a debit.
            cents: (t.status === 'RC' ? -1 : 1) * cents(t.amount.amount),
            ...(typeof desc === 'string' ? { description: desc } : {}),
          };
        });
        const text = readFileSync(input, 'latin1');
        const out: Expectation = { complete: true, txs, multiAccount: mt940Accounts(text) > 1 };
        // The library merges balance tags across statements: document-level balances compare on one-statement files.
        if (!WOLPH_SKIP_BALANCE.has(name) && (text.match(/:20:/g) ?? []).length <= 1) {
          if (level.final_closing_balance) out.closing = cents(level.final_closing_balance.amount);
          if (level.final_opening_balance) out.opening = cents(level.final_opening_balance.amount);
        }
        return out;
      },
    });
  }
}

// --- jejik-mt940 (partial truth from PHPUnit assertions) -----------------------------------------------------------
interface JejikFile {
  fixtures: string[];
  assertions: { test_method: string; assert: string; args_php_source: string[] }[];
}
/** A PHP literal from the extracted source text; undefined when it is an expression ($expected ...). */
function phpValue(src: string): string | number | null | undefined {
  const s = src.trim();
  const q = /^'(.*)'$/s.exec(s) ?? /^"(.*)"$/s.exec(s);
  if (q) return q[1]!.replace(/\\(['"\\])/g, '$1');
  if (/^-?\d+(?:\.\d+)?$/.test(s)) return s;
  if (s === 'null') return null;
  return undefined;
}
{
  const dir = path.join(CORPUS, 'jejik-mt940');
  const assertionsFile = path.join(dir, 'expected-assertions-extracted.json');
  const all = existsSync(assertionsFile) ? readJson<Record<string, JejikFile>>(assertionsFile) : {};
  for (const [test, spec] of Object.entries(all)) {
    for (const fixture of spec.fixtures) {
      const file = path.join(dir, 'input', fixture);
      if (!existsSync(file)) continue;
      const txs = new Map<
        number,
        { amount?: string; valueDate?: string | null; bookDate?: string | null; svwz?: string | null }
      >();
      let opening: number | undefined;
      for (const a of spec.assertions) {
        if (a.assert !== 'Equals' || a.args_php_source.length < 2) continue;
        const value = phpValue(a.args_php_source[0]!);
        const expr = a.args_php_source[1]!;
        if (value === undefined) continue;
        if (
          /^(testBalance|testOpeningBalance)$/.test(a.test_method) &&
          expr === '$balance->getAmount()' &&
          typeof value === 'string'
        )
          opening = cents(value);
        const m = /^\$transactions\[(\d+)\]->get(Amount|ValueDate|BookDate|Svwz)\(\)/.exec(expr);
        if (!m || a.test_method !== 'testTransaction') continue;
        const t = txs.get(Number(m[1])) ?? {};
        const v = typeof value === 'string' ? value : null;
        if (m[2] === 'Amount') t.amount = v ?? undefined;
        if (m[2] === 'ValueDate') t.valueDate = v?.slice(0, 10) ?? null;
        if (m[2] === 'BookDate') t.bookDate = v?.slice(0, 10) ?? null;
        if (m[2] === 'Svwz') t.svwz = v;
        txs.set(Number(m[1]), t);
      }
      const expected = [...txs.values()]
        .filter((t) => t.amount !== undefined && (t.bookDate || t.valueDate))
        .map((t): ExpTx => ({
          date: t.bookDate ?? null,
          valueDate: t.valueDate ?? null,
          cents: cents(t.amount!),
          ...(typeof t.svwz === 'string' ? { description: t.svwz } : {}),
        }));
      if (expected.length === 0 && opening === undefined) continue;
      samples.push({
        folder: 'jejik-mt940',
        name: `${fixture} (${test.replace(/^.*\//, '').replace(/\.php$/, '')})`,
        file,
        expect: () => ({
          complete: false,
          txs: expected,
          multiAccount: mt940Accounts(readFileSync(file, 'latin1')) > 1,
          ...(opening !== undefined ? { opening } : {}),
        }),
      });
    }
  }
}

// --- score ---------------------------------------------------------------------------------------------------------
type ParsingResult = Record<string, { value?: unknown } | undefined>;
interface FoundTx {
  date: string | null;
  cents: number;
  description: string;
}
interface Row {
  folder: string;
  name: string;
  complete: boolean;
  expected: number;
  found: number;
  loose: number;
  /** Strict figures only where every expected transaction has a description. */
  strict: { expected: number; found: number; tp: number } | null;
  opening: boolean | null;
  closing: boolean | null;
  /** Several accounts in one file: scored only on being refused as `merged` (validation status below). */
  multiAccount: boolean;
  validation: string;
  status: string;
  /** --verbose: transactions left unmatched strictly, expected (-) and found (+). */
  misses: string[];
  ms: number;
}

function matchCount<T>(exp: T[], found: T[], key: (x: T) => string): number {
  const pool = new Map<string, number>();
  for (const f of found) pool.set(key(f), (pool.get(key(f)) ?? 0) + 1);
  let n = 0;
  for (const e of exp) {
    const k = key(e);
    const left = pool.get(k) ?? 0;
    if (left > 0) {
      pool.set(k, left - 1);
      n++;
    }
  }
  return n;
}

const f1 = (tp: number, exp: number, found: number): number =>
  exp + found > 0 ? (2 * tp) / (exp + found) : 1;
const fmtF1 = (tp: number, exp: number, found: number): string => f1(tp, exp, found).toFixed(3);
const mark = (b: boolean | null): string => (b === null ? '-' : b ? 'ok' : 'WRONG');

console.log(
  `corpus ${CORPUS}: ${samples.length} inputs with expected outputs; ${os.cpus()[0]?.model ?? '?'} ×${os.cpus().length}, Node ${process.version}`,
);
const rows: Row[] = [];
const t0 = Date.now();
for (const s of samples) {
  const exp = s.expect();
  const bytes = new Uint8Array(readFileSync(s.file));
  const t1 = Date.now();
  let result: ParsingResult | null = null;
  let status: string;
  let validation = '?';
  try {
    const out = await parseOffline(path.basename(s.file), bytes);
    result = out.parsing_result as ParsingResult | null;
    validation = out.validation_result.status;
    status =
      out.parsing_status === 'completed'
        ? 'completed'
        : `${out.validation_result.status}/${out.parsing_status}${out.errors[0] ? ` ${out.errors[0].code}` : ''}`;
  } catch (err) {
    status = `threw: ${err instanceof Error ? err.message : String(err)}`;
  }
  const ms = Date.now() - t1;
  const rawTxs = (result?.['transactions']?.value ?? []) as {
    date?: string | null;
    value_date?: string | null;
    amount?: number | null;
    description?: string | null;
  }[];
  const found: FoundTx[] = rawTxs.map((t) => ({
    date: t.date ?? t.value_date ?? null,
    cents: typeof t.amount === 'number' ? Math.round(t.amount * 100) : NaN,
    description: norm(t.description ?? ''),
  }));
  const expTxs = exp.txs.map((t) => ({
    date: t.date ?? t.valueDate,
    cents: t.cents,
    description: t.description === undefined ? undefined : norm(t.description),
  }));
  const loose = matchCount(expTxs, found, (x) => `${x.date}|${x.cents}`);
  const withDesc = expTxs.length > 0 && expTxs.every((t) => t.description !== undefined);
  const strictTp = withDesc ? matchCount(expTxs, found, (x) => `${x.date}|${x.cents}|${x.description}`) : 0;
  const misses: string[] = [];
  if (verbose && !exp.multiAccount) {
    // Strict key where descriptions are expected, date + amount otherwise; extra found transactions only where the
    // truth is complete.
    const key = (x: { date: string | null; cents: number; description?: string | undefined }): string =>
      `${x.date} ${(x.cents / 100).toFixed(2)}${withDesc ? ` ${JSON.stringify(x.description ?? null)}` : ''}`;
    const left = new Map<string, number>();
    for (const f of found) left.set(key(f), (left.get(key(f)) ?? 0) + 1);
    for (const e of expTxs) {
      const k = key(e);
      if ((left.get(k) ?? 0) > 0) left.set(k, left.get(k)! - 1);
      else misses.push(`- ${k}`);
    }
    if (exp.complete) for (const [k, n] of left) for (let i = 0; i < n; i++) misses.push(`+ ${k}`);
  }
  const bal = (key: 'opening_balance' | 'closing_balance', want: number | undefined): boolean | null => {
    if (want === undefined) return null;
    const v = result?.[key]?.value;
    return typeof v === 'number' && Math.round(v * 100) === want;
  };
  const row: Row = {
    folder: s.folder,
    name: s.name,
    complete: exp.complete,
    expected: expTxs.length,
    found: found.length,
    loose,
    strict: withDesc ? { expected: expTxs.length, found: found.length, tp: strictTp } : null,
    opening: bal('opening_balance', exp.opening),
    closing: bal('closing_balance', exp.closing),
    multiAccount: exp.multiAccount === true,
    validation,
    status,
    misses,
    ms,
  };
  // Tag fragments (nothing expected, no balances): upstream unit-test snippets, not statements.
  if (exp.complete && exp.txs.length === 0 && exp.opening === undefined && exp.closing === undefined) {
    fragments.push(`${s.folder}/${s.name}`);
    continue;
  }
  rows.push(row);
}
await shutdownOcr();

interface Agg {
  samples: number;
  expected: number;
  found: number;
  loose: number;
  sExp: number;
  sFound: number;
  sTp: number;
  sSamples: number;
  balOk: number;
  balN: number;
  zero: number;
  mergedOk: number;
  mergedN: number;
}
function aggregate(rs: Row[]): Agg {
  const a: Agg = {
    samples: rs.length,
    expected: 0,
    found: 0,
    loose: 0,
    sExp: 0,
    sFound: 0,
    sTp: 0,
    sSamples: 0,
    balOk: 0,
    balN: 0,
    zero: 0,
    mergedOk: 0,
    mergedN: 0,
  };
  for (const r of rs) {
    if (r.multiAccount) {
      a.mergedN++;
      if (r.validation === 'merged') a.mergedOk++;
      continue;
    }
    a.expected += r.expected;
    a.found += r.found;
    a.loose += r.loose;
    if (r.strict) {
      a.sExp += r.strict.expected;
      a.sFound += r.strict.found;
      a.sTp += r.strict.tp;
      a.sSamples++;
    }
    for (const b of [r.opening, r.closing]) {
      if (b === null) continue;
      a.balN++;
      if (b) a.balOk++;
    }
    if (r.expected > 0 && r.found === 0) a.zero++;
  }
  return a;
}
function aggLine(label: string, a: Agg, complete: boolean): string {
  const strict = a.sSamples
    ? `strict ${a.sTp}/${a.sExp} F1 ${fmtF1(a.sTp, a.sExp, a.sFound)} (${a.sSamples} samples with descriptions)`
    : 'strict n/a (no descriptions expected)';
  const txs = complete
    ? `tx expected ${a.expected} found ${a.found} | date+amount ${a.loose} F1 ${fmtF1(a.loose, a.expected, a.found)} | ${strict}`
    : `asserted tx ${a.expected} (partial truth: recall only) found in file ${a.found} | date+amount recall ${a.loose}/${a.expected} | strict ${a.sTp}/${a.sExp}`;
  const merged = a.mergedN
    ? ` | several accounts in one file: ${a.mergedOk}/${a.mergedN} refused as merged (not in tx figures)`
    : '';
  return `${label} ${a.samples - a.mergedN} samples | ${txs} | balances ${a.balOk}/${a.balN} right | zero tx where some expected: ${a.zero}${merged}`;
}

const folders = [...new Set(rows.map((r) => r.folder))];
for (const folder of folders) {
  const rs = rows.filter((r) => r.folder === folder);
  if (!quiet) {
    console.log(`\n${folder}`);
    for (const r of rs) {
      if (r.multiAccount) {
        console.log(
          `  ${r.name.padEnd(44)} several accounts in one file: validation ${r.validation} (${r.validation === 'merged' ? 'ok' : 'WRONG, expected merged'}; ${r.expected} expected tx not scored)`,
        );
        continue;
      }
      const strict = r.strict
        ? `strict ${r.strict.tp} F1 ${fmtF1(r.strict.tp, r.strict.expected, r.strict.found)}`
        : 'strict -';
      const f1s = r.complete ? ` F1 ${fmtF1(r.loose, r.expected, r.found)}` : '';
      console.log(
        `  ${r.name.padEnd(44)} exp ${String(r.expected).padStart(3)} found ${String(r.found).padStart(3)} | d+a ${String(r.loose).padStart(3)}${f1s} | ${strict} | open ${mark(r.opening)} close ${mark(r.closing)}` +
          `${r.status === 'completed' ? '' : ` | ${r.status}`} (${r.ms} ms)`,
      );
      for (const m of r.misses.slice(0, 12)) console.log(`      ${m.slice(0, 200)}`);
    }
  }
  const full = rs.filter((r) => r.complete);
  const part = rs.filter((r) => !r.complete);
  if (full.length) console.log(aggLine(`${folder}:`, aggregate(full), true));
  if (part.length) console.log(aggLine(`${folder} (partial truth):`, aggregate(part), false));
}
const full = rows.filter((r) => r.complete);
console.log(
  `\n${aggLine('TOTAL (full truth: ' + [...new Set(full.map((r) => r.folder))].join(', ') + '):', aggregate(full), true)}`,
);
const partial = rows.filter((r) => !r.complete);
if (partial.length)
  console.log(
    aggLine(
      `TOTAL partial truth (${[...new Set(partial.map((r) => r.folder))].join(', ')}):`,
      aggregate(partial),
      false,
    ),
  );
if (fragments.length)
  console.log(
    `not scored: ${fragments.length} inputs whose expected output holds neither transactions nor balances, or without a statement (:20:) — upstream unit-test fragments (${fragments.join(', ')})`,
  );
console.log(`corpus parsed and scored in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
