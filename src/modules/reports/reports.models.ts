/** Risk models the server selects (DOCRISK_RISK_MODELS): read and checked once at start, keyed by data source. */
import { readFileSync } from 'node:fs';
import { checkModel, type RiskModel } from '../../risk/index.ts';

export type RiskModels = Partial<Record<'retail' | 'commercial', RiskModel>>;

/** Throws with the file named when a model cannot be read or is invalid, so the process stops at start. */
export function loadRiskModels(files: readonly string[]): RiskModels {
  const out: RiskModels = {};
  for (const f of files) {
    let model: RiskModel;
    try {
      model = checkModel(JSON.parse(readFileSync(f, 'utf8')));
    } catch (err) {
      throw new Error(`DOCRISK_RISK_MODELS: ${f}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (out[model.data_source]) throw new Error(`DOCRISK_RISK_MODELS: two models for ${model.data_source} (${out[model.data_source]?.name} and ${model.name})`);
    out[model.data_source] = model;
  }
  return out;
}
