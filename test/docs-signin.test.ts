/**
 * /docs in a real browser (playwright-core + Debian's chromium): signing in with the OAuth2 client-credentials
 * flow of the OpenAPI document works, the subscription key entered beside it going with the token request.
 */
// db-selection: PGlite is enough — the docs page in a browser; the token route's client lookup runs on PostgreSQL in auth.test.ts
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, createTestApp, type TestApp } from './helpers/app.ts';

const CHROMIUM = '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROMIUM))('API docs page', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    base = await t.app.server!.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'] });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in through OAuth2 client credentials with the subscription key, and shows /openapi.json in the explore box', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${base}/docs/`);
    await page.locator('.information-container').waitFor();
    // The explore box offers the public document, not the UI's copy at /docs/json.
    expect(await page.locator('.topbar select#select').inputValue()).toBe('/openapi.json');
    await page.locator('.btn.authorize').first().click();
    const box = (name: string) => page.locator('.auth-container').filter({ hasText: name });
    await box('subscriptionKey').locator('input').first().fill(BOOT.subscriptionKey);
    await box('subscriptionKey').locator('button.authorize').click();
    await box('oauth2').locator('#client_id_clientCredentials').fill(BOOT.clientId);
    await box('oauth2').locator('#client_secret_clientCredentials').fill(BOOT.clientSecret);
    const token = page.waitForResponse((r) => r.url().endsWith('/auth/v1/oauth/token'));
    await box('oauth2').locator('button.authorize').click();
    const r = await token;
    expect(r.status()).toBe(200);
    expect(r.request().headers()['ocp-apim-subscription-key']).toBe(BOOT.subscriptionKey);
    expect(((await r.json()) as { token_type: string }).token_type).toBe('Bearer');
    await expect.poll(() => box('oauth2').locator('button', { hasText: 'Logout' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
