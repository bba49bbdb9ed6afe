import { Type } from 'typebox';
import type { JobDefinition } from '../../jobs/registry.ts';
import { SCORE_JOB, type ReportsService } from './reports.service.ts';

type ScorePayload = { credit_report_id: string };

export const reportsJobs = (service: ReportsService): JobDefinition<ScorePayload>[] => [
  {
    name: SCORE_JOB,
    schema: Type.Object({ credit_report_id: Type.String({ format: 'uuid' }) }),
    handler: (data) => service.scoreReport(data.credit_report_id),
    onExhausted: (data, err) => service.failReport(data.credit_report_id, err),
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 600,
    batchSize: 2,
  },
];
