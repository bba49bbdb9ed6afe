export { WebhooksService, type WebhooksDeps } from './webhooks.service.ts';
export { DEFAULT_RETRY_SCHEDULE_SECONDS, DEFAULT_TUNING, retryDelaySeconds, type WebhookTuning } from './webhooks.tuning.ts';
export { toDeliveryView } from './webhooks.admin.ts';
export { type RecordEventInput, type RecordedEvent } from './webhooks.outbox.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { webhookErrors } from './webhooks.errors.ts';
export { EVENT_TYPES, type EventType, type DeliveryView } from './webhooks.schemas.ts';
export { verifyWebhook, WebhookVerificationError } from './verify.ts';
