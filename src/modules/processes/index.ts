export { ProcessesService } from './processes.service.ts';
export { processesRoutes } from './processes.routes.ts';
export { processErrors } from './processes.errors.ts';
export type { ProcessRow } from './processes.repository.ts';
