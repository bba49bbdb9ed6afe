/**
 * Second pass over a machine-readable zone. The first (dictionary-driven) pass
 * drops characters inside runs of '<' and confuses letters with digits; here the
 * band is binarised (Otsu and a local mean) only to straighten it and cut it
 * into text lines by its row profile;
 * each line, in gray, is scaled to a few capital heights and read alone
 * (single-line segmentation) with the MRZ alphabet only. Repairs
 * happen in id/mrz.ts, and only where a check digit confirms them.
 */
import type { GlyphAlternatives, MrzFormat } from '../../identity/mrz.ts';
import { cleanMrzLine, fillerTail, fitLength, knownState, MRZ_LENGTHS, readMrz, zoneEvidence } from '../../identity/mrz.ts';
import type { GlyphShapes } from './mrz-shape.ts';
import { glyphShapes, shapeFavours } from './mrz-shape.ts';
import type { OcrEngine, OcrGlyph, OcrImage, OcrWord } from './types.ts';

export const MRZ_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Otsu's threshold over a gray histogram. */
export function otsu(g: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < g.length; i++) hist[g[i]!]!++;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v]!;
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let thr = 127;
  for (let v = 0; v < 256; v++) {
    wB += hist[v]!;
    if (wB === 0) continue;
    const wF = g.length - wB;
    if (wF === 0) break;
    sumB += v * hist[v]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      thr = v;
    }
  }
  return thr;
}

export function crop(img: OcrImage, b: Box): OcrImage {
  const x0 = Math.max(0, Math.floor(b.x0));
  const y0 = Math.max(0, Math.floor(b.y0));
  const w = Math.max(1, Math.min(img.width, Math.ceil(b.x1)) - x0);
  const h = Math.max(1, Math.min(img.height, Math.ceil(b.y1)) - y0);
  const out = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) out.set(img.data.subarray((y0 + r) * img.width + x0, (y0 + r) * img.width + x0 + w), r * w);
  return { width: w, height: h, channels: 1, data: out };
}

/**
 * Slope (tan of the tilt) of the text lines of a band: the shear that makes the
 * row profile of its ink most peaked, searched over ±5° in 0.25° steps.
 */
export function skewOf(mask: OcrImage): number {
  const { width: w, height: h, data } = mask;
  const xs: number[] = [];
  const ys: number[] = [];
  // Every row (a row step would alias: at 0° all samples fall in even bins).
  const step = Math.max(1, Math.round((w * h) / 200_000));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x += step)
      if (data[y * w + x]) {
        xs.push(x);
        ys.push(y);
      }
  if (xs.length < 50) return 0;
  let best = { t: 0, score: -1 };
  const pad = Math.ceil(w * Math.tan((5 * Math.PI) / 180)) + 1;
  const hist = new Float64Array(h + 2 * pad);
  for (let deg = -5; deg <= 5.001; deg += 0.25) {
    const t = Math.tan((deg * Math.PI) / 180);
    hist.fill(0);
    for (let i = 0; i < xs.length; i++) hist[Math.round(ys[i]! + xs[i]! * t) + pad]!++;
    let score = 0;
    for (let i = 0; i < hist.length; i++) score += hist[i]! * hist[i]!;
    // Ties (a clean, straight band) stay at 0°.
    if (score > best.score * 1.0001 || (Math.abs(score - best.score) <= best.score * 0.0001 && Math.abs(t) < Math.abs(best.t))) {
      best = { t, score };
    }
  }
  return best.t;
}

/** Vertical shear straightening lines of slope t; lift is how far row 0 moved down. */
export function unshear(img: OcrImage, t: number): { image: OcrImage; lift: number } {
  if (t === 0) return { image: img, lift: 0 };
  const { width: w, height: h, data } = img;
  const lift = t < 0 ? Math.ceil(-t * w) : 0;
  const H = h + Math.ceil(Math.abs(t) * w);
  const out = new Uint8Array(w * H).fill(255);
  for (let x = 0; x < w; x++) {
    const shift = lift + x * t;
    for (let y = 0; y < H; y++) {
      const sy = Math.round(y - shift);
      if (sy >= 0 && sy < h) out[y * w + x] = data[sy * w + x]!;
    }
  }
  return { image: { width: w, height: H, channels: 1, data: out }, lift };
}

/**
 * Ink mask (1 = ink): darker than Otsu's threshold and than the local mean
 * (31 px window) by a margin. The local test keeps a photo's backdrop, shadows and
 * uneven light out; Otsu alone splits paper from backdrop instead of from ink.
 */
export function inkMask(img: OcrImage): OcrImage {
  const { width: w, height: h, data } = img;
  const thr = otsu(data as Uint8Array);
  const W = w + 1;
  const integral = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      integral[(y + 1) * W + x + 1] = integral[y * W + x + 1]! + row;
    }
  }
  const r = 15;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const sum = integral[y1 * W + x1]! - integral[y0 * W + x1]! - integral[y1 * W + x0]! + integral[y0 * W + x0]!;
      const mean = sum / ((y1 - y0) * (x1 - x0));
      const v = data[y * w + x]!;
      out[y * w + x] = v <= Math.max(thr, 60) && v < mean - 12 ? 1 : 0;
    }
  }
  return { width: w, height: h, channels: 1, data: out };
}

