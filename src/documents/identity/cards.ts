/**
 * Cards on a larger image: an identity card scanned on A4 (one side or both), photocopied, or
 * photographed on a table whose surround was painted with paper. OCR binarises the whole image at
 * once, and a grey card on white paper comes out as a black slab: the front's print was lost
 * (0 words on a clean two-page PDF). Each card is found by its tone and cut out to be read alone,
 * at about 500 dpi (a card's 5-pt labels are a few pixels high at the 200 dpi of an A4 scan).
 *
 * Pure pixel work on a gray image: ~1 mm cells (by the image's own scale, the card's side ratio
 * decides, not its size in mm, since a photo's dpi is nominal), a cell is card where it is darker than
 * the paper or holds ink, cells are joined over small gaps, and connected regions with the side ratio
 * of an ID-1/ID-2/ID-3 document (1.3–1.9) and at least 2 % of the image are cards.
 */
/** A page's pixels as OCR holds them (sources/ocr/types.ts OcrImage, by shape: identity imports no source). */
export interface OcrImage {
  width: number;
  height: number;
  channels: 1 | 4;
  data: Uint8Array | Uint8ClampedArray;
}

export interface CardBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cards found on a gray image, in reading order (top to bottom, left to right); [] when the card is the image. */
export function findCards(img: OcrImage, cellPx = 8): CardBox[] {
  // Paper under uneven light (the brightest paper nearby), and paper as a smooth surface with its own
  // grain (a pale card on a 300-dpi scan): the second wins where it finds both sides and the first
  // fewer cards. One card of two found is worse than none: only found cards are read, and a page read
  // whole still has both sides (a grey photocopy's back went missing so).
  // Lone cells (specks) dropped: the boxes found so are taken where none is found with the specks, or where the
  // specks widened the same cards by more than a quarter with no print of their own (a speck field joined to a card). Not otherwise:
  // dropping a card's sparse edge cells cut a cell or two off its box, and a front-only scan sheet lost its
  // bottom line (number and validity dates) with them.
  const found = findCardsWith(img, cellPx, false).boxes;
  const { boxes: clean, parts } = findCardsWith(img, cellPx, true);
  if (found.length === 0) return clean;
  const area = (bs: readonly CardBox[]): number => bs.reduce((s, b) => s + boxArea(b), 0);
  if (clean.length !== found.length || area(found) <= 1.25 * area(clean)) return found;
  // Where the widening holds print the despeckle kept (a part of its own beside the despeckled cards), it is the
  // card's own: a pale card whose body reads only as its pattern's specks, the specks all that joined its print
  // (portrait and names, the dates' column a few millimetres to their right) into one card. Without them the
  // dates' column was left out of the box and the card read without its dates (ids seed 1085470465 D0022).
  // A speck field leaves no part of its own once despeckled.
  return found.every((f) => !widenedBySpecks(f, clean, parts)) ? found : clean;
}

/** Whether box f is a despeckled card widened by specks alone: over a quarter larger, no kept print in the rest. */
function widenedBySpecks(f: CardBox, clean: readonly CardBox[], parts: readonly CardBox[]): boolean {
  const inF = clean.filter((c) => overlap(c, f) >= 0.5 * boxArea(c));
  if (boxArea(f) <= 1.25 * inF.reduce((s, c) => s + boxArea(c), 0)) return false;
  return !parts.some((p) => overlap(p, f) >= 0.8 * boxArea(p) && inF.every((c) => overlap(p, c) < 0.5 * boxArea(p)));
}

const boxArea = (b: CardBox): number => (b.x1 - b.x0) * (b.y1 - b.y0);
const overlap = (a: CardBox, b: CardBox): number => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

interface Found {
  boxes: CardBox[];
  /** Regions of print and tone the cards were assembled from (in pixels), before the cards' tests. */
  parts: CardBox[];
}

export function findCardsWith(img: OcrImage, cellPx: number, despeckled: boolean): Found {
  const near = findCardsIn(img, cellPx, 'paper', despeckled);
  const smooth = findCardsIn(img, cellPx, 'smooth', despeckled);
  const onPaper = smooth.boxes.length >= 2 && smooth.boxes.length > near.boxes.length ? smooth : near;
  return onPaper.boxes.length > 0 ? onPaper : findCardsIn(img, cellPx, 'surround', despeckled);
}

/**
 * 'paper': a card is darker than the paper around it, the paper's level taken nearby (the brightest
 * of the surrounding ~60-pixel blocks, each at its 90th percentile), so that uneven light and a
 * scanner's dark edge do not count as card. 'surround': a card differs, lighter or darker, from the
 * tone of the image's outer ring (a table or cloth under a photographed card).
 */
