export { ReportsService, DEFAULT_TIME_BUDGET_MS, type ReportsDeps, type ReportEvent } from './reports.service.ts';
export { reportsRoutes } from './reports.routes.ts';
export { defineReportsJobs, handleReportsJobs, type ReportsJobs } from './reports.jobs.ts';
export { toCreditReportView } from './reports.view.ts';
export type { CreditReportView } from './reports.schemas.ts';
export { CreditReportSchema, ValidationResultSchema, type ReportInputsBody } from './reports.schemas.ts';
export { loadRiskModels } from './reports.models.ts';