/** Text lines of an ink mask: [y0, y1) row runs with their ink x-extent. */
export function lineBoxes(mask: OcrImage): Box[] {
  const { width: w, height: h, data } = mask;
  // Rows are measured over the band's middle: MRZ lines run across the whole band, while a photo's
  // backdrop (fabric, wood grain) beside the card has ink at the band's ends on every row and would
  // join all the lines into one.
  const xa = Math.floor(w * 0.2);
  const xb = Math.ceil(w * 0.8);
  const rows = new Uint32Array(h);
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = xa; x < xb; x++) n += data[y * w + x]!;
    rows[y] = n;
  }
  // A textured paper or a scanner's grain puts specks on every row: the rows between lines are then measured
  // against that floor (twice the fifth-lowest percentile of rows), not against a clean page's zero.
  const floor = [...rows].sort((a, b) => a - b)[Math.floor(h * 0.2)] ?? 0;
  const minInk = Math.max(2, Math.round((xb - xa) * 0.02), 2 * floor);
  const runs: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= h; y++) {
    const ink = y < h && rows[y]! >= minInk;
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      runs.push([start, y]);
      start = -1;
    }
  }
  // Bridge 1–2 px gaps (thin strokes between touching rows).
  const merged: [number, number][] = [];
  for (const r of runs) {
    const last = merged[merged.length - 1];
    if (last && r[0] - last[1] <= 2) last[1] = r[1];
    else merged.push([r[0], r[1]]);
  }
  const tallest = Math.max(0, ...merged.map((r) => r[1] - r[0]));
  const boxes: Box[] = [];
  for (const [y0, y1] of merged) {
    const lh = y1 - y0;
    if (lh < Math.max(6, tallest * 0.45)) continue;
    // Columns with ink, grouped where gaps are under a line height (letter and
    // word spacing); the widest group is the line. A card's edge, a photo's
    // backdrop or specks beside the line form groups of their own.
    const cols = new Uint16Array(w);
    for (let y = y0; y < y1; y++) for (let x = 0; x < w; x++) cols[x]! += data[y * w + x]!;
    const minCol = Math.max(1, Math.round(lh * 0.08));
    let best: Box | null = null;
    let start = -1;
    let last = -1;
    const close = (): void => {
      if (start >= 0 && (!best || last + 1 - start > best.x1 - best.x0)) best = { x0: start, y0, x1: last + 1, y1 };
    };
    for (let x = 0; x < w; x++) {
      if (cols[x]! < minCol) continue;
      if (start < 0 || x - last > lh) {
        close();
        start = x;
      }
      last = x;
    }
    close();
    if (best) boxes.push(best);
  }
  return boxes;
}

/**
 * Capital heights (px) each line is read at. The fast English LSTM reads OCR-B
 * best in gray (binarising made it worse in bench/ocr.ts); different scales make
 * different mistakes, and the check digits pick the combination that holds.
 */
const FIRST_SCALES = [28, 40];
const RETRY_SCALES = [56];

export interface MrzLineRead {
  box: Box;
  /** One reading per scale, cleaned of non-MRZ characters and filler look-alikes. */
  variants: { text: string; confidence: number; alts?: GlyphAlternatives; at?: readonly number[]; shapes?: GlyphShapes }[];
}

/**
 * A line's reading from its glyphs. OCR-B's filler '<' is shorter than the
 * capitals (about 0.85 of their height); the LSTM reads some fillers as K or X
 * (the filler look-alikes are K, X, C, E),
 * and a scratch or a card edge crossing the line as a tall, thin K. A letter beside
 * a filler whose box is filler-sized (nearer the fillers' median height than the
 * letters'), or far taller than any letter, is a filler: the shape decides, not
 * the letter, so a real K ("ERIK<<") keeps its capital height and stays.
 */
export function readingText(words: readonly OcrWord[]): string {
  return readingGlyphs(words).text;
}

/** readingText with, per character, the network's candidates at its glyph (OcrOptions.choices), where it gave them. */
export function readingGlyphs(words: readonly OcrWord[]): { text: string; alts: GlyphAlternatives; xs: number[] } {
  const glyphs = words
    .slice()
    .sort((a, b) => a.x0 - b.x0)
    .flatMap((w): OcrGlyph[] => (w.glyphs && w.glyphs.length > 0 ? w.glyphs : [w]));
  const height = (g: OcrGlyph): number => g.y1 - g.y0;
  const median = (xs: number[]): number | null => (xs.length < 3 ? null : xs.sort((a, b) => a - b)[xs.length >> 1]!);
  const letterH = median(glyphs.filter((g) => /^[A-Z0-9]$/.test(g.text)).map(height));
  const fillerH = median(glyphs.filter((g) => g.text === '<').map(height));
  const texts = glyphs.map((g) => g.text);
  if (letterH !== null) {
    glyphs.forEach((g, i) => {
      if (!/^[KXCE]$/.test(g.text) || (texts[i - 1] !== '<' && texts[i + 1] !== '<')) return;
      const h = height(g);
      // Clearly filler-sized: within a quarter of the gap between the two heights.
      const fillerSized = fillerH !== null && letterH - fillerH >= letterH * 0.1 && h <= fillerH + (letterH - fillerH) * 0.25;
      if (fillerSized || h > letterH * 1.3) texts[i] = '<';
    });
  }
  // A K or X among letters and fillers that the network itself rates a filler at least as high as the glyph
  // it gave ("ANNAKMARIA": '<' 0.81, K 0.78): the decoder's pick, not the network's reading, made it a letter.
  glyphs.forEach((g, i) => {
    if (!/^[KX]$/.test(texts[i]!) || !/^[A-Z<]$/.test(texts[i - 1] ?? '') || !/^[A-Z<]$/.test(texts[i + 1] ?? '')) return;
    const own = g.choices?.find((c) => c.text === g.text)?.confidence;
    const filler = g.choices?.find((c) => c.text === '<')?.confidence;
    if (own !== undefined && filler !== undefined && filler >= own) texts[i] = '<';
  });
  let text = '';
  const alts: (Record<string, number> | null)[] = [];
  const xs: number[] = [];
  glyphs.forEach((g, i) => {
    const choices = g.choices?.filter((c) => /^[A-Z0-9<]$/.test(c.text));
    const alt = choices && choices.length > 0 ? Object.fromEntries(choices.map((c) => [c.text, c.confidence])) : null;
    const kept = [...texts[i]!].filter((ch) => /[A-Z0-9<]/.test(ch));
    kept.forEach((ch, j) => {
      text += ch;
      alts.push(alt);
      // Where one box holds several characters, they share its width in equal parts.
      xs.push(g.x0 + ((g.x1 - g.x0) * (j + 0.5)) / kept.length);
    });
  });
  return { text, alts, xs };
}

