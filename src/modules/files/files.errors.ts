import { AppError, badRequest, notFound } from '../../shared/errors.ts';

export const fileErrors = {
  notFound: () => notFound('file'),
  notMultipart: () =>
    new AppError({ status: 415, code: 'unsupported_media_type', title: 'Unsupported Media Type', detail: 'upload with multipart/form-data' }),
  malformedMultipart: (why: string) =>
    badRequest(`the multipart body could not be read: ${why}`, [{ field: '(body)', code: 'malformed_multipart', message: why }], 'malformed_multipart'),
  missingField: (field: string) => badRequest(`${field} is required`, [{ field, code: 'required', message: `${field} is required` }]),
  badField: (field: string, message: string) => badRequest(`${field} ${message}`, [{ field, code: 'invalid', message: `${field} ${message}` }]),
  tooLarge: (limit: number) =>
    new AppError({ status: 413, code: 'payload_too_large', title: 'Content Too Large', detail: `file exceeds the upload limit of ${limit} bytes` }),
  unknownFiles: (ids: string[]) =>
    badRequest(
      `file_ids_filter names files that are not in this process: ${ids.join(', ')}`,
      ids.map((id) => ({ field: 'file_ids_filter', code: 'unknown_file', message: `file ${id} is not in this process` })),
    ),
  notParsable: (ids: string[]) =>
    badRequest(
      `only files whose validation status is success can be parsed: ${ids.join(', ')}`,
      ids.map((id) => ({ field: 'file_ids_filter', code: 'not_parsable', message: `file ${id} did not pass validation` })),
    ),
};
