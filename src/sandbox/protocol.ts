/** Messages between the API/worker process and a document child (structured clone over IPC). */
import type { ParseOptions, ValidateOptions } from '../documents/types.ts';

/** The document: its bytes, or a file the child reads itself (the caller then never holds or copies them). */
export type JobSource = { bytes: Uint8Array; path?: undefined } | { path: string; bytes?: undefined };

/**
 * `keep`: the reply is `{ outcome, reading }` (the engine's validateDocumentKeeping), the reading being
 * what the sources read, for the parse to take (`reading`) instead of reading the file again.
 */
export type JobRequest =
  | ({ id: number; op: 'validate'; opts: ValidateOptions; keep?: boolean } & JobSource)
  | ({ id: number; op: 'parse'; opts: ParseOptions; reading?: Uint8Array | null; resultTo?: string; bankCodeHint?: string } & JobSource);

/**
 * A parse with `resultTo`: the child writes the enriched result there as JSON and answers this, so
 * the caller never holds the result as an object (a 199k-row statement is ≈ 40 MB of JSON).
 */
export interface ParseToFileReply {
  parsing_confidence: number;
  /** What the bank-code hint found (`bank_code_mismatch`), when one was given. */
  bank_hint_errors: { code: string; message: string }[];
}

export type JobReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; parseError: { code: string; message: string } }
  | { id: number; ok: false; crash: string };

/** Sent once by a child when it is ready for work (its RSS then is its idle RSS). */
export interface ChildReady {
  ready: true;
}
