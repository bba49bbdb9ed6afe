import { FEATURE_BY_ID } from './features.ts';
import type { RiskModel } from './model.types.ts';

/** A model file read from disk or a store, checked before use: format, known features, ordered bins, one missing bin. */
export function checkModel(x: unknown): RiskModel {
  const m = x as RiskModel;
  const bad = (why: string): never => {
    throw new Error(`invalid risk model: ${why}`);
  };
  if (!m || typeof m !== 'object' || m.format !== 'docrisk-model/1') bad('format is not docrisk-model/1');
  if (typeof m.name !== 'string' || typeof m.version !== 'string' || !m.name || !m.version) bad('name and version are required');
  if (m.data_source !== 'retail' && m.data_source !== 'commercial') bad('data_source must be retail or commercial');
  if (!Number.isFinite(m.base_points) || !Number.isFinite(m.calibration?.a) || !Number.isFinite(m.calibration?.b)) bad('base_points and calibration must be numbers');
  if (!Array.isArray(m.grades) || m.grades.length === 0) bad('grades missing');
  if (!Array.isArray(m.features)) bad('features missing');
  for (const f of m.features) {
    if (!FEATURE_BY_ID.has(f.id)) bad(`unknown feature ${f.id}`);
    const ordered = f.bins.filter((b) => !b.missing);
    if (f.bins.filter((b) => b.missing).length !== 1) bad(`feature ${f.id}: exactly one missing bin`);
    if (ordered[0]?.min !== undefined || ordered[ordered.length - 1]?.max !== undefined) bad(`feature ${f.id}: bins must cover the whole line`);
    for (let i = 1; i < ordered.length; i++) if (ordered[i]?.min !== ordered[i - 1]?.max) bad(`feature ${f.id}: bins not contiguous`);
    for (let i = 1; i < ordered.length; i++) {
      const a = ordered[i - 1]?.points ?? 0;
      const b = ordered[i]?.points ?? 0;
      if (f.better === 'higher' ? b < a : b > a) bad(`feature ${f.id}: points not monotone in the ${f.better}-is-better direction`);
    }
  }
  return m;
}
