/**
 * Out-of-time check on real outcomes. A credit model is used on applications that come after the ones
 * it was fitted on, so it is judged the same way:
 *  1. inside the development split (../shared/datasets/berka-dev): the `docrisk model fit` method fitted
 *     on the loans granted before each cut-off date, scored on the loans granted from it on;
 *  2. with `--holdout FILE` (labelled applications the maintainers hold back, same JSONL format): the
 *     shipped default model and a model fitted by `docrisk model fit` on the whole development file,
 *     both scored on FILE, which neither has seen.
 *   node bench/risk-oot.ts [--dev DEV.jsonl] [--holdout HOLDOUT.jsonl] [--cutoffs 1995-01-01,1996-01-01]
 * AUCs carry a bootstrap 95% interval (2000 resamples, seed 1). Within the development split the default
 * model is in-sample on every later loan, so only the refitted model's figures count there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { buildReport, DEFAULT_MODELS } from '../src/risk/index.ts';
import { addDays } from '../src/risk/dates.ts';
import { aucWithCi, ks, parseApplications, type LabelledApplication } from '../src/risk/model/index.ts';
import type { RiskModel } from '../src/risk/model/model.types.ts';
import { fitApplications } from '../src/modules/reports/model.cli.ts';

/** RIDGE: a fixed ridge strength (a number ≥ 0); anything else stops the run instead of fitting with NaN. */
const RIDGE: number | null = process.env.RIDGE === undefined || process.env.RIDGE === '' ? null : Number(process.env.RIDGE);
if (RIDGE !== null && !(Number.isFinite(RIDGE) && RIDGE >= 0)) {
  console.error(`bench/risk-oot: RIDGE must be a number >= 0 (got ${JSON.stringify(process.env.RIDGE)}; 'auto' is a fit option of docrisk model fit, not of this protocol)`);
  process.exit(2);
}

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const devPath = arg('dev') ?? new URL('../../shared/datasets/berka-dev/loans-1993-1996.jsonl', import.meta.url).pathname;
const holdoutPath = arg('holdout');
if (!existsSync(devPath)) {
  console.log(`skipped: ${devPath} not found (the Berka development split lives in ../shared/datasets)`);
  process.exit(0);
}
if (holdoutPath && !existsSync(holdoutPath)) {
  console.error(`--holdout ${holdoutPath}: no such file`);
  process.exit(2);
}
const dev = parseApplications(readFileSync(devPath, 'utf8'));
const fmt = (c: { auc: number; lo: number; hi: number }): string => `${c.auc.toFixed(3)} [${c.lo.toFixed(3)}, ${c.hi.toFixed(3)}]`;
const fit = (apps: readonly LabelledApplication[], label: string): RiskModel =>
  fitApplications(apps, { name: `oot-${label}`, version: '0', dataSource: 'retail', description: label, inputSha256: '', createdAt: '1970-01-01T00:00:00Z', ...(RIDGE !== null ? { ridge: RIDGE } : {}) });

function judge(label: string, apps: readonly LabelledApplication[], model: RiskModel | null): void {
  const scores = apps.map((a) => buildReport({ sources: a.sources, params: a.params, asOf: addDays(a.date, -1), model }).srg.score);
  const bad = apps.map((a) => a.bad);
  console.log(`  ${label.padEnd(52)} AUC ${fmt(aucWithCi(scores, bad))}  KS ${ks(scores, bad).toFixed(3)}`);
}

console.log(`development split ${devPath.split('/').pop()}: ${dev.length} loans, ${dev.filter((a) => a.bad).length} bad`);
for (const cut of (arg('cutoffs') ?? '1995-01-01,1996-01-01').split(',')) {
  const before = dev.filter((a) => a.date < cut);
  const after = dev.filter((a) => a.date >= cut);
  if (!before.some((a) => a.bad) || !after.some((a) => a.bad)) continue;
  console.log(`fit on loans before ${cut} (${before.length}, ${before.filter((a) => a.bad).length} bad), score the ${after.length} from it on (${after.filter((a) => a.bad).length} bad):`);
  const m = fit(before, `before ${cut}`);
  judge(`docrisk model fit (${m.features.map((f) => f.id).length} features kept)`, after, m);
  judge('built-in scorecard (never fitted on Berka)', after, null);
}

if (holdoutPath) {
  const hold = parseApplications(readFileSync(holdoutPath, 'utf8'));
  console.log(`held-out file ${holdoutPath}: ${hold.length} applications, ${hold.filter((a) => a.bad).length} bad`);
  const shipped = DEFAULT_MODELS.retail ?? null;
  judge(`default model ${shipped?.name ?? '(none)'} ${shipped?.version ?? ''}`, hold, shipped);
  judge('docrisk model fit on the whole development file', hold, fit(dev, 'whole development file'));
  judge('built-in scorecard', hold, null);
}
