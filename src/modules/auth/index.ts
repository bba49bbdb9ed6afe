export { AuthService, type Principal, type NewClientCredentials, DEFAULT_SPACE } from './auth.service.ts';
export { authRoutes } from './auth.routes.ts';
export { OAuthError } from './auth.errors.ts';
