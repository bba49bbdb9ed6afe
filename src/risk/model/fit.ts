/**
 * Fitting a points scorecard on labelled applications, and its cross-validation.
 * Per feature: the value through a signed log (ratios span orders of magnitude), clipped to the
 * development sample's 0.5–99.5 % range and standardised; a missing value sits at the sample mean.
 * A ridge logistic regression of bad on these columns; a feature whose coefficient has the sign
 * credit logic forbids (points falling as the value improves) is dropped and the rest refitted, so
 * every characteristic is monotone in its declared direction. The linear points are then published as
 * a table: bins cut at the development sample's 2 % quantiles, each worth the points at its median value,
 * neighbours worth the same (rounded) points merged, plus a missing bin at the mean (its shortfall shows
 * as a DATA_MISSING_* reason). (20 bins at 5 % quantiles cost 0.007 of cross-validated AUC on the
 * Berka split against the unrounded linear score; these about half of that.) Points are on the
 * PDO scale (600 ↔ 20:1 good:bad, PDO 50); pd_12m is a logistic calibration of the score fitted on
 * the cross-validation's out-of-fold scores (an in-sample calibration is as optimistic as in-sample AUC).
 * (Weight-of-evidence bins were tried first: on the Berka development split they
 * cross-validated 0.74–0.79 against 0.80 for this form; with 46 bads, per-bin estimates are noise.)
 * Deterministic.
 */
import { fitLogistic } from '../simulate/evaluate.ts';
import type { FeatureDef } from './features.ts';
import type { CalibrationRow, GradeBand, ModelBin, ModelFeature, RiskModel, ValidationReport } from './model.types.ts';
import { auc, aucWithCi, ks, prng, psi } from './stats.ts';

export interface Row {
  features: Record<string, number | null>;
  bad: boolean;
}

export interface FitOptions {
  name: string;
  version: string;
  dataSource: 'retail' | 'commercial';
  description: string;
  inputSha256: string;
  createdAt: string;
  /** Quantile cuts per feature before neighbours worth the same points are merged (default 50). */
  bins?: number;
  /** Ridge strength (default 0.01), or 'auto': chosen by an inner cross-validation on the rows being fitted. */
  ridge?: number | 'auto';
  folds?: number;
  seed?: number;
}

const PDO = 50;
const FACTOR = PDO / Math.LN2;
const OFFSET = 600 - FACTOR * Math.log(20);
/** PD master scale (upper bounds): the same bands as the shipped scorecard. */
const MASTER: readonly [GradeBand['grade'], number][] = [['A', 0.02], ['B', 0.03], ['C', 0.05], ['D', 0.08], ['E', 0.12], ['F', 0.2], ['G', 1]];

const slog = (v: number): number => Math.sign(v) * Math.log1p(Math.abs(v));

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))] ?? 0;
}

interface Transform {
  def: FeatureDef;
  lo: number;
  hi: number;
  mean: number;
  sd: number;
  sorted: number[];
}

function transformOf(def: FeatureDef, rows: readonly Row[]): Transform | null {
  const raw = rows.map((r) => r.features[def.id] ?? null).filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (raw.length < 10) return null;
  const t = raw.map(slog);
  const lo = quantile(t, 0.005);
  const hi = quantile(t, 0.995);
  if (!(hi > lo)) return null;
  const c = t.map((v) => Math.min(hi, Math.max(lo, v)));
  const mean = c.reduce((a, b) => a + b, 0) / c.length;
  const sd = Math.sqrt(c.reduce((a, b) => a + (b - mean) ** 2, 0) / c.length) || 1;
  return { def, lo, hi, mean, sd, sorted: raw };
}

function z(tr: Transform, v: number | null): number {
  if (v === null || !Number.isFinite(v)) return 0;
  return (Math.min(tr.hi, Math.max(tr.lo, slog(v))) - tr.mean) / tr.sd;
}

