/**
 * Development of the scorecard points on a simulated population (see the
 * METHODOLOGY note in src/risk/simulate/applicant.ts and points.data.ts).
 *   node bench/risk-fit.ts            print the fitted table
 *   node bench/risk-fit.ts --write    also write src/risk/scorecard/points.data.ts
 * Steps per data source: simulate (seed 101), run the engine, bin each
 * characteristic on its designed edges, weight of evidence per bin
 * (ln %good/%bad, +0.5 smoothing), pool adjacent violators so WoE is monotone
 * in the designed direction, logistic regression of good/bad on the WoE
 * columns, points = factor·β·WoE on the PDO scale (600 ↔ 20:1, PDO 50);
 * characteristics with β ≤ 0 get zero points; missing-bin WoE is shrunk
 * towards 0 by n/(n+50). Then a 1-D logistic fit of
 * default on score gives the calibration (a, b). Evaluation is out of sample:
 * bench/risk-scorecard.ts uses other seeds.
 */
import { writeFileSync } from 'node:fs';
import { buildReport } from '../src/risk/index.ts';
import { DESIGNS } from '../src/risk/scorecard/index.ts';
import { simulatePopulation } from '../src/risk/simulate/index.ts';
import { aucHigherIsGood, fitLogistic } from '../src/risk/simulate/evaluate.ts';

const PDO = 50;
const FACTOR = PDO / Math.LN2;
const OFFSET = 600 - FACTOR * Math.log(20);
const VERSION = '1.0.0';

function binOf(edges: readonly number[], hasMissing: boolean, v: number | null): number {
  if (v === null) return hasMissing ? edges.length + 1 : 0;
  let i = 0;
  while (i < edges.length && v >= (edges[i] ?? Infinity)) i++;
  return i;
}

/** Pool adjacent violators: make xs non-decreasing (weights ws). */
function pav(xs: number[], ws: number[]): number[] {
  const blocks = xs.map((x, i) => ({ v: x, w: ws[i] ?? 1, n: 1 }));
  for (let i = 0; i < blocks.length - 1; ) {
    const a = blocks[i];
    const b = blocks[i + 1];
    if (a && b && a.v > b.v) {
      const w = a.w + b.w;
      blocks.splice(i, 2, { v: (a.v * a.w + b.v * b.w) / w, w, n: a.n + b.n });
      if (i > 0) i--;
    } else i++;
  }
  return blocks.flatMap((b) => new Array<number>(b.n).fill(b.v));
}

