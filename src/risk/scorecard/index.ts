export { SCORECARDS } from './scorecards.data.ts';
export { extractFeatures } from './features.ts';
export { toSrg, scoreFeatures, findBin, pdFromScore, gradeOf } from './score.ts';
export type { CharacteristicScore, Policy } from './score.ts';
export type { Scorecard, Characteristic, Bin, Features } from './scorecard.types.ts';
export { DESIGNS, RETAIL_CHARACTERISTICS, COMMERCIAL_CHARACTERISTICS, REASON_CODE_TEXTS } from './characteristics.data.ts';