function fitCore(rows: readonly Row[], defs: readonly FeatureDef[], ridge: number, penaliseIntercept = true): { trs: Transform[]; beta: number[]; w0: number } {
  const trs = defs.map((d) => transformOf(d, rows)).filter((t): t is Transform => t !== null);
  const ys = rows.map((r) => (r.bad ? 1 : 0));
  let active = trs.map((_, i) => i);
  // P(bad) = σ(w0 + Σ w·z): a higher-is-better feature needs w ≤ 0, a lower-is-better one w ≥ 0
  const wrongSign = (j: number, w: number): boolean => ((trs[j] as Transform).def.better === 'higher' ? w > 0 : w < 0);
  for (;;) {
    const xs = rows.map((r) => active.map((j) => z(trs[j] as Transform, r.features[(trs[j] as Transform).def.id] ?? null)));
    const w = fitLogistic(xs, ys, 40, ridge, penaliseIntercept);
    const wrong = active.map((j, i) => ({ j, w: w[i + 1] ?? 0 })).filter((x) => wrongSign(x.j, x.w));
    if (wrong.length === 0 || active.length === 0) {
      const beta = new Array<number>(trs.length).fill(0);
      active.forEach((j, i) => (beta[j] = w[i + 1] ?? 0));
      return { trs, beta, w0: w[0] ?? 0 };
    }
    const worst = wrong.sort((a, b) => Math.abs(b.w) - Math.abs(a.w) || a.j - b.j)[0];
    active = active.filter((j) => j !== worst?.j);
  }
}

export function scoreRow(model: Pick<RiskModel, 'base_points' | 'features'>, features: Record<string, number | null>): number {
  let s = model.base_points;
  for (const f of model.features) {
    const v = features[f.id] ?? null;
    s += findModelBin(f, v).points;
  }
  return Math.min(1000, Math.max(0, Math.round(s)));
}

export function findModelBin(f: ModelFeature, v: number | null): ModelBin {
  if (v === null || Number.isNaN(v)) return f.bins.find((b) => b.missing) ?? (f.bins[0] as ModelBin);
  return f.bins.find((b) => !b.missing && (b.min === undefined || v >= b.min) && (b.max === undefined || v < b.max)) ?? (f.bins[0] as ModelBin);
}

export function pdOf(cal: { a: number; b: number }, score: number): number {
  return 1 / (1 + Math.exp(cal.a + cal.b * score));
}

/** Ridge strengths `ridge: 'auto'` chooses from (weak to strong). */
export const RIDGE_GRID: readonly number[] = [0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1];

/**
 * The ridge strength for `rows`, chosen by an inner stratified 5-fold cross-validation on these rows only
 * (inside each outer fold when the method is cross-validated): the grid value with the lowest mean
 * out-of-fold log-loss of the linear score (sign checks included); a tie goes to the stronger ridge.
 * The intercept is not penalised, so a strong ridge shrinks the weights, not the bad rate.
 */
export function chooseRidge(rows: readonly Row[], defs: readonly FeatureDef[], seed = 1): number {
  const fold = folds(rows, 5, seed);
  let best = { ridge: RIDGE_GRID[0] ?? 0.01, loss: Infinity };
  for (const ridge of RIDGE_GRID) {
    let loss = 0;
    for (let f = 0; f < 5; f++) {
      const { trs, beta, w0 } = fitCore(rows.filter((_, i) => fold[i] !== f), defs, ridge, false);
      rows.forEach((r, i) => {
        if (fold[i] !== f) return;
        const eta = trs.reduce((a, tr, j) => a + (beta[j] ?? 0) * z(tr, r.features[tr.def.id] ?? null), w0);
        const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-eta))));
        loss -= r.bad ? Math.log(p) : Math.log(1 - p);
      });
    }
    loss /= rows.length;
    if (loss <= best.loss + 1e-12) best = { ridge, loss };
  }
  return best.ridge;
}

