import { AppError, RenderedError, type ErrorResponse } from '../../shared/errors.ts';

/** RFC 6749 section 5.2 error of the token endpoint (rendered as {error, error_description}). */
export class OAuthError extends RenderedError {
  readonly status: 400 | 401;
  readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';
  constructor(status: 400 | 401, error: OAuthError['error'], description: string) {
    super(description);
    this.name = 'OAuthError';
    this.status = status;
    this.error = error;
  }
  response(): ErrorResponse {
    return { status: this.status, headers: { 'cache-control': 'no-store' }, body: { error: this.error, error_description: this.message } };
  }
}

export const authErrors = {
  invalidClient: () => new OAuthError(401, 'invalid_client', 'client authentication failed'),
  missingSubscriptionKeyOnToken: () =>
    new OAuthError(401, 'invalid_client', 'missing or invalid Ocp-Apim-Subscription-Key header'),
  unauthenticated: (detail: string) =>
    new AppError({
      status: 401,
      code: 'unauthenticated',
      title: 'Unauthorized',
      detail,
      headers: { 'www-authenticate': 'Bearer realm="docrisk"' },
    }),
  forbiddenScope: (scope: string) =>
    new AppError({ status: 403, code: 'insufficient_scope', title: 'Forbidden', detail: `the token lacks scope ${scope}` }),
  adminDisabled: () =>
    new AppError({ status: 404, code: 'not_found', title: 'Not Found', detail: 'admin API is not enabled (set DOCRISK_ADMIN_TOKEN)' }),
  spaceNotFound: () => new AppError({ status: 404, code: 'not_found', title: 'Not Found', detail: 'space not found' }),
  clientNotFound: () => new AppError({ status: 404, code: 'not_found', title: 'Not Found', detail: 'client not found' }),
  spaceExists: (name: string) =>
    new AppError({ status: 409, code: 'space_exists', title: 'Conflict', detail: `a space named ${JSON.stringify(name)} exists` }),
};
