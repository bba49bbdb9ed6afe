export interface Bin {
  /** Lower bound, inclusive (absent = −∞). */
  min?: number;
  /** Upper bound, exclusive (absent = +∞). */
  max?: number;
  /** Bin for a missing value (no income, no balance…); at most one per characteristic. */
  missing?: true;
  points: number;
}

export interface ReasonText {
  code: string;
  description: string;
  description_it: string;
  description_de: string;
}

export interface Characteristic {
  id: string;
  /** Direction of risk: points must never fall as the value moves the better way. */
  better: 'higher' | 'lower';
  bins: readonly Bin[];
  reason: ReasonText;
}

export interface Scorecard {
  name: string;
  version: string;
  market: 'it' | 'de';
  data_source: 'retail' | 'commercial';
  basePoints: number;
  /** PDO scaling used when the points were derived: score `scoreAt` ↔ good:bad odds `oddsAt`, odds double every `pdo`. */
  scaling: { pdo: number; oddsAt: number; scoreAt: number };
  /** pd_12m = 1 / (1 + exp(a + b·score)), fitted on the development sample. */
  calibration: { a: number; b: number };
  /** Grade bands by minimum score, best first. */
  grades: readonly { grade: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G'; minScore: number }[];
  decision: { approveMinScore: number; declineBelowScore: number };
  characteristics: readonly Characteristic[];
}

export type Features = Record<string, number | null>;