async function readLines(engine: OcrEngine, part: OcrImage, lines: Box[], caps: number[]): Promise<MrzLineRead['variants'][]> {
  return Promise.all(
    lines.map(async (l) => {
      const lh = l.y1 - l.y0;
      const pad = Math.round(lh * 0.3);
      const c = crop(part, { x0: l.x0 - pad, y0: l.y0 - pad, x1: l.x1 + 3 * pad, y1: l.y1 + pad });
      const out: MrzLineRead['variants'] = [];
      for (const cap of caps) {
        const scaled = scaleGray(c, Math.min(4, Math.max(0.5, cap / lh)), 12);
        // With the network's candidates per glyph: where the usual confusions repair a check digit more
        // than one way, the way the network saw decides (id/mrz.ts repairByNetwork).
        const r = await engine.recognize(scaled, {
          langs: ['eng'],
          charWhitelist: MRZ_WHITELIST,
          segmentation: 'line',
          glyphs: true,
          choices: true,
        });
        const { text, alts, xs } = readingGlyphs(r.words);
        // Each glyph's middle as a fraction of the line's ink (scaled crop: the margin, then the pad left of the line).
        const k = scaled.width > 24 ? (scaled.width - 24) / c.width : 1;
        const left = 12 + (l.x0 - Math.max(0, Math.floor(l.x0 - pad))) * k;
        const toInk = (x: number): number => (x - left) / ((l.x1 - l.x0) * k);
        const at = xs.map(toInk);
        if (text.length < 10) continue;
        const collapsed = collapseFillers(text);
        // Pixel evidence per glyph (OCR-B templates), for the characters kept as read (collapseFillers keeps the length).
        const shapes = lineShapes(scaled, r.words, xs);
        out.push({ text: collapsed, confidence: r.meanConfidence, alts, at, ...(shapes ? { shapes } : {}) });
        const cells = cellReading(scaled, r.words, xs, left, left + (l.x1 - l.x0) * k);
        if (cells && cells.text !== collapsed) out.push({ text: cells.text, confidence: r.meanConfidence, at: cells.xs.map(toInk), shapes: cells.shapes });
      }
      return out;
    }),
  );
}

/**
 * The shapes of a line's characters (mrz-shape.ts) in its scaled image: the baseline and capital height from the
 * letters' and digits' glyph boxes (medians), the pitch from the distance between neighbouring characters (the
 * median, where it is within a fifth of OCR-B's advance for that capital height). Null with too few glyphs.
 */
export function lineShapes(img: OcrImage, words: readonly OcrWord[], xs: readonly number[]): GlyphShapes | null {
  const frame = lineFrame(words, xs);
  return frame ? glyphShapes(img, xs, frame.baseline, frame.cap, frame.pitch) : null;
}

/** A line's baseline, capital height and pitch (see lineShapes); null with too few glyphs. */
function lineFrame(words: readonly OcrWord[], xs: readonly number[]): { baseline: number; cap: number; pitch: number } | null {
  const glyphs = words.flatMap((w): OcrGlyph[] => (w.glyphs && w.glyphs.length > 0 ? w.glyphs : [])).filter((g) => /^[A-Z0-9]$/.test(g.text));
  if (glyphs.length < 8 || xs.length < 10) return null;
  const med = (v: number[]): number => v.sort((a, b) => a - b)[v.length >> 1]!;
  const baseline = med(glyphs.map((g) => g.y1));
  const cap = baseline - med(glyphs.map((g) => g.y0));
  const advance = ((cap * 200) / 143) * (144.6 / 200);
  const steps = xs.slice(1).map((x, i) => x - xs[i]!).filter((d) => d > advance * 0.8 && d < advance * 1.2);
  return { baseline, cap, pitch: steps.length >= 5 ? med(steps) : advance };
}

/**
 * The line read cell by cell from its shapes alone: from the line's first ink to its last, the cells of
 * the line's pitch (as many as fit, the pitch then spread evenly over them), each the OCR-B glyph it matches
 * best. A reading with no glyph lost or read twice, where the recogniser's are ("LJI5528996" read
 * "LJI552899 6" with a glyph lost shifts the number): a variant beside the recogniser's, only where the cells
 * are a format's 30, 36 or 44 and the shapes hold (shapesHold); the check digits choose.
 */
