/**
 * Integrity checks on an extracted statement — the one balance-chain implementation of the
 * engine, for text PDFs, scans and exports alike: opening + Σ = closing (sumCheck), printed running
 * balances, carry-forward rows, printed totals, statement continuity between an export's parts,
 * the lack of any evidence, and signs that a PDF was edited after the bank produced it.
 * All arithmetic is in integer cents.
 */
import type { ConformityCheck } from '../types.ts';
import type { PdfInfo } from '../layout/model.ts';
import { formatCents } from '../values/amounts.ts';

export interface ChainTx {
  amountCents: number;
  balanceCents: number | null;
  page: number;
}

export interface ChainInput {
  txs: readonly ChainTx[];
  opening: number | null;
  closing: number | null;
  carries: readonly { cents: number; afterTx: number; page: number }[];
  totals: readonly { kind: 'debit' | 'credit'; cents: number; page: number }[];
  /** The table lists the newest booking first (its day balances then close the rows printed above them). */
  newestFirst?: boolean;
}

export const CONTENT_CHECKS: ReadonlySet<string> = new Set(['balance_evidence', 'balance_chain', 'running_balance', 'carry_forward', 'totals_debit', 'totals_credit']);

/**
 * `document_conformed` as extensions §6 defines it: false where the document fails an integrity
 * check (balance chain broken, totals disagree, signs of editing). A check that could not run
 * (`passed: null`: nothing printed to check the transactions against) fails nothing; an empty list
 * is not a pass (nothing was even looked at). How much was actually confirmed is
 * {@link conformedConfidence}, and the `balance_evidence` check names what could not be checked.
 */
export function conformedBy(checks: readonly ConformityCheck[]): boolean {
  return checks.length > 0 && !checks.some((c) => c.passed === false);
}

/** How sure `document_conformed` is: high when the transactions themselves were checked against printed balances or totals. */
export function conformedConfidence(checks: readonly ConformityCheck[]): number {
  if (checks.some((c) => c.passed === false)) return 0.9;
  const content = checks.filter((c) => CONTENT_CHECKS.has(c.check) && c.passed === true).length;
  if (content >= 2) return 0.95;
  if (content === 1) return 0.85;
  return 0.5;
}

/** A check that ran and failed (a check that could not run is not a failure). */
export const failedChecks = (checks: readonly ConformityCheck[]): number => checks.filter((c) => c.passed === false).length;

export function balanceChecks(input: ChainInput): ConformityCheck[] {
  const { txs, opening, closing } = input;
  const out: ConformityCheck[] = [];
  if (opening !== null && closing !== null) out.push(sumCheck(opening, closing, txs));
  const running = runningCheck(txs, opening);
  if (running) out.push(running);
  if (opening === null || input.newestFirst) {
    // Without an opening balance (or newest first) two printed balances in a row still check the
    // bookings between them.
    const cs = input.carries;
    const sumOf = (from: number, to: number): number => txs.slice(from, to).reduce((s, t) => s + t.amountCents, 0);
    for (let i = 0; i + 1 < cs.length; i++) {
      const a = cs[i]!;
      const b = cs[i + 1]!;
      // Chronological: b = a + the bookings between them. Newest first: a = b + the bookings printed above a.
      const expected = input.newestFirst ? a.cents - sumOf(i === 0 ? 0 : cs[i - 1]!.afterTx, a.afterTx) : a.cents + sumOf(a.afterTx, b.afterTx);
      if (a.afterTx === b.afterTx) continue;
      const ok = expected === b.cents;
      out.push({
        check: 'carry_forward',
        passed: ok,
        page: b.page,
        message: ok
          ? `printed balance ${formatCents(b.cents)} follows from ${formatCents(a.cents)} and the bookings between them`
          : `printed balance ${formatCents(b.cents)} differs from ${formatCents(expected)} computed from ${formatCents(a.cents)} and the bookings between them`,
      });
    }
  } else {
    for (const c of input.carries) {
      const expected = opening + txs.slice(0, c.afterTx).reduce((s, t) => s + t.amountCents, 0);
      if (c.afterTx === 0 || c.afterTx === txs.length) continue; // an opening/closing echo, checked above
      const ok = expected === c.cents;
      out.push({
        check: 'carry_forward',
        passed: ok,
        page: c.page,
        message: ok
          ? `carried balance ${formatCents(c.cents)} matches the transactions before it`
          : `carried balance ${formatCents(c.cents)} differs from ${formatCents(expected)} computed from the transactions before it`,
      });
    }
  }
  for (const kind of ['debit', 'credit'] as const) {
    // One printed total of a kind is the document's; several (per page, or running) are not checked
    // against the whole document's sum.
    const all = input.totals.filter((t) => t.kind === kind);
    const printed = all[0];
    if (!printed || all.length > 1) continue;
    const computed = txs
      .filter((t) => (kind === 'debit' ? t.amountCents < 0 : t.amountCents > 0))
      .reduce((s, t) => s + Math.abs(t.amountCents), 0);
    const ok = computed === Math.abs(printed.cents);
    out.push({
      check: `totals_${kind}`,
      passed: ok,
      page: printed.page,
      message: ok
        ? `printed total ${kind}s ${formatCents(Math.abs(printed.cents))} match the transactions`
        : `printed total ${kind}s ${formatCents(Math.abs(printed.cents))} differ from the sum of ${kind} transactions ${formatCents(computed)}`,
    });
  }
  const evidence = noEvidence(out, txs.length);
  if (evidence) out.push(evidence);
  return out;
}

