import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { deskewPage } from './deskew.ts';
import { toGray } from './pixels.ts';
import type { OcrImage } from './types.ts';

/** A page of text rows drawn at `deg` degrees; gray. */
function page(deg: number): OcrImage {
  const c = createCanvas(1200, 900);
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 1200, 900);
  g.translate(600, 450);
  g.rotate((deg * Math.PI) / 180);
  g.translate(-600, -450);
  g.fillStyle = '#000';
  g.font = '22px sans-serif';
  for (let y = 100; y < 800; y += 40) g.fillText('01.06.2025  TRANSFER FROM J MURPHY  1,234.56  4,321.00', 80, y);
  const d = g.getImageData(0, 0, 1200, 900).data;
  return { width: 1200, height: 900, channels: 1, data: toGray({ width: 1200, height: 900, channels: 4, data: d }) };
}

describe('deskewPage', () => {
  it('finds a 1.5° tilt and turns the page onto a canvas that holds every corner', () => {
    const r = deskewPage(page(1.5));
    expect((Math.atan(r.slope) * 180) / Math.PI).toBeCloseTo(-1.5, 0);
    expect(r.image.width).toBeGreaterThan(1200);
    expect(r.image.height).toBeGreaterThan(900);
    // Straightened: the row profile has sharp gaps again (a tilted page's rows smear into each other).
    const rows = (img: OcrImage): number => {
      let blank = 0;
      for (let y = 0; y < img.height; y++) {
        let ink = 0;
        for (let x = 0; x < img.width; x++) if (img.data[y * img.width + x]! < 128) ink++;
        if (ink === 0) blank++;
      }
      return blank / img.height;
    };
    expect(rows(r.image)).toBeGreaterThan(rows(page(1.5)) + 0.1);
  });

  it('leaves a straight page as it is', () => {
    const img = page(0);
    const r = deskewPage(img);
    expect(r.slope).toBe(0);
    expect(r.image).toBe(img);
  });
});