export function cellReading(
  img: OcrImage,
  words: readonly OcrWord[],
  xs: readonly number[],
  inkLeft: number,
  inkRight: number,
): { text: string; xs: number[]; shapes: GlyphShapes } | null {
  const frame = lineFrame(words, xs);
  if (!frame) return null;
  // OCR-B's glyphs leave about 0.15 of their cell blank on either side: the first and last cells' middles lie
  // 0.35 of a cell inside the line's ink (a last glyph the recogniser lost still has its ink there).
  const first = inkLeft + 0.35 * frame.pitch;
  const last = inkRight - 0.35 * frame.pitch;
  const cells = Math.round((last - first) / frame.pitch) + 1;
  if (![30, 36, 44].includes(cells)) return null;
  const pitch = (last - first) / (cells - 1);
  if (Math.abs(pitch / frame.pitch - 1) > 0.03) return null;
  const centres = Array.from({ length: cells }, (_, k) => first + k * pitch);
  const shapes = glyphShapes(img, centres, frame.baseline, frame.cap, pitch);
  const text = shapes.map((s) => (s ? Object.entries(s).reduce((a, b) => (b[1] > a[1] ? b : a))[0] : '<')).join('');
  return shapesHold(text, shapes) ? { text, xs: centres, shapes } : null;
}

/**
 * Reads the lines of a band (pixel box of a gray image): one word per line, its
 * text the line without spaces, coordinates in the image's pixels. Where the
 * lines form an MRZ, the variant per line is the combination whose check digits
 * hold (see chooseMrzLines).
 */
export async function readMrzBand(engine: OcrEngine, img: OcrImage, band: Box, maxLines = 6, zoneOnly = false): Promise<OcrWord[]> {
  const raw = crop(img, band);
  // Photographed cards are tilted: a 1.5° tilt moves a 1000 px line by 26 px,
  // more than the gap between MRZ lines. Straighten the band first.
  const slope = skewOf(inkMask(raw));
  const { image: part, lift } = unshear(raw, slope);
  let lines = lineBoxes(inkMask(part));
  if (lines.length === 0) return [];
  // MRZ lines are the widest lines of the band; keep the lowest few of them.
  const widest = Math.max(...lines.map((l) => l.x1 - l.x0));
  lines = lines.filter((l) => l.x1 - l.x0 >= widest * 0.6).slice(-maxLines);
  // zoneOnly: nothing is read unless the lines have a zone's shape (a strip of a page searched for a zone).
  if (zoneOnly && !zoneShaped(lines)) return [];
  const variants = await readLines(engine, part, lines, FIRST_SCALES);
  let chosen = chooseMrzLines(variants);
  if (!chosen?.valid) {
    const more = await readLines(engine, part, lines, RETRY_SCALES);
    more.forEach((m, i) => variants[i]!.push(...m));
    chosen = chooseMrzLines(variants) ?? chosen;
  }
  const bx = Math.max(0, Math.floor(band.x0));
  const by = Math.max(0, Math.floor(band.y0));
  const words: OcrWord[] = [];
  lines.forEach((l, i) => {
    const v = variants[i]!;
    if (v.length === 0) return;
    const text = chosen?.texts.get(i) ?? v[0]!.text;
    const confidence = v.reduce((s, x) => s + x.confidence, 0) / v.length;
    // Back to the tilted band's coordinates at the line's middle.
    const dy = lift - ((l.x0 + l.x1) / 2) * slope;
    words.push({ text, x0: bx + l.x0, y0: by + l.y0 - dy, x1: bx + l.x1, y1: by + l.y1 - dy, confidence });
  });
  return words;
}

/**
 * Whether the lines of a band look like a machine-readable zone before any of them is read: two lines one
 * under the other (1.2 to 2.1 line heights apart), flush left, of one width (within 8 %) and nearly one height,
 * each far wider than tall (a TD1 line is some 20 capital heights long). Print, a photo or paper grain rarely
 * stack so.
 */
export function zoneShaped(lines: readonly Box[]): boolean {
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = lines[i]!;
    const b = lines[i + 1]!;
    const wa = a.x1 - a.x0;
    const wb = b.x1 - b.x0;
    const ha = a.y1 - a.y0;
    const hb = b.y1 - b.y0;
    const lh = Math.max(ha, hb);
    // One format's lines hold as many glyphs of one pitch, set flush left.
    if (Math.abs(wa - wb) > 0.08 * Math.max(wa, wb) || Math.abs(a.x0 - b.x0) > Math.max(lh, 0.02 * wa) || Math.abs(ha - hb) > 0.4 * lh) continue;
    if (lh < 8 || wa < 12 * ha || wb < 12 * hb || b.y0 - a.y0 < 1.2 * lh || b.y0 - a.y0 > 2.1 * lh) continue;
    return true;
  }
  return false;
}

/**
 * The MRZ of a page whose card was not found (a pale card on a white page, placed anywhere on it) and whose
 * first pass saw no MRZ-like words: the page is gone over in overlapping strips (a quarter of its height,
 * half overlapping, from the bottom); a strip is read only where its lines have a zone's shape (zoneShaped),
 * and the first strip whose lines form a zone gives it.
 */
export async function readMrzOnPage(engine: OcrEngine, img: OcrImage): Promise<OcrWord[]> {
  const h = Math.round(img.height / 4);
  for (let y1 = img.height; y1 >= h; y1 -= Math.round(h / 2)) {
    const band: Box = { x0: 0, x1: img.width, y0: Math.max(0, y1 - h), y1 };
    const words = await readMrzBand(engine, img, band, 12, true);
    const zone = words.filter((w) => cleanMrzLine(w.text) !== null && w.text.length >= 28 && w.text.includes('<'));
    if (zone.length >= 2 && chooseMrzLines(zone.map((w) => [w.text]))) return zone;
  }
  return [];
}

/**
 * The MRZ of a card the card finder missed (a grey back beside its front on a photocopy, a pale card on a
 * scan): where the cards read hold no zone, the strips of the page above, between and below them (the page's
 * width, at least half a card tall) are read as bands. Only lines that form a zone come back.
 */
