import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t?.close());

const patch = (payload: object) => t.request({ method: 'PATCH', url: '/portal/v1/settings', payload });

describe('portal settings', () => {
  it('GET returns the defaults with a Standard Webhooks secret', async () => {
    const r = await t.request({ method: 'GET', url: '/portal/v1/settings' });
    expect(r.statusCode).toBe(200);
    const s = r.json();
    expect(s).toEqual({
      space_id: expect.any(String),
      auto_parsing: true,
      webhooks: { doc_engine_url: null, workflow_url: null },
      webhook_signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    expect(Buffer.from(s.webhook_signing_secret.slice(6), 'base64')).toHaveLength(32);
    expect(await t.app.services.portal.getAutoParsing(s.space_id)).toBe(true);
  });

  it('PATCH changes auto_parsing and public URLs, null or "" clears them, omitted fields stay', async () => {
    let r = await patch({ auto_parsing: false, webhooks: { doc_engine_url: 'https://93.184.215.14/docrisk/files', workflow_url: 'https://hooks.example.invalid/reports' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      auto_parsing: false,
      webhooks: { doc_engine_url: 'https://93.184.215.14/docrisk/files', workflow_url: 'https://hooks.example.invalid/reports' },
    });
    expect(await t.app.services.portal.getAutoParsing(r.json().space_id)).toBe(false);
    r = await patch({ webhooks: { workflow_url: null } });
    expect(r.json()).toMatchObject({ auto_parsing: false, webhooks: { doc_engine_url: 'https://93.184.215.14/docrisk/files', workflow_url: null } });
    r = await patch({ auto_parsing: true, webhooks: { doc_engine_url: '' } });
    expect(r.json()).toMatchObject({ auto_parsing: true, webhooks: { doc_engine_url: null, workflow_url: null } });
    const g = await t.request({ method: 'GET', url: '/portal/v1/settings' });
    expect(g.json()).toEqual(r.json());
  });

  it.each([
    ['ftp://93.184.215.14/x', 'invalid_url'],
    ['https://user:pw@93.184.215.14/x', 'invalid_url'],
    ['not a url', 'invalid_url'],
    ['http://127.0.0.1:8080/hook', 'refused_address'],
    ['http://localhost/hook', 'refused_address'],
    ['http://2130706433/', 'refused_address'],
    ['http://0x7f.1/', 'refused_address'],
    ['http://[::ffff:127.0.0.1]/', 'refused_address'],
    ['http://169.254.169.254/latest/meta-data', 'refused_address'],
    ['http://10.1.2.3/', 'refused_address'],
    ['http://192.168.0.10/', 'refused_address'],
  ])('PATCH refuses %s (400 naming the field)', async (url, code) => {
    for (const field of ['doc_engine_url', 'workflow_url']) {
      const r = await patch({ webhooks: { [field]: url } });
      expect(r.statusCode).toBe(400);
      expect(r.headers['content-type']).toContain('application/problem+json');
      const p = r.json();
      expect(p.detail).toContain(`webhooks.${field}`);
      expect(p.errors[0]).toMatchObject({ field: `webhooks.${field}`, code });
    }
    const s = await t.request({ method: 'GET', url: '/portal/v1/settings' });
    expect(s.json().webhooks).toEqual({ doc_engine_url: null, workflow_url: null });
  });

  it('rejects unknown fields and wrong types', async () => {
    expect((await patch({ colour: 'red' })).statusCode).toBe(400);
    expect((await patch({ auto_parsing: 'yes' })).statusCode).toBe(400);
    expect((await patch({ webhooks: { other_url: 'https://93.184.215.14/' } })).statusCode).toBe(400);
    expect((await patch({ webhooks: { doc_engine_url: 42 } })).statusCode).toBe(400);
  });

  it('rotation returns a new secret and keeps the previous one for the grace period', async () => {
    const before = (await t.request({ method: 'GET', url: '/portal/v1/settings' })).json();
    const r = await t.request({ method: 'POST', url: '/portal/v1/settings/rotate-webhook-secret' });
    expect(r.statusCode).toBe(200);
    const after = r.json();
    expect(after.webhook_signing_secret).toMatch(/^whsec_/);
    expect(after.webhook_signing_secret).not.toBe(before.webhook_signing_secret);
    expect({ ...after, webhook_signing_secret: 'x' }).toEqual({ ...before, webhook_signing_secret: 'x' });
    const space = await t.app.services.auth.getSpace(before.space_id);
    expect(space).toMatchObject({ webhookSecret: after.webhook_signing_secret, webhookSecretPrevious: before.webhook_signing_secret });
    expect(space!.webhookSecretRotatedAt).toBeInstanceOf(Date);
  });

  it('needs credentials', async () => {
    for (const [method, url] of [
      ['GET', '/portal/v1/settings'],
      ['PATCH', '/portal/v1/settings'],
      ['POST', '/portal/v1/settings/rotate-webhook-secret'],
      ['GET', '/portal/v1/webhook-deliveries'],
      ['POST', '/portal/v1/webhooks/test'],
    ] as const) {
      const r = await t.request({ method, url, auth: false, payload: {} });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
