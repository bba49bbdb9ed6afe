import type { FileReadRow, FileRow } from './files.repository.ts';
import type { FileView } from './files.schemas.ts';

/** The File resource: upload response, GET by id and the Doc Engine callback body are this one shape. */
export function toFileView(f: FileReadRow): FileView {
  return {
    process_id: f.processId,
    ext_file_id: f.extFileId,
    file_id: f.id,
    document_type: f.documentType,
    validation_result: {
      status: f.validationStatus,
      errors: f.validationErrors as FileView['validation_result']['errors'],
      pre_result: (f.preResult ?? null) as FileView['validation_result']['pre_result'],
    },
    result_path: `/processes/${f.processId}/files/${f.id}`,
    parsing_status: f.parsingStatus,
    parsing_confidence: f.parsingStatus === 'completed' ? f.parsingConfidence : null,
    parsing_result: f.parsingStatus === 'completed' ? ((f.parsingResult ?? null) as FileView['parsing_result']) : null,
    errors: f.errors as FileView['errors'],
  };
}

export function toFileRef(f: FileRow) {
  return {
    file_id: f.id,
    ext_file_id: f.extFileId,
    validation_status: f.validationStatus,
    parsing_status: f.parsingStatus,
    document_type: f.documentType,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
