/**
 * Receiver-side verification of a docrisk callback (Standard Webhooks). Usable by clients:
 *   const event = verifyWebhook(process.env.WEBHOOK_SECRET, req.headers, rawBodyString);
 * Throws WebhookVerificationError when a header is missing, the timestamp is outside the tolerance,
 * or no v1 signature in `webhook-signature` matches; returns the parsed JSON body otherwise.
 */
import { sameSignature, signature } from './signing.ts';

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyOptions {
  /** Accepted clock difference in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time (default: now). */
  now?: Date;
}

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  }
  const rec = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : rec[key];
  return Array.isArray(v) ? v[0] : v;
}

export function verifyWebhook(secret: string, headers: Headers, rawBody: string | Buffer, opts: VerifyOptions = {}): unknown {
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const sigs = header(headers, 'webhook-signature');
  if (!id || !ts || !sigs) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d{1,12}$/.test(ts)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const tolerance = opts.toleranceSeconds ?? 300;
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const timestamp = Number(ts);
  if (Math.abs(now - timestamp) > tolerance) throw new WebhookVerificationError('webhook-timestamp outside the tolerance');
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = signature(secret, id, timestamp, body);
  const ok = sigs.split(' ').some((s) => s.startsWith('v1,') && sameSignature(s, expected));
  if (!ok) throw new WebhookVerificationError('no matching signature');
  return JSON.parse(body) as unknown;
}