function findCardsIn(img: OcrImage, cellPx: number, mode: 'paper' | 'smooth' | 'surround', despeckled: boolean): Found {
  if (img.channels !== 1) return { boxes: [], parts: [] };
  const { width: w, height: h, data } = img;
  const cw = Math.floor(w / cellPx);
  const ch = Math.floor(h / cellPx);
  if (cw < 8 || ch < 8) return { boxes: [], parts: [] };
  const mean = new Float32Array(cw * ch);
  const spread = new Float32Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let s = 0;
      let lo = 255;
      let hi = 0;
      for (let y = cy * cellPx; y < (cy + 1) * cellPx; y++) {
        const row = y * w;
        for (let x = cx * cellPx; x < (cx + 1) * cellPx; x++) {
          const v = data[row + x]!;
          s += v;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      }
      mean[cy * cw + cx] = s / (cellPx * cellPx);
      spread[cy * cw + cx] = hi - lo;
    }
  }
  // The surround's tone: the image's outer ring of cells (paper around a scanned card, the table or
  // cloth under a photographed one, or the paper it was painted with). Cards differ from it, lighter
  // or darker, by more than the surround's own texture; or hold ink where the surround has none.
  const ring: number[] = [];
  const ringSpread: number[] = [];
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      if (cx > 1 && cy > 1 && cx < cw - 2 && cy < ch - 2) continue;
      ring.push(mean[cy * cw + cx]!);
      ringSpread.push(spread[cy * cw + cx]!);
    }
  }
  ring.sort((a, b) => a - b);
  ringSpread.sort((a, b) => a - b);
  const ref = ring[ring.length >> 1]!;
  const dev = ring.map((v) => Math.abs(v - ref)).sort((a, b) => a - b);
  // The ring's typical texture (a scanner's dark edge or a shadow on part of the ring is not texture).
  const tol = Math.max(12, 2 * dev[Math.floor(dev.length * 0.75)]!);
  const inkSpread = Math.max(90, ringSpread[Math.floor(ringSpread.length * 0.9)]! + 20);
  const on = new Uint8Array(cw * ch);
  if (mode === 'surround') {
    for (let i = 0; i < on.length; i++) on[i] = Math.abs(mean[i]! - ref) > tol || spread[i]! > inkSpread ? 1 : 0;
  } else {
    const paper = mode === 'smooth' ? paperLevel(mean, cw, ch) : paperLocal(mean, cw, ch);
    // 'smooth': the paper's own grain, how far cells stray from its level (most cells are paper), so
    // that a pale card a few levels below clean paper counts as card (a light-green permit).
    const res = Array.from(paper, (p, i) => Math.abs(p - mean[i]!)).sort((a, b) => a - b);
    const grain = mode === 'smooth' ? Math.max(7, Math.min(12, 4 * res[res.length >> 1]!)) : Math.max(12, 2 * dev[Math.floor(dev.length * 0.5)]!);
    // Near-black cells are off: a scanner's black edge around a tilted page would join every card to
    // the frame (a portrait's dark cells inside a card leave holes its body surrounds).
    for (let i = 0; i < on.length; i++) on[i] = mean[i]! > 60 && (paper[i]! - mean[i]! > grain || spread[i]! > inkSpread) ? 1 : 0;
  }
  // The image's own edge (a scanner's or painter's line along it) joins nothing.
  for (let cy = 0; cy < ch; cy++) for (let cx = 0; cx < cw; cx++) if (cx < 2 || cy < 2 || cx >= cw - 2 || cy >= ch - 2) on[cy * cw + cx] = 0;
  // Join over gaps of a cell (a card's pale corners, its white photo frame), not over the gap between two cards.
  // Lone cells go first: a grainy scan's specks on the paper (a noisy, unevenly lit A4 page whose normalised
  // grain left dots in one region) made scattered cells that the join linked into a field touching the card,
  // and the card plus that field had no card's proportions (a permit's front on a 200 dpi page: no card found).
  const closed = dilate(despeckled ? despeckle(on, cw, ch) : on, cw, ch);
  const seen = new Int32Array(cw * ch).fill(-1);
  const parts: (CardBox & { n: number })[] = [];
  for (let i = 0; i < closed.length; i++) {
    if (!closed[i] || seen[i]! >= 0) continue;
    let x0 = cw;
    let y0 = ch;
    let x1 = -1;
    let y1 = -1;
    let n = 0;
    const stack = [i];
    seen[i] = i;
    while (stack.length > 0) {
      const j = stack.pop()!;
      const x = j % cw;
      const y = (j - x) / cw;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const k of [x > 0 ? j - 1 : -1, x < cw - 1 ? j + 1 : -1, y > 0 ? j - cw : -1, y < ch - 1 ? j + cw : -1]) {
        if (k >= 0 && closed[k] && seen[k]! < 0) {
          seen[k] = i;
          stack.push(k);
        }
      }
    }
    // Specks and stray print are not card parts (a part is at least 0.2 % of the image).
    if ((x1 - x0 + 1) * (y1 - y0 + 1) < cw * ch * 0.002) continue;
    parts.push({ x0, y0, x1: x1 + 1, y1: y1 + 1, n });
  }
  const partBoxes = parts.map((b) => ({ x0: b.x0 * cellPx, y0: b.y0 * cellPx, x1: Math.min(w, b.x1 * cellPx), y1: Math.min(h, b.y1 * cellPx) }));
  // Parts of one card: a back's tinted body and its MRZ printed on a white band below it, a close gap
  // apart and one above the other; joined where the joint box has a card's side ratio. Two parts that
  // are each a card (front above back on a scan, a few millimetres apart) stay two. Fragments of one
  // pale card (its pattern and print came out in pieces) interleave: boxes that overlap in both
  // directions join where the joint box has a card's side ratio.
  const ratioOf = (b: CardBox): number => Math.max(b.x1 - b.x0, b.y1 - b.y0) / Math.max(1, Math.min(b.x1 - b.x0, b.y1 - b.y0));
  const wholeCard = (b: CardBox & { n: number }): boolean => {
    const r = ratioOf(b);
    const area = (b.x1 - b.x0) * (b.y1 - b.y0);
    return r >= 1.3 && r <= 1.9 && area >= cw * ch * 0.02 && b.n >= area * 0.5;
  };
  // A pale card's body (scans: paper or smooth): its pattern's texture, cells whose pixels spread wider than the
  // paper's grain though their mean is the paper's (a guilloche of fine dots). Normalised paper is flat. Two parts
  // one above the other (a back's address block and its zone a few centimetres below it) whose joint box has a
  // card's side ratio are one card where the rows of cells between them are mostly that texture (its body; white
  // left between no wider than the stacked parts' gap), not the paper between two cards (ids seed 1085470465 D0022, an ie_irp back: no card found, its authority unread).
  const texSpread = Math.max(40, ringSpread[Math.floor(ringSpread.length * 0.9)]! + 20);
  const bodyish = (i: number): boolean => mode !== 'surround' && (closed[i] === 1 || spread[i]! > texSpread);
  // The white left between them: the longest run of rows (over the parts' common columns) not mostly body.
  const whiteBetween = (x0: number, x1: number, y0: number, y1: number): number => {
    let run = 0;
    let longest = 0;
    for (let y = y0; y < y1; y++) {
      let n = 0;
      for (let x = x0; x < x1; x++) if (bodyish(y * cw + x)) n++;
      run = n < 0.5 * (x1 - x0) ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest;
  };
  const bodyCells = (b: CardBox): number => {
    let n = 0;
    for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if (bodyish(y * cw + x)) n++;
    return n;
  };
  for (let merged = true; merged; ) {
    merged = false;
    for (let a = 0; a < parts.length && !merged; a++) {
      for (let b = a + 1; b < parts.length && !merged; b++) {
        const p = parts[a]!;
        const q = parts[b]!;
        const overlap = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
        const overlapY = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
        const gap = Math.max(p.y0, q.y0) - Math.min(p.y1, q.y1);
        const j = { x0: Math.min(p.x0, q.x0), y0: Math.min(p.y0, q.y0), x1: Math.max(p.x1, q.x1), y1: Math.max(p.y1, q.y1), n: p.n + q.n };
        const r = ratioOf(j);
        if (r < 1.3 || r > 1.9 || (wholeCard(p) && wholeCard(q))) continue;
        const stacked = overlap >= 0.6 * Math.min(p.x1 - p.x0, q.x1 - q.x0) && gap <= 0.06 * (j.x1 - j.x0);
        const interleaved = overlap > 0 && overlapY > 0 && j.n >= (j.x1 - j.x0) * (j.y1 - j.y0) * 0.5;
        const bodied =
          !stacked && !interleaved && overlap >= 0.6 * Math.min(p.x1 - p.x0, q.x1 - q.x0) && whiteBetween(Math.max(p.x0, q.x0), Math.min(p.x1, q.x1), Math.min(p.y1, q.y1), Math.max(p.y0, q.y0)) <= 0.06 * (j.x1 - j.x0);
        if (stacked || interleaved || bodied) {
          if (bodied) j.n = bodyCells(j);
          parts.splice(b, 1);
          parts[a] = j;
          merged = true;
        }
      }
    }
  }
  const boxes: CardBox[] = [];
  for (const p of parts) {
    const bw = p.x1 - p.x0;
    const bh = p.y1 - p.y0;
    const ratio = Math.max(bw, bh) / Math.min(bw, bh);
    // A card: its side ratio, at least 2 % of the image, and mostly filled (not a frame of specks).
    if (bw * bh < cw * ch * 0.02 || p.n < bw * bh * 0.5) continue;
    const box = { x0: p.x0 * cellPx, y0: p.y0 * cellPx, x1: Math.min(w, p.x1 * cellPx), y1: Math.min(h, p.y1 * cellPx) };
    if (ratio >= 1.3 && ratio <= 1.9) boxes.push(box);
    else if (ratio >= 2.6 && ratio <= 3.9) {
      // Two cards side by side (front and back photographed together) that touch: halves of the long side.
      const wide = bw >= bh;
      const mid = wide ? Math.round((box.x0 + box.x1) / 2) : Math.round((box.y0 + box.y1) / 2);
      boxes.push(wide ? { ...box, x1: mid } : { ...box, y1: mid }, wide ? { ...box, x0: mid } : { ...box, y0: mid });
    }
  }
  // The card is the image (a cropped photo, a card-sized scan): nothing to cut.
  if (boxes.length === 1 && (boxes[0]!.x1 - boxes[0]!.x0) * (boxes[0]!.y1 - boxes[0]!.y0) > w * h * 0.6) return { boxes: [], parts: partBoxes };
  return { boxes: boxes.sort((a, b) => (Math.abs(a.y0 - b.y0) > (a.y1 - a.y0) / 2 ? a.y0 - b.y0 : a.x0 - b.x0)), parts: partBoxes };
}