function fit(source: 'retail' | 'commercial', size: number) {
  const pop = simulatePopulation(101, size, { dataSource: source });
  const res = pop.map((a) => buildReport({ sources: a.sources, params: a.params, asOf: a.asOf }));
  const bad = pop.map((p) => (p.defaulted ? 1 : 0));
  const ids = res[0]?.score_breakdown.map((d) => d.id) ?? [];
  const nBad = bad.reduce((a: number, b) => a + b, 0);
  const nGood = bad.length - nBad;
  const woeTables: Record<string, number[]> = {};
  const cols: number[][] = pop.map(() => []);
  const binRows: number[][] = pop.map(() => []);
  for (const id of ids) {
    const d = DESIGNS[id];
    if (!d) throw new Error(id);
    const nb = d.edges.length + 1 + (d.hasMissing ? 1 : 0);
    const g = new Array<number>(nb).fill(0);
    const b = new Array<number>(nb).fill(0);
    const bins = res.map((r, i) => {
      const k = binOf(d.edges, d.hasMissing, r.score_breakdown.find((x) => x.id === id)?.value ?? null);
      if (bad[i]) b[k] = (b[k] ?? 0) + 1;
      else g[k] = (g[k] ?? 0) + 1;
      return k;
    });
    let woe = g.map((gv, k) => Math.log(((gv + 0.5) / (nGood + 0.5 * nb)) / (((b[k] ?? 0) + 0.5) / (nBad + 0.5 * nb))));
    const ordered = d.edges.length + 1;
    // an empty ordered bin has no evidence of its own: it takes its nearest non-empty neighbour's WoE
    const filled = woe.slice(0, ordered).map((x, k) => ((g[k] ?? 0) + (b[k] ?? 0) > 0 ? x : Number.NaN));
    for (let k = 0; k < ordered; k++) {
      if (!Number.isNaN(filled[k] ?? 0)) continue;
      for (let dist = 1; dist < ordered; dist++) {
        const lo = filled[k - dist];
        const hi = filled[k + dist];
        const hit = [lo, hi].find((x) => x !== undefined && !Number.isNaN(x) && (g[k - dist] ?? 0) + (b[k - dist] ?? 0) + (g[k + dist] ?? 0) + (b[k + dist] ?? 0) > 0);
        if (hit !== undefined) { filled[k] = hit; break; }
      }
      if (Number.isNaN(filled[k] ?? 0)) filled[k] = 0;
    }
    woe = [...filled, ...woe.slice(ordered)];
    const w = g.map((gv, k) => gv + (b[k] ?? 0) + 1);
    const head = woe.slice(0, ordered);
    const mono = d.better === 'higher' ? pav(head, w.slice(0, ordered)) : pav(head.reverse(), w.slice(0, ordered).reverse()).reverse();
    // an empty missing bin carries no evidence: neutral
    // missing bins are small and mixed (no income vs. no balance data): shrink their WoE towards neutral by n/(n+50)
    const nMissing = (g[ordered] ?? 0) + (b[ordered] ?? 0);
    woe = [...mono, ...(d.hasMissing ? [((woe[ordered] ?? 0) * nMissing) / (nMissing + 50)] : [])];
    woeTables[id] = woe;
    bins.forEach((k, i) => {
      cols[i]?.push(woe[k] ?? 0);
      binRows[i]?.push(k);
    });
    console.log(`${source} ${id.padEnd(26)} counts ${g.map((gv, k) => `${gv}/${b[k]}`).join(' ')}  woe ${woe.map((x) => x.toFixed(2)).join(' ')}`);
  }
  const good = bad.map((x) => 1 - x);
  const beta = fitLogistic(cols, good);
  const points: Record<string, number[]> = {};
  ids.forEach((id, j) => {
    const bj = beta[j + 1] ?? 0;
    points[id] = (woeTables[id] ?? []).map((wv) => (bj > 0 ? Math.round(FACTOR * bj * wv) : 0));
    console.log(`${source} β ${id.padEnd(26)} ${bj.toFixed(3)} points ${points[id]?.join(' ')}`);
  });
  const base = Math.round(OFFSET + FACTOR * (beta[0] ?? 0));
  const scores = binRows.map((row) => base + ids.reduce((a, id, j) => a + (points[id]?.[row[j] ?? 0] ?? 0), 0));
  const cal = fitLogistic(scores.map((s) => [s]), bad);
  console.log(`${source}: n=${size} bad=${nBad} in-sample AUC=${aucHigherIsGood(scores, bad.map((x) => x === 1)).toFixed(3)} base=${base} calibration a=${(-(cal[0] ?? 0)).toFixed(4)} b=${(-(cal[1] ?? 0)).toFixed(6)}`);
  return { version: VERSION, base, calibration: { a: Number((-(cal[0] ?? 0)).toFixed(4)), b: Number((-(cal[1] ?? 0)).toFixed(6)) }, points };
}

const retail = fit('retail', Number(process.env.FIT_N ?? 4000));
const commercial = fit('commercial', Number(process.env.FIT_N_COMMERCIAL ?? 3000));
const table = (t: ReturnType<typeof fit>): string =>
  `{\n    version: '${t.version}',\n    base: ${t.base},\n    calibration: { a: ${t.calibration.a}, b: ${t.calibration.b} },\n    points: {\n${Object.entries(t.points).map(([k, v]) => `      ${k}: [${v.join(', ')}],`).join('\n')}\n    },\n  }`;
const body = `${HEADER()}\nexport const POINTS: Record<'retail' | 'commercial', PointsTable> = {\n  retail: ${table(retail)},\n  commercial: ${table(commercial)},\n};\n`;
console.log(body);
if (process.argv.includes('--write')) writeFileSync(new URL('../src/risk/scorecard/points.data.ts', import.meta.url), body);

function HEADER(): string {
  return `/**
 * FROZEN scorecard points (generated by bench/risk-fit.ts, then reviewed; do
 * not edit by hand without bumping the version).
 *
 * METHODOLOGY. Development sample: the simulated population of
 * src/risk/simulate (seed 101; ${Number(process.env.FIT_N ?? 4000)} retail, ${Number(process.env.FIT_N_COMMERCIAL ?? 3000)} commercial applicants, 12 months of
 * statement lines each, it/de alternating), run through the full engine
 * (categorise → metrics → features). Per characteristic: designed bin edges
 * (characteristics.data.ts), weight of evidence per bin with +0.5 smoothing,
 * pooled adjacent violators to force monotone WoE in the designed risk
 * direction, logistic regression on the WoE columns, points = round(factor ·
 * β · WoE) with factor = 50/ln 2 (score 600 ↔ 20:1 good:bad odds, PDO 50);
 * β ≤ 0 → zero points; missing-bin WoE shrunk by n/(n+50). Calibration: pd_12m = 1/(1+exp(a + b·score)) fitted on
 * the same sample. Out-of-sample figures: bench/risk-scorecard.ts (seed 202).
 * LIMITS: no real default data was available; the population encodes the
 * author's assumptions about how risk shows in bank data. Recalibrate on
 * observed outcomes before relying on pd_12m.
 */
export interface PointsTable {
  version: string;
  base: number;
  calibration: { a: number; b: number };
  points: Record<string, readonly number[]>;
}
`;
}
