/**
 * The only composition root: config → db → queue → modules → server and/or workers.
 * `serve`, `worker` and the CLI all build the application here.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createMetrics, type Metrics } from '../http/metrics.ts';
import { createServer } from '../http/server.ts';
import { rateLimitDeps } from '../http/rate-limit.ts';
import { configureSecretKeys } from '../shared/secret-box.ts';
import { resealSecrets } from '../db/secrets-at-rest.ts';
import { DocumentSandbox } from '../sandbox/pool.ts';
import { portalUiRoutes } from '../http/portal-ui.ts';
import type { JobDefinition, Jobs } from '../jobs/registry.ts';
import { JobRuntime } from '../jobs/runtime.ts';
import { AuthService, authRoutes, type NewClientCredentials } from '../modules/auth/index.ts';
import { ProcessesService, processesRoutes } from '../modules/processes/index.ts';
import { FilesService, defineFilesJobs, handleFilesJobs, filesRoutes } from '../modules/files/index.ts';
import { AccountsService, accountsRoutes } from '../modules/accounts/index.ts';
import { loadRiskModels, ReportsService, defineReportsJobs, handleReportsJobs, reportsRoutes } from '../modules/reports/index.ts';
import { WorkflowService, defineWorkflowJobs, handleWorkflowJobs, workflowRoutes } from '../modules/workflow/index.ts';
import { PortalService, portalRoutes } from '../modules/portal/index.ts';
import { WebhooksService, webhooksRoutes, type WebhookTuning } from '../modules/webhooks/index.ts';
import { IdempotencyService } from '../modules/idempotency/index.ts';
import { createBlobStore, type BlobStore } from '../blobs/index.ts';
import { bufferedLogDestination } from './log-destination.ts';
import { createOpsServer, type OpsServer } from './ops-server.ts';
import { openApiDeps } from './openapi-schemas.ts';
import { setOcrModels, shutdownOcr } from '../documents/index.ts';
import { systemClock, type Clock } from '../shared/clock.ts';
import { newWebhookSecret } from '../shared/ids.ts';

export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface AppOptions {
  config: Config;
  /** Serve HTTP (serve) — false for `docrisk worker`. */
  http: boolean;
  /** Handle jobs in this process. */
  workers: boolean;
  logger?: Logger;
  database?: Database;
  clock?: Clock;
  /** Extra jobs, declared and handled (tests, plug-ins); enqueue through `app.jobs.job(name)`. */
  extraJobs?: JobDefinition<never>[];
  /** Leaves out the handlers of these module jobs (tests of the registry check: start is refused). */
  withoutJobs?: readonly string[];
  jobTuning?: { superviseIntervalSeconds?: number; heartbeatSeconds?: number };
  /** Retry schedule, timeouts, concurrency of webhook delivery (tests, benchmarks). */
  webhookTuning?: Partial<WebhookTuning>;
}

