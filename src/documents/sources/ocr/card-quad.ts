/**
 * Cards photographed on a surface, made flat before OCR. A phone photo shows a card turned by a few
 * degrees and in perspective (its far edge shorter): a line of print runs across several text lines
 * of the image, the page segmenter cuts it in pieces and the LSTM reads the slanted glyphs badly (the
 * MRZ of a tilted photo often did not read, and 5–8 pt labels came out as noise).
 *
 * The surround is what is connected to the image's edges in the tone of its outer ring (a table, a
 * cloth); every region it does not reach is a card (holes inside a card — a dark portrait, print in
 * the surround's tone — stay card). Each card's four edges are fitted as straight lines to its region's
 * outline (the middle of each side: rounded corners stay out of the fit), their crossings are the
 * corners, and the quadrilateral is mapped onto an upright rectangle of the sides' measured lengths by
 * the projective transform the four corners define (warp.ts). Where the surround's tone test finds too
 * little card (streaks of wood past any tolerance, a shadow over half a card), a one-sided split of the
 * tones and then a test in proportion to the light are tried; then (a white card on a white table) the
 * card's edges: straight steps in tone the surround does not cross, each side put on a step that holds along
 * most of it (not the lower edge of a line of print), the two sides of one document found together made one
 * size. Pure pixel work on a gray image.
 */
import type { OcrImage } from './types.ts';
import { dist, quadArea, warpQuad, type Pt, type Quad } from './warp.ts';

export type { Quad } from './warp.ts';

/** Side ratios of ID-1, ID-2 and ID-3 documents (85.6 × 54, 105 × 74, 125 × 88 mm), with slack for perspective. */
const RATIO = { min: 1.3, max: 1.9 } as const;

/**
 * Cards on a photo, as quadrilaterals in reading order; [] where the surround is not told from the
 * cards (a card of the table's tone without a step at its edge), where a region is no card's shape, or where the card is
 * the whole image.
 */
export function findCardQuads(img: OcrImage): Quad[] {
  const found = cardQuadsOf(img);
  return found.covered >= MOSTLY_CARDS ? found.quads : [];
}

/**
 * A photo of cards shows mostly cards (one card, or both sides side by side): cards found over less
 * than 40 % of it missed one (a card whose tone met the surround's, a card half in a shadow), and
 * reading only the others would lose that side: the photo is read as it stands.
 */
const MOSTLY_CARDS = 0.4;

