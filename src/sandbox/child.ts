/**
 * A document child: runs the engine's public API for the parent, one job at a time. It holds no
 * database, no credentials and no sockets; the parent caps its heap (--max-old-space-size),
 * watches its RSS and its wall-clock time, and kills and replaces it on excess.
 */
import { readFile } from 'node:fs/promises';
import { DocumentParseError, parseDocument, setOcrModels, shutdownOcr, validateDocument } from '../documents/index.ts';
// A process entry point, like main.ts: the categoriser runs here too, so a parse result comes back
// enriched and the caller's event loop never walks its transactions.
import { enrichParsingResult } from '../modules/files/files.enrich.ts';
import type { JobReply, JobRequest } from './protocol.ts';

// The parent passes the configured OCR models as the first argument (children read no environment).
const models = process.argv[2];
if (models === 'auto' || models === 'fast' || models === 'best_int') setOcrModels(models);

const send = (m: JobReply): void => {
  process.send?.(m);
};

process.on('message', (m: JobRequest | { op: 'exit' }) => {
  if (m.op === 'exit') {
    void shutdownOcr().finally(() => process.exit(0));
    return;
  }
  const bytes = m.path !== undefined ? readFile(m.path).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.length)) : Promise.resolve(m.bytes);
  const run = bytes.then((b): Promise<unknown> =>
    m.op === 'validate'
      ? validateDocument(b, m.opts)
      : parseDocument(b, m.opts).then((o) => ({
          ...o,
          parsing_result: enrichParsingResult(o.parsing_result),
        })),
  );
  run.then(
    (value) => send({ id: m.id, ok: true, value }),
    (err: unknown) => {
      if (err instanceof DocumentParseError)
        send({ id: m.id, ok: false, parseError: { code: err.code, message: err.message } });
      else send({ id: m.id, ok: false, crash: err instanceof Error ? err.message : String(err) });
    },
  );
});

// The parent went away: nothing left to work for.
process.on('disconnect', () => process.exit(0));
