/**
 * Which amount column is what — signed amount, debit, credit, running balance — decided by
 * evidence: every assignment of roles is tried and the one under which the printed balances
 * reconcile wins (running balances row to row, day and carry balances, opening + Σ = closing,
 * in printed order or newest first). Headings and description words only break ties.
 */

export type Role = 'amount' | 'debit' | 'credit' | 'balance' | 'ignore';

export interface Cell {
  cents: number;
  /** Sign as printed (leading/trailing minus, marker); null when the amount carries none. */
  sign: -1 | 1 | null;
}

export interface SolveRow {
  /** Amount cells by column id; a balance checkpoint row (day/carry balance) has `checkpoint` instead. */
  cells: Map<number, Cell>;
  checkpoint?: number;
  /** The column the checkpoint's figure stands in, and whether its sign is printed: a balance in the debit column is below zero. */
  checkpointCol?: number;
  checkpointSigned?: boolean;
  /** +1 when the row's words speak of money in, -1 of money out, 0 when they say nothing. */
  cue: -1 | 0 | 1;
}

export interface Solution {
  roles: Map<number, Role>;
  /** Per row (same order as the input; checkpoints get null): signed amount, running balance. */
  amounts: (number | null)[];
  balances: (number | null)[];
  /** Per row: the sign is printed, given by the column, or proved by the chain. */
  signKnown: boolean[];
  /** Chain steps that agreed / disagreed under this solution. */
  agree: number;
  disagree: number;
  /** Printed balances misread by OCR: each broke both its steps, the chain bridged over it. */
  misread: number;
  newestFirst: boolean;
  score: number;
}

export interface SolveHints {
  opening: number | null;
  closing: number | null;
  /** Role a column's heading names, when a heading stands above it. */
  heading: Map<number, Role>;
  /** The order the booking dates are printed in, where they show one: the chain walks that way only. */
  dateOrder?: 'asc' | 'desc' | null;
  /** Column ids left to right. */
  order: number[];
}

const ROLES: Role[] = ['amount', 'debit', 'credit', 'balance', 'ignore'];

function* assignments(cols: number[]): Generator<Map<number, Role>> {
  const n = cols.length;
  const idx = new Array<number>(n).fill(0);
  for (;;) {
    const m = new Map<number, Role>();
    cols.forEach((c, i) => m.set(c, ROLES[idx[i]!]!));
    const count = (r: Role): number => [...m.values()].filter((x) => x === r).length;
    const a = count('amount');
    const d = count('debit');
    const c = count('credit');
    const ok = count('balance') <= 1 && d <= 1 && c <= 1 && ((a === 1 && d + c === 0) || (a === 0 && d + c >= 1));
    if (ok) yield m;
    let k = 0;
    while (k < n && ++idx[k]! === ROLES.length) idx[k++] = 0;
    if (k === n) return;
  }
}

interface Walk {
  agree: number;
  disagree: number;
  /** Printed balances that broke both their steps while the chain bridged over them (an OCR misreading). */
  misread: number;
  resolved: Map<number, number>;
}

/** Unsigned bookings between two balances whose signs are tried together (2^n ways). */
const MAX_UNKNOWN_IN_STEP = 6;

/**
 * The signs (±1 each) that make `mags` sum to `diff`: null where none does, 'ambiguous' where more
 * than one does (two equal amounts, one in and one out, or a zero).
 */
export function signsMaking(mags: readonly number[], diff: number): number[] | null | 'ambiguous' {
  if (mags.some((m) => m === 0)) return 'ambiguous';
  let found: number[] | null = null;
  for (let bits = 0; bits < 1 << mags.length; bits++) {
    let sum = 0;
    for (let k = 0; k < mags.length; k++) sum += bits & (1 << k) ? -mags[k]! : mags[k]!;
    if (sum !== diff) continue;
    if (found) return 'ambiguous';
    found = mags.map((_, k) => (bits & (1 << k) ? -1 : 1));
  }
  return found;
}

type WalkRow = { amount: number | null; unsigned: boolean; balance: number | null; checkpoint: number | null };

/**
 * One step of the chain, from balance `prev` to `bal` over the signed amounts summing to `known`
 * and the unsigned ones `unknown`: agreed (with the signs it proves), broken, or undecided.
 */
