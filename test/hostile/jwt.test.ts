/** Access tokens signed with the service's own key but with the wrong shape are refused. */
// db-selection: PGlite is enough — access tokens refused by their shape and signature; the accepted path runs on PostgreSQL in auth.test.ts
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE } from '../../src/modules/auth/auth.service.ts';
import { TOKEN_ALG } from '../../src/modules/auth/keys.ts';
import { BOOT, createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t?.close());

interface Shape {
  typ?: string;
  iat?: number | null;
  exp?: number;
}

async function mint(shape: Shape): Promise<string> {
  const key = t.app.services.auth.keys.signing();
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ scope: 'processes:read', space_id: 'x' })
    .setProtectedHeader({
      alg: TOKEN_ALG,
      kid: key.kid,
      ...(shape.typ !== undefined ? { typ: shape.typ } : {}),
    })
    .setIssuer(t.config.issuer)
    .setAudience(AUDIENCE)
    .setSubject(BOOT.clientId)
    .setExpirationTime(shape.exp ?? now + 3600);
  if (shape.iat !== null) jwt.setIssuedAt(shape.iat ?? now);
  return jwt.sign(key.privateKey);
}

const call = async (token: string) =>
  (
    await t.request({
      method: 'GET',
      url: '/document-engine/v1/processes',
      auth: { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': BOOT.subscriptionKey },
    })
  ).statusCode;

describe('access token checks', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('a well-formed token passes (control)', async () => {
    expect(await call(await mint({ typ: 'at+jwt' }))).toBe(200);
  });

  it.each<[string, () => Shape]>([
    ['no typ', () => ({})],
    ['typ JWT (an ID token or another kind)', () => ({ typ: 'JWT' })],
    ['no iat', () => ({ typ: 'at+jwt', iat: null })],
    ['iat in the future', () => ({ typ: 'at+jwt', iat: now() + 3600, exp: now() + 7200 })],
    ['iat older than a token lifetime', () => ({ typ: 'at+jwt', iat: now() - 2 * 86400, exp: now() + 60 })],
    ['a lifetime longer than issued (exp a year out)', () => ({ typ: 'at+jwt', exp: now() + 365 * 86400 })],
  ])('%s → 401', async (_name, shape) => {
    expect(await call(await mint(shape()))).toBe(401);
  });
});
