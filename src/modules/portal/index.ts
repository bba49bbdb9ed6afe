export { PortalService, type PortalDeps } from './portal.service.ts';
export { portalRoutes } from './portal.routes.ts';
export type { SettingsView } from './portal.schemas.ts';
