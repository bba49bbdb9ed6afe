/**
 * Risk models the server selects (DOCRISK_RISK_MODELS): read and checked once at start, keyed by data
 * source, server-wide or for one space (by name). A space's own model wins over the server-wide one,
 * which wins over the engine's default; every report names the model and version it scored with.
 */
import { readFileSync } from 'node:fs';
import { checkModel, type RiskModel } from '../../risk/index.ts';

export type ModelsByDataSource = Partial<Record<'retail' | 'commercial', RiskModel>>;

export interface RiskModels {
  server: ModelsByDataSource;
  /** Space name → its models. */
  spaces: Record<string, ModelsByDataSource>;
}

export interface RiskModelFile {
  /** The space (by name) the model scores for; null: every space. */
  space: string | null;
  file: string;
}

/** Throws with the file named when a model cannot be read or is invalid, so the process stops at start. */
export function loadRiskModels(files: readonly (string | RiskModelFile)[]): RiskModels {
  const out: RiskModels = { server: {}, spaces: {} };
  for (const entry of files) {
    const { space, file } = typeof entry === 'string' ? { space: null, file: entry } : entry;
    let model: RiskModel;
    try {
      model = checkModel(JSON.parse(readFileSync(file, 'utf8')));
    } catch (err) {
      throw new Error(`DOCRISK_RISK_MODELS: ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const into = space === null ? out.server : (out.spaces[space] ??= {});
    const where = space === null ? '' : ` in space ${space}`;
    if (into[model.data_source]) throw new Error(`DOCRISK_RISK_MODELS: two models for ${model.data_source}${where} (${into[model.data_source]?.name} and ${model.name})`);
    into[model.data_source] = model;
  }
  return out;
}

/** The model a report in this space scores with for this data source (undefined: the engine's default). */
export function modelFor(models: RiskModels | undefined, spaceName: string | null, dataSource: 'retail' | 'commercial'): RiskModel | undefined {
  if (!models) return undefined;
  return (spaceName !== null ? models.spaces[spaceName]?.[dataSource] : undefined) ?? models.server[dataSource];
}
