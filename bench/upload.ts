/**
 * End to end: upload a generated multi-page text statement over HTTP, wait for parsing_status completed.
 * Real server process (`docrisk serve`, embedded PGlite or BENCH_DATABASE_URL), fetch from here.
 *   node bench/upload.ts [runs=10] [transactions=260]
 * Memory: the server process's RSS growth while it takes an upload of N MiB (sampled every 5 ms from
 * /proc), against a bare Fastify multipart handler streaming to a file (the floor) and, with
 * BENCH_REFERENCE=/path/to/worktree, that tree's server, side by side:
 *   node bench/upload.ts memory [MiB=20] [uploads=3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateStatement } from '../test/fixtures/generator/index.ts';
import { serverEnv, waitReady, signIn, startProcess } from './lib/server.ts';

if (process.argv[2] === 'memory') {
  const { uploadMemory } = await import('./upload-memory.ts');
  await uploadMemory(Number(process.argv[3] ?? 20), Number(process.argv[4] ?? 3));
  process.exit(0);
}
/**
 * CPU time (ms) of a process and every live descendant (the sandbox's document children), plus what
 * its finished children used (Linux /proc; NaN elsewhere). Wall time on a shared machine is noise.
 */
function treeCpuMs(root: number): number {
  try {
    const stat = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    const kids = new Map<number, number[]>();
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const ppid = Number(stat(Number(d))[1]);
        kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
      } catch {
        // gone meanwhile
      }
    }
    let ticks = 0;
    const walk = (pid: number): void => {
      const f = stat(pid);
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      for (const k of kids.get(pid) ?? []) walk(k);
    };
    walk(root);
    return ticks * 10;
  } catch {
    return NaN;
  }
}

const runs = Number(process.argv[2] ?? 10);
const txCount = Number(process.argv[3] ?? 260);
const port = 19080 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-bench-up-'));
const server = spawn(process.execPath, ['src/main.ts', 'serve'], {
  env: serverEnv(port, dataDir, process.env.BENCH_DATABASE_URL ?? ''),
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitReady(base, server);
  const headers = await signIn(base);
  const proc = { process_id: await startProcess(base, headers, { ext_application_id: 'BENCH-UP' }) };

  const layouts = ['it_dare_avere', 'de_sparkasse', 'en_paid_in_out'] as const;
  const times: { total: number; upload: number; pages: number }[] = [];
  // One statement first, not counted: the children start and load pdf.js.
  {
    const g = await generateStatement({ layout: 'it_dare_avere', seed: 999, transactions: 20 });
    const form = new FormData();
    form.set('ext_file_id', 'bench-warm');
    form.set('file', new Blob([new Uint8Array(g.pdf)], { type: 'application/pdf' }), 'statement.pdf');
    const up = (await (await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files`, { method: 'POST', headers, body: form })).json()) as { file_id: string };
    for (let s = 'processing'; s === 'processing'; ) {
      await new Promise((r) => setTimeout(r, 20));
      s = ((await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files/${up.file_id}`, { headers }).then((r) => r.json())) as { parsing_status: string }).parsing_status;
    }
  }
  const docs = await Promise.all(
    Array.from({ length: runs }, (_, i) => generateStatement({ layout: layouts[i % layouts.length] ?? 'it_dare_avere', seed: 1000 + i, transactions: txCount })),
  );
  const cpu0 = treeCpuMs(server.pid!);
  for (let i = 0; i < runs; i++) {
    const g = docs[i]!;
    const form = new FormData();
    form.set('ext_file_id', `bench-${i}`);
    form.set('file', new Blob([new Uint8Array(g.pdf)], { type: 'application/pdf' }), 'statement.pdf');
    const t0 = performance.now();
    const up = await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files`, { method: 'POST', headers, body: form });
    const file = (await up.json()) as { file_id: string; parsing_status: string };
    const t1 = performance.now();
    let status = file.parsing_status;
    while (status === 'processing') {
      await new Promise((r) => setTimeout(r, 20));
      const f = (await fetch(`${base}/document-engine/v1/processes/${proc.process_id}/files/${file.file_id}`, { headers }).then((r) => r.json())) as { parsing_status: string };
      status = f.parsing_status;
    }
    if (status !== 'completed') throw new Error(`run ${i}: ${status}`);
    times.push({ total: performance.now() - t0, upload: t1 - t0, pages: g.truth.pages });
  }
  const cpu = treeCpuMs(server.pid!) - cpu0;
  const sorted = times.map((t) => t.total).sort((a, b) => a - b);
  const pages = times.map((t) => t.pages);
  console.log(`docrisk upload→completed — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`${runs} statements, ${txCount} transactions, ${Math.min(...pages)}–${Math.max(...pages)} pages`);
  console.log(`upload (validated) p50 ${times.map((t) => t.upload).sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(0)} ms`);
  console.log(`upload → completed  p50 ${sorted[Math.floor(runs / 2)]!.toFixed(0)} ms, max ${sorted[runs - 1]!.toFixed(0)} ms`);
  const allPages = pages.reduce((a, b) => a + b, 0);
  console.log(`server CPU (process + document children, incl. polling GETs): ${(cpu / allPages).toFixed(1)} ms/page (${(cpu / runs).toFixed(0)} ms/upload)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
