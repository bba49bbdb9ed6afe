import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobsHandled: Counter<'job' | 'outcome'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'docrisk_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'docrisk_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobsHandled: new Counter({
      name: 'docrisk_jobs_handled_total',
      help: 'Jobs handled by this process, by outcome',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
  };
}