function cardQuadsOf(img: OcrImage): Found {
  const none: Found = { quads: [], covered: 0, surround: new Uint8Array(0) };
  if (img.channels !== 1) return none;
  const { width: w, height: h, data } = img;
  const cell = Math.max(2, Math.round(Math.max(w, h) / 400));
  const cw = Math.floor(w / cell);
  const ch = Math.floor(h / cell);
  if (cw < 40 || ch < 20) return none;
  const raw = new Float32Array(cw * ch);
  const rawGrain = new Float32Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let s = 0;
      let s2 = 0;
      for (let y = cy * cell; y < (cy + 1) * cell; y++) {
        for (let x = cx * cell; x < (cx + 1) * cell; x++) {
          const v = data[y * w + x]!;
          s += v;
          s2 += v * v;
        }
      }
      const m = s / (cell * cell);
      raw[cy * cw + cx] = m;
      rawGrain[cy * cw + cx] = Math.sqrt(Math.max(0, s2 / (cell * cell) - m * m));
    }
  }
  // A grainy surface (cloth, a noisy photo's table) is told by its tone over a few cells, not cell by cell.
  const mean = boxMean(raw, cw, ch, 2);
  // Grain: pixels' spread within a cell and cells' spread around it (a blotchy cloth is smooth within a cell).
  const sq = boxMean(raw.map((v) => v * v), cw, ch, 2);
  const grain = boxMean(rawGrain, cw, ch, 2).map((g, i) => g + Math.sqrt(Math.max(0, sq[i]! - mean[i]! * mean[i]!)));
  // The surround's tone and texture from the outer ring of cells.
  const ring = ringCellsOf(mean, cw, ch);
  // Near-black wedges a turned photo has at its corners are not the surround's tone.
  const lit = ring.filter((v) => v >= 40);
  const tone = (lit.length >= ring.length * 0.3 ? lit : ring).sort((a, b) => a - b);
  const ref = tone[tone.length >> 1]!;
  const dev = tone.map((v) => Math.abs(v - ref)).sort((a, b) => a - b);
  // The surround's texture (wood grain, cloth, noise), as its cells stray from its tone; never so
  // wide that a light card on a mid-grey table passes for table.
  const tol = Math.min(45, Math.max(15, 2.5 * dev[Math.floor(dev.length * 0.75)]!));
  // Cards are lighter than the surround or darker: a card that is neither clearly is not found.
  // A photo turned in the camera or an editor has near-black wedges at its corners: surround too.
  // A grainy surround (cloth, a noisy table) differs from a card by its grain where its tone is near
  // the card's: a cell much smoother than the surround is card.
  const ringGrain = ringCellsOf(grain, cw, ch).sort((a, b) => a - b);
  const surroundGrain = ringGrain[ringGrain.length >> 1]!;
  const smooth = (i: number): boolean => surroundGrain >= 8 && grain[i]! < surroundGrain * 0.65;
  const like = (i: number): boolean => (Math.abs(mean[i]! - ref) <= tol && !smooth(i)) || mean[i]! < Math.min(ref, 40);
  const first = quadsOn(like, cw, ch, cell, w, h);
  if (first.covered >= MOSTLY_CARDS) return first;
  // Second and third tries, by the light (lightTries below), where the cards are clearly lighter than the surround.
  const split = otsu(mean);
  const cardTone = percentileOf(mean, 0.9);
  const best3 = split === null || ref >= split || cardTone - ref < 60 ? first : lightTries(split, cardTone);
  if (best3.covered >= MOSTLY_CARDS) return best3;
  // Fourth try, by the card's edges: a white card on a white table has the table's tone, and its bands of print
  // (a title, the MRZ) have the table's grain, so the surround flowed in through them. A card's edge is a
  // step in tone that runs straight along it (the card's border against the table, darker under the card's
  // drop shadow): the step measured over five cells along the edge's direction stands out of the table's
  // grain, which averages out. The surround does not cross those steps.
  const edge = edgesOf(raw, cw, ch);
  const fourth = quadsOn((i) => like(i) && !edge[i], cw, ch, cell, w, h, { barrier: edge, raw });
  return fourth.covered > best3.covered ? fourth : best3;

  function lightTries(split: number, cardTone: number): Found {
    // Second try, one-sided: a light card on a darker surface is every cell nearer the cards' tone than the
    // surround's (Otsu's split of the cells' tones), however far the surround strays on its dark side (the
    // streaks of wood grain, a shadow on the table) or the card towards it (its shaded half, a pale print).
    // Cell by cell (not over the cells around): a threshold this far from both tones would otherwise move the edges.
    const second = quadsOn((i) => raw[i]! < split, cw, ch, cell, w, h);
    const best = second.covered > first.covered ? second : first;
    if (best.covered >= MOSTLY_CARDS) return best;
    // Third try, in proportion to the light: a shadow darkens card and surround alike (a card half in a
    // hand's shadow has that half as dark as the lit table). The surround's tone where it meets the photo's
    // edges, carried inwards along rows and columns (the nearer edges weigh more), is the light it lies
    // in; a card is a cell lighter than that by more than the geometric middle of the card's and the
    // surround's tones.
    const lightOf = surroundLight(mean, first.surround, cw, ch);
    const k = Math.sqrt(cardTone / Math.max(1, ref));
    const third = quadsOn((i) => raw[i]! < lightOf[i]! * k, cw, ch, cell, w, h);
    return third.covered > best.covered ? third : best;
  }
}

/**
 * Cells on a straight step in tone: the difference between the cells on either side, summed over five
 * cells along the step (horizontal steps along rows, vertical along columns), beyond three times what it
 * is on the photo's outer ring (the surround's own grain) and at least 18 levels; widened by a cell to
 * close a step's gaps (a card's rounded corners).
 */
