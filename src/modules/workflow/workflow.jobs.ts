import { Type } from 'typebox';
import type { JobDefinition } from '../../jobs/registry.ts';
import { CONTINUE_JOB, type ContinuePayload, type WorkflowService } from './workflow.service.ts';

export const workflowJobs = (service: WorkflowService): JobDefinition<ContinuePayload>[] => [
  {
    name: CONTINUE_JOB,
    schema: Type.Object({
      space_id: Type.String({ format: 'uuid' }),
      process_id: Type.String({ format: 'uuid' }),
      id_pratica: Type.String(),
      record_key: Type.String(),
      rerun_if: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
      inputs: Type.Object({}, { additionalProperties: true }),
      round: Type.Integer({ minimum: 0 }),
    }),
    handler: (data) => service.continueRun(data),
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 300,
  },
];
