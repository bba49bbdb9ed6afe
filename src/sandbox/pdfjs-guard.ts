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
 * - a JPX codestream whose SIZ marker declares more than `maxJpxPixels` is not decoded.
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
  /** A JPX image whose codestream declares more pixels than this is refused. */
  maxJpxPixels: number;
}

interface GuardState extends PdfGuardLimits {
  /** What was refused since the last takeRefusal(), or null. */
  refused: string | null;
  refuse(message: string): never;
  checkJpx(bytes: Uint8Array): void;
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
      if (size && size.width * size.height > g.maxJpxPixels)
        g.refuse(`a JPEG 2000 image declares ${size.width}×${size.height} pixels; the limit is ${g.maxJpxPixels / 1e6} megapixels`);
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