function edgesOf(raw: Float32Array, cw: number, ch: number): Uint8Array {
  const step = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const up = Math.max(0, y - 1);
    const down = Math.min(ch - 1, y + 1);
    for (let x = 0; x < cw; x++) {
      const left = Math.max(0, x - 1);
      const right = Math.min(cw - 1, x + 1);
      let sh = 0;
      let nh = 0;
      let sv = 0;
      let nv = 0;
      for (let k = -2; k <= 2; k++) {
        if (x + k >= 0 && x + k < cw) {
          sh += raw[down * cw + x + k]! - raw[up * cw + x + k]!;
          nh++;
        }
        if (y + k >= 0 && y + k < ch) {
          sv += raw[(y + k) * cw + right]! - raw[(y + k) * cw + left]!;
          nv++;
        }
      }
      step[y * cw + x] = Math.max(Math.abs(sh / nh), Math.abs(sv / nv));
    }
  }
  const ring = ringCellsOf(step, cw, ch).sort((a, b) => a - b);
  const t = Math.max(18, 3 * ring[ring.length >> 1]!);
  const on = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      if (step[y * cw + x]! <= t) continue;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (x + dx >= 0 && y + dy >= 0 && x + dx < cw && y + dy < ch) on[(y + dy) * cw + x + dx] = 1;
    }
  }
  return on;
}

/**
 * The surround's tone at every cell: from the surround cells (`surround`, tone at least 40: not a
 * turned photo's black wedge) in the outer two rings, interpolated along each row between its two
 * ends and along each column between its two ends, the two weighted by the inverse of the distance
 * to the nearer end.
 */
function surroundLight(mean: Float32Array, surround: Uint8Array, cw: number, ch: number): Float32Array {
  const at = (x: number, y: number): number => {
    const i = y * cw + x;
    return surround[i] && mean[i]! >= 40 ? mean[i]! : NaN;
  };
  // An end's tone: the mean of its two outer cells that are surround (NaN when none is).
  const end = (a: number, b: number): number => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : (a + b) / 2);
  const known = [...mean].filter((_, i) => surround[i] && mean[i]! >= 40).sort((a, b) => a - b);
  const dflt = known.length > 0 ? known[known.length >> 1]! : 128;
  const out = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const l = end(at(0, y), at(1, y));
    const r = end(at(cw - 1, y), at(cw - 2, y));
    for (let x = 0; x < cw; x++) {
      const t = end(at(x, 0), at(x, 1));
      const b = end(at(x, ch - 1), at(x, ch - 2));
      const interp = (p: number, q: number, f: number): number => (Number.isNaN(p) ? q : Number.isNaN(q) ? p : p + (q - p) * f);
      const row = interp(l, r, x / Math.max(1, cw - 1));
      const col = interp(t, b, y / Math.max(1, ch - 1));
      const wr = 1 / (1 + Math.min(x, cw - 1 - x));
      const wc = 1 / (1 + Math.min(y, ch - 1 - y));
      const v = Number.isNaN(row) ? col : Number.isNaN(col) ? row : (row * wr + col * wc) / (wr + wc);
      out[y * cw + x] = Number.isNaN(v) ? dflt : v;
    }
  }
  return out;
}

/** Cards found, in reading order, the share of the photo their quadrilaterals cover, and the surround's cells. */
interface Found {
  quads: Quad[];
  covered: number;
  surround: Uint8Array;
}

