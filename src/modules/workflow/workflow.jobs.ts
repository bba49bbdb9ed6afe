import { Type } from 'typebox';
import type { JobHandle, Jobs } from '../../jobs/registry.ts';
import type { ContinuePayload, WorkflowService } from './workflow.service.ts';

export const ContinueSchema = Type.Object({
  space_id: Type.String({ format: 'uuid' }),
  process_id: Type.String({ format: 'uuid' }),
  id_pratica: Type.String(),
  record_key: Type.String(),
  rerun_if: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  inputs: Type.Object({}, { additionalProperties: true }),
  round: Type.Integer({ minimum: 0 }),
});

/** The jobs this module enqueues, declared on the runtime. */
export const defineWorkflowJobs = (jobs: Jobs) => ({
  continue: jobs.define<typeof ContinueSchema, ContinuePayload>({ name: 'workflow.continue', schema: ContinueSchema, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 300 }),
});
export type WorkflowJobs = ReturnType<typeof defineWorkflowJobs>;

/** The handlers this module owns. */
export function handleWorkflowJobs(jobs: Jobs, handles: { continue: JobHandle<ContinuePayload> }, service: WorkflowService): void {
  jobs.handle(handles.continue, (data) => service.continueRun(data));
}
