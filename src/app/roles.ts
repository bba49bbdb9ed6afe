/**
 * Process roles: `serve` (HTTP and jobs, one machine), `api` (HTTP only) and `worker` (jobs only, with a
 * small health and metrics listener). api and worker are scale-out roles: they share work through
 * PostgreSQL, so every node must read every other node's uploads.
 */
import type { Config } from '../config/config.ts';

export type Role = 'serve' | 'api' | 'worker';

export const ROLES: readonly Role[] = ['serve', 'api', 'worker'];

export function roleParts(role: Role): { http: boolean; workers: boolean } {
  return { http: role !== 'worker', workers: role !== 'api' };
}

/** Why this configuration cannot run `role`, or null. */
export function roleProblem(config: Config, role: Role): string | null {
  if (role === 'serve') return null;
  if (!config.databaseUrl) {
    return `\`docrisk ${role}\` shares work with other processes through PostgreSQL; set DATABASE_URL (the embedded database serves one process: use \`docrisk serve\`)`;
  }
  if (config.blobStore === 'fs' && !config.blobDirShared) {
    return (
      `\`docrisk ${role}\` with DATABASE_URL shares work with other nodes, but DOCRISK_BLOB_STORE=fs keeps uploads under ` +
      `${config.dataDir} on this machine, where the other nodes cannot read them. Use DOCRISK_BLOB_STORE=postgres, ` +
      'or s3, or set DOCRISK_BLOB_DIR_SHARED=1 if that directory is one shared mount on every node'
    );
  }
  return null;
}
