import { AppError, badRequest } from '../../shared/errors.ts';

export const idempotencyErrors = {
  badKey: () =>
    badRequest('Idempotency-Key must be 1 to 255 visible characters', [
      { field: 'Idempotency-Key', code: 'invalid', message: 'Idempotency-Key must be 1 to 255 visible characters' },
    ]),
  reused: () =>
    new AppError({
      status: 422,
      code: 'idempotency_key_reused',
      title: 'Unprocessable Content',
      detail: 'this Idempotency-Key was already used with a different request',
    }),
  inFlight: () =>
    new AppError({
      status: 409,
      code: 'idempotency_key_in_use',
      title: 'Conflict',
      detail: 'a request with this Idempotency-Key is still being processed; retry after it has been answered',
      headers: { 'retry-after': '1' },
    }),
};
