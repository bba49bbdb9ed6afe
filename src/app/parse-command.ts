/**
 * `docrisk parse FILE...`: one File resource per line on stdout (NDJSON), progress on stderr.
 * A scanned page takes seconds of OCR, so a line every few seconds says the command is still working.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError, ocrModelsFromEnv } from '../config/config.ts';
import { normaliseDocumentType, setOcrModels } from '../documents/index.ts';
import { parseOffline, type OfflineStage } from '../modules/files/files.offline.ts';

export interface ParseCommandIo {
  out: (line: string) => void;
  progress: (line: string) => void;
  /** Milliseconds between "still working" lines (default 5000). */
  tickMs?: number;
}

export async function parseCommand(args: string[], io: ParseCommandIo): Promise<number> {
  const typeArg = args.find((a) => a.startsWith('--type='));
  const quiet = args.includes('--quiet') || args.includes('-q');
  const files = args.filter((a) => !a.startsWith('-'));
  if (files.length === 0) {
    io.progress('usage: docrisk parse [--type=<document_type>] [--quiet] FILE...');
    return 2;
  }
  const asserted = typeArg ? normaliseDocumentType(typeArg.slice('--type='.length)) : undefined;
  if (asserted === null) {
    io.progress(`docrisk: unknown document type ${JSON.stringify(typeArg)}`);
    return 2;
  }
  try {
    setOcrModels(ocrModelsFromEnv());
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.progress(`docrisk: ${e.message}`);
    return 2;
  }
  const say = quiet ? () => undefined : io.progress;
  let code = 0;
  for (const [i, f] of files.entries()) {
    const tag = `[${i + 1}/${files.length}] ${f}`;
    const started = Date.now();
    let stage = 'reading';
    const secs = () => ((Date.now() - started) / 1000).toFixed(1);
    const timer = setInterval(() => say(`${tag}: still ${stage} (${secs()} s)`), io.tickMs ?? 5000);
    timer.unref();
    try {
      const bytes = new Uint8Array(await readFile(f));
      const onStage = (s: OfflineStage) => {
        stage = s.stage;
        say(s.stage === 'validating' ? `${tag}: validating (${bytes.length} bytes)` : `${tag}: parsing ${s.format} as ${s.document_type}`);
      };
      const out = await parseOffline(f, bytes, { ...(asserted ? { assertedType: asserted } : {}), onStage });
      io.out(JSON.stringify(out));
      say(`${tag}: ${out.validation_result.status === 'success' ? out.parsing_status : `validation ${out.validation_result.status}`} in ${secs()} s`);
      if (out.parsing_status !== 'completed') code = 1;
    } catch (err) {
      io.progress(`docrisk: ${f}: ${err instanceof Error ? err.message : String(err)}`);
      code = 1;
    } finally {
      clearInterval(timer);
    }
  }
  return code;
}
