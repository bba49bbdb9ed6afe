import { Type, type Static } from 'typebox';
import type { JobHandle, Jobs } from '../../jobs/registry.ts';
import type { FilesService } from './files.service.ts';

export const ParsePayload = Type.Object({ file_id: Type.String({ format: 'uuid' }) });
export type ParsePayload = Static<typeof ParsePayload>;

/** The jobs this module enqueues, declared on the runtime. */
export const defineFilesJobs = (jobs: Jobs) => ({
  parse: jobs.define({ name: 'files.parse', schema: ParsePayload, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 600, batchSize: 4 }),
});
export type FilesJobs = ReturnType<typeof defineFilesJobs>;

/** The handlers this module owns. */
export function handleFilesJobs(jobs: Jobs, handles: { parse: JobHandle<ParsePayload> }, service: FilesService): void {
  jobs.handle(handles.parse, (data) => service.parseFile(data.file_id), { onExhausted: (data, err) => service.failParse(data.file_id, err) });
}
