/** Messages between the API/worker process and a document child (structured clone over IPC). */
import type { ParseOptions, ValidateOptions } from '../documents/types.ts';

export type JobRequest =
  | { id: number; op: 'validate'; bytes: Uint8Array; opts: ValidateOptions }
  | { id: number; op: 'parse'; bytes: Uint8Array; opts: ParseOptions };

export type JobReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; parseError: { code: string; message: string } }
  | { id: number; ok: false; crash: string };

/** Sent once by a child when it is ready for work (its RSS then is its idle RSS). */
export interface ChildReady {
  ready: true;
}
