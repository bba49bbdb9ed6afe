import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from '../../shared/ids.ts';
import { signatureHeader } from './signing.ts';
import { verifyWebhook, WebhookVerificationError } from './verify.ts';

describe('signing and verifyWebhook', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ file_id: 'f1', amount: 12.5, note: 'àèé €' });
  const now = new Date('2026-01-01T00:00:00Z');
  const ts = Math.floor(now.getTime() / 1000);

  it('matches the standardwebhooks reference implementation both ways', () => {
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader([secret], 'msg_1', ts, body) };
    expect(new Webhook(secret).sign('msg_1', now, body)).toBe(headers['webhook-signature']);
    expect(verifyWebhook(secret, headers, body, { now })).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, headers, Buffer.from(body), { now })).toEqual(JSON.parse(body));
  });

  it('accepts either of two space-separated signatures (rotation)', () => {
    const old = newWebhookSecret();
    const headers = { 'webhook-id': 'msg_2', 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader([secret, old], 'msg_2', ts, body) };
    expect(verifyWebhook(secret, headers, body, { now })).toBeTruthy();
    expect(verifyWebhook(old, headers, body, { now })).toBeTruthy();
    expect(() => verifyWebhook(newWebhookSecret(), headers, body, { now })).toThrow(WebhookVerificationError);
  });

  it('rejects tampering, stale timestamps and missing headers', () => {
    const headers = { 'webhook-id': 'msg_3', 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader([secret], 'msg_3', ts, body) };
    expect(() => verifyWebhook(secret, headers, body + ' ', { now })).toThrow(/no matching signature/);
    expect(() => verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_x' }, body, { now })).toThrow(/no matching/);
    expect(() => verifyWebhook(secret, headers, body, { now: new Date(now.getTime() + 301_000) })).toThrow(/tolerance/);
    expect(verifyWebhook(secret, headers, body, { now: new Date(now.getTime() + 599_000), toleranceSeconds: 600 })).toBeTruthy();
    expect(() => verifyWebhook(secret, { 'webhook-id': 'msg_3' }, body, { now })).toThrow(/missing/);
    // Header lookup is case-insensitive and works with a fetch Headers object too.
    const h = new Headers(headers);
    expect(verifyWebhook(secret, h, body, { now })).toBeTruthy();
    expect(verifyWebhook(secret, { 'Webhook-Id': 'msg_3', 'Webhook-Timestamp': String(ts), 'Webhook-Signature': headers['webhook-signature'] }, body, { now })).toBeTruthy();
  });
});
