/**
 * A docrisk server for the HTTP benchmarks: the bootstrap client they sign in with, the environment
 * that creates it, readiness, sign-in and a process to upload into — once, for every bench script.
 */
import type { ChildProcess } from 'node:child_process';

export const BENCH_CLIENT = { id: 'bench-client', secret: 'bench-secret-1', key: 'bench-subscription-key' };

/** The environment of a bench server: its port, data directory, database and the bench client. */
export function serverEnv(port: number, dataDir: string, databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DOCRISK_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    DOCRISK_BOOTSTRAP_CLIENT_ID: BENCH_CLIENT.id,
    DOCRISK_BOOTSTRAP_CLIENT_SECRET: BENCH_CLIENT.secret,
    DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: BENCH_CLIENT.key,
    ...extra,
  };
}

/** Waits until the server answers `pathname`; fails when it exits or does not start in 90 s. */
export async function waitReady(base: string, child: ChildProcess, pathname = '/readyz'): Promise<void> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${base}${pathname}`).then((r) => r.ok, () => false)) return;
    if (i > 900) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs the bench client in: the headers of its API calls. */
export async function signIn(base: string): Promise<Record<string, string>> {
  const tok = (await fetch(`${base}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': BENCH_CLIENT.key },
    body: JSON.stringify({ client_id: BENCH_CLIENT.id, client_secret: BENCH_CLIENT.secret }),
  }).then((r) => r.json())) as { access_token: string };
  return { authorization: `Bearer ${tok.access_token}`, 'ocp-apim-subscription-key': BENCH_CLIENT.key };
}

/** Starts a process to upload into; its id. */
export async function startProcess(base: string, headers: Record<string, string>, body: Record<string, unknown>): Promise<string> {
  const proc = (await fetch(`${base}/document-engine/v1/start-process`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as { process_id: string };
  return proc.process_id;
}