export async function readMrzBeside(engine: OcrEngine, img: OcrImage, cards: readonly Box[]): Promise<OcrWord[]> {
  if (cards.length === 0) return [];
  // The whole width: the missed card need not stand where the found ones do.
  const x0 = 0;
  const x1 = img.width;
  const cardH = Math.max(...cards.map((c) => c.y1 - c.y0));
  const ys = [...cards].sort((a, b) => a.y0 - b.y0);
  const strips: Box[] = [];
  let top = 0;
  for (const c of [...ys, { x0, x1, y0: img.height, y1: img.height }]) {
    if (c.y0 - top >= cardH * 0.5) strips.push({ x0, x1, y0: top, y1: c.y0 });
    top = Math.max(top, c.y1);
  }
  for (const band of strips) {
    const words = await readMrzBand(engine, img, band, 12);
    const zone = words.filter((w) => cleanMrzLine(w.text) !== null && w.text.length >= 28 && w.text.includes('<'));
    if (zone.length >= 2 && chooseMrzLines(zone.map((w) => [w.text]))) return zone;
  }
  return [];
}

/**
 * Picks one reading per line among the variants: over every group of consecutive
 * lines that fits a format, every combination is read with check-digit-confirmed
 * repairs; the most checks passing wins, then the readings most variants agree on.
 * Returns the chosen text per line index (fitted to length, confirmed repairs
 * applied), or null when no group fits.
 */
