/**
 * The channel between pdf.js and its worker side, both on this thread (Node has no web worker).
 * pdf.js's own fake worker (LoopbackPort) copies every message with structuredClone, as a real
 * worker would: per message that costs tens of microseconds in Node, and a text page is a few
 * dozen messages (text chunks of ten items, stream pulls and acknowledgements) — a fifth of a
 * text page's engine time went to it. This port does the same, message for message and in the
 * same order (each delivered on a later microtask), but copies plain data itself: objects, arrays
 * and primitives, the whole of a text chunk or a stream message. Anything else — a transfer list,
 * a typed array, an error, a class instance, a function, a hole in an array — goes through
 * structuredClone as before, so what either side receives is what LoopbackPort delivered.
 */
import { PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Thrown inside copyPlain where a value is not plain data: the message goes to structuredClone. */
const NOT_PLAIN: unique symbol = Symbol('not plain');

/**
 * A deep copy of plain data, as structuredClone gives it: own enumerable string keys in their
 * order, an object met twice copied once (shared and cyclic references kept), null-prototype
 * objects come out as ordinary objects. Unlike structuredClone, an array's named properties
 * besides its elements are not copied (pdf.js's messages have none).
 */
export function copyPlain(v: unknown, seen: Map<object, unknown> = new Map()): unknown {
  if (typeof v !== 'object') {
    if (typeof v === 'function' || typeof v === 'symbol') throw NOT_PLAIN;
    return v;
  }
  if (v === null) return v;
  const done = seen.get(v);
  if (done !== undefined) return done;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw NOT_PLAIN;
    const n = v.length;
    const out: unknown[] = new Array<unknown>(n);
    seen.set(v, out);
    for (let i = 0; i < n; i++) {
      const e: unknown = v[i];
      if (e === undefined && !(i in v)) throw NOT_PLAIN;
      out[i] = typeof e === 'number' || typeof e === 'string' || typeof e === 'boolean' ? e : copyPlain(e, seen);
    }
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  seen.set(v, out);
  const src = v as Record<string, unknown>;
  for (const k of Object.keys(src)) {
    const e = src[k];
    out[k] = typeof e === 'number' || typeof e === 'string' || typeof e === 'boolean' ? e : copyPlain(e, seen);
  }
  return out;
}

/** A message as a worker would receive it. */
function cloneMessage(obj: unknown, transfer: Transferable[] | undefined): unknown {
  if (!transfer || transfer.length === 0) {
    try {
      return copyPlain(obj);
    } catch (e) {
      if (e !== NOT_PLAIN) throw e;
    }
  }
  return structuredClone(obj, transfer ? { transfer } : undefined);
}

type Listener = (this: PlainPort, event: { data: unknown }) => void;

/** pdf.js's LoopbackPort, copying plain messages without structuredClone. */
export class PlainPort {
  /** Each listener, and how to drop the abort handler that removes it. */
  #listeners = new Map<Listener, (() => void) | null>();
  #deferred: Promise<void> = Promise.resolve();

  postMessage(obj: unknown, transfer?: Transferable[]): void {
    const event = { data: cloneMessage(obj, transfer) };
    void this.#deferred.then(() => {
      for (const [listener] of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_name: string, listener: Listener, options: { signal?: AbortSignal } | null = null): void {
    let rmAbort: (() => void) | null = null;
    const signal = options?.signal;
    if (signal instanceof AbortSignal) {
      if (signal.aborted) return;
      const onAbort = (): void => this.removeEventListener(_name, listener);
      rmAbort = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, rmAbort);
  }

  removeEventListener(_name: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, rmAbort] of this.#listeners) rmAbort?.();
    this.#listeners.clear();
  }
}

interface WorkerSide {
  initializeFromPort(port: unknown): void;
}

/**
 * A worker for one document: pdf.js's worker side set up on a PlainPort of its own, as its fake
 * worker is (one per document). The worker side is the module pdf.js's fake worker imports
 * (`GlobalWorkerOptions.workerSrc`: the sandbox's patched, guarded one where it is installed).
 * The caller destroys the worker after the loading task.
 */
export async function plainWorker(verbosity: number): Promise<PDFWorker> {
  const side = (await PDFWorker._setupFakeWorkerGlobal) as WorkerSide;
  const port = new PlainPort();
  side.initializeFromPort(port);
  return PDFWorker.create({ port: port as unknown as Worker, verbosity });
}
