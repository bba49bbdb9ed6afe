/**
 * Real-outcome benchmark: every loan of the Berka development split (../shared/datasets/berka-dev,
 * 328 loans, 46 bad) run through the report pipeline on its bank account. Prints AUCs with a
 * bootstrap 95% interval (2000 resamples, seed 1): the built-in (simulation-fitted) scorecard, which
 * never saw these loans; the default retail model, which was FITTED ON THEM (in-sample, optimistic:
 * only for the record); and the fitting method 5-fold cross-validated on ten fold seeds, the figure
 * that counts. Pass another labelled JSONL (e.g. an out-of-time sample) to score the shipped models on it.
 *   node bench/risk-berka.ts [path.jsonl]     FEATURES=a,b BINS=50 RIDGE=0.01 to try other fits
 */
import { existsSync, readFileSync } from 'node:fs';
import { buildReport } from '../src/risk/index.ts';
import { parseApplications } from '../src/risk/model/applications.ts';
import { aucWithCi } from '../src/risk/model/stats.ts';
import { addDays } from '../src/risk/dates.ts';

const path = process.argv[2] ?? new URL('../../shared/datasets/berka-dev/loans-1993-1996.jsonl', import.meta.url).pathname;
if (!existsSync(path)) {
  console.log(`skipped: ${path} not found (the Berka development split lives in ../shared/datasets)`);
  process.exit(0);
}
const apps = parseApplications(readFileSync(path, 'utf8'));
const t0 = performance.now();
const rows = apps.map((a) => {
  const r = buildReport({ sources: a.sources, params: a.params, asOf: addDays(a.date, -1), model: null });
  return { a, r };
});
const withDefault = apps.map((a) => buildReport({ sources: a.sources, params: a.params, asOf: addDays(a.date, -1) }).srg);
const ms = performance.now() - t0;
const bad = rows.map((x) => x.a.bad);
const score = rows.map((x) => x.r.srg.score);
const minBal = rows.map((x) => x.r.metrics.balances.minimum ?? 0);
const decisions = new Map<string, { n: number; bad: number }>();
for (const [i, x] of rows.entries()) {
  const dec = withDefault[i]?.decision ?? x.r.srg.decision;
  const d = decisions.get(dec) ?? { n: 0, bad: 0 };
  d.n++;
  if (x.a.bad) d.bad++;
  decisions.set(dec, d);
}
const fmt = (c: { auc: number; lo: number; hi: number }): string => `${c.auc.toFixed(3)} [${c.lo.toFixed(3)}, ${c.hi.toFixed(3)}]`;
console.log(`${apps.length} loans, ${bad.filter(Boolean).length} bad; report pipeline ${ms.toFixed(0)} ms total`);
console.log(`AUC built-in scorecard ${rows[0]?.r.srg.model.name} ${rows[0]?.r.srg.model.version}: ${fmt(aucWithCi(score, bad))}`);
console.log(`AUC default model ${withDefault[0]?.model.name} ${withDefault[0]?.model.version}: ${fmt(aucWithCi(withDefault.map((s) => s.score), bad))} (fitted on this file when it is the development split: in-sample)`);
console.log(`AUC minimum balance alone:          ${fmt(aucWithCi(minBal, bad))}`);
for (const [d, v] of [...decisions].sort()) console.log(`default model decision ${d}: ${v.n} loans, ${v.bad} bad (${((100 * v.bad) / v.n).toFixed(1)}%)`);
const neg = rows.map((x, i) => ({ x, d: withDefault[i]?.decision })).filter((y) => y.x.r.metrics.balances.days_negative > 0);
console.log(`applicants with a negative-balance day: ${neg.length}, ${neg.filter((y) => y.x.a.bad).length} bad; default model decisions: ${['approve', 'review', 'decline'].map((d) => `${d} ${neg.filter((y) => y.d === d).length}`).join(', ')}`);
const cats = new Map<string, number>();
for (const x of rows) for (const c of x.r.categories) cats.set(c.category, (cats.get(c.category) ?? 0) + c.count);
console.log(`categories: ${[...cats].sort((p, q) => q[1] - p[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);

// A model fitted on these loans by the `docrisk model fit` method, 5-fold cross-validated on ten fold
// seeds (the fit, its sign checks and its bins inside each fold): only out-of-fold figures count.
const { FEATURES, DEFAULT_FEATURE_IDS, computeModelFeatures } = await import('../src/risk/model/features.ts');
const { fitModel } = await import('../src/risk/model/fit.ts');
const fitRows = rows.map((x) => ({ bad: x.a.bad, features: computeModelFeatures({ metrics: x.r.metrics, coverage: x.r.coverage, categories: x.r.categories, monthly: x.r.monthly, params: x.a.params }) }));
const sets: [string, readonly string[]][] = process.env.FEATURES
  ? [['FEATURES', process.env.FEATURES.split(',')]]
  : [['default feature set', DEFAULT_FEATURE_IDS], ['every feature', FEATURES.map((f) => f.id)]];
for (const [label, ids] of sets) {
  const defs = FEATURES.filter((f) => ids.includes(f.id));
  const aucs: number[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    const m = fitModel(fitRows, defs, { name: 'bench', version: '0', dataSource: 'retail', description: 'bench', inputSha256: '', createdAt: '1970-01-01T00:00:00Z', seed, ...(process.env.BINS ? { bins: Number(process.env.BINS) } : {}), ...(process.env.RIDGE ? { ridge: Number(process.env.RIDGE) } : {}) });
    const v = m.validation;
    aucs.push(v.cv.auc);
    if (seed <= 3) console.log(`${label}, 5-fold CV seed ${seed}: AUC ${v.cv.auc} [${v.cv.auc_ci95.join(', ')}], KS ${v.cv.ks}, PSI mean ${v.cv.psi_mean} max ${v.cv.psi_max}, folds ${v.cv.auc_by_fold.join(' ')}; in-sample ${v.in_sample.auc}`);
    if (seed === 1) console.log(`  features kept: ${m.features.map((f) => `${f.id}(${f.coefficient.toFixed(2)})`).join(', ')}`);
  }
  const mean = aucs.reduce((a, b) => a + b, 0) / aucs.length;
  console.log(`${label}: CV AUC over fold seeds 1-10: mean ${mean.toFixed(4)}, worst ${Math.min(...aucs).toFixed(4)}, best ${Math.max(...aucs).toFixed(4)}`);
}
