/**
 * Where the service's log lines go: stdout, written in blocks rather than one write per line. At `info`
 * every request logs a line, and one asynchronous write per line cost about a fifth of a GET's CPU on
 * the server (a thread-pool hop and a syscall each). Lines wait until 4 KiB have gathered or the next
 * flush, every 200 ms, so no line leaves later than that; at exit pino flushes what is left (a SIGKILL
 * loses at most those 200 ms of lines). The periodic flush runs only when a line was written since the
 * last one: sonic-boom's flush of an empty buffer still makes a (zero-byte) write, five a second on an
 * idle server.
 */
import pino from 'pino';

export interface LogDestination {
  stream: pino.DestinationStream & {
    flush(cb?: (err?: Error) => void): void;
    destroyed?: boolean;
    on(event: 'write', listener: (bytes: number) => void): unknown;
  };
  /** Stops the periodic flush and writes out what is buffered. */
  close(): Promise<void>;
}

export const LOG_BLOCK_BYTES = 4096;
export const LOG_FLUSH_MS = 200;

export function bufferedLogDestination(fd = 1, opts: { blockBytes?: number; flushMs?: number } = {}): LogDestination {
  const stream = pino.destination({ dest: fd, sync: false, minLength: opts.blockBytes ?? LOG_BLOCK_BYTES }) as LogDestination['stream'];
  let written = false;
  const write = stream.write.bind(stream);
  stream.write = (chunk: string) => {
    written = true;
    return write(chunk);
  };
  const timer = setInterval(() => {
    if (!written || stream.destroyed) return;
    written = false;
    stream.flush();
  }, opts.flushMs ?? LOG_FLUSH_MS);
  timer.unref();
  return {
    stream,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        if (stream.destroyed) return resolve();
        stream.flush(() => resolve());
      }),
  };
}
