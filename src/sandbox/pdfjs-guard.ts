/**
 * Decoding limits pdf.js does not have, installed in a document child before its first PDF.
 *
 * pdf.js (6.x) caps an image by the Width/Height its dictionary declares (`maxImageSize`) and a
 * canvas by its area, but nothing caps the bytes a filter chain decodes to: a content stream
 * deflated three times (827 bytes) decodes to 1 GiB, held in one growing buffer; and a JPX image
 * is decoded at the size its own codestream declares (60,000² in 794 bytes), whatever the
 * dictionary says. Both are bounded here by construction instead of by the RSS watchdog:
 *
 * - every decoding stream (Flate, LZW, RunLength, CCITT, predictors, ASCII filters, and chains of
 *   them) refuses to grow its buffer past `maxStreamBytes`, and so does the platform
 *   DecompressionStream pdf.js uses first for Flate and Brotli;
 * - a JPX codestream whose SIZ marker declares more than `maxImagePixels` is not decoded, nor a
 *   JBIG2 stream whose page or region segments do (read from its segment headers: 45,000² in 6 KB
 *   grew the child by 240 MB), nor a CCITT image whose DecodeParms Columns × Rows do (both go to a
 *   WASM decoder that allocates what the stream declares, not what the image dictionary says).
 *
 * pdf.js runs its "worker" on the calling thread in Node (a fake worker it imports from
 * `GlobalWorkerOptions.workerSrc` at its first document). The guard reads pdf.worker.mjs's source,
 * inserts the checks at anchors that must each occur exactly once (an upgraded pdf.js whose code
 * moved fails loudly at start-up, never silently unguarded), and points workerSrc at the patched
 * module (a data: URL: no file to write; its one dynamic import uses an absolute URL). A refused stream throws inside pdf.js, which drops the content or image it belonged
 * to (stopAtErrors off); the guard records the refusal so the child can report the file as
 * `too_large` rather than as an unreadable page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfGuardLimits {
  /** A decoded stream longer than this is refused. */
  maxStreamBytes: number;
  /** A JPX, JBIG2 or CCITT image whose stream declares more pixels than this is refused. */
  maxImagePixels: number;
}

interface GuardState extends PdfGuardLimits {
  /** What was refused since the last takeRefusal(), or null. */
  refused: string | null;
  refuse(message: string): never;
  checkJpx(bytes: Uint8Array): void;
  checkJbig2(bytes: Uint8Array, width: number, height: number, ccitt?: { Columns: number; Rows: number }): void;
}

const KEY = '__docriskPdfGuard';

/** Xsiz−XOsiz, Ysiz−YOsiz of the first SIZ marker (0xFF51) of a JPEG 2000 stream (raw codestream or JP2 box file). */
export function jpxDeclaredSize(bytes: Uint8Array): { width: number; height: number } | null {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff || bytes[i + 1] !== 0x51) continue;
    const at = i + 2 + 4; // marker, Lsiz (2), Rsiz (2)
    if (at + 16 > bytes.length) return null;
    const v = new DataView(bytes.buffer, bytes.byteOffset + at, 16);
    const width = v.getUint32(0) - v.getUint32(8);
    const height = v.getUint32(4) - v.getUint32(12);
    return { width: Math.max(0, width), height: Math.max(0, height) };
  }
  return null;
}

/** Region segment types (T.88 7.3): text, halftone, generic and refinement regions, intermediate and immediate. */
const JBIG2_REGIONS = new Set([4, 6, 7, 20, 22, 23, 36, 38, 39, 40, 42, 43]);
const JBIG2_PAGE_INFO = 48;

/**
 * Width × height of every page information and region segment of a JBIG2 stream (embedded, as a
 * PDF holds it, or a file with its header), read from the segment headers (T.88 7.2) without
 * decoding; a striped page of unknown height (0xffffffff) counts its width only. Stops at the first
 * segment it cannot follow (an unknown data length), with what it read until then.
 */
export function jbig2DeclaredSizes(bytes: Uint8Array): { width: number; height: number }[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  if (bytes.length >= 9 && bytes[0] === 0x97 && bytes[1] === 0x4a && bytes[2] === 0x42 && bytes[3] === 0x32) {
    // File header: id (8), flags, page count unless "unknown" (bit 1).
    if ((bytes[8]! & 1) === 0) return []; // random-access organisation: headers first; not how a PDF embeds JBIG2
    at = (bytes[8]! & 2) === 0 ? 13 : 9;
  }
  const out: { width: number; height: number }[] = [];
  while (at + 11 <= bytes.length) {
    const number = v.getUint32(at);
    const flags = bytes[at + 4]!;
    const type = flags & 0x3f;
    let p = at + 5;
    let count = bytes[p]! >>> 5;
    if (count === 7) {
      if (p + 4 > bytes.length) break;
      count = v.getUint32(p) & 0x1fffffff;
      p += 4 + Math.ceil((count + 1) / 8);
    } else p += 1;
    p += count * (number <= 256 ? 1 : number <= 65536 ? 2 : 4);
    p += flags & 0x40 ? 4 : 1;
    if (p + 4 > bytes.length) break;
    const length = v.getUint32(p);
    p += 4;
    if (length === 0xffffffff) break;
    if ((type === JBIG2_PAGE_INFO || JBIG2_REGIONS.has(type)) && p + 8 <= bytes.length) {
      const width = v.getUint32(p);
      const height = v.getUint32(p + 4);
      out.push({ width, height: type === JBIG2_PAGE_INFO && height === 0xffffffff ? 1 : height });
    }
    at = p + length;
  }
  return out;
}

