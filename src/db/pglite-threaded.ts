/**
 * PGlite on a thread of its own. PGlite runs PostgreSQL (WASM) synchronously on the thread that
 * calls it: on the API's thread one large statement — storing a 199k-row parse result, ≈ 40 MB of
 * JSON, took 2–6 s — stalled every request (/healthz up to 11.7 s). This client keeps PGlite's
 * query, exec, transaction and listen API and sends each query whole to pglite-thread.ts, where
 * PostgreSQL runs and parameters and rows are serialised and parsed: one message each way.
 */
import { Worker } from 'node:worker_threads';
import { messages, Mutex, type PGliteInterface, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { PGliteWorker } from '@electric-sql/pglite/worker';
import { JsonBytes, JSON_BYTES_WIRE } from '../shared/json-bytes.ts';

/** PGlite's abstract client (query, exec, transaction over execProtocolStream), which PGliteWorker extends. */
const BasePGlite = Object.getPrototypeOf(PGliteWorker) as new () => object;

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string; database: boolean };
}

export class PGliteThread extends BasePGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #notificationListeners = new Set<(channel: string, payload: string) => void>();
  readonly #ready: Promise<void>;
  #nextId = 1;
  #writes = 0;
  #closed = false;
  #exitError: Error | null = null;
  readonly debug = 0;

  private constructor(dataDir: string | null) {
    super();
    this.#worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir } });
    this.#ready = new Promise((resolve, reject) => {
      this.#worker.once('error', reject);
      this.#worker.once('exit', (code) => reject(new Error(`the database thread ended before it was ready (code ${code})`)));
      this.#worker.on('message', (m: Reply | { ready: true } | { notify: true; channel: string; payload: string }) => {
        if ('ready' in m) return resolve();
        if ('notify' in m) return this.#notify(m.channel, m.payload);
        const p = this.#pending.get(m.id);
        if (!p) return;
        this.#pending.delete(m.id);
        if (m.ok) p.resolve(m.result);
        else p.reject(toError(m.error!));
      });
    });
    this.#worker.on('error', (e) => this.#fail(e));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the database thread ended (code ${code})`)));
  }

  static async create(dataDir: string | null): Promise<PGliteThread & PGliteInterface> {
    const db = new PGliteThread(dataDir);
    await db.#ready;
    return db as PGliteThread & PGliteInterface;
  }

  /**
   * A query in one round to the thread, which serialises its parameters and parses its rows (a
   * 40 MB parameter is copied across, not encoded here). Parsers must keep a type's text as it is
   * (drizzle's for dates and intervals): functions do not cross threads.
   */
  async query<T>(text: string, params?: unknown[], options?: QueryOptions & BytesFieldsOption & ReadOnlyOption): Promise<Results<T>> {
    await this.#ready;
    return this.#transactionMutex.runExclusive(() => this.#query<T>(text, params, options));
  }

  /**
   * A count of the calls sent to the database thread that may have changed what a read returns: every
   * call except queries sent with `readOnly`. This client is the database's only connection (the
   * thread runs calls one at a time, in the order sent), so while the count stands still, a read-only
   * statement sent again with the same parameters returns the same rows (src/db/batched-read.ts).
   */
  get writeEpoch(): number {
    return this.#writes;
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    await this.#ready;
    return this.#transactionMutex.runExclusive(() => this.#exec(text, options));
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.#ready;
    return this.#transactionMutex.runExclusive(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => (open(), this.#query<R>(text, params, options)),
        sql: () => {
          throw new Error('tx.sql is not supported on the database thread');
        },
        exec: (text: string, options?: QueryOptions) => (open(), this.#exec(text, options)),
        rollback: async () => {
          open();
          await this.#exec('ROLLBACK');
          closed = true;
        },
        listen: (channel: string, cb: (payload: string) => void) => (open(), this.listen(channel, cb, tx)),
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const out = await fn(tx);
        if (!closed) {
          closed = true;
          const [r] = await this.#exec('COMMIT');
          if ((r as { command?: string } | undefined)?.command === 'ROLLBACK') throw new Error('Transaction was rolled back instead of committed');
        }
        return out;
      } catch (e) {
        if (!closed) {
          closed = true;
          await this.#exec('ROLLBACK');
        }
        throw e;
      }
    });
  }

  #query<T>(text: string, params: unknown[] = [], options?: QueryOptions & BytesFieldsOption & ReadOnlyOption): Promise<Results<T>> {
    // JSON held as bytes (a parse result) is decoded on the database thread; its buffer is moved there
    // when its owner gave it away, copied otherwise — never turned into a string on this thread.
    const transfer: ArrayBuffer[] = [];
    const sent = params.map((p) => {
      if (!(p instanceof JsonBytes)) return p;
      const b = p.bytes;
      // Only a buffer that is the bytes' own (not a slice of Node's shared pool, which cannot move).
      if (p.transferable && b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && !transfer.includes(b.buffer))
        transfer.push(b.buffer);
      return { [JSON_BYTES_WIRE]: b };
    });
    return this.#call('query', [text, sent, wire(options)], transfer, options?.readOnly === true) as Promise<Results<T>>;
  }
  #exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#call('exec', [text, wire(options)]) as Promise<Results[]>;
  }

  #fail(e: Error): void {
    this.#exitError ??= e;
    for (const p of this.#pending.values()) p.reject(e);
    this.#pending.clear();
  }

  #call(method: string, args: unknown[] = [], transfer: ArrayBuffer[] = [], readOnly = false): Promise<unknown> {
    if (this.#exitError) return Promise.reject(this.#exitError);
    // Counted when sent: the thread runs calls in this order, so a read sent after it sees its effect.
    if (!readOnly) this.#writes++;
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ id, method, args }, transfer);
      } catch (e) {
        // A buffer Node marked as not transferable: copied instead.
        if (transfer.length === 0 || (e as { name?: string }).name !== 'DataCloneError') throw e;
        this.#worker.postMessage({ id, method, args });
      }
    });
  }

  #notify(channel: string, payload: string): void {
    for (const cb of this.#listeners.get(channel) ?? []) queueMicrotask(() => cb(payload));
    for (const cb of this.#notificationListeners) queueMicrotask(() => cb(channel, payload));
  }

  get ready(): boolean {
    return !this.#closed && this.#exitError === null;
  }
  get closed(): boolean {
    return this.#closed;
  }
  get waitReady(): Promise<void> {
    return this.#ready;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#call('close').catch(() => undefined);
    await this.#worker.terminate();
  }

  execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    return this.#call('execProtocolRaw', [message]) as Promise<Uint8Array>;
  }
  execProtocol(message: Uint8Array): Promise<unknown> {
    return this.#call('execProtocol', [message]);
  }
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<unknown> {
    return this.#call('execProtocolStream', [message, options?.syncToFs === undefined ? {} : { syncToFs: options.syncToFs }]);
  }
  async execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void> {
    options.onRawData(await this.execProtocolRaw(message));
  }
  async syncToFs(): Promise<void> {
    await this.#call('syncToFs');
  }
  dumpDataDir(compression?: unknown): Promise<File | Blob> {
    return this.#call('dumpDataDir', [compression]) as Promise<File | Blob>;
  }

  async listen(channel: string, callback: (payload: string) => void, tx?: { exec(q: string): Promise<unknown> }): Promise<() => Promise<void>> {
    const name = pgName(channel);
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(callback);
    await (tx ?? (this as unknown as PGliteInterface)).exec(`LISTEN ${channel}`);
    return () => this.unlisten(name, callback, tx);
  }
  async unlisten(channel: string, callback?: (payload: string) => void, tx?: { exec(q: string): Promise<unknown> }): Promise<void> {
    const set = this.#listeners.get(channel);
    if (callback) set?.delete(callback);
    else this.#listeners.delete(channel);
    if (!this.#listeners.get(channel)?.size) {
      this.#listeners.delete(channel);
      await (tx ?? (this as unknown as PGliteInterface)).exec(`UNLISTEN ${channel}`);
    }
  }
  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#notificationListeners.add(callback);
    return () => this.#notificationListeners.delete(callback);
  }
  offNotification(callback: (channel: string, payload: string) => void): void {
    this.#notificationListeners.delete(callback);
  }

  // Hooks of the base class.
  async _handleBlob(blob?: unknown): Promise<void> {
    if (blob) throw new Error('COPY with a blob is not supported on the database thread');
  }
  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }
  async _cleanupBlob(): Promise<void> {}
  async _checkReady(): Promise<void> {
    await this.#ready;
  }
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }
}