/** Cells on with fewer than two of their eight neighbours on are off (specks; a card's cells have neighbours). */
function despeckle(on: Uint8Array, cw: number, ch: number): Uint8Array {
  const out = new Uint8Array(on.length);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = y * cw + x;
      if (!on[i]) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx || dy) && x + dx >= 0 && y + dy >= 0 && x + dx < cw && y + dy < ch) n += on[i + dy * cw + dx]!;
        }
      }
      out[i] = n >= 2 ? 1 : 0;
    }
  }
  return out;
}

/**
 * The paper's level at each cell: a smooth surface (quadratic in x and y) fitted to the 8×8-cell
 * blocks' 90th percentiles, refitted without the blocks well below it (cards, portraits, a scanner's
 * dark edge). A scanner's or a lamp's uneven light is smooth and stays paper; a card's edge is a step.
 * The brightest block nearby (the older rule) took a whole card for paper where the card was wider than
 * its reach (a 300-dpi scan), and a page's darker corners for card under uneven light.
 */
function paperLevel(mean: Float32Array, cw: number, ch: number): Float32Array {
  const B = 8;
  const bw = Math.ceil(cw / B);
  const bh = Math.ceil(ch / B);
  const bx: number[] = [];
  const by: number[] = [];
  const bv: number[] = [];
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const v: number[] = [];
      for (let yy = y * B; yy < Math.min(ch, (y + 1) * B); yy++) for (let xx = x * B; xx < Math.min(cw, (x + 1) * B); xx++) v.push(mean[yy * cw + xx]!);
      v.sort((p, q) => p - q);
      bx.push(((x + 0.5) / bw) * 2 - 1);
      by.push(((y + 0.5) / bh) * 2 - 1);
      bv.push(v[Math.floor(v.length * 0.9)]!);
    }
  }
  const terms = (x: number, y: number): number[] => [1, x, y, x * x, y * y, x * y];
  // Paper is most of a scanned sheet: every block but a scanner's black edge to begin with.
  let keep = bv.map((v) => v > 60);
  let coef: number[] | null = null;
  for (let round = 0; round < 4; round++) {
    const c = leastSquares(
      bv.flatMap((_, i) => (keep[i] ? [terms(bx[i]!, by[i]!)] : [])),
      bv.filter((_, i) => keep[i]),
    );
    if (!c) break;
    coef = c;
    const fit = (i: number): number => terms(bx[i]!, by[i]!).reduce((s, t, k) => s + t * c[k]!, 0);
    const res = bv.map((v, i) => v - fit(i)).filter((_, i) => keep[i]).map(Math.abs).sort((p, q) => p - q);
    const t = Math.max(6, 3 * (res[res.length >> 1] ?? 0));
    keep = bv.map((v, i) => v >= fit(i) - t);
  }
  const out = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = Math.min(bh - 1, Math.floor(y / B)) * bw + Math.min(bw - 1, Math.floor(x / B));
      out[y * cw + x] = coef ? terms(((x + 0.5) / cw) * 2 - 1, ((y + 0.5) / ch) * 2 - 1).reduce((s, t, k) => s + t * coef[k]!, 0) : bv[i]!;
    }
  }
  return out;
}

