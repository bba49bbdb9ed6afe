/** Scoring with a fitted model: score, grade, PD, decision and reason codes, like the built-in scorecard. */
import type { ReasonCode, Srg } from '../types.ts';
import type { CharacteristicScore, Policy } from '../scorecard/index.ts';
import { INSUFFICIENT_DATA, UNAFFORDABLE } from '../scorecard/characteristics.data.ts';
import { FEATURE_BY_ID, type FeatureDef } from './features.ts';
import { findModelBin, gradeOfScore, pdOf } from './fit.ts';
import type { RiskModel } from './model.types.ts';
import type { ReasonText } from '../scorecard/scorecard.types.ts';

const MAX_REASONS = 5;

/** `missing` names what is missing for a null feature (features.ts missingReasonOf); else the feature's own text. */
export function scoreWithModel(
  model: RiskModel,
  features: Record<string, number | null>,
  policy: Policy,
  missing?: (def: FeatureDef) => ReasonText,
): Srg & { characteristics: CharacteristicScore[] } {
  let total = model.base_points;
  const details: CharacteristicScore[] = model.features.map((f) => {
    const value = features[f.id] ?? null;
    const points = findModelBin(f, value).points;
    const best = Math.max(...f.bins.filter((b) => !b.missing).map((b) => b.points));
    total += points;
    return { id: f.id, value: value === null ? null : Math.round(value * 1e4) / 1e4, points, best, lost: Math.max(0, best - points) };
  });
  const score = Math.min(1000, Math.max(0, Math.round(total)));
  const reasons: ReasonCode[] = [];
  const seen = new Set<string>();
  const ranked = details.filter((d) => d.lost > 0).sort((a, b) => b.lost - a.lost || (a.id < b.id ? -1 : 1));
  for (const d of ranked) {
    const def = FEATURE_BY_ID.get(d.id);
    if (!def) continue;
    const text = d.value === null ? (missing?.(def) ?? def.missing) : def.reason;
    if (seen.has(text.code)) continue;
    seen.add(text.code);
    reasons.push({ code: text.code, description: text.description, impact: d.lost });
    if (reasons.length === MAX_REASONS) break;
  }
  const policyReasons: string[] = [];
  if (policy.insufficientData) policyReasons.push(INSUFFICIENT_DATA.code);
  if (policy.affordable === false) policyReasons.push(UNAFFORDABLE.code);
  for (const code of policyReasons) {
    const t = code === INSUFFICIENT_DATA.code ? INSUFFICIENT_DATA : UNAFFORDABLE;
    reasons.push({ code: t.code, description: t.description, impact: 0 });
  }
  let decision: Srg['decision'] = score >= model.decision.approveMinScore ? 'approve' : score < model.decision.declineBelowScore ? 'decline' : 'review';
  if (decision === 'approve' && (policy.insufficientData || policy.affordable === false)) decision = 'review';
  if (policy.insufficientData && decision === 'decline') decision = 'review';
  return {
    score,
    grade: gradeOfScore(model.grades, score),
    pd_12m: Math.round(pdOf(model.calibration, score) * 1e4) / 1e4,
    decision,
    reason_codes: reasons,
    policy_reasons: policyReasons,
    model: { name: model.name, version: model.version },
    characteristics: details,
  };
}
