/**
 * Document work in a pool of child processes. validateDocument / parseDocument keep the engine's
 * signatures, but the engine runs in a child whose V8 heap is capped (--max-old-space-size),
 * whose RSS is sampled by a watchdog, and whose job has a wall-clock budget. On excess the child
 * is killed (SIGKILL) and replaced on demand, and the job ends with a clear outcome: validation
 * `unreadable` with error code `too_large`, parse a DocumentParseError `too_large`. The calling
 * process never runs document code: its event loop only moves bytes and results over IPC.
 * Children are also replaced after `recycleAfterJobs` jobs, or when they idle above half the RSS
 * cap, so a heap grown by one large file is given back.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocumentParseError } from '../documents/types.ts';
import type { ParseOptions, ParseOutcome, ValidateOptions, ValidationOutcome } from '../documents/types.ts';
import type { OcrModelsSetting, Validated } from '../documents/index.ts';
import type { ChildReady, JobReply, JobRequest, JobSource, ParseToFileReply } from './protocol.ts';

export interface SandboxOptions {
  /** Children at most (each runs one job at a time). */
  workers: number;
  /** V8 old-space cap of a child, MB. */
  heapMb: number;
  /** RSS of a child above this is killed, MB (Linux: /proc; elsewhere only the heap cap holds). */
  maxRssMb: number;
  /**
   * The same for parse jobs (default: maxRssMb). A long scan's parse renders and reads every page,
   * one or two at a time, giving each page's canvas memory back (sources/ocr/render.ts).
   */
  parseMaxRssMb?: number;
  validateTimeoutMs: number;
  parseTimeoutMs: number;
  recycleAfterJobs: number;
  /**
   * Children kept free of parse jobs for validation, which an upload request waits on (parses can
   * take minutes). Validation jobs also go ahead of queued parse jobs.
   */
  reservedForValidation?: number;
  /** RSS sampling period (a /proc read: microseconds; short, so a fast allocation overshoots little). */
  pollMs?: number;
  /** OCR traineddata of the children (config DOCRISK_OCR_MODELS). */
  ocrModels?: OcrModelsSetting;
  /**
   * A child starts its tesseract worker (English loaded) as soon as it is up, instead of on its first
   * OCR job: ≈ 0.6–0.7 CPU-s and 2–2.5 s of wall time (loaded host) taken off the first scanned upload
   * after a start or a recycle, for ≈ 47 MiB more RSS in a child that has not read a scan yet, and
   * those CPU-seconds at every child start, scans or not (BENCHMARKS.md). Default false.
   */
  warmOcr?: boolean;
}

/**
 * A child idles at ≈ 175–190 MB (engine loaded; pdf.js once a PDF was read). Measured peaks above
 * that idle (bench/hostile.ts, BENCHMARKS.md): validations of scans and photos with one tesseract
 * worker ≤ 340 MB, the 199k-row CSV ≤ 380 MB, bombs ≤ 315 MB (refused while decoding:
 * pdfjs-guard.ts, pixel caps). 640 MB keeps every validation within 512 MB of the idle child. A
 * 24-page scan's parse peaks 370–436 MB above idle since pages are rendered one at a time and each
 * page's canvas memory is given back (it was 813 MB, and parses had a 1280 MB cap); parses get
 * 672 MB, the idle child (≈ 160 MB) + 512.
 */
export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  workers: 2,
  heapMb: 512,
  maxRssMb: 640,
  parseMaxRssMb: 672,
  validateTimeoutMs: 60_000,
  parseTimeoutMs: 300_000,
  recycleAfterJobs: 50,
};

export class SandboxLimitError extends Error {
  readonly reason: 'memory' | 'time';
  constructor(reason: 'memory' | 'time', message: string) {
    super(message);
    this.name = 'SandboxLimitError';
    this.reason = reason;
  }
}

class SandboxCrashError extends Error {}

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
const PAGE = 4096;

/** RSS of a process in bytes from /proc (0 where there is no /proc). */
export function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]) * PAGE;
  } catch {
    return 0;
  }
}

