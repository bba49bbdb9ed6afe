/**
 * Preload for a benchmarked server (`node --import ./bench/lib/loop-delay.ts src/main.ts serve`): the
 * event-loop delay of the process as it saw it, written as JSON to BENCH_LOOP_FILE when it exits —
 * perf_hooks' histogram (10 ms resolution) and every stall over 50 ms (a 10 ms timer that fired late),
 * with its time since start. SIGUSR2 starts the record afresh (the bench sends it when its prober
 * starts: start-up is not the suite). Only in the process that loaded it (document children are forked
 * with their own flags).
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.BENCH_LOOP_FILE;
if (out) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const t0 = performance.now();
  const stalls: { atMs: number; ms: number }[] = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const lag = now - last - 10;
    if (lag > 50) stalls.push({ atMs: Math.round(last - t0), ms: Math.round(lag) });
    last = now;
  }, 10).unref();
  process.on('SIGUSR2', () => {
    h.reset();
    stalls.length = 0;
  });
  process.on('exit', () => {
    h.disable();
    const ms = (ns: number): number => Math.round(ns / 1e4) / 100;
    writeFileSync(
      out,
      JSON.stringify({ p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), count: h.count, stalls }),
    );
  });
}
