/** Identity documents (residence permits, ID cards, passports) over pages of positioned words. */
export type { IdAnalysis, IdType, CrossCheck } from './analyse.ts';
export { analyseId, isIdType, legibleId, resolveValidity } from './analyse.ts';
export { idParseOutcome, idValidation, preResult } from './result.ts';
export type { FoundMrz } from './find.ts';
export { findMrz } from './find.ts';
export type { MrzReading, MrzCheck, MrzCorrection, MrzFormat, ReadOptions } from './mrz.ts';
export { checkDigit, readMrz, resolveDate, cleanMrzLine, fitLength } from './mrz.ts';
export { readFront, parseFrontDate } from './front.ts';