function state(): GuardState | undefined {
  return (globalThis as Record<string, unknown>)[KEY] as GuardState | undefined;
}

/** The patches: [anchor, replacement]. Each anchor must occur exactly once in pdf.worker.mjs. */
const PATCHES: readonly (readonly [string, string])[] = [
  [
    `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }
    let size = this.minBufferLength;`,
    `  ensureBuffer(requested) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) {
      return buffer;
    }
    const guard = globalThis.${KEY};
    if (guard && requested > guard.maxStreamBytes) {
      guard.refuse(\`a PDF stream decodes to more than \${Math.round(guard.maxStreamBytes / 1048576)} MB\`);
    }
    let size = this.minBufferLength;`,
  ],
  [
    // Flate and Brotli go through the platform's DecompressionStream first (its catch falls back
    // to the JS decoder, whose buffer is capped by the patch above).
    `        chunks.push(chunk);
        totalLength += chunk.byteLength;
      }`,
    `        chunks.push(chunk);
        totalLength += chunk.byteLength;
        const guard = globalThis.${KEY};
        if (guard && totalLength > guard.maxStreamBytes) {
          reader.cancel().catch(() => {});
          guard.refuse(\`a PDF stream decodes to more than \${Math.round(guard.maxStreamBytes / 1048576)} MB\`);
        }
      }`,
  ],
  [
    // JBIG2 and CCITT go to a WASM decoder (or its JS fallback) that allocates what the stream's own
    // segment headers (JBIG2) or DecodeParms (CCITT Columns × Rows) declare, whatever the dictionary says.
    `  async decode(bytes, width, height, globals, CCITTOptions) {
    const module = await this._getModule(jbig2);`,
    `  async decode(bytes, width, height, globals, CCITTOptions) {
    globalThis.${KEY}?.checkJbig2(bytes, width, height, CCITTOptions);
    const module = await this._getModule(jbig2);`,
  ],
  [
    `    const padComponents = numComponents !== undefined;
    numComponents ??= 4;
    const module = await this._getModule(openjpeg);`,
    `    globalThis.${KEY}?.checkJpx(bytes);
    const padComponents = numComponents !== undefined;
    numComponents ??= 4;
    const module = await this._getModule(openjpeg);`,
  ],
];

/** The patched pdf.worker.mjs source (exported for the test that pins the anchors). */
export function patchedWorkerSource(): string {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'legacy/build/pdf.worker.mjs');
  let src = readFileSync(file, 'utf8');
  for (const [anchor, replacement] of PATCHES) {
    const first = src.indexOf(anchor);
    if (first < 0 || src.indexOf(anchor, first + 1) >= 0)
      throw new Error(`pdf.js guard: the code it patches was not found exactly once in ${file} (pdf.js upgraded?)`);
    src = src.slice(0, first) + replacement + src.slice(first + anchor.length);
  }
  return src;
}

let installed = false;

/**
 * Points pdf.js at the patched worker for this process (idempotent; must run before the first
 * getDocument; pdf.js imports it lazily, at its first document) and sets the limits. Call
 * takeRefusal() after each job.
 */
export function installPdfGuard(limits: PdfGuardLimits): void {
  const g: GuardState = {
    ...limits,
    refused: null,
    refuse(message: string): never {
      g.refused ??= message;
      throw new Error(message);
    },
    checkJpx(bytes: Uint8Array): void {
      const size = jpxDeclaredSize(bytes);
      if (size && size.width * size.height > g.maxImagePixels)
        g.refuse(`a JPEG 2000 image declares ${size.width}×${size.height} pixels; the limit is ${g.maxImagePixels / 1e6} megapixels`);
    },
    checkJbig2(bytes: Uint8Array, width: number, height: number, ccitt?: { Columns: number; Rows: number }): void {
      const kind = ccitt ? 'CCITT' : 'JBIG2';
      const sizes = ccitt ? [{ width: ccitt.Columns, height: Math.max(ccitt.Rows, height) }] : jbig2DeclaredSizes(bytes);
      for (const s of [{ width, height }, ...sizes])
        if (s.width * s.height > g.maxImagePixels)
          g.refuse(`a ${kind} image declares ${s.width}×${s.height} pixels; the limit is ${g.maxImagePixels / 1e6} megapixels`);
    },
  };
  (globalThis as Record<string, unknown>)[KEY] = g;
  if (installed) return;
  GlobalWorkerOptions.workerSrc = `data:text/javascript;base64,${Buffer.from(patchedWorkerSource()).toString('base64')}`;
  installed = true;
}

/** What the guard refused since the last call (null: nothing), and clears it. */
export function takeRefusal(): string | null {
  const g = state();
  if (!g) return null;
  const r = g.refused;
  g.refused = null;
  return r;
}
