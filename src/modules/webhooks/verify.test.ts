import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from '../../shared/ids.ts';
import { newWebhookId, signatureHeader } from './signing.ts';
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

describe('webhook-ids', () => {
  it('are msg_ and 16 random bytes in base64url, each unlike every other (across refills of the random pool)', () => {
    const ids = Array.from({ length: 3000 }, () => newWebhookId());
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // No 16-byte block repeats inside an id either (a pool read twice would show as equal halves across ids).
    const blocks = new Set(ids.map((id) => Buffer.from(id.slice(4), 'base64url').toString('hex')));
    expect(blocks.size).toBe(ids.length);
  });
});