export interface App {
  config: Config;
  logger: Logger;
  database: Database;
  jobs: JobRuntime;
  server: FastifyInstance | null;
  metrics: Metrics;
  services: {
    auth: AuthService;
    processes: ProcessesService;
    files: FilesService;
    webhooks: WebhooksService;
    portal: PortalService;
    accounts: AccountsService;
    reports: ReportsService;
    workflow: WorkflowService;
  };
  blobs: BlobStore;
  /** The document sandbox (null with DOCRISK_SANDBOX=0). */
  sandbox: DocumentSandbox | null;
  /** Credentials of the demo client when this start created it (print once). */
  demoClient: NewClientCredentials | null;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function buildApp(opts: AppOptions): Promise<App> {
  const { config } = opts;
  // Lines written in blocks, flushed every 200 ms and at exit (log-destination.ts).
  const logDestination = opts.logger ? null : bufferedLogDestination();
  const logger = opts.logger ?? pino({ level: config.logLevel, base: { service: 'docrisk' } }, logDestination!.stream);
  const clock = opts.clock ?? systemClock;
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteThread: config.pgliteThread }));
  try {
    await database.migrate();
    const db = database.db;
    configureSecretKeys(config.secretKeys);
    const resealed = await resealSecrets(db);
    if (resealed > 0) logger.info({ resealed }, 'stored secrets encrypted with the current DOCRISK_SECRETS_KEYS key');

    const auth = new AuthService({
      db,
      clock,
      issuer: config.issuer,
      tokenTtlSeconds: config.tokenTtlSeconds,
      newWebhookSecret,
    });
    await auth.init();
    if (config.bootstrap) await auth.ensureBootstrapClient(config.bootstrap);
    // Only a process that serves the API creates the demo client (and prints it): a worker has no portal to point at.
    const demoClient = config.bootstrap || !opts.http ? null : await auth.ensureDemoClient();

    const processes = new ProcessesService(db, clock);
    const idempotency = new IdempotencyService({ db, clock });
    const blobs = await createBlobStore(config.blobStore, config.dataDir, db, config.s3);
    // The job runtime comes first: each module declares the jobs it enqueues on it (typed handles) and
    // registers the handlers it owns; start() refuses a declared job that has no handler.
    const metrics = createMetrics();
    const jobs = new JobRuntime(database, logger.child({ component: 'jobs' }), {
      concurrency: config.workerConcurrency,
      heartbeatSeconds: config.jobHeartbeatSeconds,
      onHandled: (job, outcome) => metrics.jobsHandled.inc({ job, outcome }),
      ...(opts.jobTuning ?? {}),
    });
    const leftOut = new Set(opts.withoutJobs ?? []);
    const registrar: Jobs = {
      define: (spec) => jobs.define(spec),
      handle: (job, handler, o) => {
        if (!leftOut.has(job.name)) jobs.handle(job, handler, o);
      },
    };
    const filesJobs = defineFilesJobs(jobs);
    const reportsJobs = defineReportsJobs(jobs);
    const workflowJobs = defineWorkflowJobs(jobs);
    // Callbacks need no queue job: the outbox row is the delivery's job (modules/webhooks).
    const webhooks = new WebhooksService({
      database,
      clock,
      log: logger.child({ component: 'webhooks' }),
      allowPrivate: config.webhookAllowPrivate,
      version: VERSION,
      tuning: { maxPerOrigin: config.webhookConcurrency, ...(opts.webhookTuning ?? {}) },
    });
    const portal = new PortalService({ db, clock, webhooks, newWebhookSecret });

    setOcrModels(config.ocrModels);
    // With HTTP and more than one child, one stays free for the validations uploads wait on.
    const sandbox = config.sandbox.enabled
      ? new DocumentSandbox({ ...config.sandbox, ocrModels: config.ocrModels, recycleAfterJobs: 50, reservedForValidation: opts.http && config.sandbox.workers > 1 ? 1 : 0 })
      : null;
    const files = new FilesService({
      ...(sandbox ? { engine: sandbox } : {}),
      db,
      clock,
      blobs,
      processes,
      maxUploadBytes: config.maxUploadBytes,
      parseJob: filesJobs.parse,
      autoParsing: (spaceId) => portal.getAutoParsing(spaceId),
      recordEvent: async (tx, ev) => {
        await webhooks.recordEvent(tx, ev);
      },
    });

    const accounts = new AccountsService({ db, clock, processes });
    const reports = new ReportsService({
      db,
      clock,
      processes,
      files,
      accounts,
      scoreJob: reportsJobs.score,
      recordEvent: async (tx, ev) => {
        await webhooks.recordEvent(tx, ev);
      },
      log: logger.child({ component: 'reports' }),
      riskModels: loadRiskModels(config.riskModelFiles),
    });
    const workflow = new WorkflowService({
      db,
      clock,
      processes,
      files,
      accounts,
      reports,
      continueJob: workflowJobs.continue,
      log: logger.child({ component: 'workflow' }),
    });

    handleFilesJobs(registrar, filesJobs, files);
    handleReportsJobs(registrar, reportsJobs, reports);
    handleWorkflowJobs(registrar, workflowJobs, workflow);
    for (const d of opts.extraJobs ?? []) jobs.register(d);
    await jobs.start();
    if (opts.workers) await jobs.work();
    if (opts.workers) await webhooks.startDelivery();
    const runtime = jobs;

    const server = opts.http
      ? await createServer({
          logger,
          auth,
          adminToken: config.adminToken,
          maxUploadBytes: config.maxUploadBytes,
          metrics,
          ready: () => database.ping(),
          version: VERSION,
          openapi: openApiDeps(),
          edges: config.edges,
          rateLimit: rateLimitDeps(config.rateLimit, db),
          routes: [authRoutes(auth), processesRoutes(processes, idempotency), filesRoutes(files, idempotency), accountsRoutes(accounts), reportsRoutes(reports, idempotency), workflowRoutes(workflow, files), portalRoutes(portal), webhooksRoutes(webhooks), portalUiRoutes()],
        })
      : null;
    // A worker-only process answers health and metrics on a port of its own.
    const ops: OpsServer | null = server ? null : createOpsServer({ metrics, ready: () => database.ping(), log: logger.child({ component: 'ops' }), role: 'worker' });

    let closed = false;
    return {
      config,
      logger,
      database,
      jobs: runtime,
      server,
      metrics,
      blobs,
      sandbox,
      services: { auth, processes, files, webhooks, portal, accounts, reports, workflow },
      demoClient,
      /** The API's address; for a worker-only process, its health and metrics listener's (DOCRISK_WORKER_PORT). */
      async listen() {
        if (server) return server.listen({ port: config.port, host: config.host });
        return ops!.listen(config.workerPort, config.host);
      },
      async close() {
        if (closed) return;
        closed = true;
        // Stop accepting and finish in-flight requests, then in-flight jobs, then close the database.
        if (server) await server.close();
        await ops?.close();
        await webhooks.stop(config.shutdownGraceMs);
        await runtime.stop(config.shutdownGraceMs);
        // The OCR workers (process-wide, started on the first scanned upload) end with the last user.
        await shutdownOcr();
        await sandbox?.close(config.shutdownGraceMs);
        await database.close();
        await logDestination?.close();
      },
    };
  } catch (err) {
    if (!opts.database) await database.close().catch(() => undefined);
    throw err;
  }
}