/** Least squares by the normal equations (Gaussian elimination, partial pivoting); null when singular. */
function leastSquares(rows: readonly number[][], ys: readonly number[]): number[] | null {
  const n = rows[0]?.length ?? 0;
  if (rows.length < n * 2 || n === 0) return null;
  const a = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  rows.forEach((r, k) => {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j]! += r[i]! * r[j]!;
      a[i]![n]! += r[i]! * ys[k]!;
    }
  });
  for (let i = 0; i < n; i++) {
    let piv = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(a[r]![i]!) > Math.abs(a[piv]![i]!)) piv = r;
    if (Math.abs(a[piv]![i]!) < 1e-9) return null;
    [a[i], a[piv]] = [a[piv]!, a[i]!];
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const f = a[r]![i]! / a[i]![i]!;
      for (let c = i; c <= n; c++) a[r]![c]! -= f * a[i]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/** The paper's level at each cell: the brightest 8×8-cell block (at its 90th percentile) within six blocks. */
function paperLocal(mean: Float32Array, cw: number, ch: number): Float32Array {
  const B = 8;
  const bw = Math.ceil(cw / B);
  const bh = Math.ceil(ch / B);
  const block = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      const v: number[] = [];
      for (let y = by * B; y < Math.min(ch, (by + 1) * B); y++) for (let x = bx * B; x < Math.min(cw, (bx + 1) * B); x++) v.push(mean[y * cw + x]!);
      v.sort((a, b) => a - b);
      block[by * bw + bx] = v[Math.floor(v.length * 0.9)]!;
    }
  }
  const R = 6;
  const out = new Float32Array(cw * ch);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let y = Math.max(0, by - R); y <= Math.min(bh - 1, by + R); y++) for (let x = Math.max(0, bx - R); x <= Math.min(bw - 1, bx + R); x++) m = Math.max(m, block[y * bw + x]!);
      for (let y = by * B; y < Math.min(ch, (by + 1) * B); y++) for (let x = bx * B; x < Math.min(cw, (bx + 1) * B); x++) out[y * cw + x] = m;
    }
  }
  return out;
}

