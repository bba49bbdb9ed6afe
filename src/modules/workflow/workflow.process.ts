/** Find-or-create of the process for an idPratica, serialised per (space, idPratica). */
import type { Executor } from '../../db/client.ts';
import type { ProcessesService, ProcessRow } from '../processes/index.ts';
import { workflowRepository } from './workflow.repository.ts';

export const processLockKey = (spaceId: string, idPratica: string): string => `docrisk.workflow.process:${spaceId}:${idPratica}`;

/**
 * Inside the caller's transaction: takes the (space, idPratica) lock, then finds the newest process with
 * that ext_application_id (409 when archived) and merges `attributes` into it, or creates it. Concurrent
 * calls for the same idPratica wait for each other, so they never create two processes.
 * `initial` attributes are set only when absent (e.g. main_applicant_name).
 */
export async function findOrCreateProcess(
  tx: Executor,
  processes: ProcessesService,
  spaceId: string,
  idPratica: string,
  attributes: Record<string, unknown>,
  initial: Record<string, unknown>,
): Promise<ProcessRow> {
  await workflowRepository.lock(tx, processLockKey(spaceId, idPratica));
  const found = await processes.findByExtApplicationId(tx, spaceId, idPratica);
  if (!found) {
    return processes.create(tx, spaceId, { extApplicationId: idPratica, options: {}, attributes: { ...initial, ...attributes } });
  }
  const row = await processes.lockActive(tx, spaceId, found.id);
  const current = (row.attributes ?? {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(initial)) if (merged[k] === undefined || merged[k] === null || merged[k] === '') merged[k] = v;
  Object.assign(merged, attributes);
  if (JSON.stringify(merged) !== JSON.stringify(current)) {
    await processes.touch(tx, row.id, merged);
    return { ...row, attributes: merged };
  }
  return row;
}
