import { MODEL as RETAIL } from './default-retail.model.ts';
import type { RiskModel } from './model.types.ts';

/**
 * The model each data source scores with when the server or space names none.
 * retail: docrisk-retail-bank-behaviour 3.0.0, fitted by `docrisk model fit` on real loan outcomes
 * (the Berka development split; docs/risk-model.md gives its development and cross-validated figures).
 * commercial: none yet, the built-in scorecard (src/risk/scorecard) serves it.
 */
export const DEFAULT_MODELS: Partial<Record<'retail' | 'commercial', RiskModel>> = { retail: RETAIL };