export function chooseMrzLines(
  variants: readonly (readonly (string | { text: string; alts?: GlyphAlternatives; at?: readonly number[]; shapes?: GlyphShapes })[])[],
): { texts: Map<number, string>; valid: boolean } | null {
  let best: { score: number; texts: Map<number, string>; valid: boolean } | null = null;
  let cutFound = null as { score: number; texts: Map<number, string>; valid: boolean; keys: Set<string> } | null;
  for (const format of ['TD1', 'TD3', 'TD2'] as MrzFormat[]) {
    const spec = MRZ_LENGTHS[format];
    for (let i = 0; i + spec.lines <= variants.length; i++) {
      const namesLine = format === 'TD1' ? 2 : 0;
      // The network's candidates per character of each candidate text (columns follow the fitting).
      const altsOf: Map<string, GlyphAlternatives>[] = [];
      // The glyphs' shapes (OCR-B templates) per column of each candidate text, where the line was read with them.
      const shapesOf: Map<string, GlyphShapes>[] = [];
      const opts = variants.slice(i, i + spec.lines).map((vs, k) => {
        const alts = new Map<string, GlyphAlternatives>();
        altsOf[k] = alts;
        const shapes = new Map<string, GlyphShapes>();
        shapesOf[k] = shapes;
        const fitted: string[] = [];
        const later: string[] = [];
        const overlong: string[] = [];
        for (const v of vs) {
          const { text, alts: a, at, shapes: sh } = typeof v === 'string' ? { text: v, alts: undefined, at: undefined, shapes: undefined } : v;
          const c = cleanMrzLine(text);
          const s = sh && shapesHold(text, sh) ? sh : undefined;
          // The glyphs laid on the line's grid by where they stand (gridReadings): the first reading stands
          // for this variant; the others, and the reading fitted by its filler runs, are candidates only.
          const grid = c === text && at ? gridReadings(text, at, spec.len, a) : [];
          if (grid.length > 0) {
            grid.forEach((g, n) => {
              if (n === 0) fitted.push(g.text);
              else later.push(g.text);
              if (a && !alts.has(g.text)) alts.set(g.text, g.alts);
              if (s && !shapes.has(g.text)) shapes.set(g.text, g.from.map((j) => (j >= 0 ? (s[j] ?? null) : null)));
            });
            const f = c ? fitLength(c, spec.len) : null;
            if (f !== null) {
              later.push(f);
              if (a && !alts.has(f)) alts.set(f, fitAlts(text, a, f));
              if (s && !shapes.has(f)) shapes.set(f, fitAlts(text, s, f));
            }
            continue;
          }
          const t = c ? fitLength(c, spec.len) : null;
          if (t === null) {
            if (c && k !== namesLine) overlong.push(c);
            continue;
          }
          fitted.push(t);
          if (a && c === text && !alts.has(t)) alts.set(t, fitAlts(text, a, t));
          if (s && c === text && !shapes.has(t)) shapes.set(t, fitAlts(text, s, t));
        }
        const count = new Map<string, number>();
        for (const f of fitted) count.set(f, (count.get(f) ?? 0) + 1);
        for (const f of later) if (!count.has(f)) count.set(f, 0);
        // Candidates made from a reading by replacing glyphs keep its columns.
        const derive = (from: string, to: string): void => {
          const a = alts.get(from);
          if (a && !alts.has(to)) alts.set(to, a);
          const s = shapes.get(from);
          if (s && !shapes.has(to)) shapes.set(to, s);
        };
        // Each reading with the glyphs its shapes clearly say otherwise ("JISS28996" → "JI5528996", "COSTAK<SARA" →
        // "COSTA<<SARA"): a candidate; the check digits, then the shapes of the lines as read, choose (below).
        const shaped: string[] = [];
        for (const f of [...fitted, ...later]) {
          const t = byShape(f, shapes.get(f));
          if (t === f || count.has(t)) continue;
          count.set(t, 0);
          derive(f, t);
          shaped.push(t);
        }
        // Lines under check digits also try their Ks that touch a filler as fillers
        // ("NGAK<<<"): the digits decide. The names line has none (see id/analyse.ts).
        if (k !== namesLine || format === 'TD3' || format === 'TD2') {
          for (const f of [...fitted, ...shaped]) {
            const alt = (k === namesLine ? f.slice(0, 5) + f.slice(5).replace(/(?<=<)K(?=<)/g, '<') : f.replace(/(?<=<)K|K(?=<)/g, '<'));
            if (!count.has(alt)) count.set(alt, 0);
            derive(f, alt);
            // A filler tail speckled with look-alikes ("<<<<<<<<<SSSSSK" in a 200-dpi
            // scan): all fillers, as a candidate the check digits accept or refuse
            // (S, E, C, L, X, J weigh differently from '<'; K alone does not, see above).
            if (k !== namesLine) {
              for (const tail of [fillerTail(f), speckledTail(f)]) {
                if (!count.has(tail)) count.set(tail, 0);
                derive(f, tail);
              }
            }
          }
        }
        // A filler between two names read as X or K ("JOSEXLUIS") where another variant reads the
        // filler: OCR-B's '<' becomes X, the reverse does not happen; no check digit decides.
        const odd = (f: string): number =>
          k !== namesLine ? 0 : [...f.matchAll(/(?<=[A-Z])[KX](?=[A-Z])/g)].filter((m) => fitted.some((g) => g[m.index] === '<')).length;
        // A data line every variant read a glyph too long with no filler run to take it up ("…3013BG6D3976…"
        // for "…3013BGD3976…": one glyph read as two): each glyph deleted is a candidate, taken only where every
        // check digit then holds and the nationality is a state's, and only where one deletion does (below).
        const cuts = new Set<string>();
        if (fitted.length === 0) {
          for (const d of overlong.flatMap((o) => oneGlyphLess(o, spec.len))) {
            if (count.has(d)) continue;
            count.set(d, 0);
            cuts.add(d);
          }
        }
        return [...count.entries()].map(([t, n]) => [t, n, odd(t), cuts.has(t)] as const);
      });
      if (opts.some((o) => o.length === 0)) continue;
      for (const combo of product(opts)) {
        const r = readMrz(
          combo.map((c) => c[0]),
          { alternatives: combo.map((c, k) => altsOf[k]!.get(c[0])) },
        );
        if (!r) continue;
        const agree = combo.reduce((s, c) => s + c[1], 0);
        // K weighs 20 in check digits, as '<' weighs 0: no digit tells them apart.
        const oddK = combo.reduce((s, c) => s + (c[0].match(/(?<=<)K|K(?=<)/g) ?? []).length, 0);
        // Look-alikes in a filler tail pass the composite by chance one time in ten
        // ("<<<<<<<SSEEEEKK"): where the all-filler tail holds too, it wins.
        const oddTail = combo.reduce((s, c, k) => s + (k === namesLine ? 0 : diffCount(c[0], speckledTail(fillerTail(c[0])))), 0);
        const oddName = combo.reduce((s, c) => s + c[2], 0);
        // Glyphs of the lines as read whose shapes say another character clearly: such a glyph outweighs the
        // variants agreeing (one network at several scales, alike in its errors), not a check digit.
        const offShape = combo.reduce((s, c, k) => s + shapeConflicts(r.lines[k]!, shapesOf[k]!.get(c[0])), 0);
        const score =
          (r.valid ? 1000 : 0) + zoneEvidence(r) * 100 + agree * 2 - oddK - 5 * oddTail - 3 * oddName - 5 * offShape - r.corrections.length * 0.1;
        if (combo.some((c) => c[3])) {
          if (!r.valid || !knownState(r.nationality ?? '')) continue;
          const key = r.lines.join('\n');
          if (!cutFound || cutFound.score < score) cutFound = { score, valid: r.valid, texts: new Map(r.lines.map((l, k) => [i + k, l])), keys: new Set([...(cutFound?.keys ?? []), key]) };
          else cutFound.keys.add(key);
          continue;
        }
        if (!best || score > best.score) {
          // The lines after the reader's check-digit-confirmed repairs.
          best = { score, valid: r.valid, texts: new Map(r.lines.map((l, k) => [i + k, l])) };
        }
      }
    }
  }
  // A glyph deleted is taken only where exactly one deletion gives a reading every check digit holds.
  if (cutFound && cutFound.keys.size === 1 && (!best || cutFound.score > best.score)) best = cutFound;
  return best ? { texts: best.texts, valid: best.valid } : null;
}

/**
 * Whether a line's shapes are evidence: its glyphs as read match their OCR-B templates well on the whole (mean
 * correlation ≥ 0.75; a clean line reads 0.8–0.9). A blurred or distorted line, another typeface or a misjudged
 * pitch matches every template poorly, and its shapes decide nothing.
 */
export function shapesHold(text: string, shapes: GlyphShapes): boolean {
  let sum = 0;
  let n = 0;
  [...text].forEach((ch, j) => {
    const v = shapes[j]?.[ch];
    if (v === undefined) return;
    sum += v;
    n++;
  });
  return n >= text.length * 0.8 && sum / n >= 0.75;
}

/** A reading with every glyph its shape clearly says is another character replaced by that character (shapeFavours). */
export function byShape(text: string, shapes: GlyphShapes | undefined): string {
  if (!shapes) return text;
  return [...text].map((ch, j) => shapeFavours(ch, shapes[j]) ?? ch).join('');
}

/** How many of a line's glyphs their shapes clearly say are other characters. */
export function shapeConflicts(line: string, shapes: GlyphShapes | undefined): number {
  if (!shapes) return 0;
  let n = 0;
  for (let j = 0; j < line.length; j++) if (shapeFavours(line[j]!, shapes[j])) n++;
  return n;
}

