export { FilesService, type FilesDeps, type FileEvent, type ValidatedUpload, type ValidatedUploadInput } from './files.service.ts';
export { filesRoutes } from './files.routes.ts';
export { defineFilesJobs, handleFilesJobs, type FilesJobs } from './files.jobs.ts';
export { toFileView, toFileRef } from './files.view.ts';
export type { FileRow } from './files.repository.ts';
export type { FileView } from './files.schemas.ts';
export { readMultipartUpload } from './files.multipart.ts';
