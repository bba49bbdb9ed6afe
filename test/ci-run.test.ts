/**
 * CI's shape (.ci/run, issue 22 "CI time"): the test runs spend most of their wall time waiting, so every
 * other stage — typecheck and lint, the README walk-through, the container image's build, the database
 * tests on PostgreSQL — runs beside `npm test`, each waited for after it (its failure fails CI); only the
 * container's smoke test, which needs the image, comes after, and only when the image was built.
 * .ci/run is run here for real, in a copy of the repository's layout whose npm, node, pg_isready and
 * scripts are stand-ins that record what ran: the stand-in `npm test` ends only once every other stage has
 * started, so a CI that ran them before or after the tests fails here.
 * And the walk-through waits for its server while the server lives, not a fixed minute (a first start
 * migrates the database: over a minute on a loaded host, where it failed with "the server printed no
 * export line").
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A stand-in stage: records its start in $CI_TRACE/NAME.start, prints, and exits with $FAIL_NAME (0 by default). */
const stage = (name: string, extra = '') => `#!/usr/bin/env bash
touch "$CI_TRACE/${name}.start"
${extra}
echo "${name} ran"
exit "\${FAIL_${name.replace(/[^A-Za-z]/g, '_')}:-0}"
`;

function fakeRepo(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-ci-run-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.ci'));
  mkdirSync(path.join(dir, 'scripts'));
  mkdirSync(path.join(dir, 'bin'));
  mkdirSync(path.join(dir, 'trace'));
  copyFileSync(path.join(root, '.ci/run'), path.join(dir, '.ci/run'));
  const write = (p: string, text: string) => {
    writeFileSync(path.join(dir, p), text);
    chmodSync(path.join(dir, p), 0o755);
  };
  write('scripts/setup-system.sh', 'exit 0\n');
  write('scripts/readme-walkthrough.sh', stage('walkthrough'));
  write(
    'scripts/container.sh',
    `#!/usr/bin/env bash
touch "$CI_TRACE/container-$1.start"
echo "container $1 ran"
[ "$1" = build ] && exit "\${FAIL_container_build:-0}"
exit 0
`,
  );
  write('bin/pg_isready', 'exit 0\n');
  write('bin/node', '#!/usr/bin/env bash\n[ "$1" = --version ] && echo v24.0.0\nexit 0\n');
  // npm test waits (up to a minute: a loaded host) until every other stage has started: they run beside it or not at all.
  write(
    'bin/npm',
    `#!/usr/bin/env bash
case "$*" in
  "ci --no-audit --no-fund") exit 0 ;;
  "run typecheck") touch "$CI_TRACE/typecheck.start"; exit "\${FAIL_typecheck:-0}" ;;
  "run lint") touch "$CI_TRACE/lint.start"; exit "\${FAIL_lint:-0}" ;;
  "run test:db") touch "$CI_TRACE/test-db.start"; [ -n "$TEST_DATABASE_URL" ] || exit 9; echo "test:db ran"; exit "\${FAIL_test_db:-0}" ;;
  "test")
    for _ in $(seq 1 600); do
      n=0
      for s in typecheck lint walkthrough container-build test-db; do [ -e "$CI_TRACE/$s.start" ] && n=$((n + 1)); done
      [ "$n" = 5 ] && { touch "$CI_TRACE/npm-test.end"; echo "npm test ran"; exit "\${FAIL_npm_test:-0}"; }
      sleep 0.1
    done
    echo "npm test: the other stages did not start beside it"; exit 1 ;;
esac
echo "unexpected npm $*"; exit 3
`,
  );
  return dir;
}

function runCi(env: Record<string, string> = {}) {
  const dir = fakeRepo();
  const r = spawnSync('bash', [path.join(dir, '.ci/run')], {
    encoding: 'utf8',
    env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`, HOME: dir, CI_TRACE: path.join(dir, 'trace'), ...env },
    timeout: 120_000,
  });
  const started = (s: string) => {
    try {
      readFileSync(path.join(dir, 'trace', `${s}.start`));
      return true;
    } catch {
      return false;
    }
  };
  return { status: r.status, out: r.stdout + r.stderr, started };
}

describe('.ci/run', { timeout: 150_000 }, () => {
  it('runs typecheck, lint, the walk-through, the image build and test:db beside npm test, then the smoke test', () => {
    const r = runCi();
    expect(r.out).toContain('npm test ran');
    expect(r.status, r.out).toBe(0);
    for (const s of ['test:db ran', 'walkthrough ran', 'container build ran', 'container smoke ran']) expect(r.out).toContain(s);
    // Each background stage's output is shown when it is waited for, with its wall time and status.
    expect(r.out).toMatch(/--- walkthrough \(\d+ s, exit 0\) ---\nwalkthrough ran/);
  });

  it.each([
    ['walkthrough', 'FAIL_walkthrough'],
    ['checks', 'FAIL_lint'],
    ['test-db', 'FAIL_test_db'],
    ['npm test', 'FAIL_npm_test'],
  ])('a failure of %s fails CI, named', (name, variable) => {
    const r = runCi({ [variable]: '1' });
    expect(r.status, r.out).not.toBe(0);
    expect(r.out).toMatch(new RegExp(`CI failed: .*${name}`));
  });

  it('no smoke test without an image: a failed build fails CI and skips it', () => {
    const r = runCi({ FAIL_container_build: '1' });
    expect(r.status, r.out).not.toBe(0);
    expect(r.out).toContain('CI failed: container-build');
    expect(r.started('container-smoke')).toBe(false);
  });

  it('the walk-through waits for its server while it lives, up to minutes, not one minute', () => {
    const w = readFileSync(path.join(root, 'scripts/readme-walkthrough.sh'), 'utf8').split('\n');
    const loop = w.find((l) => /grep -q '\^ \*export CID=' .*server\.out.*kill -0 \$server_pid/.test(l));
    expect(loop).toBeDefined();
    const [, n, step] = /seq 1 (\d+)\).*sleep ([\d.]+); done/.exec(loop!) ?? [];
    expect(Number(n) * Number(step)).toBeGreaterThanOrEqual(300);
  });
});
