/** A fitted risk model: versioned data, written by `docrisk model fit`, read by the report. */

export interface ModelBin {
  /** Lower bound inclusive (absent = −∞). */
  min?: number;
  /** Upper bound exclusive (absent = +∞). */
  max?: number;
  missing?: true;
  /** Weight of evidence (0 for bins published from a continuous fit). */
  woe: number;
  points: number;
  n: number;
  bad: number;
}

export interface ModelFeature {
  id: string;
  definition: string;
  better: 'higher' | 'lower';
  /** Logistic coefficient on the standardised, signed-log value (sign fixed by `better`). */
  coefficient: number;
  bins: ModelBin[];
}

export interface GradeBand {
  grade: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';
  minScore: number;
  /** Upper PD bound of the band (master scale). */
  maxPd: number;
}

export interface CalibrationRow {
  grade: string;
  n: number;
  bad: number;
  observed_bad_rate: number;
  mean_pd: number;
}

export interface ValidationReport {
  folds: number;
  seed: number;
  n: number;
  bad: number;
  /** Out-of-fold (cross-validated) figures: every application scored by a model that never saw it. */
  cv: {
    auc: number;
    auc_ci95: [number, number];
    ks: number;
    /** Mean over folds of the PSI of the held-out scores against the fold's development scores (score deciles). */
    psi_mean: number;
    psi_max: number;
    /** The shipped calibration (fitted on the out-of-fold scores) against the observed bad rate, by grade. */
    calibration_by_grade: CalibrationRow[];
    auc_by_fold: number[];
  };
  /** In-sample figures of the final model (optimistic; for comparison only). */
  in_sample: { auc: number; ks: number };
}

export interface RiskModel {
  format: 'docrisk-model/1';
  name: string;
  version: string;
  data_source: 'retail' | 'commercial';
  created_at: string;
  development: {
    description: string;
    n: number;
    bad: number;
    input_sha256: string;
    /** How the weights were fitted, when the ridge was chosen by inner cross-validation (`--ridge auto`). */
    fit?: { ridge: number; ridge_chosen_by: 'inner-cv'; bins: number };
    /** The development sample's scores under this model (sorted), the reference for PSI. */
    score_sample?: number[];
  };
  scaling: { pdo: number; oddsAt: number; scoreAt: number };
  base_points: number;
  /** pd_12m = 1 / (1 + exp(a + b·score)). */
  calibration: { a: number; b: number };
  grades: GradeBand[];
  decision: { approveMinScore: number; declineBelowScore: number };
  features: ModelFeature[];
  validation: ValidationReport;
}
