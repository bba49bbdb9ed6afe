/**
 * `docrisk model fit|validate`: a lender fits the score on their own outcomes, and checks a model on
 * labelled applications it never saw. Applications are JSON lines (see src/risk/model/applications.ts):
 * bank-account bodies + report_params + date + bad. Every application runs the report pipeline as of
 * the day before its date, exactly as run-report would.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildReport, checkModel, type ReportResult, type RiskModel } from '../../risk/index.ts';
import { addDays } from '../../risk/dates.ts';
import { aucWithCi, computeModelFeatures, DEFAULT_FEATURE_IDS, FEATURES, fitModel, ks, parseApplications, psi, type FitOptions, type LabelledApplication, type Row } from '../../risk/model/index.ts';
import { gradeOfScore, pdOf } from '../../risk/model/fit.ts';

const USAGE = `Usage:
  docrisk model fit --in APPLICATIONS.jsonl --out MODEL.json [--name NAME] [--version V]
                    [--data-source retail|commercial] [--features a,b,…|all] [--folds 5] [--seed 1]
                    [--ridge 0.01|auto] [--bins 50]
      fit a points scorecard on the outcomes; print the cross-validated validation report
      (AUC with 95% interval, KS, calibration by grade, PSI); write the model (a .ts path writes a module)
      --ridge auto: the ridge strength is chosen by an inner cross-validation on the training rows
      (inside every fold of the validation too), and written into the model file
  docrisk model validate --model MODEL.json --in APPLICATIONS.jsonl
      score labelled applications the model never saw: AUC with 95% interval, KS, calibration by grade,
      PSI against the development sample
  features: ${FEATURES.map((f) => f.id).join(', ')}
  (default: ${DEFAULT_FEATURE_IDS.join(', ')})`;

/** CLI output (library code has no console): stdout for results, stderr for usage and errors. */
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const complain = (line: string): void => void process.stderr.write(`${line}\n`);

function args(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const [k, v] = a.slice(2).split('=', 2);
    if (!k) continue;
    if (v !== undefined) out[k] = v;
    else out[k] = argv[++i] ?? '';
  }
  return out;
}

function report(a: LabelledApplication, model: RiskModel | null): ReportResult {
  return buildReport({ sources: a.sources, params: a.params, asOf: addDays(a.date, -1), model });
}

/** Each application through the report pipeline (as of the day before its date): its model features and outcome. */
export function applicationRows(apps: readonly LabelledApplication[]): Row[] {
  return apps.map((a) => {
    const r = report(a, null);
    return { bad: a.bad, features: computeModelFeatures({ metrics: r.metrics, coverage: r.coverage, categories: r.categories, monthly: r.monthly, params: a.params }) };
  });
}

/** What `docrisk model fit` fits: the named features (default DEFAULT_FEATURE_IDS, `all` for every one). */
export function fitApplications(apps: readonly LabelledApplication[], opts: FitOptions & { features?: readonly string[] | 'all' }): RiskModel {
  const ids = opts.features === 'all' ? FEATURES.map((f) => f.id) : (opts.features ?? DEFAULT_FEATURE_IDS);
  return fitModel(applicationRows(apps), FEATURES.filter((f) => ids.includes(f.id)), opts);
}

