/**
 * A document child: runs the engine's public API for the parent, one job at a time. It holds no
 * database, no credentials and no sockets; the parent caps its heap (--max-old-space-size),
 * watches its RSS and its wall-clock time, and kills and replaces it on excess. Inside, pdf.js
 * decodes under the limits of pdfjs-guard.ts (decoded bytes per stream, JPX pixels), and OCR runs
 * one tesseract worker (a child runs one job at a time; the pool's children are the parallelism).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { DocumentParseError, LIMITS, parseDocument, setOcrModels, shutdownOcr, validateDocument, validateDocumentKeeping } from '../documents/index.ts';
import type { ValidationOutcome } from '../documents/index.ts';
import { setOcrEngine, TesseractEngine } from '../documents/index.ts';
// A process entry point, like main.ts: the categoriser runs here too, so a parse result comes back
// enriched and the caller's event loop never walks its transactions.
import { enrichParsingResult } from '../modules/files/files.enrich.ts';
import { applyBankCodeHint } from '../modules/files/files.bank-hint.ts';
import { installPdfGuard, takeRefusal } from './pdfjs-guard.ts';
import type { JobReply, JobRequest, ParseToFileReply } from './protocol.ts';

// The parent passes the configured OCR models as the first argument (children read no environment).
const models = process.argv[2];
if (models === 'auto' || models === 'fast' || models === 'best_int') setOcrModels(models);

const send = (m: JobReply): void => {
  process.send?.(m);
};

installPdfGuard({
  maxStreamBytes: LIMITS.pdfMaxDecodedStreamBytes,
  maxImagePixels: LIMITS.renderMaxImagePixels,
});
const engine = new TesseractEngine({ poolSize: 1 });
setOcrEngine(engine);
process.send?.({ ready: true });
// The worker is started now (English: the language probe reads first) rather than by the first OCR job,
// which waits for it if it comes before the worker is up. A worker that fails to start here is started
// again by that job.
if (process.argv[3] === 'warm') void engine.warm(['eng']).catch(() => undefined);

/** A validation that failed after the guard refused a stream is about that stream: too_large. */
function withRefusal(v: ValidationOutcome, refused: string | null): ValidationOutcome {
  if (!refused || v.status === 'success') return v;
  return { ...v, status: 'unreadable', errors: [{ code: 'too_large', message: refused }] };
}

/**
 * What the guard refused for the last few documents (by digest): the engine keeps OCR readings of
 * the same bytes (validate then parse), and a reading taken from there decodes nothing, so the
 * refusal would not be seen again.
 */
const refusedBefore = new Map<string, string>();

function refusal(key: string): string | null {
  const now = takeRefusal();
  if (now) {
    refusedBefore.delete(key);
    refusedBefore.set(key, now);
    while (refusedBefore.size > 8) refusedBefore.delete(refusedBefore.keys().next().value!);
  }
  return now ?? refusedBefore.get(key) ?? null;
}

async function run(m: JobRequest): Promise<unknown> {
  takeRefusal();
  // The parent names the stored file (the API process never holds an upload) or, in tests, passes bytes.
  const bytes = m.path !== undefined ? await readFile(m.path).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.length)) : m.bytes!;
  const key = createHash('sha256').update(bytes).digest('hex');
  if (m.op === 'validate') {
    if (!m.keep) return withRefusal(await validateDocument(bytes, m.opts), refusal(key));
    const v = await validateDocumentKeeping(bytes, m.opts);
    const refused = refusal(key);
    const outcome = withRefusal(v.outcome, refused);
    // A reading taken while the guard refused a stream is not kept: the parse meets the refusal itself.
    return { outcome, reading: refused ? null : v.reading };
  }
  try {
    const o = await parseDocument(bytes, m.opts, m.reading);
    takeRefusal();
    let result = enrichParsingResult(o.parsing_result);
    if (m.resultTo === undefined) return { ...o, parsing_result: result };
    // The result leaves as JSON in a file: the parent reads bytes and never parses or stringifies it.
    let bankHintErrors: ParseToFileReply['bank_hint_errors'] = [];
    if (m.bankCodeHint) ({ result, validationErrors: bankHintErrors } = applyBankCodeHint(result, m.bankCodeHint));
    await writeFile(m.resultTo, JSON.stringify(result));
    const reply: ParseToFileReply = { parsing_confidence: o.parsing_confidence, bank_hint_errors: bankHintErrors };
    return reply;
  } catch (e) {
    const refused = refusal(key);
    throw refused ? new DocumentParseError('too_large', refused) : e;
  }
}

process.on('message', (m: JobRequest | { op: 'exit' }) => {
  if (m.op === 'exit') {
    void shutdownOcr().finally(() => process.exit(0));
    return;
  }
  run(m).then(
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