function step(rows: readonly WalkRow[], prev: number, known: number, unknown: readonly number[], bal: number): Map<number, number> | 'broken' | 'undecided' {
  const diff = bal - prev - known;
  if (unknown.length === 0) return diff === 0 ? new Map() : 'broken';
  const mags = unknown.map((i) => Math.abs(rows[i]!.amount!));
  if (unknown.length > MAX_UNKNOWN_IN_STEP) return 'undecided';
  // (several bookings between two printed balances with no sign read — a marker lost on a photo, a
  // day printing one balance after its bookings: the one way of signing them that makes the step)
  const signs = signsMaking(mags, diff);
  if (signs === null) return 'broken';
  if (signs === 'ambiguous') return unknown.length === 1 ? 'broken' : 'undecided';
  return new Map(unknown.map((i, k) => [i, signs[k]! * mags[k]!]));
}

/**
 * Walk the chain in the given row order; unknown signs are resolved where the balances tell them.
 * A balance that breaks its step is held until the next one: where the step from it holds, the
 * break was the amount's (one broken step); where only the bridge over it holds (the balance before
 * it, every amount up to the next balance), the held balance is the misreading — one OCR misread
 * figure costs one step, not the two it touches, and the signs the bridge proves are kept.
 */
function walk(rows: readonly WalkRow[], order: number[], opening: number | null): Walk {
  let prev = opening;
  let known = 0;
  let unknown: number[] = [];
  let agree = 0;
  let disagree = 0;
  let misread = 0;
  const resolved = new Map<number, number>();
  type Held = { prev: number; known: number; unknown: number[]; bal: number };
  let held = null as Held | null;
  const keep = (m: Map<number, number>): void => {
    for (const [i, v] of m) resolved.set(i, v);
  };
  for (const i of order) {
    const r = rows[i]!;
    if (r.amount !== null) {
      if (r.unsigned) unknown.push(i);
      else known += r.amount;
    }
    const bal = r.balance ?? r.checkpoint;
    if (bal === null) continue;
    let next: Held | null = null;
    if (held) {
      const direct = step(rows, held.bal, known, unknown, bal);
      const bridge = direct === 'broken' ? step(rows, held.prev, held.known + known, [...held.unknown, ...unknown], bal) : 'broken';
      if (bridge instanceof Map) {
        agree++;
        misread++;
        keep(bridge);
      } else {
        disagree++;
        if (direct instanceof Map) {
          agree++;
          keep(direct);
        } else if (direct === 'broken') next = { prev: held.bal, known, unknown, bal };
      }
    } else if (prev !== null) {
      const s = step(rows, prev, known, unknown, bal);
      if (s instanceof Map) {
        agree++;
        keep(s);
      } else if (s === 'broken') next = { prev, known, unknown, bal };
    }
    held = next;
    prev = bal;
    known = 0;
    unknown = [];
  }
  if (held) disagree++;
  return { agree, disagree, misread, resolved };
}

/** The same order with every checkpoint moved past the bookings that follow it (a balance printed above its day's rows). */
function shiftCheckpoints(rows: readonly { checkpoint: number | null }[], order: readonly number[]): number[] {
  const out: number[] = [];
  let pending: number[] = [];
  for (const i of order) {
    if (rows[i]!.checkpoint !== null) {
      out.push(...pending);
      pending = [i];
    } else if (pending.length > 0) {
      out.push(i);
    } else {
      out.push(i);
    }
  }
  out.push(...pending);
  return out;
}