export async function runModelCommand(argv: string[]): Promise<number> {
  const sub = argv[0];
  const o = args(argv.slice(1));
  if ((sub !== 'fit' && sub !== 'validate') || !o.in) {
    complain(USAGE);
    return 2;
  }
  const text = readFileSync(o.in, 'utf8');
  const apps = parseApplications(text);
  if (sub === 'fit') {
    if (!o.out) {
      complain(USAGE);
      return 2;
    }
    const dataSource = o['data-source'] === 'commercial' ? 'commercial' : 'retail';
    const only = o.features === 'all' ? undefined : o.features?.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = only?.filter((id) => !FEATURES.some((f) => f.id === id)) ?? [];
    if (unknown.length) {
      complain(`docrisk model fit: unknown feature(s) ${unknown.join(', ')}\n\n${USAGE}`);
      return 2;
    }
    for (const k of ['ridge', 'bins', 'folds', 'seed'] as const) {
      if (o[k] !== undefined && !(k === 'ridge' && o[k] === 'auto') && !(Number(o[k]) > 0)) {
        complain(`docrisk model fit: --${k} must be a positive number${k === 'ridge' ? ' or auto' : ''}\n\n${USAGE}`);
        return 2;
      }
    }
    const model = fitApplications(apps, {
      features: o.features === 'all' ? 'all' : only,
      name: o.name ?? `docrisk-${dataSource}-fitted`,
      version: o.version ?? '1.0.0',
      dataSource,
      description: o.description ?? `fitted by docrisk model fit on ${o.in.split('/').pop() ?? o.in}`,
      inputSha256: createHash('sha256').update(text).digest('hex'),
      createdAt: new Date().toISOString(),
      folds: Number(o.folds ?? 5),
      seed: Number(o.seed ?? 1),
      ...(o.ridge ? { ridge: o.ridge === 'auto' ? ('auto' as const) : Number(o.ridge) } : {}),
      ...(o.bins ? { bins: Number(o.bins) } : {}),
    });
    const json = JSON.stringify(model, null, 2);
    writeFileSync(
      o.out,
      o.out.endsWith('.ts')
        ? `/* Generated by \`docrisk model fit\`; do not edit by hand (refit and bump the version). */\nimport type { RiskModel } from './model.types.ts';\n\nexport const MODEL: RiskModel = ${json};\n`
        : `${json}\n`,
    );
    printValidation(model);
    say(`model ${model.name} ${model.version} → ${o.out} (${model.features.length} features: ${model.features.map((f) => f.id).join(', ')})`);
    return 0;
  }
  if (!o.model) {
    complain(USAGE);
    return 2;
  }
  const model = checkModel(JSON.parse(readFileSync(o.model, 'utf8')));
  const scored = apps.map((a) => ({ a, srg: report(a, model).srg }));
  const scores = scored.map((x) => x.srg.score);
  const bad = scored.map((x) => x.a.bad);
  const ci = aucWithCi(scores, bad);
  say(`${model.name} ${model.version} on ${apps.length} applications (${bad.filter(Boolean).length} bad)`);
  say(`AUC ${ci.auc.toFixed(4)} [${ci.lo.toFixed(4)}, ${ci.hi.toFixed(4)}] (bootstrap 95%, seed 1), KS ${ks(scores, bad).toFixed(4)}`);
  const dev = model.validation.cv;
  say(`development (cross-validated): AUC ${dev.auc} [${dev.auc_ci95.join(', ')}], KS ${dev.ks}`);
  const devScores = model.development.score_sample ?? [];
  if (devScores.length) {
    const sorted = [...devScores].sort((x, y) => x - y);
    const edges = [...new Set([1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => sorted[Math.floor((d * sorted.length) / 10)] ?? 0))];
    say(`PSI against the development scores: ${psi(devScores, scores, edges).toFixed(4)}`);
  }
  say('grade      n    bad  observed  mean pd');
  for (const g of model.grades) {
    const idx = scored.filter((x) => gradeOfScore(model.grades, x.srg.score) === g.grade);
    const nb = idx.filter((x) => x.a.bad).length;
    const mp = idx.reduce((s, x) => s + pdOf(model.calibration, x.srg.score), 0) / Math.max(1, idx.length);
    say(`${g.grade.padEnd(6)} ${String(idx.length).padStart(5)} ${String(nb).padStart(6)}  ${(idx.length ? nb / idx.length : 0).toFixed(3).padStart(8)}  ${mp.toFixed(3).padStart(7)}`);
  }
  return 0;
}

function printValidation(m: RiskModel): void {
  const v = m.validation;
  say(`${v.folds}-fold cross-validation (seed ${v.seed}), ${v.n} applications, ${v.bad} bad`);
  say(`  AUC ${v.cv.auc} [${v.cv.auc_ci95.join(', ')}]  KS ${v.cv.ks}  PSI held-out vs development mean ${v.cv.psi_mean} max ${v.cv.psi_max}`);
  say(`  AUC by fold ${v.cv.auc_by_fold.join(' ')}; in-sample (optimistic) AUC ${v.in_sample.auc}`);
  const fit = m.development.fit;
  if (fit) say(`  ridge ${fit.ridge} (chosen by inner cross-validation on the whole file; re-chosen inside every fold above)`);
  say('  grade      n    bad  observed  mean pd (out of fold)');
  for (const g of v.cv.calibration_by_grade) {
    say(`  ${g.grade.padEnd(6)} ${String(g.n).padStart(5)} ${String(g.bad).padStart(6)}  ${g.observed_bad_rate.toFixed(3).padStart(8)}  ${g.mean_pd.toFixed(3).padStart(7)}`);
  }
}
