/** Standard Webhooks signing: `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`, key = base64 after `whsec_`. */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

const PREFIX = 'whsec_';

export function secretKey(secret: string): Buffer {
  const b64 = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  const key = Buffer.from(b64, 'base64');
  if (key.length === 0) throw new Error('webhook secret is empty or not base64');
  return key;
}

/**
 * The HMAC key of a secret, made once: createHmac given a Buffer builds a key from it on every call
 * (≈ 30 µs per signature on Node 24 against ≈ 8 µs with a KeyObject).
 */
const keyObjects = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let k = keyObjects.get(secret);
  if (!k) {
    k = createSecretKey(secretKey(secret));
    if (keyObjects.size >= 1000) keyObjects.clear();
    keyObjects.set(secret, k);
  }
  return k;
}

export function signature(secret: string, webhookId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', hmacKey(secret)).update(`${webhookId}.${timestamp}.${body}`).digest('base64');
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

/**
 * Random bytes for webhook-ids, drawn from the CSPRNG 4 KiB at a time (as node's randomUUID caches its
 * entropy): a randomBytes(16) per event was a synchronous OpenSSL call each. Every id gets bytes no
 * other id had.
 */
const ID_POOL_BYTES = 4096;
let idPool = Buffer.alloc(0);
let idAt = 0;

/** A webhook-id: stable across the retries of one message; receivers deduplicate on it. */
export const newWebhookId = (): string => {
  if (idAt + 16 > idPool.length) {
    idPool = randomBytes(ID_POOL_BYTES);
    idAt = 0;
  }
  const id = `msg_${idPool.toString('base64url', idAt, idAt + 16)}`;
  idAt += 16;
  return id;
};
