export { WorkflowService, type WorkflowDeps, type WorkflowView } from './workflow.service.ts';
export { workflowRoutes } from './workflow.routes.ts';
export { defineWorkflowJobs, handleWorkflowJobs, type WorkflowJobs } from './workflow.jobs.ts';
