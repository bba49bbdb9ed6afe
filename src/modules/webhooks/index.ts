export {
  WebhooksService,
  DELIVER_JOB,
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  DEFAULT_TUNING,
  toDeliveryView,
  type WebhookTuning,
  type WebhooksDeps,
  type RecordEventInput,
  type RecordedEvent,
  type JobQueue,
} from './webhooks.service.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { webhookErrors } from './webhooks.errors.ts';
export { EVENT_TYPES, type EventType, type DeliveryView } from './webhooks.schemas.ts';
export { verifyWebhook, WebhookVerificationError } from './verify.ts';