/** opening + Σ amounts = closing: the one sum check of every statement, text, scan or export. */
function sumCheck(opening: number, closing: number, txs: readonly { amountCents: number }[], label = ''): ConformityCheck {
  const sum = txs.reduce((s, t) => s + t.amountCents, 0);
  const ok = opening + sum === closing;
  return {
    check: 'balance_chain',
    passed: ok,
    message: ok
      ? `opening ${formatCents(opening)} + ${txs.length} transactions ${formatCents(sum)} = closing ${formatCents(closing)}${label}`
      : `opening ${formatCents(opening)} + transactions ${formatCents(sum)} = ${formatCents(opening + sum)}, but closing balance is ${formatCents(closing)} (difference ${formatCents(closing - opening - sum)})${label}`,
  };
}

/** Nothing printed to check the transactions against: reported as a check that could not run (not a pass, not a failure). */
function noEvidence(checks: readonly ConformityCheck[], txCount: number): ConformityCheck | null {
  if (txCount === 0 || checks.some((c) => CONTENT_CHECKS.has(c.check))) return null;
  return { check: 'balance_evidence', passed: null, message: 'no opening/closing balance, running balance or total is printed: the transactions could not be checked against the bank\'s figures' };
}

/** A statement as an export states it: parts (MT940 :20: blocks, camt <Stmt>) with their balances and bookings. */
export interface ChainPart {
  openingCents: number | null;
  closingCents: number | null;
  transactions: readonly { amountCents: number; balanceCents: number | null }[];
}

/**
 * The checks of an export: per part opening + Σ = closing, each part opening with the previous
 * one's closing, the printed running balances; and no evidence reported as such.
 */
export function partChecks(parts: readonly ChainPart[]): ConformityCheck[] {
  const checks: ConformityCheck[] = [];
  let rowBase = 0;
  parts.forEach((part, i) => {
    const label = parts.length > 1 ? ` (statement ${i + 1})` : '';
    if (part.openingCents !== null && part.closingCents !== null) checks.push(sumCheck(part.openingCents, part.closingCents, part.transactions, label));
    const prev = parts[i - 1];
    if (prev && prev.closingCents !== null && part.openingCents !== null) {
      const passed = prev.closingCents === part.openingCents;
      checks.push({
        check: 'statement_continuity',
        passed,
        message: passed
          ? `statement ${i + 1} opens with the closing balance of statement ${i}`
          : `statement ${i} closes at ${formatCents(prev.closingCents)} but statement ${i + 1} opens at ${formatCents(part.openingCents)}`,
      });
    }
    checks.push(...neighbourChecks(part.transactions, rowBase));
    rowBase += part.transactions.length;
  });
  const evidence = noEvidence(checks, parts.reduce((n, p) => n + p.transactions.length, 0));
  if (evidence) checks.push(evidence);
  return checks;
}

/**
 * Running balances of an export, which lists rows oldest-first or newest-first: the printed
 * balance of each row must follow from its neighbour in whichever direction the file uses (the
 * one with fewer breaks); a row without a balance breaks the chain, it is not bridged as on a
 * printed statement (runningCheck), because an export's gaps are rows the file left out. The row
 * named is the 0-based index into the transactions.
 */
function neighbourChecks(txs: readonly { amountCents: number; balanceCents: number | null }[], rowBase: number): ConformityCheck[] {
  const idx = txs.map((t, i) => (t.balanceCents === null ? -1 : i)).filter((i) => i >= 0);
  if (idx.length < 2) return [];
  const badAsc: number[] = [];
  const badDesc: number[] = [];
  for (let k = 1; k < idx.length; k++) {
    const a = txs[idx[k - 1] ?? 0];
    const b = txs[idx[k] ?? 0];
    if (!a || !b || a.balanceCents === null || b.balanceCents === null) continue;
    if (idx[k] !== (idx[k - 1] ?? 0) + 1) continue; // a gap: the movements in between are unknown
    if (a.balanceCents + b.amountCents !== b.balanceCents) badAsc.push(idx[k] ?? 0);
    if (b.balanceCents + a.amountCents !== a.balanceCents) badDesc.push(idx[k - 1] ?? 0);
  }
  const bad = badDesc.length < badAsc.length ? badDesc : badAsc;
  if (bad.length === 0) {
    return [{ check: 'running_balance', passed: true, message: 'every printed running balance follows from the previous row' }];
  }
  return bad.slice(0, 50).map((row) => ({
    check: 'running_balance',
    passed: false,
    row: rowBase + row,
    message: `printed balance of transaction row ${rowBase + row} does not follow from the neighbouring row and its amount`,
  }));
}