/**
 * A line's glyphs laid on its format's grid. An MRZ is set in OCR-B, one glyph per cell of a fixed pitch, so the
 * line's ink (first glyph to last) spans `len` cells; `at` gives each glyph's middle as a fraction of that ink.
 * OCR reads a glyph as two ("7" as "7T", "9" as "9O"), fillers twice or not at all: by position, the glyphs that
 * share a cell are one glyph, and a cell left empty beside fillers is a filler. The grid is fitted to the glyphs
 * alone in their cells (offset and pitch, least squares, twice), and trusted only where the pitch is within 5 %
 * of the ink's and every letter or digit alone in its cell lies within 0.3 of a cell of its place. In a shared
 * cell a filler among filler look-alikes is a filler; otherwise each of its glyphs is a candidate, the one the
 * network's candidates at the cell's glyphs (`alts`), summed, rate highest first (without them, the one nearest
 * the cell's middle); the cell's candidates are then those, averaged. Returns the readings (at most 16, the first with every cell's first
 * candidate) with, per column, the index of the glyph read there (-1: a filler put in an empty cell) and the
 * network's candidates there; [] where
 * the grid does not hold or a cell away from fillers is empty (a glyph lost: the positions cannot say which).
 */
export function gridReadings(
  text: string,
  at: readonly number[],
  len: number,
  alts?: GlyphAlternatives,
): { text: string; from: number[]; alts: (Readonly<Record<string, number>> | null)[] }[] {
  const n = text.length;
  if (at.length !== n || n < len * 0.8 || n > len * 1.5) return [];
  const u = at.map((x) => x * len);
  const frac = u.map((x) => x - Math.floor(x)).sort((a, b) => a - b);
  let a = frac[n >> 1]!;
  let b = 1;
  let cell = u.map((x) => Math.round(x - a));
  const alone = (cells: number[]): number[] => {
    const count = new Map<number, number>();
    for (const c of cells) count.set(c, (count.get(c) ?? 0) + 1);
    return cells.flatMap((c, j) => (count.get(c) === 1 && /[A-Z0-9]/.test(text[j]!) && !/[KX]/.test(text[j]!) ? [j] : []));
  };
  for (let round = 0; round < 2; round++) {
    const pts = alone(cell);
    if (pts.length < len * 0.3) return [];
    const mc = pts.reduce((s, j) => s + cell[j]!, 0) / pts.length;
    const mu = pts.reduce((s, j) => s + u[j]!, 0) / pts.length;
    const sxx = pts.reduce((s, j) => s + (cell[j]! - mc) ** 2, 0);
    if (sxx === 0) return [];
    b = pts.reduce((s, j) => s + (cell[j]! - mc) * (u[j]! - mu), 0) / sxx;
    a = mu - b * mc;
    cell = u.map((x) => Math.round((x - a) / b));
  }
  if (Math.abs(b - 1) > 0.05 || Math.min(...cell) < 0 || Math.max(...cell) > len - 1) return [];
  const resid = u.map((x, j) => (x - a) / b - cell[j]!);
  if (alone(cell).some((j) => Math.abs(resid[j]!) > 0.3)) return [];
  const byCell: number[][] = Array.from({ length: len }, () => []);
  cell.forEach((c, j) => byCell[c]!.push(j));
  const options: number[][] = [];
  const cellAlts: (Readonly<Record<string, number>> | null)[] = [];
  for (let c = 0; c < len; c++) {
    const js = byCell[c]!.sort((x, y) => Math.abs(resid[x]!) - Math.abs(resid[y]!));
    cellAlts.push(js.length === 1 ? (alts?.[js[0]!] ?? null) : null);
    if (js.length === 0) {
      const beside = (k: number): boolean => (byCell[k] ?? []).some((j) => text[j] === '<');
      if (!beside(c - 1) && !beside(c + 1)) return [];
      options.push([-1]);
      continue;
    }
    const filler = js.find((j) => text[j] === '<');
    if (filler !== undefined && js.every((j) => /[<KXCES]/.test(text[j]!))) {
      options.push([filler]);
      continue;
    }
    if (js.length > 1 && js.every((j) => alts?.[j])) {
      // The glyphs of one cell are two readings of one glyph: the network's candidates at each, summed,
      // rank the characters ("2" 0.95 and "Z" 0.85 with "2" 0.79 beside it: a 2).
      const sum: Record<string, number> = {};
      for (const j of js) for (const [ch, conf] of Object.entries(alts![j]!)) sum[ch] = (sum[ch] ?? 0) + conf;
      const merged = Object.fromEntries(Object.entries(sum).map(([ch, v]) => [ch, v / js.length]));
      cellAlts[c] = merged;
      js.sort((x, y) => (sum[text[y]!] ?? 0) - (sum[text[x]!] ?? 0));
    }
    const seen = new Set<string>();
    options.push(js.filter((j) => !seen.has(text[j]!) && seen.add(text[j]!)));
  }
  const out: { text: string; from: number[]; alts: (Readonly<Record<string, number>> | null)[] }[] = [];
  const walk = (c: number, from: number[]): void => {
    if (out.length >= 16) return;
    if (c === len) {
      out.push({ text: from.map((j) => (j < 0 ? '<' : text[j]!)).join(''), from: [...from], alts: cellAlts });
      return;
    }
    for (const j of options[c]!) walk(c + 1, [...from, j]);
  };
  walk(0, []);
  return out;
}

