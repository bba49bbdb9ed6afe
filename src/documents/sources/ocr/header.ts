/**
 * What an image file declares about itself, read without decoding a pixel:
 * format and dimensions (PNG IHDR, JPEG SOF, TIFF IFD) and the TIFF directory
 * entries the decoder needs. Pure, no native modules: the TIFF decode worker
 * (tiff-worker.ts) imports it too.
 */
import { LIMITS } from '../../limits.ts';

export type ImageKind = 'png' | 'jpeg' | 'tiff';

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
}

export class ImageError extends Error {
  readonly code: 'too_large' | 'corrupt_file' | 'unsupported_format' | 'low_quality';
  constructor(code: ImageError['code'], message: string) {
    super(message);
    this.name = 'ImageError';
    this.code = code;
  }
}

/** Width and height from the file header; null when the header is not understood. */
export function probeImage(b: Uint8Array): ImageHeader | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null;
    return { kind: 'png', width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    const f = probeJpeg(b);
    return f && { kind: 'jpeg', ...f };
  }
  if (b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49) || (b[0] === 0x4d && b[1] === 0x4d)))
    return probeTiff(b);
  return null;
}

/** Frame size from the first SOF marker of a JPEG stream (also a JPEG-in-TIFF strip). */
export function probeJpeg(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const m = b[i + 1]!;
    if (m === 0xff) {
      i++;
      continue;
    }
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = dv.getUint16(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size.
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      return { height: dv.getUint16(i + 5), width: dv.getUint16(i + 7) };
    }
    if (m === 0xda || len < 2) return null;
    i += 2 + len;
  }
  return null;
}

function probeTiff(b: Uint8Array): ImageHeader | null {
  try {
    const t = tiffView(b);
    const tags = readIfd(t, t.firstIfd);
    const width = tagNumber(tags, TAG.width, 0);
    const height = tagNumber(tags, TAG.height, 0);
    return width > 0 && height > 0 ? { kind: 'tiff', width, height } : null;
  } catch {
    return null;
  }
}

/** TIFF tags the decoder reads (baseline and the common extensions). */
export const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  fillOrder: 266,
  stripOffsets: 273,
  orientation: 274,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  planarConfig: 284,
  t4Options: 292,
  predictor: 317,
  colorMap: 320,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  extraSamples: 338,
  sampleFormat: 339,
  jpegTables: 347,
  yCbCrSubsampling: 530,
} as const;

const WANTED: ReadonlySet<number> = new Set(Object.values(TAG));

/** BYTE and UNDEFINED values as bytes, SHORT and LONG as numbers. */
export type TagValue = number[] | Uint8Array;
export type TiffTags = Map<number, TagValue>;

/** Values one tag may hold: strip offsets of a page of 20,000 rows, tile offsets of 40 MP in 16×16 tiles. */
export const MAX_TAG_VALUES: number = LIMITS.tiffMaxTagValues;

const TYPE_SIZE: Record<number, number> = { 1: 1, 3: 2, 4: 4, 7: 1 };

export interface TiffView {
  bytes: Uint8Array;
  dv: DataView;
  le: boolean;
  firstIfd: number;
}

export function tiffView(bytes: Uint8Array): TiffView {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8) throw new ImageError('corrupt_file', 'TIFF header is truncated');
  const le = bytes[0] === 0x49;
  if (dv.getUint16(2, le) !== 42)
    throw new ImageError('unsupported_format', 'not a baseline TIFF (BigTIFF is not supported)');
  return { bytes, dv, le, firstIfd: dv.getUint32(4, le) };
}

/** Entry count of the IFD at `offset` and where its next-IFD pointer lies; throws when outside the file. */
export function ifdBounds(t: TiffView, offset: number): { count: number; next: number } {
  if (offset < 8 || offset + 2 > t.bytes.length)
    throw new ImageError('corrupt_file', 'TIFF directory lies outside the file');
  const count = t.dv.getUint16(offset, t.le);
  const next = offset + 2 + count * 12;
  if (next > t.bytes.length) throw new ImageError('corrupt_file', 'TIFF directory is truncated');
  return { count, next };
}

/** The wanted tags of one IFD (first occurrence wins); values must lie inside the file. */
export function readIfd(t: TiffView, offset: number): TiffTags {
  const { count } = ifdBounds(t, offset);
  const tags: TiffTags = new Map();
  for (let k = 0; k < count; k++) {
    const e = offset + 2 + k * 12;
    const tag = t.dv.getUint16(e, t.le);
    const size = TYPE_SIZE[t.dv.getUint16(e + 2, t.le)];
    if (!WANTED.has(tag) || tags.has(tag) || size === undefined) continue;
    const n = t.dv.getUint32(e + 4, t.le);
    if (n > MAX_TAG_VALUES) throw new ImageError('corrupt_file', `TIFF tag ${tag} declares ${n} values`);
    const at = n * size <= 4 ? e + 8 : t.dv.getUint32(e + 8, t.le);
    if (at + n * size > t.bytes.length)
      throw new ImageError('corrupt_file', `TIFF tag ${tag} points outside the file`);
    tags.set(tag, readValues(t, at, n, size));
  }
  return tags;
}

function readValues(t: TiffView, at: number, n: number, size: number): TagValue {
  if (size === 1) return t.bytes.slice(at, at + n);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++)
    out[i] = size === 2 ? t.dv.getUint16(at + 2 * i, t.le) : t.dv.getUint32(at + 4 * i, t.le);
  return out;
}

/** First value of a tag, or the default when the tag is absent. */
export function tagNumber(tags: TiffTags, tag: number, dflt: number): number {
  return tags.get(tag)?.[0] ?? dflt;
}
