/** Scopes carried by access tokens; a route names the one it needs. */
export const SCOPES = [
  'processes:read',
  'processes:write',
  'files:read',
  'files:write',
  'accounts:read',
  'accounts:write',
  'reports:read',
  'reports:write',
  'settings:read',
  'settings:write',
  'workflow:run',
] as const;
export type Scope = (typeof SCOPES)[number];
export const ALL_SCOPES = SCOPES.join(' ');
