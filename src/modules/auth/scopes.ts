/** Scopes carried by access tokens (defined in shared/, where the HTTP layer's route config reads them too). */
export { ALL_SCOPES, SCOPES, type Scope } from '../../shared/scopes.ts';
