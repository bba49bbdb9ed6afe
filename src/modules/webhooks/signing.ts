/** Standard Webhooks signing: `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`, key = base64 after `whsec_`. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';

export function secretKey(secret: string): Buffer {
  const b64 = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  const key = Buffer.from(b64, 'base64');
  if (key.length === 0) throw new Error('webhook secret is empty or not base64');
  return key;
}

export function signature(secret: string, webhookId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${webhookId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The webhook-signature header: one v1 signature per secret, space-separated (rotation grace period). */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestamp: number, body: string): string {
  return secrets.map((s) => signature(s, webhookId, timestamp, body)).join(' ');
}

/** Constant-time comparison of two signatures (`v1,…`). */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A webhook-id: stable across the retries of one message; receivers deduplicate on it. */
export const newWebhookId = (): string => `msg_${randomBytes(16).toString('base64url')}`;