function dilate(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(m);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!m[y * w + x]) continue;
      if (x > 0) out[y * w + x - 1] = 1;
      if (x < w - 1) out[y * w + x + 1] = 1;
      if (y > 0) out[(y - 1) * w + x] = 1;
      if (y < h - 1) out[(y + 1) * w + x] = 1;
    }
  }
  return out;
}

/** A region of a gray image with a margin, scaled (bilinear) so that its longer side is about `targetPx`. */
export function cutCard(img: OcrImage, b: CardBox, targetPx = 1800): { image: OcrImage; x0: number; y0: number; scale: number } {
  const m = Math.round(Math.max(b.x1 - b.x0, b.y1 - b.y0) * 0.03);
  const x0 = Math.max(0, b.x0 - m);
  const y0 = Math.max(0, b.y0 - m);
  const x1 = Math.min(img.width, b.x1 + m);
  const y1 = Math.min(img.height, b.y1 + m);
  const sw = x1 - x0;
  const sh = y1 - y0;
  const scale = Math.max(1, Math.min(3, targetPx / Math.max(sw, sh)));
  const w = Math.round(sw * scale);
  const h = Math.round(sh * scale);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, y / scale);
    const iy = Math.floor(fy);
    const dy = fy - iy;
    const iy1 = Math.min(sh - 1, iy + 1);
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, x / scale);
      const ix = Math.floor(fx);
      const dx = fx - ix;
      const ix1 = Math.min(sw - 1, ix + 1);
      const p = (yy: number, xx: number): number => img.data[(y0 + yy) * img.width + x0 + xx]!;
      const top = p(iy, ix) * (1 - dx) + p(iy, ix1) * dx;
      const bot = p(iy1, ix) * (1 - dx) + p(iy1, ix1) * dx;
      out[y * w + x] = Math.round(top * (1 - dy) + bot * dy);
    }
  }
  return { image: { width: w, height: h, channels: 1, data: out }, x0, y0, scale };
}

