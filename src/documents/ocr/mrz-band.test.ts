/** MRZ band second pass: filler look-alikes and check-digit choice among per-scale readings (no OCR engine). */
import { describe, expect, it } from 'vitest';
import { cardTruth } from '../../../test/fixtures/id/generator.ts';
import { chooseMrzLines, collapseFillers, inkMask, lineBoxes, otsu, skewOf, unshear } from './mrz-band.ts';

describe('collapseFillers', () => {
  it('runs of filler look-alikes become fillers; names and numbers stay', () => {
    expect(collapseFillers('IRITAMF55224359<KKKKKKEKEKEEEKEEK')).toBe('IRITAMF55224359' + '<'.repeat(18));
    expect(collapseFillers('9304262M2704243NGA<K<<<<<<<<<K<8')).toBe('9304262M2704243NGA' + '<'.repeat(13) + '8');
    expect(collapseFillers('KOVALENKO<<CHIDI<<<<<<<<<<<<<<')).toBe('KOVALENKO<<CHIDI<<<<<<<<<<<<<<');
    expect(collapseFillers('OKAFOR<<<CHIDI<<<<<<<<<<')).toBe('OKAFOR<<<CHIDI<<<<<<<<<<');
    expect(collapseFillers('X<<LEE<<<<<<<<<<<<<<<<<<<<<<<')).toBe('X<<LEE<<<<<<<<<<<<<<<<<<<<<<<');
  });
});

describe('chooseMrzLines', () => {
  const t = cardTruth('de', 105);
  it('picks, per line, the reading whose check digits hold', () => {
    const wrongNumber = t.mrz[0].replace(/^(ARD<<..\d{5})(\d)/, (_, a: string, d: string) => a + 'T' + d);
    const c = chooseMrzLines([[wrongNumber, t.mrz[0]], [t.mrz[1]], [t.mrz[2]]]);
    expect(c?.valid).toBe(true);
    expect([...c!.texts.values()]).toEqual(t.mrz);
  });

  it('no combination valid: the best is returned as not valid', () => {
    // Birth date and expiry digits swapped: every check digit disagrees, no repair fits.
    const broken = t.mrz[1].slice(8, 15) + t.mrz[1].slice(7, 8) + t.mrz[1].slice(0, 7) + t.mrz[1].slice(15);
    const c = chooseMrzLines([[t.mrz[0]], [broken], [t.mrz[2]]]);
    expect(c?.valid).toBe(false);
  });

  it('lines that form no MRZ: null', () => {
    expect(chooseMrzLines([['HELLO WORLD'], ['1234']])).toBeNull();
  });
});

describe('band geometry', () => {
  it('Otsu threshold and line boxes of two dark bars', () => {
    const w = 200;
    const h = 60;
    const data = new Uint8Array(w * h).fill(240);
    for (const y0 of [10, 35]) for (let y = y0; y < y0 + 12; y++) for (let x = 20; x < 180; x++) data[y * w + x] = 20;
    const img = { width: w, height: h, channels: 1 as const, data };
    const thr = otsu(data);
    expect(thr).toBeGreaterThanOrEqual(20);
    expect(thr).toBeLessThan(240);
    expect(lineBoxes(inkMask(img))).toEqual([
      { x0: 20, y0: 10, x1: 180, y1: 22 },
      { x0: 20, y0: 35, x1: 180, y1: 47 },
    ]);
  });

  it('a tilted line is straightened', () => {
    const w = 400;
    const h = 80;
    const data = new Uint8Array(w * h).fill(235);
    const t = Math.tan((2 * Math.PI) / 180);
    for (let x = 20; x < 380; x++) for (let y = 30; y < 38; y++) if (x % 9 < 6) data[Math.round(y + x * t) * w + x] = 25;
    const img = { width: w, height: h, channels: 1 as const, data };
    const slope = skewOf(inkMask(img));
    expect(Math.atan(slope) * (180 / Math.PI)).toBeCloseTo(-2, 0);
    const lines = lineBoxes(inkMask(unshear(img, slope).image));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.y1 - lines[0]!.y0).toBeLessThanOrEqual(10);
  });
});