/** Cards found where `like` tells the surround's cells, as findCardQuads returns them. */
function quadsOn(
  like: (i: number) => boolean,
  cw: number,
  ch: number,
  cell: number,
  w: number,
  h: number,
  edges?: { barrier: Uint8Array; raw: Float32Array },
): Found {
  const barrier = edges?.barrier;
  // The surround: flood from the ring through cells in its tone.
  const surround = new Uint8Array(cw * ch);
  const stack: number[] = [];
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const i = cy * cw + cx;
      if ((cx === 0 || cy === 0 || cx === cw - 1 || cy === ch - 1) && like(i)) {
        surround[i] = 1;
        stack.push(i);
      }
    }
  }
  while (stack.length > 0) {
    const j = stack.pop()!;
    const x = j % cw;
    for (const k of [x > 0 ? j - 1 : -1, x < cw - 1 ? j + 1 : -1, j - cw, j + cw]) {
      if (k >= 0 && k < cw * ch && !surround[k] && like(k)) {
        surround[k] = 1;
        stack.push(k);
      }
    }
  }
  // Most of the ring must be surround (a photo with the table showing on every side); `barrier` cells (edges
  // that reach the photo's border where the table shows in a narrow strip) do not count.
  let ringSurround = 0;
  let ringCells = 0;
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      if ((cx > 0 && cy > 0 && cx < cw - 1 && cy < ch - 1) || barrier?.[cy * cw + cx]) continue;
      ringCells++;
      ringSurround += surround[cy * cw + cx]!;
    }
  }
  if (ringSurround < ringCells * 0.7) return { quads: [], covered: 0, surround };
  const quads: { q: Quad; box: [number, number, number, number] }[] = [];
  const seen = new Uint8Array(cw * ch);
  const regions: { size: number; rough: Quad }[] = [];
  for (let i = 0; i < cw * ch; i++) {
    if (surround[i] || seen[i]) continue;
    const region: number[] = [];
    stack.push(i);
    seen[i] = 1;
    while (stack.length > 0) {
      const j = stack.pop()!;
      region.push(j);
      const x = j % cw;
      for (const k of [x > 0 ? j - 1 : -1, x < cw - 1 ? j + 1 : -1, j - cw, j + cw]) {
        if (k >= 0 && k < cw * ch && !surround[k] && !seen[k]) {
          seen[k] = 1;
          stack.push(k);
        }
      }
    }
    // A card covers a good part of a photo of it (one card, or both sides side by side).
    if (region.length < cw * ch * 0.08) continue;
    const rough = fitQuad(region, cw, ch);
    if (rough) regions.push({ size: region.length, rough });
  }
  // Found by edges: the region's outline is rough (pockets of table the steps closed off join it), and two cards
  // side by side whose drop shadows touch are one region: each card's sides are put on its edges' steps, the
  // regions' cards together (two sides of one document are one size).
  const onSteps = edges ? onEdges(regions.map((r) => r.rough), edges.raw, cw, ch) : regions.map((r) => [r.rough]);
  regions.forEach(({ size }, n) => {
    const qs = onSteps[n]!;
    for (const q of qs) {
      const corners = q.map((p) => ({ x: p.x * cell, y: p.y * cell })) as Quad;
      const { width, height } = sidesOf(corners);
      const ratio = width / height;
      // Its side ratio, and its region fills the quadrilateral (not a frame of shadow and specks).
      if (ratio < RATIO.min || ratio > RATIO.max) continue;
      // (Put on its edges, a card may hold pockets the surround flowed into through a gap in them: 75 %.)
      if (size < qs.reduce((sum, x) => sum + quadArea(x), 0) * (edges ? 0.75 : 0.9)) continue;
      const xs = corners.map((p) => p.x);
      const ys = corners.map((p) => p.y);
      quads.push({ q: corners, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] });
    }
  });
  // The card is the image (a cropped photo): nothing to flatten.
  if (quads.length === 1 && (quads[0]!.box[2] - quads[0]!.box[0]) * (quads[0]!.box[3] - quads[0]!.box[1]) > w * h * 0.85) return { quads: [], covered: 0, surround };
  return {
    quads: quads
      .sort((a, b) => (Math.abs(a.box[1] - b.box[1]) > (a.box[3] - a.box[1]) / 2 ? a.box[1] - b.box[1] : a.box[0] - b.box[0]))
      .map((x) => x.q),
    covered: quads.reduce((s, x) => s + quadArea(x.q), 0) / (w * h),
    surround,
  };
}

/**
 * Regions found by edges as their cards (cell coordinates): one card a region, or two where the region has the
 * proportions of two side by side (2.6–3.9: cut at the middle of its long side), each side moved onto a
 * straight step: within 12 cells of where it was and 0.15 of its slope, a line along which the step across it
 * (the card lighter inside than out, or darker: whichever holds better over the four sides) holds over 70 % of
 * the side's length (its 30th percentile) and peaks. A card's edge holds along all of its side; a portrait's
 * frame, a turned photo's black wedge along part of a side, and the lower edge of a line of print across the card
 * (gaps between its words) do not: on a white table the card's edge is a weak step (its drop shadow), and by
 * the median a bold line of print near the card's top outweighed it and the side cut the line above off.
 * Each side takes its strongest peak; where two cards are found (both sides of one document, one size), see oneSize.
 */
