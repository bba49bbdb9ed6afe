import { AppError, notFound } from '../../shared/errors.ts';

export const webhookErrors = {
  deliveryNotFound: () => notFound('webhook delivery'),
  invalidUrl: (field: string, code: 'invalid_url' | 'refused_address', message: string) =>
    new AppError({
      status: 400,
      code: code === 'invalid_url' ? 'invalid_webhook_url' : 'refused_webhook_url',
      title: 'Bad Request',
      detail: `${field} ${message}`,
      errors: [{ field, code, message: `${field} ${message}` }],
    }),
  noUrl: (field: string) =>
    new AppError({
      status: 400,
      code: 'webhook_url_not_configured',
      title: 'Bad Request',
      detail: `${field} is not configured; set it with PATCH /portal/v1/settings`,
      errors: [{ field, code: 'not_configured', message: `${field} is not configured` }],
    }),
};
