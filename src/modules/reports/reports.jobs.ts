import { Type, type Static } from 'typebox';
import type { JobHandle, Jobs } from '../../jobs/registry.ts';
import type { ReportsService } from './reports.service.ts';

export const ScorePayload = Type.Object({ credit_report_id: Type.String({ format: 'uuid' }) });
export type ScorePayload = Static<typeof ScorePayload>;

/** The jobs this module enqueues, declared on the runtime. */
export const defineReportsJobs = (jobs: Jobs) => ({
  score: jobs.define({ name: 'reports.score', schema: ScorePayload, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 600, batchSize: 2 }),
});
export type ReportsJobs = ReturnType<typeof defineReportsJobs>;

/** The handlers this module owns. */
export function handleReportsJobs(jobs: Jobs, handles: { score: JobHandle<ScorePayload> }, service: ReportsService): void {
  jobs.handle(handles.score, (data) => service.scoreReport(data.credit_report_id), {
    onExhausted: (data, err) => service.failReport(data.credit_report_id, err),
  });
}
