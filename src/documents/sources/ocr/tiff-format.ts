/**
 * TIFF structure for decoding, read before any pixel is: the page chain
 * (bounded, loops refused), what each page holds, and a decode plan that
 * refuses what utif2 cannot decode (unsupported_format) or what is broken
 * (corrupt_file: strips beyond the end of the file, JPEG strips declaring
 * frames larger than their strip). Pure: the decode worker imports it too.
 */
import { ImageError, ifdBounds, probeJpeg, readIfd, TAG, tagNumber, tiffView } from './header.ts';
import type { TagValue, TiffTags, TiffView } from './header.ts';
import { LIMITS } from '../../limits.ts';

export const TIFF_LIMITS = {
  /** IFDs in the main chain: more is not a document. */
  maxPages: LIMITS.tiffMaxPages,
  /** Tile sides above this are refused: a tile's buffer is allocated whole. */
  maxTileSide: LIMITS.tiffMaxTileSide,
} as const;

export interface TiffPage {
  /** 1-based position in the IFD chain. */
  index: number;
  width: number;
  height: number;
  /** TIFF Orientation (274), 1..8 as in EXIF. */
  orientation: number;
  tags: TiffTags;
}

/** IFD offsets of the main chain, in order; a loop or more than maxPages IFDs refuses the file. */
function pageOffsets(t: TiffView): number[] {
  const seen = new Set<number>();
  let at = t.firstIfd;
  while (at !== 0) {
    if (seen.has(at)) throw new ImageError('corrupt_file', 'TIFF directory chain loops back on itself');
    if (seen.size >= TIFF_LIMITS.maxPages)
      throw new ImageError('too_large', `TIFF has more than ${TIFF_LIMITS.maxPages} pages`);
    seen.add(at);
    const { next } = ifdBounds(t, at);
    at = next + 4 <= t.bytes.length ? t.dv.getUint32(next, t.le) : 0;
  }
  return [...seen];
}

/** Pages of a TIFF, from the IFD chain alone. */
export function tiffPageCount(bytes: Uint8Array): number {
  return pageOffsets(tiffView(bytes)).length;
}

/** Pages 1..maxPages with their tags; the whole chain is walked so that a loop anywhere refuses the file. */
export function tiffPages(bytes: Uint8Array, maxPages: number): TiffPage[] {
  const t = tiffView(bytes);
  return pageOffsets(t)
    .slice(0, maxPages)
    .map((offset, i) => {
      const tags = readIfd(t, offset);
      const o = tagNumber(tags, TAG.orientation, 1);
      const width = tagNumber(tags, TAG.width, 0);
      return {
        index: i + 1,
        width,
        height: tagNumber(tags, TAG.height, 0),
        orientation: o >= 1 && o <= 8 ? o : 1,
        tags,
      };
    });
}

interface PixelFormat {
  compression: number;
  photometric: number;
  bitsPerSample: number;
  samplesPerPixel: number;
}

const COMPRESSIONS = new Set([1, 2, 3, 4, 5, 7, 8, 32946, 32773]);
const CCITT = new Set([2, 3, 4]);
export const DEFLATE = new Set([8, 32946]);

function pixelFormat(tags: TiffTags): PixelFormat {
  const bitsPerSample = tagNumber(tags, TAG.bitsPerSample, 1);
  const samplesPerPixel = tagNumber(tags, TAG.samplesPerPixel, 1);
  // Photometric is required; writers that omit it mean what libtiff assumes.
  const guess = bitsPerSample === 1 ? 0 : samplesPerPixel >= 3 ? 2 : 1;
  return {
    compression: tagNumber(tags, TAG.compression, 1),
    photometric: tagNumber(tags, TAG.photometric, guess),
    bitsPerSample,
    samplesPerPixel,
  };
}

