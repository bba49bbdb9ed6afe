import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedLogDestination, type LogDestination } from './log-destination.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-log-'));
const opened: { fd: number; dest: LogDestination }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.dest.close();
    closeSync(o.fd);
  }
});

function logTo(file: string, opts: { blockBytes?: number; flushMs?: number }) {
  const fd = openSync(file, 'w');
  const dest = bufferedLogDestination(fd, opts);
  opened.push({ fd, dest });
  return { logger: pino({ base: null }, dest.stream), dest, read: () => readFileSync(file, 'utf8') };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('the log destination', () => {
  it('writes lines in blocks: small lines wait for the block or the flush', async () => {
    const { logger, read } = logTo(path.join(dir, 'a.log'), { blockBytes: 4096, flushMs: 60_000 });
    for (let i = 0; i < 5; i++) logger.info({ i }, 'request');
    await settle();
    expect(read()).toBe('');
    for (let i = 0; i < 100; i++) logger.info({ i, pad: 'x'.repeat(40) }, 'request');
    await settle();
    expect(read().split('\n').length).toBeGreaterThan(5);
  });

  it('writes out what is buffered at the periodic flush, and at close', async () => {
    const periodic = logTo(path.join(dir, 'b.log'), { blockBytes: 4096, flushMs: 20 });
    periodic.logger.info('quiet server');
    for (let i = 0; i < 100 && !periodic.read().includes('quiet server'); i++) await settle();
    expect(periodic.read()).toContain('"msg":"quiet server"');

    const closing = logTo(path.join(dir, 'c.log'), { blockBytes: 4096, flushMs: 60_000 });
    closing.logger.info('last words');
    await closing.dest.close();
    expect(closing.read()).toContain('"msg":"last words"');
  });

  it('makes no write at all while nothing is logged (no zero-byte writes from the periodic flush)', async () => {
    const idle = logTo(path.join(dir, 'd.log'), { blockBytes: 4096, flushMs: 5 });
    const writes: number[] = [];
    idle.dest.stream.on('write', (n: number) => writes.push(n));
    for (let i = 0; i < 6; i++) await settle();
    expect(writes).toEqual([]);
    idle.logger.info('one line');
    for (let i = 0; i < 100 && writes.length === 0; i++) await settle();
    expect(writes.length).toBeGreaterThan(0);
    expect(idle.read()).toContain('"msg":"one line"');
  });
});

describe('the log destination by default (64 KiB blocks)', () => {
  it('gathers a busy second of request lines in this process: no write until 64 KiB, then every line in order', async () => {
    const { logger, dest, read } = logTo(path.join(dir, 'e.log'), { flushMs: 60_000 });
    const writes: number[] = [];
    dest.stream.on('write', (n: number) => writes.push(n));
    // 300 request lines ≈ 40 KB: one write each 27 lines with 4 KiB blocks (before), none yet with 64 KiB.
    for (let i = 0; i < 300; i++) logger.info({ reqId: `r-${i}`, method: 'GET', route: '/document-engine/v1/processes/:process_id', status: 200, ms: 1.2 }, 'request');
    await settle();
    expect(writes).toEqual([]);
    expect(read()).toBe('');
    await dest.close();
    const lines = read().trim().split('\n').map((l) => JSON.parse(l) as { reqId: string });
    expect(lines.map((l) => l.reqId)).toEqual(Array.from({ length: 300 }, (_, i) => `r-${i}`));
  });

  it('writes out the gathered lines when the process exits', async () => {
    const file = path.join(dir, 'f.log');
    const child = `
      import { openSync } from 'node:fs';
      import pino from 'pino';
      import { bufferedLogDestination } from ${JSON.stringify(path.resolve(import.meta.dirname, 'log-destination.ts'))};
      const dest = bufferedLogDestination(openSync(${JSON.stringify(file)}, 'w'), { flushMs: 60_000 });
      const logger = pino({ base: null }, dest.stream);
      for (let i = 0; i < 10; i++) logger.info({ i }, 'before exit');
      process.exit(0);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', child], { cwd: import.meta.dirname, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(10);
  });
});

process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
