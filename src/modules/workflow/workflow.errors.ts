import { AppError, badRequest, type FieldProblem } from '../../shared/errors.ts';

export const workflowErrors = {
  missingFields: (fields: string[]) =>
    badRequest(
      `required fields are missing: ${fields.join(', ')}`,
      fields.map((field) => ({ field, code: 'required', message: `${field} is required` })),
    ),
  badField: (field: string, message: string) => badRequest(`${field} ${message}`, [{ field, code: 'invalid', message: `${field} ${message}` }]),
  badFields: (problems: FieldProblem[]) => badRequest(problems.map((p) => p.message).join('; '), problems),
  unknownFileIds: (problems: FieldProblem[]) =>
    badRequest(`parse names files that were not uploaded for this idPratica: ${problems.map((p) => p.field).join(', ')}`, problems, 'unknown_file'),
  badIdempotencyKey: () =>
    badRequest('Idempotency-Key must be 1 to 255 visible characters', [
      { field: 'Idempotency-Key', code: 'invalid', message: 'Idempotency-Key must be 1 to 255 visible characters' },
    ]),
  idempotencyKeyReused: () =>
    new AppError({
      status: 422,
      code: 'idempotency_key_reused',
      title: 'Unprocessable Content',
      detail: 'this Idempotency-Key was already used with a different request body',
    }),
};