/** A line one glyph longer than its format's, with each glyph in turn deleted (distinct results only). */
export function oneGlyphLess(line: string, len: number): string[] {
  if (line.length !== len + 1) return [];
  const out = new Set<string>();
  for (let i = 0; i < line.length; i++) out.add(line.slice(0, i) + line.slice(i + 1));
  return [...out];
}

/**
 * A data line's closing filler run (from its first "<<" on, before a final check digit) whose other glyphs
 * are filler look-alikes and at most one digit ("<<<<<6SSKESKSKK": a speck read as 6 among fillers read
 * as S/K/E) as all fillers: a candidate only, the check digits covering the run accept or refuse it.
 */
export function speckledTail(line: string): string {
  const end = /\d$/.test(line) ? line.length - 1 : line.length;
  for (let p = line.indexOf('<<'); p >= 0; p = line.indexOf('<<', p + 1)) {
    const run = line.slice(p, end);
    const others = run.replace(/</g, '');
    if (/^[CEJKLSX]*$/.test(others.replace(/\d/, ''))) return line.slice(0, p) + '<'.repeat(run.length) + line.slice(end);
  }
  return line;
}

/**
 * A reading's per-character candidates carried over to the reading fitted to length (fitLength resized one
 * filler run): the characters before and after the change keep theirs, the resized run has none.
 */
export function fitAlts(text: string, alts: GlyphAlternatives, fitted: string): GlyphAlternatives {
  if (text.length === fitted.length) return alts;
  let p = 0;
  while (p < text.length && p < fitted.length && text[p] === fitted[p]) p++;
  let q = 0;
  while (q < text.length - p && q < fitted.length - p && text[text.length - 1 - q] === fitted[fitted.length - 1 - q]) q++;
  return [...fitted].map((_, j) => (j < p ? (alts[j] ?? null) : j >= fitted.length - q ? (alts[text.length - (fitted.length - j)] ?? null) : null));
}

function diffCount(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

function product<T>(lists: readonly T[][]): T[][] {
  let out: T[][] = [[]];
  for (const l of lists) out = out.flatMap((prefix) => l.map((x) => [...prefix, x]));
  return out;
}

/** Bilinear scale of a gray image with a white margin. */
export function scaleGray(img: OcrImage, k: number, margin: number): OcrImage {
  const w = Math.max(1, Math.round(img.width * k));
  const h = Math.max(1, Math.round(img.height * k));
  const W = w + 2 * margin;
  const out = new Uint8Array(W * (h + 2 * margin)).fill(255);
  const src = img.data;
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, (y + 0.5) / k - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.max(0, (x + 0.5) / k - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(img.width - 1, x0 + 1);
      const fx = sx - x0;
      out[(y + margin) * W + x + margin] = Math.round(
        (src[y0 * img.width + x0]! * (1 - fx) + src[y0 * img.width + x1]! * fx) * (1 - fy) +
          (src[y1 * img.width + x0]! * (1 - fx) + src[y1 * img.width + x1]! * fx) * fy,
      );
    }
  }
  return { width: W, height: h + 2 * margin, channels: 1, data: out };
}

/**
 * LSTM models read long runs of the filler '<' as K, E or C (and often one '<' as
 * two glyphs). A run of 6+ characters from {<, K, E, C} whose glyphs after its first
 * '<' are mostly K is filler in any MRZ (no name or number holds such a run); its length is fixed
 * later by fitting the line to its format, and the check digits decide whether
 * the result is accepted.
 */
export function collapseFillers(text: string): string {
  // Letters before a run's first '<' end the preceding word ("LEE<<<"): never filler.
  const fill = (run: string, minK: number): string => {
    // Five or more of K/E/C with no '<' yet: no name or number is spelt so.
    const lead = /^[KEC]{5,}/.test(run) ? '' : /^[^<]*/.exec(run)![0];
    const rest = run.slice(lead.length);
    const glyphs = rest.replace(/</g, '');
    return rest.length > 0 && (glyphs.match(/K/g) ?? []).length >= glyphs.length * minK ? lead + '<'.repeat(rest.length) : run;
  };
  return (
    text
      .replace(/[<KEC]{6,}/g, (run) => fill(run, 0.5))
      // A line's tail after its data (before a final check digit): 8+ glyphs of
      // filler look-alikes, K-speckled, are filler.
      // eslint-disable-next-line regexp/no-super-linear-move -- one MRZ line (at most 44 characters)
      .replace(/<[<KECSLX]{7,}(?=\d?$)/, (run) => fill(run, 0.3))
  );
}

/**
 * The page's words with the band's MRZ lines in place of what the first pass read there:
 * first-pass words inside the band's lines go, and so does one lying on a band line even
 * where its box reaches past the band (a names line read with a tail of specks,
 * "SANTOS<<RAJESH<<<<c<eeee", is taller than the line; left in, it joined the line and the
 * MRZ lost it).
 */
export function withBandLines(first: readonly OcrWord[], lines: readonly OcrWord[], band: Box): OcrWord[] {
  const top = Math.min(...lines.map((w) => w.y0));
  const bottom = Math.max(...lines.map((w) => w.y1));
  const onLine = (w: OcrWord): boolean =>
    lines.some((l) => Math.min(w.y1, l.y1) - Math.max(w.y0, l.y0) > 0.5 * Math.min(w.y1 - w.y0, l.y1 - l.y0) && Math.min(w.x1, l.x1) > Math.max(w.x0, l.x0));
  const inBand = (w: OcrWord): boolean => {
    const cy = (w.y0 + w.y1) / 2;
    return (cy >= top && cy <= bottom && w.x0 >= band.x0 - 1 && w.x1 <= band.x1 + 1) || onLine(w);
  };
  return [...first.filter((w) => !inBand(w)), ...lines];
}