interface Job {
  req: JobRequest;
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  proc: ChildProcess;
  job: Job | null;
  jobs: number;
  dead: boolean;
  deadline: NodeJS.Timeout | null;
  poll: NodeJS.Timeout | null;
  peakRss: number;
  /** RSS when the child said it was ready (0 until then). */
  idleRss: number;
}

type JobInput =
  | ({ op: 'validate'; opts: ValidateOptions; keep?: boolean } & JobSource)
  | ({ op: 'parse'; opts: ParseOptions; reading?: Uint8Array | null; resultTo?: string; bankCodeHint?: string } & JobSource);

/** What a parse may be given besides the file: the validation's reading, and where its result goes. */
interface ParseExtra {
  reading?: Uint8Array | null;
  resultTo?: string;
  bankCodeHint?: string;
}

/** A parse whose result stayed JSON: its bytes as the child wrote them (see parseFileToJson). */
export interface ParseJsonOutcome {
  parsing_confidence: number;
  /** The enriched parsing result as UTF-8 JSON, in a Buffer of its own. */
  resultJson: Buffer;
  bankHintErrors: { code: string; message: string }[];
}

export class DocumentSandbox {
  /** parseDocument's result comes back with the categoriser's category and counterparty filled in. */
  readonly parsesEnriched = true;
  private readonly o: Required<SandboxOptions>;
  private readonly slots = new Set<Slot>();
  /** Where children write parse results as JSON (made on first use, removed by close()). */
  private resultDir: Promise<string> | null = null;
  private nextResult = 1;
  private readonly idle: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /**
   * Children started, killed on a limit, and retired after use; the highest RSS of any child and
   * the most any child grew above its own idle RSS during a job (for tests and metrics).
   */
  readonly stats = { started: 0, killed: 0, retired: 0, peakRssBytes: 0, idleRssBytes: 0, peakGrowthBytes: 0 };

  constructor(opts: Partial<SandboxOptions> = {}) {
    const o = { pollMs: 25, reservedForValidation: 0, ocrModels: 'auto' as OcrModelsSetting, warmOcr: false, ...DEFAULT_SANDBOX_OPTIONS, ...opts };
    // An explicit maxRssMb without a parse cap caps parses too.
    this.o = { ...o, parseMaxRssMb: opts.parseMaxRssMb ?? (opts.maxRssMb !== undefined ? opts.maxRssMb : o.parseMaxRssMb ?? o.maxRssMb) };
  }

  async validateDocument(bytes: Uint8Array, opts: ValidateOptions = {}): Promise<ValidationOutcome> {
    return (await this.validate({ bytes }, opts, false)).outcome;
  }

  /** validateDocument on a file the child reads itself: the bytes never pass through this process. */
  async validateFile(path: string, opts: ValidateOptions = {}): Promise<ValidationOutcome> {
    return (await this.validate({ path }, opts, false)).outcome;
  }

  /**
   * validateFile, and what the child's sources read of the file (opaque bytes this process only
   * stores): parseFile given it reads nothing the validation read already.
   */
  async validateFileKeeping(path: string, opts: ValidateOptions = {}): Promise<Validated> {
    return this.validate({ path }, opts, true);
  }

  async parseFile(path: string, opts: ParseOptions, reading?: Uint8Array | null): Promise<ParseOutcome> {
    return this.parse({ path }, opts, { reading });
  }

  private async validate(source: JobSource, opts: ValidateOptions, keep: boolean): Promise<Validated> {
    try {
      const v = await this.run({ op: 'validate', ...source, opts, keep }, this.o.validateTimeoutMs);
      return keep ? (v as Validated) : { outcome: v as ValidationOutcome, reading: null };
    } catch (e) {
      if (!(e instanceof SandboxLimitError) && !(e instanceof SandboxCrashError)) throw e;
      const code = e instanceof SandboxLimitError ? 'too_large' : 'corrupt_file';
      const outcome: ValidationOutcome = {
        format: null,
        document_type: opts.assertedType ?? 'unknown',
        status: 'unreadable',
        errors: [{ code, message: e.message }],
        pre_result: null,
        page_count: null,
      };
      return { outcome, reading: null };
    }
  }