/** Fit the model on all rows (no validation). */
export function fitOnce(rows: readonly Row[], defs: readonly FeatureDef[], opts: FitOptions): Omit<RiskModel, 'validation'> {
  const k = opts.bins ?? 50;
  const auto = opts.ridge === 'auto';
  const ridge = opts.ridge === 'auto' ? chooseRidge(rows, defs, opts.seed ?? 1) : (opts.ridge ?? 0.01);
  const { trs, beta, w0 } = fitCore(rows, defs, ridge, !auto);
  const features: ModelFeature[] = [];
  trs.forEach((tr, j) => {
    const coef = beta[j] ?? 0;
    if (coef === 0) return;
    const pts = (v: number | null): number => -FACTOR * coef * z(tr, v);
    // cuts at quantiles of the applications and of the distinct values: a feature most applicants share
    // one value of (no day below zero) still gets bins where the others spread, not one jump
    const distinct = [...new Set(tr.sorted)];
    const cuts = Array.from({ length: k - 1 }, (_, i) => [quantile(tr.sorted, (i + 1) / k), quantile(distinct, (i + 1) / k)]).flat();
    const edges = [...new Set(cuts.map((c) => round(c, 6)))].filter((e) => e > (tr.sorted[0] ?? e)).sort((a, b) => a - b);
    const bins: ModelBin[] = [];
    for (let i = 0; i <= edges.length; i++) {
      const lo = edges[i - 1];
      const hi = edges[i];
      const inBin = tr.sorted.filter((v) => (lo === undefined || v >= lo) && (hi === undefined || v < hi));
      const mid = inBin[Math.floor(inBin.length / 2)] ?? lo ?? hi ?? 0;
      const points = Math.round(pts(mid));
      const prev = bins[bins.length - 1];
      // neighbours worth the same points are one bin: the table stays short, the scores identical
      if (prev && prev.points === points) {
        if (hi === undefined) delete prev.max;
        else prev.max = hi;
        prev.n += inBin.length;
        continue;
      }
      const bin: ModelBin = { woe: 0, points, n: inBin.length, bad: 0 };
      if (lo !== undefined) bin.min = lo;
      if (hi !== undefined) bin.max = hi;
      bins.push(bin);
    }
    const missing = rows.filter((r) => (r.features[tr.def.id] ?? null) === null);
    bins.push({ missing: true, woe: 0, points: Math.round(pts(null)), n: missing.length, bad: missing.filter((r) => r.bad).length });
    // observed bads per published bin (development sample), for the reader
    for (const r of rows) {
      const v = r.features[tr.def.id] ?? null;
      if (v === null || !r.bad) continue;
      const b = bins.find((x) => !x.missing && (x.min === undefined || v >= x.min) && (x.max === undefined || v < x.max));
      if (b) b.bad++;
    }
    features.push({ id: tr.def.id, definition: tr.def.definition, better: tr.def.better, coefficient: round(coef, 6), bins });
  });
  const base = Math.round(OFFSET - FACTOR * w0);
  const partial = { base_points: base, features };
  const scores = rows.map((r) => scoreRow(partial, r.features));
  const { calibration, grades, decision } = calibrate(scores, rows.map((r) => r.bad));
  return {
    format: 'docrisk-model/1',
    name: opts.name,
    version: opts.version,
    data_source: opts.dataSource,
    created_at: opts.createdAt,
    development: {
      description: opts.description,
      n: rows.length,
      bad: rows.filter((r) => r.bad).length,
      input_sha256: opts.inputSha256,
      ...(auto ? { fit: { ridge, ridge_chosen_by: 'inner-cv' as const, bins: k } } : {}),
    },
    scaling: { pdo: PDO, oddsAt: 20, scoreAt: 600 },
    base_points: base,
    calibration,
    grades,
    decision,
    features,
  };
}

/** pd = σ(−a − b·score) fitted on (score, outcome); grade bands from the PD master scale; approve from C, decline below E. */
export function calibrate(scores: readonly number[], bad: readonly boolean[]): Pick<RiskModel, 'calibration' | 'grades' | 'decision'> {
  const cw = fitLogistic(scores.map((s) => [s]), bad.map((b) => (b ? 1 : 0)), 40, 1e-6);
  // P(bad) = σ(w0 + w1·score) = 1/(1+exp(−w0 − w1·score))
  const calibration = { a: round(-(cw[0] ?? 0), 6), b: round(-(cw[1] ?? 0), 8) };
  const grades: GradeBand[] = MASTER.map(([grade, maxPd]) => ({
    grade,
    maxPd,
    // lowest score whose PD is below the band's upper bound
    minScore: maxPd >= 1 ? 0 : Math.max(0, Math.ceil((Math.log(1 / maxPd - 1) - calibration.a) / calibration.b)),
  }));
  const minOf = (g: string): number => grades.find((x) => x.grade === g)?.minScore ?? 0;
  // approve from grade C (pd < 5%), decline below E (pd ≥ 12%)
  return { calibration, grades, decision: { approveMinScore: minOf('C'), declineBelowScore: minOf('E') } };
}

