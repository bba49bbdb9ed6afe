import { AppError, badRequest, notFound } from '../../shared/errors.ts';

export const processErrors = {
  notFound: () => notFound('process'),
  archived: () =>
    new AppError({
      status: 409,
      code: 'process_archived',
      title: 'Conflict',
      detail: 'the process is archived; archived processes allow reads only',
    }),
  badFilter: (field: string, message: string) => badRequest(`${field} ${message}`, [{ field, code: 'invalid', message: `${field} ${message}` }]),
};
