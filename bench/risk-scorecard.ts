/**
 * Out-of-sample evaluation of the frozen scorecards on a simulated population
 * (seed 202 by default; development used seed 101).
 *   node bench/risk-scorecard.ts [size] [seed]
 */
import { buildReport, SCORECARDS } from '../src/risk/index.ts';
import { simulatePopulation } from '../src/risk/simulate/index.ts';
import { aucHigherIsGood } from '../src/risk/simulate/evaluate.ts';

const size = Number(process.argv[2] ?? 5000);
const seed = Number(process.argv[3] ?? 202);

for (const dataSource of ['retail', 'commercial'] as const) {
  const t0 = performance.now();
  const pop = simulatePopulation(seed, size, { dataSource });
  const res = pop.map((a) => buildReport({ sources: a.sources, params: a.params, asOf: a.asOf }));
  const ms = performance.now() - t0;
  const bad = pop.map((p) => p.defaulted);
  const auc = aucHigherIsGood(res.map((r) => r.srg.score), bad);
  const aucTrue = aucHigherIsGood(pop.map((p) => -p.z), bad);
  const card = SCORECARDS.it[dataSource];
  console.log(`\n${dataSource} ${card.version}: n=${size} seed=${seed} default rate=${(bad.filter(Boolean).length / size * 100).toFixed(2)}% (${(ms / 1000).toFixed(1)} s)`);
  console.log(`AUC=${auc.toFixed(3)} Gini=${(2 * auc - 1).toFixed(3)}   ceiling (true latent risk): AUC=${aucTrue.toFixed(3)} Gini=${(2 * aucTrue - 1).toFixed(3)}`);
  console.log('grade |     n |  share | mean pd_12m | observed DR | true PD');
  for (const g of ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const) {
    const idx = res.map((r, i) => (r.srg.grade === g ? i : -1)).filter((i) => i >= 0);
    if (!idx.length) { console.log(`  ${g}   | ${'0'.padStart(5)} |`); continue; }
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const pred = mean(idx.map((i) => res[i]?.srg.pd_12m ?? 0));
    const obs = idx.filter((i) => bad[i]).length / idx.length;
    const tru = mean(idx.map((i) => pop[i]?.truePd ?? 0));
    console.log(`  ${g}   | ${String(idx.length).padStart(5)} | ${(idx.length / size * 100).toFixed(1).padStart(5)}% | ${(pred * 100).toFixed(2).padStart(10)}% | ${(obs * 100).toFixed(2).padStart(10)}% | ${(tru * 100).toFixed(2).padStart(6)}%`);
  }
  const dec = (d: string): string => { const i = res.map((r, k) => (r.srg.decision === d ? k : -1)).filter((k) => k >= 0); return `${d} ${i.length} (DR ${(i.length ? i.filter((k) => bad[k]).length / i.length * 100 : 0).toFixed(1)}%)`; };
  console.log(`decisions: ${dec('approve')}, ${dec('review')}, ${dec('decline')}`);
}