export function gradeOfScore(grades: readonly GradeBand[], score: number): GradeBand['grade'] {
  for (const g of grades) if (score >= g.minScore) return g.grade;
  return 'G';
}

/** Stratified k-fold assignment (seeded). */
export function folds(rows: readonly Row[], k: number, seed: number): number[] {
  const rnd = prng(seed);
  const out = new Array<number>(rows.length).fill(0);
  for (const cls of [true, false]) {
    const idx = rows.map((r, i) => ({ r, i })).filter((x) => x.r.bad === cls).map((x) => x.i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [idx[i], idx[j]] = [idx[j] as number, idx[i] as number];
    }
    idx.forEach((i, p) => (out[i] = p % k));
  }
  return out;
}

/** Fit on everything, and cross-validate the same fitting method (k folds, stratified, seeded). */
export function fitModel(rows: readonly Row[], defs: readonly FeatureDef[], opts: FitOptions): RiskModel {
  const k = opts.folds ?? 5;
  const seed = opts.seed ?? 1;
  const fold = folds(rows, k, seed);
  const oofScore = new Array<number>(rows.length).fill(0);
  const aucByFold: number[] = [];
  const psis: number[] = [];
  for (let f = 0; f < k; f++) {
    const train = rows.filter((_, i) => fold[i] !== f);
    const testIdx = rows.map((_, i) => i).filter((i) => fold[i] === f);
    const m = fitOnce(train, defs, opts);
    const trainScores = train.map((r) => scoreRow(m, r.features));
    const testScores = testIdx.map((i) => scoreRow(m, (rows[i] as Row).features));
    testIdx.forEach((i, p) => {
      const s = testScores[p] ?? 0;
      oofScore[i] = s;
    });
    aucByFold.push(round(auc(testScores, testIdx.map((i) => (rows[i] as Row).bad)), 4));
    const sorted = [...trainScores].sort((a, b) => a - b);
    const edges = [...new Set([1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => sorted[Math.floor((d * sorted.length) / 10)] ?? 0))];
    psis.push(psi(trainScores, testScores, edges));
  }
  const bad = rows.map((r) => r.bad);
  const ci = aucWithCi(oofScore, bad, 2000, seed);
  // the shipped PD comes from the out-of-fold scores: an in-sample calibration is as optimistic as the in-sample AUC
  const final = { ...fitOnce(rows, defs, opts), ...calibrate(oofScore, bad) };
  // predicted (shipped calibration) against observed, by grade, on the out-of-fold scores (2 fitted parameters)
  const calibration_by_grade: CalibrationRow[] = MASTER.map(([g]) => {
    const idx = rows.map((_, i) => i).filter((i) => gradeOfScore(final.grades, oofScore[i] ?? 0) === g);
    const nb = idx.filter((i) => bad[i]).length;
    const meanPd = idx.reduce((a, i) => a + pdOf(final.calibration, oofScore[i] ?? 0), 0) / Math.max(1, idx.length);
    return { grade: g, n: idx.length, bad: nb, observed_bad_rate: idx.length ? round(nb / idx.length, 4) : 0, mean_pd: idx.length ? round(meanPd, 4) : 0 };
  });
  const inScores = rows.map((r) => scoreRow(final, r.features));
  final.development.score_sample = [...inScores].sort((a, b) => a - b);
  const validation: ValidationReport = {
    folds: k,
    seed,
    n: rows.length,
    bad: bad.filter(Boolean).length,
    cv: {
      auc: round(ci.auc, 4),
      auc_ci95: [round(ci.lo, 4), round(ci.hi, 4)],
      ks: round(ks(oofScore, bad), 4),
      psi_mean: round(psis.reduce((a, b) => a + b, 0) / psis.length, 4),
      psi_max: round(Math.max(...psis), 4),
      calibration_by_grade,
      auc_by_fold: aucByFold,
    },
    in_sample: { auc: round(auc(inScores, bad), 4), ks: round(ks(inScores, bad), 4) },
  };
  return { ...final, validation };
}

function round(x: number, dp: number): number {
  const f = 10 ** dp;
  const v = Math.round(x * f) / f;
  return Object.is(v, -0) ? 0 : v;
}