function onEdges(roughs: readonly Quad[], raw: Float32Array, cw: number, ch: number): Quad[][] {
  const mid = (a: Pt, b: Pt): Pt => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const split = (q: Quad): Quad[] => {
    const { width, height } = sidesOf(q);
    const r = Math.max(width, height) / Math.max(1, Math.min(width, height));
    if (r < 2.6 || r > 3.9) return [q];
    return width >= height
      ? [
          [q[0], mid(q[0], q[1]), mid(q[3], q[2]), q[3]],
          [mid(q[0], q[1]), q[1], q[2], mid(q[3], q[2])],
        ]
      : [
          [q[0], q[1], mid(q[1], q[2]), mid(q[0], q[3])],
          [mid(q[0], q[3]), mid(q[1], q[2]), q[2], q[3]],
        ];
  };
  const parts = roughs.map(split);
  const at = (x: number, y: number): number => raw[Math.max(0, Math.min(ch - 1, y)) * cw + Math.max(0, Math.min(cw - 1, x))]!;
  // A side as v = a + b·u (top and bottom: u = x; left and right: u = y), and the step across it at u, positive where
  // the inside (`inward` = +1: towards larger v) is lighter.
  const step = (horizontal: boolean, inward: number, u: number, v: number): number =>
    horizontal ? inward * (at(u, v + 1) - at(u, v - 1)) : inward * (at(v + 1, u) - at(v - 1, u));
  // A side's candidate lines: the peaks of the best step over the offsets, strongest first (the rough side alone, of
  // no strength, where no line is a candidate). `um` is where the side's position is measured (its middle).
  const fit = (p0: Pt, p1: Pt, horizontal: boolean, inward: number, sign: number): Side => {
    const u0 = horizontal ? p0.x : p0.y;
    const u1 = horizontal ? p1.x : p1.y;
    const v0 = horizontal ? p0.y : p0.x;
    const v1 = horizontal ? p1.y : p1.x;
    const b0 = (v1 - v0) / (u1 - u0 || 1);
    const um = (u0 + u1) / 2;
    const vm = (v0 + v1) / 2;
    const lo = Math.min(u0, u1);
    const span = Math.abs(u1 - u0);
    const us: number[] = [];
    for (let u = Math.round(lo + span * 0.15); u <= lo + span * 0.85; u++) us.push(u);
    const none: Side = { um, cands: [{ line: { a: vm - b0 * um, b: b0 }, score: 0 }] };
    if (us.length < 8) return { um, cands: [{ ...none.cands[0]!, score: -Infinity }] };
    const byOff: Cand[] = [];
    const vals = new Float32Array(us.length);
    // Slopes about the rough side's and about the axes' (a rough side may lean where a pocket joined it).
    for (let b = Math.min(b0 - 0.1, -0.2); b <= Math.max(b0 + 0.1, 0.2) + 1e-9; b += 0.01) {
      for (let n = 0, off = -12; off <= 12; n++, off += 0.5) {
        for (let k = 0; k < us.length; k++) vals[k] = sign * step(horizontal, inward, us[k]!, Math.round(vm + off + b * (us[k]! - um)));
        const held = Float32Array.from(vals).sort()[Math.floor(us.length * 0.3)]!;
        if (!byOff[n] || held > byOff[n]!.score) byOff[n] = { line: { a: vm + off - b * um, b }, score: held };
      }
    }
    const peaks = byOff.filter((x, n) => x.score > 0 && x.score >= (byOff[n - 1]?.score ?? -Infinity) && x.score > (byOff[n + 1]?.score ?? -Infinity));
    return peaks.length > 0 ? { um, cands: peaks.sort((p, q) => q.score - p.score).slice(0, 5) } : none;
  };
  // Per part, the four sides (top, right, bottom, left) with the sign that holds better over them.
  const fitted = parts.flat().map((p) => {
    let best: { sides: Side[]; score: number } | null = null;
    for (const sign of [1, -1]) {
      const sides = [fit(p[0], p[1], true, 1, sign), fit(p[1], p[2], false, -1, sign), fit(p[3], p[2], true, -1, sign), fit(p[0], p[3], false, 1, sign)];
      const score = sides.reduce((s, x) => s + x.cands[0]!.score, 0);
      if (!best || score > best.score) best = { sides, score };
    }
    return best!.sides.map((x) => ({ ...x, pick: x.cands[0]! }));
  });
  if (fitted.length === 2) {
    // Side by side, the two cards span the same rows (their heights are compared); one above the other, the same columns.
    const [pa, pb] = parts.flat() as [Quad, Quad];
    const centre = (q: Quad): Pt => ({ x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 });
    const across = Math.abs(centre(pa).x - centre(pb).x) >= Math.abs(centre(pa).y - centre(pb).y) ? [0, 2] : [3, 1];
    const [f0, f1] = fitted as [Side[], Side[]];
    oneSize([f0[across[0]!]!, f0[across[1]!]!], [f1[across[0]!]!, f1[across[1]!]!]);
  }
  const cross = (hz: Line, vt: Line): Pt => {
    const y = (hz.a + hz.b * vt.a) / (1 - hz.b * vt.b);
    return { x: vt.a + vt.b * y, y };
  };
  // Lines at the step's middle cell: its middle is the cell's centre.
  const shift = (l: Line): Line => ({ a: l.a + 0.5, b: l.b });
  const quads = fitted.map((sides): Quad => {
    const [t, rt, bo, lf] = sides.map((x) => shift(x.pick.line)) as [Line, Line, Line, Line];
    return [cross(t, lf), cross(t, rt), cross(bo, rt), cross(bo, lf)];
  });
  let n = 0;
  return parts.map((ps) => ps.map(() => quads[n++]!));
}

