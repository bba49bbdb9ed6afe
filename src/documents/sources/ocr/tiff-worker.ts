/**
 * TIFF decode worker: decodes one planned page at a time (tiff-format.ts
 * planDecode) with utif2 and answers RGBA. It runs apart from the main thread
 * because utif2's CCITT decoders take minutes on hostile strips and grow
 * arrays without bound: the main thread (tiff.ts) caps its heap and time and
 * terminates it, taking its memory with it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { constants, inflateRawSync } from 'node:zlib';
import UTIF from 'utif2';
import type { IFD } from 'utif2';
import { DEFLATE } from './tiff-format.ts';
import type { DecodePlan } from './tiff-format.ts';

export type TiffReply =
  { ok: true; width: number; height: number; rgba: Uint8Array } | { ok: false; message: string };

// utif2 prints tile grids with console.log; a worker's console writes to the process's stdout.
// eslint-disable-next-line no-console
console.log = () => undefined;

/** The whole file, in a buffer of its own (utif2 reads strips at absolute offsets of it). */
const file = (workerData as { bytes: Uint8Array }).bytes;

parentPort?.on('message', (plan: DecodePlan) => {
  const reply = decodePage(plan);
  parentPort?.postMessage(reply, reply.ok ? [reply.rgba.buffer as ArrayBuffer] : []);
});

function decodePage(plan: DecodePlan): TiffReply {
  try {
    if (DEFLATE.has(plan.compression)) checkInflatedSizes(plan);
    const ifd = Object.fromEntries([...plan.tags].map(([tag, v]) => [`t${tag}`, v])) as unknown as IFD;
    UTIF.decodeImage(file.buffer as ArrayBuffer, ifd);
    const rgba = UTIF.toRGBA8(ifd);
    if (plan.opaque) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    if (rgba.length !== plan.width * plan.height * 4) throw new Error('decoded size differs from the header');
    return { ok: true, width: plan.width, height: plan.height, rgba };
  } catch (e) {
    // utif2 and pako throw strings as well as Errors.
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, message: `TIFF page ${plan.page} cannot be decoded: ${why.slice(0, 120)}` };
  }
}

/** utif2 inflates each Deflate strip whole: a strip inflating far beyond its rows (a zip bomb) is refused first. */
function checkInflatedSizes(plan: DecodePlan): void {
  for (const s of plan.segments) {
    // As utif2 does: past the 2-byte zlib header, without the 4-byte checksum.
    if (s.length < 6) throw new Error(`a Deflate strip of ${s.length} bytes`);
    const limit = 2 * s.decoded + 65_536;
    try {
      inflateRawSync(file.subarray(s.offset + 2, s.offset + s.length - 4), {
        maxOutputLength: limit,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (e) {
      const tooBig = (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      throw new Error(
        tooBig ? `a Deflate strip inflates beyond ${limit} bytes` : `a Deflate strip is corrupt`,
        { cause: e },
      );
    }
  }
}
