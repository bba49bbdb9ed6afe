import type { ReasonCode, Srg } from '../types.ts';
import { round } from '../metrics/math.ts';
import { INSUFFICIENT_DATA, missingReason, UNAFFORDABLE } from './characteristics.data.ts';
import type { Bin, Characteristic, Features, ReasonText, Scorecard } from './scorecard.types.ts';

export function findBin(ch: Characteristic, value: number | null | undefined): Bin {
  if (value === null || value === undefined || Number.isNaN(value)) {
    const missing = ch.bins.find((b) => b.missing);
    if (missing) return missing;
    value = 0;
  }
  const v = value;
  const bin = ch.bins.find((b) => !b.missing && (b.min === undefined || v >= b.min) && (b.max === undefined || v < b.max));
  if (!bin) throw new Error(`characteristic ${ch.id}: no bin for ${v}`);
  return bin;
}

export interface CharacteristicScore {
  id: string;
  value: number | null;
  points: number;
  best: number;
  lost: number;
}

export function scoreFeatures(card: Scorecard, features: Features): { score: number; details: CharacteristicScore[] } {
  let total = card.basePoints;
  const details = card.characteristics.map((ch) => {
    const value = features[ch.id] ?? null;
    const points = findBin(ch, value).points;
    const best = Math.max(...ch.bins.map((b) => b.points));
    total += points;
    return { id: ch.id, value: value === null ? null : round(value, 4), points, best, lost: best - points };
  });
  return { score: Math.min(1000, Math.max(0, Math.round(total))), details };
}

export function pdFromScore(card: Scorecard, score: number): number {
  return round(1 / (1 + Math.exp(card.calibration.a + card.calibration.b * score)), 4);
}

export function gradeOf(card: Scorecard, score: number): Srg['grade'] {
  for (const g of card.grades) if (score >= g.minScore) return g.grade;
  return 'G';
}

export interface Policy {
  insufficientData: boolean;
  /** Requested instalment not affordable (null when nothing was requested). */
  affordable: boolean | null;
}

const MAX_REASONS = 5;

function reasonCode(t: ReasonText, impact: number): ReasonCode {
  return { code: t.code, description: t.description, impact };
}

/**
 * Score → grade, PD, decision and reason codes. Reason codes are the
 * characteristics that lost points against their best bin, most points lost
 * first (ties by code); a characteristic whose value is missing gives a
 * DATA_MISSING_* code instead of its adverse fact. Policy codes (insufficient
 * data, unaffordable request), which block an approval whatever the score,
 * follow with impact 0 and are named in policy_reasons.
 */
export function toSrg(card: Scorecard, features: Features, policy: Policy): Srg & { characteristics: CharacteristicScore[] } {
  const { score, details } = scoreFeatures(card, features);
  const reasons: ReasonCode[] = [];
  const byId = new Map(card.characteristics.map((c) => [c.id, c]));
  // a feature that could not be computed costs its missing bin's points: the reason says the data is missing, not that the fact is bad
  const lost = details
    .filter((d) => d.lost > 0)
    .map((d) => ({ d, reason: d.value === null ? missingReason(d.id) : byId.get(d.id)?.reason }))
    .filter((x): x is { d: CharacteristicScore; reason: ReasonText } => x.reason !== undefined)
    .sort((a, b) => b.d.lost - a.d.lost || (a.reason.code < b.reason.code ? -1 : 1));
  const seen = new Set<string>();
  for (const x of lost) {
    if (seen.has(x.reason.code)) continue;
    seen.add(x.reason.code);
    reasons.push(reasonCode(x.reason, x.d.lost));
    if (reasons.length === MAX_REASONS) break;
  }
  // policy codes cap the decision, they do not move the score: listed after the score reasons, impact 0
  const policyReasons: string[] = [];
  if (policy.insufficientData) policyReasons.push(INSUFFICIENT_DATA.code);
  if (policy.affordable === false) policyReasons.push(UNAFFORDABLE.code);
  for (const code of policyReasons) reasons.push(reasonCode(code === INSUFFICIENT_DATA.code ? INSUFFICIENT_DATA : UNAFFORDABLE, 0));
  let decision: Srg['decision'] = score >= card.decision.approveMinScore ? 'approve' : score < card.decision.declineBelowScore ? 'decline' : 'review';
  if (decision === 'approve' && (policy.insufficientData || policy.affordable === false)) decision = 'review';
  if (policy.insufficientData && decision === 'decline') decision = 'review';
  return {
    score,
    grade: gradeOf(card, score),
    pd_12m: pdFromScore(card, score),
    decision,
    reason_codes: reasons,
    policy_reasons: policyReasons,
    model: { name: card.name, version: card.version },
    characteristics: details,
  };
}