export function solveRoles(rows: readonly SolveRow[], cols: number[], hints: SolveHints): Solution | null {
  let best: Solution | null = null;
  const txRows = rows.filter((r) => r.checkpoint === undefined).length;
  for (const roles of assignments(cols)) {
    let penalty = 0;
    const flat = rows.map((r) => {
      if (r.checkpoint !== undefined) {
        const debitSide = !r.checkpointSigned && r.checkpointCol !== undefined && roles.get(r.checkpointCol) === 'debit';
        return { amount: null, unsigned: false, balance: null, checkpoint: debitSide ? -r.checkpoint : r.checkpoint };
      }
      let amount: number | null = null;
      let unsigned = false;
      let balance: number | null = null;
      let count = 0;
      for (const [col, cell] of r.cells) {
        const role = roles.get(col) ?? 'ignore';
        if (role === 'ignore') {
          // Leaving printed figures unread costs more than a broken chain step or two.
          penalty += 1.5;
          continue;
        }
        if (role === 'balance') {
          balance = cell.cents * (cell.sign ?? 1);
          continue;
        }
        count++;
        if (count > 1) continue;
        // A printed sign that contradicts the column's role: the column is not that.
        if ((role === 'debit' && cell.sign === 1) || (role === 'credit' && cell.sign === -1)) penalty += 2;
        if (role === 'debit') amount = -cell.cents;
        else if (role === 'credit') amount = cell.cents;
        else if (cell.sign !== null) amount = cell.cents * cell.sign;
        else {
          amount = cell.cents;
          unsigned = true;
        }
      }
      if (count === 0) penalty += 3;
      if (count > 1) penalty += 3;
      return { amount, unsigned, balance, checkpoint: null };
    });
    const revOpening = hints.dateOrder === 'desc' ? hints.opening : null;
    const fwdOrder = flat.map((_, i) => i);
    const revOrder = [...fwdOrder].reverse();
    // Printed order or newest first; day/carry balances printed after their rows or before them.
    const walks = [
      { w: walk(flat, fwdOrder, hints.opening), newestFirst: false },
      // (where the dates show newest first, the walk starts at the oldest booking, whose balance
      // before it is the opening too)
      { w: walk(flat, revOrder, revOpening), newestFirst: true },
      { w: walk(flat, shiftCheckpoints(flat, fwdOrder), hints.opening), newestFirst: false },
      { w: walk(flat, shiftCheckpoints(flat, revOrder), revOpening), newestFirst: true },
    ];
    const allowed = hints.dateOrder ? walks.filter((x) => x.newestFirst === (hints.dateOrder === 'desc')) : walks;
    const net = (x: Walk): number => x.agree - x.disagree - x.misread / 2;
    const { w, newestFirst } = allowed.reduce((a, b) => (net(b.w) > net(a.w) ? b : a));
    const amounts = flat.map((r, i) => (r.amount === null ? null : (w.resolved.get(i) ?? r.amount)));
    // (a balance the chain bridged over counts as half a broken step: it was misread, the rest held)
    let score = 2 * w.agree - 2 * w.disagree - w.misread - penalty;
    const allKnown = flat.every((r, i) => r.amount === null || !r.unsigned || w.resolved.has(i));
    if (hints.opening !== null && hints.closing !== null && allKnown) {
      const sum = amounts.reduce<number>((s, a) => s + (a ?? 0), 0);
      score += hints.opening + sum === hints.closing ? Math.max(4, txRows / 2) : -2;
    }
    for (const [col, role] of roles) {
      const named = hints.heading.get(col);
      if (!named || role === 'ignore') continue;
      if (named === role) score += 1.5;
      else if (named === 'balance' || role === 'balance') score -= 1.5;
      else if ((named === 'debit' && role === 'credit') || (named === 'credit' && role === 'debit')) score -= 1.5;
    }
    // Description words: money in on credits, money out on debits (ties only: small weight).
    rows.forEach((r, i) => {
      const a = amounts[i];
      if (r.cue === 0 || a === null || a === undefined || a === 0 || flat[i]!.unsigned) return;
      score += Math.sign(a) === r.cue ? 0.3 : -0.3;
    });
    // Printed order: the balance column is usually the last one, the debit column before the credit one.
    const bal = [...roles].find(([, r]) => r === 'balance')?.[0];
    if (bal !== undefined && hints.order[hints.order.length - 1] === bal) score += 0.2;
    const d = [...roles].find(([, r]) => r === 'debit')?.[0];
    const c = [...roles].find(([, r]) => r === 'credit')?.[0];
    if (d !== undefined && c !== undefined && hints.order.indexOf(d) < hints.order.indexOf(c)) score += 0.1;
    const sol: Solution = {
      roles,
      amounts,
      balances: flat.map((r) => r.balance),
      signKnown: flat.map((r, i) => r.amount !== null && (!r.unsigned || w.resolved.has(i))),
      agree: w.agree,
      disagree: w.disagree,
      misread: w.misread,
      newestFirst,
      score,
    };
    if (!best || sol.score > best.score) best = sol;
  }
  return best;
}