/**
 * A query that reads only (no write, no function with side effects, no transaction control): it leaves
 * the write epoch as it is. Saying so of a statement that writes would let a memoised read go stale.
 */
export interface ReadOnlyOption {
  readOnly?: boolean;
}

/**
 * A query option of this client only: text columns (object rows) the database thread sends back as
 * UTF-8 bytes (Uint8Array, moved across rather than copied as a string) — a stored 40 MB parse result
 * read for a GET then never becomes a string on the API's thread.
 */
export interface BytesFieldsOption {
  bytesFields?: string[];
}

/** Query options as they cross to the thread: parsers that keep a type's text, by type id. */
function wire(o: (QueryOptions & BytesFieldsOption) | undefined): { rowMode?: 'array' | 'object'; rawTypes?: number[]; bytesFields?: string[] } | undefined {
  if (!o) return undefined;
  if (o.serializers && Object.keys(o.serializers).length > 0) throw new Error('custom serializers are not supported on the database thread');
  if (o.blob) throw new Error('COPY with a blob is not supported on the database thread');
  const rawTypes: number[] = [];
  for (const [type, parse] of Object.entries(o.parsers ?? {})) {
    const probe = '2024-01-02 03:04:05+00';
    if ((parse as (v: string, t: number) => unknown)(probe, Number(type)) !== probe) throw new Error(`a parser for type ${type} that changes the text is not supported on the database thread`);
    rawTypes.push(Number(type));
  }
  return { ...(o.rowMode ? { rowMode: o.rowMode } : {}), ...(rawTypes.length ? { rawTypes } : {}), ...(o.bytesFields?.length ? { bytesFields: o.bytesFields } : {}) };
}

/** A channel name as PostgreSQL folds it (unquoted: lower case; quoted: as written). */
function pgName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}

function toError(e: NonNullable<Reply['error']>): Error {
  const { database, message, ...fields } = e;
  const err = database ? new messages.DatabaseError(message, 0, 'error') : new Error(message);
  return Object.assign(err, fields);
}
