/**
 * Builds the web portal (Vite → portal/dist) when it is missing, or when --if-stale and a source is newer.
 * `npm start` runs it (prestart) so a fresh clone serves /portal/; the portal browser test runs it too.
 *   node scripts/build-portal.ts            build if portal/dist is missing
 *   node scripts/build-portal.ts --if-stale build if missing or older than portal/src, index.html or the Vite config
 *   node scripts/build-portal.ts --force    always build
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORTAL = path.join(ROOT, 'portal');
const INDEX = path.join(PORTAL, 'dist', 'index.html');

function newest(p: string): number {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

export function portalNeedsBuild(mode: 'missing' | 'stale' | 'force'): boolean {
  if (mode === 'force' || !existsSync(INDEX)) return true;
  if (mode === 'missing') return false;
  const built = statSync(INDEX).mtimeMs;
  const sources = ['src', 'index.html', 'vite.config.ts'].map((f) => path.join(PORTAL, f)).filter(existsSync);
  return Math.max(...sources.map(newest)) > built;
}

/** Runs `vite build`; returns false (with a message) when Vite is not installed, e.g. after `npm ci --omit=dev`. */
export function buildPortal(log: (s: string) => void = (s) => console.error(s)): boolean {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    log(
      'build-portal: vite is not installed (dev dependencies omitted?): /portal/ will answer 503 until `npm run build` runs',
    );
    return false;
  }
  const r = spawnSync(
    process.execPath,
    [vite, 'build', '--config', path.join(PORTAL, 'vite.config.ts'), '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv.includes('--force')
    ? 'force'
    : process.argv.includes('--if-stale')
      ? 'stale'
      : 'missing';
  if (portalNeedsBuild(mode)) {
    console.error('build-portal: building the web portal (portal/dist)…');
    buildPortal();
  }
}
