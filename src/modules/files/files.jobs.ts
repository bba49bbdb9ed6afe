import { Type } from 'typebox';
import type { JobDefinition } from '../../jobs/registry.ts';
import { PARSE_JOB, type FilesService } from './files.service.ts';

type ParsePayload = { file_id: string };

export const filesJobs = (service: FilesService): JobDefinition<ParsePayload>[] => [
  {
    name: PARSE_JOB,
    schema: Type.Object({ file_id: Type.String({ format: 'uuid' }) }),
    handler: (data) => service.parseFile(data.file_id),
    onExhausted: (data, err) => service.failParse(data.file_id, err),
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 600,
    batchSize: 4,
  },
];