  async parseDocument(bytes: Uint8Array, opts: ParseOptions, reading?: Uint8Array | null): Promise<ParseOutcome> {
    return this.parse({ bytes }, opts, { reading });
  }

  /**
   * parseFile whose result stays JSON: the child applies the bank-code hint, writes the result to a
   * file, and this process reads that file as a Buffer (off its event loop) — it never deserialises,
   * builds or stringifies the result (a 199k-row statement: ≈ 40 MB of JSON; receiving it as an
   * object over IPC took 150–300 ms of the API's thread, and stringifying it again as long).
   * `reading`: what the validation read (validateFileKeeping), so the child does not read it again.
   */
  async parseFileToJson(
    file: string,
    opts: ParseOptions,
    extra: { bankCodeHint?: string; reading?: Uint8Array | null } = {},
  ): Promise<ParseJsonOutcome> {
    // Made once, off the event loop (a synchronous mkdtemp took 0.5 s of the API thread on a loaded host).
    this.resultDir ??= mkdtemp(path.join(os.tmpdir(), 'docrisk-results-'));
    const dir = await this.resultDir;
    const resultTo = path.join(dir, `${process.pid}-${this.nextResult++}.json`);
    try {
      const r = (await this.parse({ path: file }, opts, {
        resultTo,
        ...(extra.bankCodeHint ? { bankCodeHint: extra.bankCodeHint } : {}),
        ...(extra.reading ? { reading: extra.reading } : {}),
      })) as unknown as ParseToFileReply;
      return { parsing_confidence: r.parsing_confidence, resultJson: await readFile(resultTo), bankHintErrors: r.bank_hint_errors };
    } finally {
      await rm(resultTo, { force: true });
    }
  }

  private async parse(source: JobSource, opts: ParseOptions, extra: ParseExtra = {}): Promise<ParseOutcome> {
    const { reading, ...rest } = extra;
    try {
      return (await this.run({ op: 'parse', ...source, opts, ...rest, ...(reading ? { reading } : {}) }, this.o.parseTimeoutMs)) as ParseOutcome;
    } catch (e) {
      if (e instanceof SandboxLimitError) throw new DocumentParseError('too_large', e.message);
      throw e;
    }
  }