/** A side's candidate lines, strongest first, the one picked, and where along the side its position is measured. */
interface Side {
  um: number;
  cands: Cand[];
  pick?: Cand;
}

interface Cand {
  line: Line;
  score: number;
}

/**
 * Two cards' opposite sides (`a`: one card's near and far side, `b`: the other's), where the two are not one size
 * (within 5 %): the smaller card's two sides re-picked among their candidates, the strongest pair that makes it its
 * twin's size, only ever larger (a side cut short onto a band of print moves out onto the card's edge).
 */
function oneSize(a: readonly [Side, Side], b: readonly [Side, Side]): void {
  const size = ([lo, hi]: readonly [Side, Side], p = lo.pick!, q = hi.pick!): number => {
    const u = (lo.um + hi.um) / 2;
    return q.line.a + q.line.b * u - (p.line.a + p.line.b * u);
  };
  const fits = (x: number, y: number): boolean => x > 0 && y > 0 && Math.abs(x - y) <= 0.05 * Math.max(x, y);
  const sa = size(a);
  const sb = size(b);
  if (fits(sa, sb)) return;
  const [short, twin] = sa < sb ? [a, sb] : [b, sa];
  const now = size(short);
  let best: { p: Cand; q: Cand; score: number } | null = null;
  for (const p of short[0].cands) {
    for (const q of short[1].cands) {
      const s = size(short, p, q);
      if (s > now && fits(s, twin) && (!best || p.score + q.score > best.score)) best = { p, q, score: p.score + q.score };
    }
  }
  if (!best) return;
  short[0].pick = best.p;
  short[1].pick = best.q;
}

/**
 * The four edges of a region as lines, each fitted (least squares, outliers dropped) to the region's
 * outermost cells along the middle 70 % of that side; the corners are where they cross. Coordinates in
 * cells, at cell centres' edges (a cell's outer side).
 */