/** Bits per sample utif2's toRGBA8 converts, by photometric interpretation / samples per pixel. */
const LAYOUTS: Record<string, readonly number[]> = {
  '0/1': [1, 4, 8, 16], // WhiteIsZero
  '1/1': [1, 2, 8, 16], // BlackIsZero
  '1/2': [8], // gray and alpha
  '2/3': [8, 16], // RGB
  '2/4': [8, 16], // RGB and alpha
  '3/1': [1, 2, 4, 8], // palette
  '6/3': [8], // YCbCr, as JPEG strips only
};

/** Why utif2 cannot decode a page correctly, or null: codecs scanners use, layouts toRGBA8 converts. */
function unsupported(f: PixelFormat, tags: TiffTags): string | null {
  const { compression: c, photometric: p, bitsPerSample: b, samplesPerPixel: s } = f;
  const samples = `${s}×${b}-bit samples`;
  if (!COMPRESSIONS.has(c)) return `compression ${c}`;
  if (CCITT.has(c) && (b !== 1 || s !== 1)) return `CCITT compression of ${samples}`;
  const jpegOk = b === 8 && ((s === 3 && (p === 2 || p === 6)) || (s === 1 && p === 1));
  if (c === 7 && !jpegOk) return `JPEG compression of ${samples}`;
  if (s > 1 && tagNumber(tags, TAG.planarConfig, 1) !== 1) return 'separate colour planes';
  if (tagNumber(tags, TAG.sampleFormat, 1) !== 1) return 'floating-point or signed samples';
  const predictor = tagNumber(tags, TAG.predictor, 1);
  if (predictor !== 1 && !(predictor === 2 && (b === 8 || b === 16))) return `predictor ${predictor}`;
  const layoutOk = LAYOUTS[`${p}/${s}`]?.includes(b) === true && (p !== 6 || c === 7);
  return layoutOk ? null : `photometric interpretation ${p} with ${samples}`;
}

/** A strip or tile: where its bytes are and how many bytes it decodes to. */
export interface Segment {
  offset: number;
  length: number;
  decoded: number;
}

/** What the worker needs to decode one page: tags normalised for utif2, checked segments. */
export interface DecodePlan {
  page: number;
  width: number;
  height: number;
  compression: number;
  tags: TiffTags;
  segments: Segment[];
  /** A fourth sample that is not alpha (ExtraSamples 0): utif2 would take it for alpha. */
  opaque: boolean;
}

/** Checks a page against the decoder and the file before anything is decoded. */
export function planDecode(page: TiffPage, bytes: Uint8Array): DecodePlan {
  const stored = pixelFormat(page.tags);
  const why = unsupported(stored, page.tags);
  if (why) {
    throw new ImageError(
      'unsupported_format',
      `TIFF page ${page.index}: ${why} is not supported; send PNG, JPEG or PDF`,
    );
  }
  if (stored.photometric === 3 && page.tags.get(TAG.colorMap)?.length !== 3 << stored.bitsPerSample) {
    throw new ImageError('corrupt_file', `TIFF page ${page.index}: palette image without a colour map`);
  }
  // utif2 decodes every JPEG strip to RGB: a gray JPEG page is described to it as RGB.
  const grayJpeg = stored.compression === 7 && stored.samplesPerPixel === 1;
  const f = grayJpeg ? { ...stored, photometric: 2, samplesPerPixel: 3 } : stored;
  const tags: TiffTags = new Map(page.tags).set(TAG.photometric, [f.photometric]);
  if (grayJpeg) tags.set(TAG.samplesPerPixel, [3]).set(TAG.bitsPerSample, [8, 8, 8]);
  const layout = page.tags.has(TAG.tileWidth) ? tileLayout(page, f, tags) : stripLayout(page, f, tags);
  const segments = layout.offsets.map((offset, i) => ({
    offset,
    length: layout.counts[i]!,
    decoded: layout.decoded(i),
  }));
  checkSegments(page.index, segments, bytes, f.compression, layout.frame, tags.get(TAG.jpegTables));
  const opaque = f.samplesPerPixel === 4 && ![1, 2].includes(tagNumber(page.tags, TAG.extraSamples, 0));
  return {
    page: page.index,
    width: page.width,
    height: page.height,
    compression: f.compression,
    tags,
    segments,
    opaque,
  };
}