/** Every printed running balance must equal the previous one plus the row's amount. */
function runningCheck(txs: readonly ChainTx[], opening: number | null): ConformityCheck | null {
  const withBal = txs.filter((t) => t.balanceCents !== null);
  if (withBal.length === 0) return null;
  const forward = firstBreak(txs, opening);
  if (forward === null) {
    return {
      check: 'running_balance',
      passed: true,
      message: `${withBal.length} printed running balances agree with the amounts`,
    };
  }
  // Some banks list newest first: the chain then runs bottom-up.
  const reversed = [...txs].reverse();
  if (firstBreak(reversed, opening) === null) {
    return {
      check: 'running_balance',
      passed: true,
      message: `${withBal.length} printed running balances agree (newest first)`,
    };
  }
  const t = txs[forward.row]!;
  return {
    check: 'running_balance',
    passed: false,
    page: t.page,
    row: forward.row + 1,
    message: `row ${forward.row + 1} (page ${t.page}): previous balance ${formatCents(forward.prev)} + amount ${formatCents(t.amountCents)} = ${formatCents(forward.prev + t.amountCents)}, but the printed balance is ${formatCents(t.balanceCents ?? 0)}`,
  };
}

function firstBreak(txs: readonly Pick<ChainTx, 'amountCents' | 'balanceCents'>[], opening: number | null): { row: number; prev: number } | null {
  return chainBreaks(txs, opening)[0] ?? null;
}

/**
 * Every row of a printed statement whose running balance differs from the previous balance plus
 * its amount, walking from the opening and bridging rows that print no balance. The running-balance
 * check and the OCR repairs (which count breaks to repair one misreading before another) both walk it.
 */
export function chainBreaks(txs: readonly Pick<ChainTx, 'amountCents' | 'balanceCents'>[], opening: number | null): { row: number; prev: number }[] {
  const out: { row: number; prev: number }[] = [];
  let prev = opening;
  for (let i = 0; i < txs.length; i++) {
    const t = txs[i]!;
    if (prev !== null && t.balanceCents !== null && prev + t.amountCents !== t.balanceCents) out.push({ row: i, prev });
    prev = t.balanceCents ?? (prev === null ? null : prev + t.amountCents);
  }
  return out;
}

const EDITORS =
  /(ilovepdf|smallpdf|pdfescape|sejda|pdf-xchange editor|pdfelement|wondershare|nitro|foxit phantompdf|foxit pdf editor|pdffiller|dochub|pdf candy|pdf24|inkscape|libreoffice draw|canva|photoshop|master pdf editor|qoppa|pdf studio|acrobat pro)/i;

export function editingChecks(bytes: Uint8Array, info: PdfInfo): ConformityCheck[] {
  const out: ConformityCheck[] = [];
  const eofs = countToken(bytes, '%%EOF');
  // A linearized file legitimately ends twice (first-page section + main body).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const allowed = /\/Linearized/.test(head) ? 2 : 1;
  const updates = Math.max(0, eofs - allowed);
  out.push({
    check: 'pdf_incremental_updates',
    passed: updates === 0,
    message:
      updates === 0
        ? 'no incremental updates after the original save'
        : `PDF was saved ${updates} more time(s) after it was produced (incremental updates)`,
  });
  const tool = [info.producer, info.creator].filter((x) => x !== null).join(' / ');
  const editor = EDITORS.exec(tool);
  out.push({
    check: 'pdf_producer',
    passed: editor === null,
    message: editor
      ? `PDF written by an editing tool (${tool})`
      : tool
        ? `producer ${tool}`
        : 'no producer recorded',
  });
  const created = pdfDate(info.creationDate);
  const modified = pdfDate(info.modDate);
  if (created !== null && modified !== null) {
    const hours = (modified - created) / 3_600_000;
    // Banks produce a statement in one go; a modification days later means someone opened and re-saved it.
    const ok = hours <= 24;
    out.push({
      check: 'pdf_modified_after_creation',
      passed: ok,
      message: ok
        ? 'modification date matches creation'
        : `PDF modified ${Math.round(hours)} hours after creation (${info.modDate} vs ${info.creationDate})`,
    });
  }
  return out;
}

function countToken(bytes: Uint8Array, token: string): number {
  return (
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').split(token).length - 1
  );
}

/** "D:20150317092025+02'00'" → epoch ms (UTC). */
export function pdfDate(s: string | null): number | null {
  if (!s) return null;
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(s);
  if (!m) return null;
  const n = (v: string | undefined, d: number): number => (v === undefined ? d : Number(v));
  let t = Date.UTC(n(m[1], 1970), n(m[2], 1) - 1, n(m[3], 1), n(m[4], 0), n(m[5], 0), n(m[6], 0));
  if (m[7] === '+' || m[7] === '-') {
    const off = (n(m[8], 0) * 60 + n(m[9], 0)) * 60_000;
    t += m[7] === '+' ? -off : off;
  }
  return Number.isFinite(t) ? t : null;
}
