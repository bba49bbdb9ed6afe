/**
 * The embedded database's own thread (the other half of pglite-threaded.ts). PGlite (PostgreSQL
 * compiled to WASM) runs every statement synchronously on the thread that owns it; here that is
 * this worker thread, not the API's. It answers the wire-protocol calls the main thread's client
 * makes, one at a time, and forwards NOTIFY payloads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';

interface Call {
  id: number;
  method: 'execProtocolStream' | 'execProtocolRaw' | 'execProtocol' | 'syncToFs' | 'dumpDataDir' | 'close';
  args: unknown[];
}

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };
const pg = await PGlite.create(dataDir ? { dataDir } : {});
pg.onNotification((channel, payload) => port.postMessage({ notify: true, channel, payload }));

port.on('message', (m: Call) => {
  void (async () => {
    try {
      const fn = pg[m.method] as (...a: unknown[]) => Promise<unknown>;
      const result = await fn.apply(pg, m.args);
      port.postMessage({ id: m.id, ok: true, result });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      port.postMessage({ id: m.id, ok: false, error: { ...err, message: err.message, name: err.name, database: err instanceof messages.DatabaseError } });
    }
  })();
});
port.postMessage({ ready: true });
