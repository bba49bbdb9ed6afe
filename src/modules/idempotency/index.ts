export { IdempotencyService, REPLAYED_HEADER, fingerprint, parseIdempotencyKey, type IdempotentAnswer } from './idempotency.service.ts';
