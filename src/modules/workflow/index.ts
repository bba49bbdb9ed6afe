export { WorkflowService, CONTINUE_JOB, type WorkflowDeps, type WorkflowView } from './workflow.service.ts';
export { workflowRoutes } from './workflow.routes.ts';
export { workflowJobs } from './workflow.jobs.ts';
