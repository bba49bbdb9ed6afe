/** Webhook signing secrets and the token signing key are encrypted at rest; key rotation re-encrypts. */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spaces } from '../../src/db/schema.ts';
import { resealSecrets } from '../../src/db/secrets-at-rest.ts';
import { configureSecretKeys, parseSecretKeys } from '../../src/shared/secret-box.ts';
import { createTestApp } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());
afterEach(() => configureSecretKeys([]));

describe('secrets at rest', () => {
  it('rotation: plain → k1 → k2, values unchanged for the code, never plain in the table', async () => {
    const d = db.database.db;
    const raw = async (id: string) =>
      rowsOf<{ s: string }>(await d.execute(sql`select webhook_secret as s from spaces where id = ${id}`))[0]!
        .s;
    const read = async (id: string) =>
      (await d.select().from(spaces).where(eq(spaces.id, id)))[0]!.webhookSecret;
    const id = randomUUID();
    await d.insert(spaces).values({ id, name: `s-${id}`, webhookSecret: 'whsec_plain' });
    expect(await raw(id)).toBe('whsec_plain');

    configureSecretKeys(parseSecretKeys(K1));
    expect(await resealSecrets(d)).toBeGreaterThan(0);
    expect(await raw(id)).toMatch(/^enc:v1:k1:/);
    expect(await read(id)).toBe('whsec_plain');
    expect(await resealSecrets(d)).toBe(0);

    configureSecretKeys(parseSecretKeys(`${K2},${K1}`));
    expect(await read(id)).toBe('whsec_plain');
    await resealSecrets(d);
    expect(await raw(id)).toMatch(/^enc:v1:k2:/);

    configureSecretKeys(parseSecretKeys(K2));
    expect(await read(id)).toBe('whsec_plain');
    configureSecretKeys(parseSecretKeys(K1));
    await expect(read(id)).rejects.toThrow(/key "k2"/);
  });

  it('a service started with DOCRISK_SECRETS_KEYS stores both sealed and still signs tokens and shows the secret', async () => {
    const t = await createTestApp({ workers: false, env: { DOCRISK_SECRETS_KEYS: K1 } });
    try {
      const d = t.db.database.db;
      const secrets = rowsOf<{ s: string }>(await d.execute(sql`select webhook_secret as s from spaces`));
      expect(secrets.length).toBeGreaterThan(0);
      for (const { s } of secrets) expect(s).toMatch(/^enc:v1:k1:/);
      const jwks = rowsOf<{ j: unknown }>(await d.execute(sql`select private_jwk as j from signing_keys`));
      for (const { j } of jwks) {
        const v = typeof j === 'string' ? JSON.parse(j) : j;
        expect(Object.keys(v as object)).toEqual(['enc']);
      }
      const settings = await t.request({ method: 'GET', url: '/portal/v1/settings' });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().webhook_signing_secret).toMatch(/^whsec_/);
    } finally {
      await t.close();
    }
  });

  it('a malformed key is a config error at start', async () => {
    await expect(
      createTestApp({ workers: false, env: { DOCRISK_SECRETS_KEYS: 'k1:c2hvcnQ=' } }),
    ).rejects.toThrow(/32 bytes/);
  });
});
