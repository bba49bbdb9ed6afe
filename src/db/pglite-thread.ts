/**
 * The embedded database's own thread (the other half of pglite-threaded.ts). PGlite (PostgreSQL
 * compiled to WASM) runs every statement synchronously on the thread that owns it; here that is
 * this worker thread, not the API's. It answers the main thread's client one call at a time (a
 * whole query: its parameters serialised and its rows parsed here) and forwards NOTIFY payloads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';
import { JSON_BYTES_WIRE } from '../shared/json-bytes.ts';

interface Call {
  id: number;
  method: 'query' | 'exec' | 'execProtocolStream' | 'execProtocolRaw' | 'execProtocol' | 'syncToFs' | 'dumpDataDir' | 'close';
  args: unknown[];
}

/** Query options as they cross threads: the types whose text is kept as it is instead of parsed. */
interface WireOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
  /** Text columns (object rows) sent back as UTF-8 bytes, moved to the caller's thread instead of copied as strings. */
  bytesFields?: string[];
}

const utf8Out = new TextEncoder();

/** The named text fields of each row as UTF-8 bytes (own buffers: transferred with the reply). */
function asBytes(result: unknown, fields: string[] | undefined, transfer: ArrayBuffer[]): unknown {
  const rows = (result as { rows?: unknown[] } | null)?.rows;
  if (!fields?.length || !Array.isArray(rows)) return result;
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) continue;
    const r = row as Record<string, unknown>;
    for (const f of fields) {
      const v = r[f];
      if (typeof v !== 'string') continue;
      const bytes = utf8Out.encode(v);
      r[f] = bytes;
      transfer.push(bytes.buffer as ArrayBuffer);
    }
  }
  return result;
}

const raw = (v: string): string => v;
const utf8 = new TextDecoder();

/** JSON sent as bytes (shared/json-bytes.ts) becomes text here, on this thread. */
function params(ps: unknown[] | undefined): unknown[] | undefined {
  return ps?.map((p) =>
    p !== null && typeof p === 'object' && JSON_BYTES_WIRE in p ? utf8.decode((p as Record<string, Uint8Array>)[JSON_BYTES_WIRE]) : p,
  );
}
function options(o: WireOptions | undefined): { rowMode?: 'array' | 'object'; parsers?: Record<number, (v: string) => string> } {
  if (!o) return {};
  return {
    ...(o.rowMode ? { rowMode: o.rowMode } : {}),
    ...(o.rawTypes?.length ? { parsers: Object.fromEntries(o.rawTypes.map((t) => [t, raw])) } : {}),
  };
}

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };
const pg = await PGlite.create(dataDir ? { dataDir } : {});
pg.onNotification((channel, payload) => port.postMessage({ notify: true, channel, payload }));

port.on('message', (m: Call) => {
  void (async () => {
    try {
      let result: unknown;
      const transfer: ArrayBuffer[] = [];
      // A whole query in one round: parameters serialised and rows parsed here, not on the API's thread.
      if (m.method === 'query') {
        const o = m.args[2] as WireOptions | undefined;
        result = asBytes(await pg.query(m.args[0] as string, params(m.args[1] as unknown[] | undefined), options(o)), o?.bytesFields, transfer);
      } else if (m.method === 'exec') result = await pg.exec(m.args[0] as string, options(m.args[1] as WireOptions));
      else result = await (pg[m.method] as (...a: unknown[]) => Promise<unknown>).apply(pg, m.args);
      port.postMessage({ id: m.id, ok: true, result }, transfer);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      port.postMessage({ id: m.id, ok: false, error: { ...err, message: err.message, name: err.name, database: err instanceof messages.DatabaseError } });
    }
  })();
});
port.postMessage({ ready: true });
