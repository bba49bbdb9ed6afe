import { Type, type Static } from 'typebox';
import { DOCUMENT_TYPES } from '../../documents/types.ts';
import { PaginationQuery, Uuid, listEnvelope } from '../../http/common.ts';
import { RAW_JSON_KEYWORD } from '../../shared/raw-json.ts';
import { FileRefSchema } from '../processes/processes.schemas.ts';

const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ValidationErrorItem = Type.Object({
  code: Type.String({ description: 'document_type_mismatch, unsupported_format, password_protected, corrupt_file, empty_file, low_quality, multiple_documents, id_side_missing, …' }),
  message: Type.String(),
  page: Type.Optional(Type.Integer()),
});

export const PreResultSchema = Type.Object({
  full_name: Type.Union([Type.String(), Type.Null()]),
  document_number: Type.Union([Type.String(), Type.Null()]),
  validity_start_date: Type.Union([Type.String(), Type.Null()]),
  expiration_date: Type.Union([Type.String(), Type.Null()]),
  issuing_authority: Type.Union([Type.String(), Type.Null()]),
  completeness: Type.String({ enum: ['both_sides', 'front_only', 'back_only'] }),
});

export const FileSchema = Type.Object(
  {
    process_id: Type.String(),
    ext_file_id: nullable(Type.String()),
    file_id: Type.String(),
    document_type: Type.String({ enum: [...DOCUMENT_TYPES] }),
    validation_result: Type.Object({
      status: Type.String({ enum: ['success', 'failure', 'merged', 'unreadable', 'id_doc_incomplete'] }),
      errors: Type.Array(ValidationErrorItem),
      pre_result: Type.Union([PreResultSchema, Type.Null()]),
    }),
    result_path: Type.String({ description: '/processes/<process_id>/files/<file_id>' }),
    parsing_status: Type.String({ enum: ['uploaded', 'processing', 'completed', 'error'] }),
    parsing_confidence: Type.Union([Type.Number(), Type.Null()]),
    parsing_result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: 'named fields, each {value, confidence?, source?: {page, bbox?}}; populated when parsing_status is completed',
      // Served as the stored JSON text (src/http/serializer.ts).
      [RAW_JSON_KEYWORD]: true,
    }),
    errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: true })),
  },
  { description: 'a file: upload response, read by id, and the Doc Engine callback payload' },
);
export type FileView = Static<typeof FileSchema>;

export const FileListSchema = listEnvelope(FileRefSchema, 'file references, created_at descending');
export const FileListQuery = Type.Object({ ...PaginationQuery }, { additionalProperties: false });
export type FileListQuery = Static<typeof FileListQuery>;

export const FileParams = Type.Object({ process_id: Uuid('process id'), file_id: Uuid('file id') });
export const ProcessParams = Type.Object({ process_id: Uuid('process id') });

export const RunParsingBody = Type.Object(
  {
    file_ids_filter: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        maxItems: 1000,
        description: 'files to parse; omitted or empty: every file with parsing_status uploaded and validation status success',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RunParsingBody = Static<typeof RunParsingBody>;
export const RunParsingResponse = Type.Object({ process_id: Type.String(), file_ids: Type.Array(Type.String()) });

/** Upload multipart fields other than `file`. */
export const UPLOAD_FIELDS = ['ext_file_id', 'document_type', 'check_id_completeness'] as const;

export const UploadMultipartSchema = Type.Object(
  {
    ext_file_id: Type.String({ description: 'client-supplied file id' }),
    file: Type.String({ format: 'binary' }),
    document_type: Type.Optional(Type.String({ description: `asserted type; prefixed (it.bank_statement) or not; one of ${DOCUMENT_TYPES.join(', ')}` })),
    check_id_completeness: Type.Optional(Type.String({ enum: ['true', 'false'] })),
  },
  { required: ['ext_file_id', 'file'] },
);
