/**
 * Wake-up signals for pollers of the database (PostgreSQL LISTEN/NOTIFY, on PGlite too): a writer
 * adds `pg_notify(channel, '')` to its transaction, and every listening process hears it when that
 * transaction commits. A signal carries no data and may be lost (a reconnect, a pooler that drops
 * LISTEN); pollers therefore also poll at a slow interval, and the signal only cuts the wait.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

export interface Listening {
  close(): Promise<void>;
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/** Calls `onSignal` on every notification of `channel` (coalescing is the caller's business). */
export async function listenChannel(database: Database, channel: string, onSignal: () => void, log: Logger): Promise<Listening> {
  if (!CHANNEL_RE.test(channel)) throw new Error(`invalid channel name ${JSON.stringify(channel)}`);
  if (database.kind === 'pglite' && database.pglite) {
    const unlisten = await database.pglite.listen(channel, () => onSignal());
    return {
      close: async () => {
        if (!database.pglite!.closed) await unlisten().catch(() => undefined);
      },
    };
  }
  const connectionString = (database.pool as unknown as { options?: { connectionString?: string } } | null)?.options?.connectionString;
  if (!connectionString) throw new Error('LISTEN needs a PostgreSQL connection string');
  // A connection of its own, outside the pool: LISTEN holds its session for as long as the process runs.
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: 'docrisk-listen' });
    c.on('notification', (m) => {
      if (m.channel === channel) onSignal();
    });
    const lost = (err?: unknown) => {
      if (closed || client !== c) return;
      log.warn({ err, channel }, 'LISTEN connection lost; polling until it is back');
      client = null;
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    // Anything committed while no connection listened is found by the poll this signal triggers.
    onSignal();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        log.warn({ err, channel }, 'LISTEN reconnect failed');
        schedule();
      });
    }, 1000);
    retry.unref();
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
