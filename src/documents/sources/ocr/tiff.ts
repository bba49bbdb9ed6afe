/**
 * Main-thread side of TIFF decoding: one worker per file (tiff-worker.ts)
 * decodes its planned pages one at a time, under a heap limit and a time
 * budget per page and per file. A worker that times out, runs out of memory
 * or crashes is terminated and the file refused as corrupt_file.
 */
import { Worker } from 'node:worker_threads';
import { ImageError } from './header.ts';
import type { DecodePlan } from './tiff-format.ts';
import type { TiffReply } from './tiff-worker.ts';

export interface TiffDecodeLimits {
  msPerPage: number;
  msPerFile: number;
  /** JS heap of the worker; pixel buffers live outside it and are bounded by the page checks. */
  heapMb: number;
}

/**
 * An A4 page at 300 dpi decodes in 0.1–0.5 s; a 40 MP page of dense text in CCITT G4 (the slowest
 * codec) in 3–6 s. Hostile strips would take minutes: the file's budget bounds them all.
 */
export const TIFF_DECODE_LIMITS: Readonly<TiffDecodeLimits> = {
  msPerPage: 20_000,
  msPerFile: 60_000,
  heapMb: 512,
};

export interface Raster {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export class TiffDecoder {
  private readonly worker: Worker;
  private readonly limits: Readonly<TiffDecodeLimits>;
  /** Decoding time spent so far (the file's budget counts decoding, not the reading between pages). */
  private spent = 0;
  private failure: Error | null = null;

  constructor(bytes: Uint8Array, limits: Readonly<TiffDecodeLimits> = TIFF_DECODE_LIMITS) {
    this.limits = limits;
    // A buffer of the file's own size, moved (not copied) to the worker.
    const own = new Uint8Array(bytes);
    this.worker = new Worker(new URL('./tiff-worker.ts', import.meta.url), {
      workerData: { bytes: own },
      transferList: [own.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    this.worker.on('error', (e) => (this.failure ??= e));
    this.worker.on('exit', () => (this.failure ??= new Error('the decoder stopped')));
  }

  decode(plan: DecodePlan): Promise<Raster> {
    const refuse = (why: string): ImageError =>
      new ImageError('corrupt_file', `TIFF page ${plan.page} cannot be decoded: ${why}`);
    if (this.failure) return Promise.reject(refuse(this.failure.message));
    return new Promise<Raster>((resolve, reject) => {
      const ms = Math.max(0, Math.min(this.limits.msPerPage, this.limits.msPerFile - this.spent));
      const t0 = Date.now();
      const done = (r: Raster | ImageError): void => {
        clearTimeout(timer);
        this.spent += Date.now() - t0;
        this.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (r instanceof ImageError) reject(r);
        else resolve(r);
      };
      const onMessage = (m: TiffReply): void => done(m.ok ? m : new ImageError('corrupt_file', m.message));
      const onError = (e: Error): void => done(refuse(e.message));
      const onExit = (): void => done(refuse('the decoder stopped'));
      const timer = setTimeout(() => {
        this.failure ??= new Error('timed out');
        done(refuse(`decoding takes longer than ${ms / 1000} s`));
      }, ms);
      this.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      this.worker.postMessage(plan);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
