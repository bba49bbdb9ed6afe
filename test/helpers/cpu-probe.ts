/**
 * Per test file CPU (vitest.config.ts adds this setup file when DOCRISK_TEST_CPU_LOG names a file): when a
 * file's tests end, one JSON line is appended there with the file, the wall time since its process started
 * and the CPU of that process — its own threads (OCR workers, the PGlite thread) and the child processes it
 * waited for (sandbox children, `docrisk` processes, workers it spawned). With the forks pool each test file
 * runs in a process of its own, so these are the file's costs, vitest's start-up and imports included.
 * `node bench/ci-cpu.ts LOG…` sums and ranks them. CPU, unlike wall time, barely moves with the host's load.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';

const LOG = process.env.DOCRISK_TEST_CPU_LOG;
const TICK = 100; // USER_HZ on Linux

/** utime, stime, cutime, cstime of this process (seconds), from /proc/self/stat. */
function procCpu(): { self: number; children: number } | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command: state(3) … utime(14) stime(15) cutime(16) cstime(17), 1-based in proc(5).
    const n = (i: number) => Number(f[i - 3]) / TICK;
    return { self: n(14) + n(15), children: n(16) + n(17) };
  } catch {
    return null;
  }
}

if (LOG) {
  // vitest passes the file's suite second (the first argument is the fixtures, which must be destructured).
  afterAll(({}, suite) => {
    const file = (suite as { filepath?: string }).filepath;
    if (!file) return;
    const cpu = procCpu();
    const u = process.cpuUsage();
    appendFileSync(
      LOG,
      JSON.stringify({
        file: path.relative(process.cwd(), file),
        pid: process.pid,
        wallS: +process.uptime().toFixed(2),
        cpuS: +((u.user + u.system) / 1e6).toFixed(2),
        childrenS: cpu ? +cpu.children.toFixed(2) : null,
      }) + '\n',
    );
  });
}
