import { COMMERCIAL_CHARACTERISTICS, DESIGNS, RETAIL_CHARACTERISTICS } from './characteristics.data.ts';
import { POINTS } from './points.data.ts';
import type { PointsTable } from './points.data.ts';
import type { Bin, Characteristic, Scorecard } from './scorecard.types.ts';

/**
 * Scorecards per (data_market, data_source). Retail and commercial each have
 * one points table (points.data.ts, see its METHODOLOGY); the markets share it
 * because the development population is simulated and has no market-specific
 * default behaviour to learn from. Points sit on the PDO scale (score 600 ↔
 * good:bad odds 20:1, odds double every 50 points); grade bands are a PD
 * master scale read through the fitted retail calibration (comments give the
 * PD upper bound). The simulated signal cannot certify PDs below ~1.5%, so the
 * best grade starts at 2%. Approve from grade C (pd < 5%), decline below E.
 */
const GRADES: Scorecard['grades'] = [
  { grade: 'A', minScore: 665 }, // pd < 2%
  { grade: 'B', minScore: 635 }, // pd < 3%
  { grade: 'C', minScore: 600 }, // pd < 5%
  { grade: 'D', minScore: 560 }, // pd < 8%
  { grade: 'E', minScore: 525 }, // pd < 12%
  { grade: 'F', minScore: 485 }, // pd < 20%
  { grade: 'G', minScore: 0 },
];

function buildCharacteristics(ids: readonly string[], table: PointsTable): Characteristic[] {
  return ids.map((id) => {
    const d = DESIGNS[id];
    const pts = table.points[id];
    if (!d || !pts) throw new Error(`scorecard data: characteristic ${id} lacks a design or points`);
    const n = d.edges.length + 1;
    if (pts.length !== n + (d.hasMissing ? 1 : 0)) throw new Error(`scorecard data: ${id} has ${pts.length} points for ${n} bins`);
    const bins: Bin[] = [];
    for (let i = 0; i < n; i++) {
      const bin: Bin = { points: pts[i] ?? 0 };
      const lo = d.edges[i - 1];
      const hi = d.edges[i];
      if (lo !== undefined) bin.min = lo;
      if (hi !== undefined) bin.max = hi;
      bins.push(bin);
    }
    if (d.hasMissing) bins.push({ missing: true, points: pts[n] ?? 0 });
    return { id, better: d.better, bins, reason: d.reason };
  });
}

function card(market: 'it' | 'de', source: 'retail' | 'commercial'): Scorecard {
  const table = POINTS[source];
  return {
    name: `docrisk-srg-${source}-${market}`,
    version: table.version,
    market,
    data_source: source,
    basePoints: table.base,
    scaling: { pdo: 50, oddsAt: 20, scoreAt: 600 },
    calibration: table.calibration,
    grades: GRADES,
    decision: { approveMinScore: 600, declineBelowScore: 525 },
    characteristics: buildCharacteristics(source === 'retail' ? RETAIL_CHARACTERISTICS : COMMERCIAL_CHARACTERISTICS, table),
  };
}

export const SCORECARDS: Record<'it' | 'de', Record<'retail' | 'commercial', Scorecard>> = {
  it: { retail: card('it', 'retail'), commercial: card('it', 'commercial') },
  de: { retail: card('de', 'retail'), commercial: card('de', 'commercial') },
};