function fitQuad(region: readonly number[], cw: number, ch: number): Quad | null {
  const top = new Int32Array(cw).fill(ch);
  const bottom = new Int32Array(cw).fill(-1);
  const left = new Int32Array(ch).fill(cw);
  const right = new Int32Array(ch).fill(-1);
  let x0 = cw;
  let x1 = -1;
  let y0 = ch;
  let y1 = -1;
  for (const j of region) {
    const x = j % cw;
    const y = (j - x) / cw;
    if (y < top[x]!) top[x] = y;
    if (y > bottom[x]!) bottom[x] = y;
    if (x < left[y]!) left[y] = x;
    if (x > right[y]!) right[y] = x;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const span = (a: number, b: number): number[] => {
    const m = Math.round((b - a) * 0.15);
    return Array.from({ length: Math.max(0, b - a - 2 * m + 1) }, (_, k) => a + m + k);
  };
  // Lines as v = a + b·u: top and bottom with u = x, left and right with u = y.
  const t = fitLine(span(x0, x1).filter((x) => top[x]! < ch).map((x) => [x + 0.5, top[x]!] as const));
  const bo = fitLine(span(x0, x1).filter((x) => bottom[x]! >= 0).map((x) => [x + 0.5, bottom[x]! + 1] as const));
  const l = fitLine(span(y0, y1).filter((y) => left[y]! < cw).map((y) => [y + 0.5, left[y]!] as const));
  const r = fitLine(span(y0, y1).filter((y) => right[y]! >= 0).map((y) => [y + 0.5, right[y]! + 1] as const));
  if (!t || !bo || !l || !r) return null;
  // Crossing of y = a1 + b1·x and x = a2 + b2·y.
  const cross = (hz: Line, vt: Line): Pt => {
    const y = (hz.a + hz.b * vt.a) / (1 - hz.b * vt.b);
    return { x: vt.a + vt.b * y, y };
  };
  return [cross(t, l), cross(t, r), cross(bo, r), cross(bo, l)];
}

interface Line {
  a: number;
  b: number;
}

function fitLine(pts: readonly (readonly [number, number])[]): Line | null {
  let use = pts;
  let line: Line | null = null;
  for (let round = 0; round < 3; round++) {
    if (use.length < 8) return null;
    const n = use.length;
    const su = use.reduce((s, p) => s + p[0], 0);
    const sv = use.reduce((s, p) => s + p[1], 0);
    const suu = use.reduce((s, p) => s + p[0] * p[0], 0);
    const suv = use.reduce((s, p) => s + p[0] * p[1], 0);
    const d = n * suu - su * su;
    if (Math.abs(d) < 1e-9) return null;
    const b = (n * suv - su * sv) / d;
    line = { a: (sv - b * su) / n, b };
    const res = use.map((p) => Math.abs(p[1] - (line!.a + line!.b * p[0])));
    const sorted = [...res].sort((p, q) => p - q);
    const cut = Math.max(1.5, 3 * sorted[sorted.length >> 1]!);
    const kept = use.filter((_, k) => res[k]! <= cut);
    if (kept.length === use.length) break;
    use = kept;
  }
  // A card's edge is within 20° of the image's axes (photographed upright, turned a little).
  return line && Math.abs(line.b) < 0.36 ? line : null;
}

/** Otsu's threshold over cell tones (0..255): the tone that best splits them in two classes; null when all are alike. */
function otsu(v: Float32Array): number | null {
  const hist = new Float64Array(256);
  for (const x of v) hist[Math.max(0, Math.min(255, Math.round(x)))]!++;
  const n = v.length;
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t]!;
  let wB = 0;
  let sB = 0;
  let best = -1;
  let at: number | null = null;
  for (let t = 0; t < 255; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sB += t * hist[t]!;
    const d = sB / wB - (sum - sB) / wF;
    const between = wB * wF * d * d;
    if (between > best) {
      best = between;
      at = t + 0.5;
    }
  }
  return at;
}

function percentileOf(v: Float32Array, q: number): number {
  const s = Float32Array.from(v).sort();
  return s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
}

/** The values of the outer two rings of cells. */
function ringCellsOf(v: Float32Array, cw: number, ch: number): number[] {
  const out: number[] = [];
  for (let cy = 0; cy < ch; cy++) for (let cx = 0; cx < cw; cx++) if (cx < 2 || cy < 2 || cx >= cw - 2 || cy >= ch - 2) out.push(v[cy * cw + cx]!);
  return out;
}

/** Mean over the (2r+1)² cells around each cell (clipped at the edges). */
function boxMean(v: Float32Array, cw: number, ch: number, r: number): Float32Array {
  const rows = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let s = 0;
      let n = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(cw - 1, x + r); k++, n++) s += v[y * cw + k]!;
      rows[y * cw + x] = s / n;
    }
  }
  const out = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let s = 0;
      let n = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(ch - 1, y + r); k++, n++) s += rows[k * cw + x]!;
      out[y * cw + x] = s / n;
    }
  }
  return out;
}

/** The card's width and height: the longer of each pair of opposite sides (the nearer side is the true size). */
export function sidesOf(q: Quad): { width: number; height: number } {
  return { width: Math.max(dist(q[0], q[1]), dist(q[3], q[2])), height: Math.max(dist(q[0], q[3]), dist(q[1], q[2])) };
}

/**
 * The card inside a quadrilateral as an upright gray image, its longer side about `targetPx` (at most
 * three times the photo's own scale), sampled bilinearly; `scale` is output pixels per photo pixel.
 */
export function flattenCard(img: OcrImage, q: Quad, targetPx = 1800): { image: OcrImage; scale: number } {
  const { width: sw, height: sh } = sidesOf(q);
  const scale = Math.max(1, Math.min(3, targetPx / Math.max(sw, sh)));
  return { image: warpQuad(img, q, Math.round(sw * scale), Math.round(sh * scale), { offset: 0.5 }), scale };
}