  /** Ends every child (those still working are killed after `graceMs`) and refuses new work. */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('document sandbox closed'));
    await Promise.all([...this.slots].map((s) => this.retire(s, graceMs)));
    if (this.resultDir) rmSync(await this.resultDir, { recursive: true, force: true });
  }

  private run(input: JobInput, timeoutMs: number): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('document sandbox closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { req: { ...input, id: this.nextId++ } as JobRequest, timeoutMs, resolve, reject };
      if (input.op === 'validate') {
        // Ahead of every queued parse, behind earlier validations.
        const firstParse = this.queue.findIndex((j) => j.req.op === 'parse');
        this.queue.splice(firstParse < 0 ? this.queue.length : firstParse, 0, job);
      } else this.queue.push(job);
      this.pump();
    });
  }

  private busyParses(): number {
    let n = 0;
    for (const s of this.slots) if (s.job?.req.op === 'parse') n++;
    return n;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const next = this.queue[0]!;
      const parseCap = Math.max(1, this.o.workers - this.o.reservedForValidation);
      if (next.req.op === 'parse' && this.busyParses() >= parseCap) return;
      const slot = this.idle.pop() ?? (this.slots.size < this.o.workers ? this.spawn() : null);
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const proc = fork(CHILD, [this.o.ocrModels, this.o.warmOcr ? 'warm' : 'cold'], {
      // --expose-gc: the OCR renderer collects after each page, which gives back the canvas's native
      // memory V8 does not see (sources/ocr/render.ts releaseCanvases).
      execArgv: [`--max-old-space-size=${this.o.heapMb}`, '--expose-gc'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot = { proc, job: null, jobs: 0, dead: false, deadline: null, poll: null, peakRss: 0, idleRss: 0 };
    proc.on('message', (m: JobReply | ChildReady) => {
      if ('ready' in m) {
        slot.idleRss = rssOf(proc.pid);
        this.stats.idleRssBytes = Math.max(this.stats.idleRssBytes, slot.idleRss);
      } else this.onReply(slot, m);
    });
    proc.on('exit', (code, signal) => this.onExit(slot, code, signal));
    proc.on('error', () => undefined); // followed by 'exit'
    // Children do not keep the process alive on their own; close() ends them.
    proc.unref();
    proc.channel?.unref();
    this.slots.add(slot);
    this.stats.started++;
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.jobs++;
    slot.proc.channel?.ref();
    slot.proc.send(job.req);
    slot.deadline = setTimeout(
      () =>
        this.kill(
          slot,
          new SandboxLimitError(
            'time',
            `the document took longer than the ${Math.round(job.timeoutMs / 1000)} s allowed`,
          ),
        ),
      job.timeoutMs,
    );
    const capMb = job.req.op === 'parse' ? this.o.parseMaxRssMb : this.o.maxRssMb;
    const maxRss = capMb * 1024 * 1024;
    slot.poll = setInterval(() => {
      const rss = rssOf(slot.proc.pid);
      slot.peakRss = Math.max(slot.peakRss, rss);
      this.stats.peakRssBytes = Math.max(this.stats.peakRssBytes, rss);
      if (slot.idleRss > 0) this.stats.peakGrowthBytes = Math.max(this.stats.peakGrowthBytes, rss - slot.idleRss);
      if (rss > maxRss)
        this.kill(
          slot,
          new SandboxLimitError(
            'memory',
            `the document needed more than the ${capMb} MB of memory allowed`,
          ),
        );
    }, this.o.pollMs);
  }

  private endJob(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    if (slot.deadline) clearTimeout(slot.deadline);
    if (slot.poll) clearInterval(slot.poll);
    slot.deadline = slot.poll = null;
    slot.proc.channel?.unref();
    return job;
  }

  private forget(slot: Slot): void {
    slot.dead = true;
    this.slots.delete(slot);
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
  }

  private kill(slot: Slot, err: SandboxLimitError): void {
    if (slot.dead) return;
    const job = this.endJob(slot);
    this.forget(slot);
    slot.proc.kill('SIGKILL');
    this.stats.killed++;
    job?.reject(err);
    this.pump();
  }

  private onReply(slot: Slot, m: JobReply): void {
    if (!slot.job || slot.job.req.id !== m.id) return;
    const job = this.endJob(slot)!;
    if (m.ok) job.resolve(m.value);
    else if ('parseError' in m) job.reject(new DocumentParseError(m.parseError.code, m.parseError.message));
    else job.reject(new SandboxCrashError(m.crash));
    // A child that grew (one large file) or has served long enough is replaced: its heap goes back.
    if (slot.jobs >= this.o.recycleAfterJobs || rssOf(slot.proc.pid) > (this.o.maxRssMb * 1024 * 1024) / 2)
      void this.retire(slot, 5000);
    else this.idle.push(slot);
    this.pump();
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.dead) return;
    const job = this.endJob(slot);
    this.forget(slot);
    // Unasked exits while working are V8 running out of its heap cap (abort) or the OOM killer.
    job?.reject(
      new SandboxLimitError(
        'memory',
        `the document needed more memory than allowed (the reader ended with ${signal ?? `code ${code}`})`,
      ),
    );
    this.pump();
  }

  private retire(slot: Slot, graceMs: number): Promise<void> {
    const wasDead = slot.dead;
    this.forget(slot);
    if (!wasDead) this.stats.retired++;
    return new Promise((resolve) => {
      if (slot.proc.exitCode !== null || slot.proc.signalCode !== null) return resolve();
      const t = setTimeout(() => slot.proc.kill('SIGKILL'), graceMs);
      slot.proc.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      if (slot.job) {
        const job = this.endJob(slot);
        job?.reject(new Error('document sandbox closed'));
        slot.proc.kill('SIGKILL');
      } else if (slot.proc.connected) slot.proc.send({ op: 'exit' });
      else slot.proc.kill('SIGKILL');
    });
  }
}