interface Layout {
  offsets: number[];
  counts: number[];
  decoded: (i: number) => number;
  /** Largest frame a JPEG segment may declare. */
  frame: { width: number; height: number };
}

function stripLayout(page: TiffPage, f: PixelFormat, tags: TiffTags): Layout {
  const declared = tagNumber(page.tags, TAG.rowsPerStrip, page.height);
  const rows = declared > 0 ? Math.min(declared, page.height) : page.height;
  const n = Math.ceil(page.height / rows);
  const rowBytes = Math.ceil((page.width * f.bitsPerSample * f.samplesPerPixel) / 8);
  const offsets = take(page, page.tags.get(TAG.stripOffsets), n, 'strip offsets');
  const size = (i: number): number => Math.min(rows, page.height - i * rows) * rowBytes;
  // An uncompressed single strip may go without a byte count (libtiff infers it too).
  const rawCounts =
    page.tags.get(TAG.stripByteCounts) ?? (f.compression === 1 && n === 1 ? [size(0)] : undefined);
  const counts = take(page, rawCounts, n, 'strip byte counts');
  tags.set(TAG.stripOffsets, offsets).set(TAG.stripByteCounts, counts).set(TAG.rowsPerStrip, [rows]);
  return { offsets, counts, decoded: size, frame: { width: page.width, height: rows } };
}

function tileLayout(page: TiffPage, f: PixelFormat, tags: TiffTags): Layout {
  const tw = tagNumber(page.tags, TAG.tileWidth, 0);
  const th = tagNumber(page.tags, TAG.tileLength, 0);
  const max = TIFF_LIMITS.maxTileSide;
  if (tw < 1 || th < 1 || tw > max || th > max) {
    throw new ImageError(
      'corrupt_file',
      `TIFF page ${page.index}: tiles of ${tw}×${th} pixels (at most ${max} a side)`,
    );
  }
  const n = Math.ceil(page.width / tw) * Math.ceil(page.height / th);
  const offsets = take(page, page.tags.get(TAG.tileOffsets), n, 'tile offsets');
  const counts = take(page, page.tags.get(TAG.tileByteCounts), n, 'tile byte counts');
  tags.set(TAG.tileOffsets, offsets).set(TAG.tileByteCounts, counts);
  const tileBytes = Math.ceil((tw * f.bitsPerSample * f.samplesPerPixel) / 8) * th;
  return { offsets, counts, decoded: () => tileBytes, frame: { width: tw, height: th } };
}

/** The first n values of a strip/tile table, which must hold at least n. */
function take(page: TiffPage, v: TagValue | undefined, n: number, what: string): number[] {
  if (!v || v.length < n)
    throw new ImageError(
      'corrupt_file',
      `TIFF page ${page.index}: ${v?.length ?? 0} ${what} for ${n} strips or tiles`,
    );
  return Array.from(v.slice(0, n));
}

/** Strips lie inside the file, uncompressed ones hold their rows, JPEG ones declare no larger frame. */
function checkSegments(
  page: number,
  segments: readonly Segment[],
  bytes: Uint8Array,
  compression: number,
  frame: Layout['frame'],
  tables: TagValue | undefined,
): void {
  segments.forEach((s, i) => {
    const fail = (why: string): ImageError =>
      new ImageError('corrupt_file', `TIFF page ${page}: strip ${i + 1} ${why}`);
    if (s.offset + s.length > bytes.length) throw fail('lies beyond the end of the file (truncated?)');
    if (compression === 1 && s.length < s.decoded) throw fail(`holds ${s.length} of its ${s.decoded} bytes`);
    if (compression !== 7) return;
    const strip = bytes.subarray(s.offset, s.offset + s.length);
    const sof = probeJpeg(strip) ?? (tables instanceof Uint8Array ? probeJpeg(tables) : null);
    // The JPEG decoder allocates what the frame header declares: it must not exceed the strip.
    if (!sof || sof.width > frame.width + 16 || sof.height > frame.height + 16)
      throw fail('has no JPEG frame header that fits it');
  });
}
