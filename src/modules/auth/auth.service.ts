/**
 * Clients, tokens and the admin operations. Access tokens are EdDSA JWTs (kid, iss, aud, sub, scope, exp);
 * every request is checked against the client row too, so a revoked client's tokens stop working.
 */
import { timingSafeEqual } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, errors as joseErrors } from 'jose';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Principal } from '../../shared/principal.ts';
import { newId, randomToken } from '../../shared/ids.ts';
import { authErrors } from './auth.errors.ts';
import { authRepository, type ClientRow } from './auth.repository.ts';
import { KeyRing, TOKEN_ALG } from './keys.ts';
import { ALL_SCOPES, type Scope } from './scopes.ts';
import { constantTimeStringEquals, digestEquals, dummySecretHash, hashSecret, sha256Hex, verifySecret } from './secrets.ts';

export const AUDIENCE = 'docrisk-api';
export const DEFAULT_SPACE = 'default';

export type { Principal };

export interface TokenResponse {
  access_token: string;
  refresh_token: null;
  scope: string;
  expires_in: number;
  token_type: 'Bearer';
}

export interface NewClientCredentials {
  client_id: string;
  client_secret: string;
  subscription_key: string;
  space_id: string;
}

export interface AuthServiceDeps {
  db: Executor;
  clock: Clock;
  issuer: string;
  tokenTtlSeconds: number;
  newWebhookSecret: () => string;
}

const CLIENT_CACHE_MS = 2000;
/**
 * A cached client row this close to its expiry is read again in the background, once, while requests
 * keep passing with it: under a steady load the row never expires, so no request waits for the re-read
 * and the requests of that moment do not each read the row. A row is still never used past
 * CLIENT_CACHE_MS after its read began.
 */
const CLIENT_REFRESH_AHEAD_MS = 500;
const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i;

/** The access token of an Authorization header (`Bearer <token>`, any case, surrounding blanks allowed), or null. */
const bearerToken = (authorization: string): string | null => BEARER.exec(authorization.trim())?.[1] ?? null;
const VERIFIED_TOKEN_CACHE = 10000;
/** Seconds a token's iat may lie ahead of this process's clock (clock skew between API processes). */
const CLOCK_TOLERANCE_S = 30;

export class AuthService {
  readonly keys: KeyRing;
  private readonly deps: AuthServiceDeps;
  private readonly clientCache = new Map<string, { row: ClientRow | null; until: number }>();
  /** The client-row read in flight per client: concurrent requests share it (one round trip, not one each). */
  private readonly clientReads = new Map<string, Promise<ClientRow | null>>();
  private readonly verifiedTokens = new Map<string, { sub: string; expMs: number }>();
  /** The principal of a client row (rows are replaced when the client cache reloads them). */
  private readonly principals = new WeakMap<ClientRow, Principal>();
  private readonly keyDigests = new Map<string, Buffer>();
  /** A client row's stored subscription key hash as bytes (rows are replaced when the client cache reloads them). */
  private readonly keyHashes = new WeakMap<ClientRow, Buffer>();

  constructor(deps: AuthServiceDeps) {
    this.deps = deps;
    this.keys = new KeyRing(deps.db);
  }

  async init(): Promise<void> {
    await this.keys.init();
  }

  async ensureSpace(name: string): Promise<string> {
    const { row } = await authRepository.insertSpace(this.deps.db, {
      id: newId(),
      name,
      webhookSecret: this.deps.newWebhookSecret(),
    });
    return row.id;
  }

  /** Makes sure the bootstrap client exists in space `default` with exactly these credentials. */
  async ensureBootstrapClient(b: { clientId: string; clientSecret: string; subscriptionKey: string }): Promise<void> {
    const spaceId = await this.ensureSpace(DEFAULT_SPACE);
    const existing = await authRepository.findClient(this.deps.db, b.clientId);
    const subscriptionKeyHash = sha256Hex(b.subscriptionKey);
    if (!existing) {
      await authRepository.insertClient(this.deps.db, {
        clientId: b.clientId,
        spaceId,
        name: 'bootstrap',
        secretHash: await hashSecret(b.clientSecret),
        subscriptionKeyHash,
        scopes: ALL_SCOPES,
      });
      return;
    }
    const same =
      existing.spaceId === spaceId &&
      existing.revokedAt === null &&
      digestEquals(existing.subscriptionKeyHash, subscriptionKeyHash) &&
      (await verifySecret(b.clientSecret, existing.secretHash));
    if (!same) {
      await authRepository.updateClientCredentials(this.deps.db, b.clientId, {
        spaceId,
        secretHash: await hashSecret(b.clientSecret),
        subscriptionKeyHash,
      });
      this.forgetClient(b.clientId);
    }
  }

  /** On an installation without any client, creates a demo client once and returns its credentials. */
  async ensureDemoClient(): Promise<NewClientCredentials | null> {
    if ((await authRepository.countClients(this.deps.db)) > 0) return null;
    if (!(await authRepository.claimMetaFlag(this.deps.db, 'demo_client_created'))) return null;
    const spaceId = await this.ensureSpace(DEFAULT_SPACE);
    return this.createClient(spaceId, 'demo', true);
  }

  async createSpace(name: string): Promise<{ space_id: string; name: string; created_at: string }> {
    const { row, created } = await authRepository.insertSpace(this.deps.db, {
      id: newId(),
      name,
      webhookSecret: this.deps.newWebhookSecret(),
    });
    if (!created) throw authErrors.spaceExists(name);
    return { space_id: row.id, name: row.name, created_at: row.createdAt.toISOString() };
  }

  async createClient(spaceId: string, name: string | null, isDemo = false): Promise<NewClientCredentials> {
    const space = await authRepository.findSpace(this.deps.db, spaceId);
    if (!space) throw authErrors.spaceNotFound();
    const creds: NewClientCredentials = {
      client_id: `cl_${randomToken(12)}`,
      client_secret: `cs_${randomToken(32)}`,
      subscription_key: `sk_${randomToken(24)}`,
      space_id: spaceId,
    };
    await authRepository.insertClient(this.deps.db, {
      clientId: creds.client_id,
      spaceId,
      name,
      secretHash: await hashSecret(creds.client_secret),
      subscriptionKeyHash: sha256Hex(creds.subscription_key),
      scopes: ALL_SCOPES,
      isDemo,
    });
    return creds;
  }

  /** The space row (spaces are created and owned here; the portal module edits their settings). */
  async getSpace(spaceId: string) {
    return authRepository.findSpace(this.deps.db, spaceId);
  }

  async revokeClient(clientId: string): Promise<void> {
    const ok = await authRepository.revokeClient(this.deps.db, clientId, this.deps.clock.now());
    this.forgetClient(clientId);
    if (!ok) throw authErrors.clientNotFound();
  }

  /** The token endpoint: client credentials + subscription key → access token. */
  async issueToken(clientId: string, clientSecret: string, subscriptionKey: string | undefined): Promise<TokenResponse> {
    const client = await authRepository.findClient(this.deps.db, clientId);
    // Verify against a dummy hash for unknown clients, so response time does not tell which ids exist.
    const secretOk = await verifySecret(clientSecret, client?.secretHash ?? (await dummySecretHash()));
    if (!client || client.revokedAt !== null || !secretOk) throw authErrors.invalidClient();
    if (!subscriptionKey || !digestEquals(sha256Hex(subscriptionKey), client.subscriptionKeyHash)) {
      throw authErrors.missingSubscriptionKeyOnToken();
    }
    const key = this.keys.signing();
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const token = await new SignJWT({ scope: client.scopes, space_id: client.spaceId })
      .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(this.deps.issuer)
      .setAudience(AUDIENCE)
      .setSubject(client.clientId)
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(now + this.deps.tokenTtlSeconds)
      .setJti(newId())
      .sign(key.privateKey);
    return { access_token: token, refresh_token: null, scope: client.scopes, expires_in: this.deps.tokenTtlSeconds, token_type: 'Bearer' };
  }

  /** Checks a bearer token and the subscription key of a request. */
  async authenticate(authorization: string | undefined, subscriptionKey: string | undefined): Promise<Principal> {
    if (!authorization) throw authErrors.unauthenticated('missing Authorization: Bearer header');
    const token = bearerToken(authorization);
    if (token === null) throw authErrors.unauthenticated('Authorization header must be "Bearer <access_token>"');
    if (!subscriptionKey) throw authErrors.unauthenticated('missing Ocp-Apim-Subscription-Key header');
    const sub = this.verifiedTokens.get(token);
    const nowMs = this.deps.clock.now().getTime();
    const claims = sub && sub.expMs > nowMs ? sub : await this.verifyToken(token);
    const client = await this.cachedClient(claims.sub);
    if (!client || client.revokedAt !== null) throw authErrors.unauthenticated('client revoked or unknown');
    if (!this.keyMatches(subscriptionKey, client)) throw authErrors.unauthenticated('invalid Ocp-Apim-Subscription-Key for this client');
    return this.principalOf(client);
  }

  /**
   * The principal of a request when everything authenticate() checks is already in this process's
   * caches and passes — the token verified and not expired, the client row fresh and not revoked, the
   * subscription key matching — with no promise made; null in every other case (authenticate() then
   * decides, with its error). It never accepts what authenticate() would refuse: the same checks, on
   * the same cached state.
   */
  cached(authorization: string | undefined, subscriptionKey: string | undefined): Principal | null {
    if (!authorization || !subscriptionKey) return null;
    const token = bearerToken(authorization);
    if (token === null) return null;
    const claims = this.verifiedTokens.get(token);
    if (claims === undefined || claims.expMs <= this.deps.clock.now().getTime()) return null;
    const hit = this.freshClient(claims.sub);
    if (hit === undefined) return null;
    const client = hit.row;
    if (!client || client.revokedAt !== null || !this.keyMatches(subscriptionKey, client)) return null;
    return this.principalOf(client);
  }

  private principalOf(client: ClientRow): Principal {
    let principal = this.principals.get(client);
    if (!principal) {
      principal = { clientId: client.clientId, spaceId: client.spaceId, scopes: new Set(client.scopes.split(' ')) };
      this.principals.set(client, principal);
    }
    return principal;
  }

  /** Whether a subscription key is the client's: its SHA-256 against the stored one, in constant time. */
  private keyMatches(key: string, client: ClientRow): boolean {
    let expected = this.keyHashes.get(client);
    if (expected === undefined) {
      expected = Buffer.from(client.subscriptionKeyHash, 'hex');
      this.keyHashes.set(client, expected);
    }
    const got = this.keyDigest(key);
    return got.length === expected.length && got.length > 0 && timingSafeEqual(got, expected);
  }

  /** SHA-256 of a subscription key, remembered for the few keys a process sees (one per client). */
  private keyDigest(key: string): Buffer {
    let d = this.keyDigests.get(key);
    if (d === undefined) {
      d = Buffer.from(sha256Hex(key), 'hex');
      if (this.keyDigests.size >= 1000) this.keyDigests.clear();
      this.keyDigests.set(key, d);
    }
    return d;
  }

  /** Verifies signature, issuer, audience and expiry; remembers the result until the token expires. */
  private async verifyToken(token: string): Promise<{ sub: string; expMs: number }> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw authErrors.unauthenticated('malformed access token');
    }
    const key = kid ? await this.keys.verifier(kid) : null;
    if (!key) throw authErrors.unauthenticated('access token signed by an unknown key');
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: this.deps.issuer,
        audience: AUDIENCE,
        algorithms: [TOKEN_ALG],
        typ: 'at+jwt',
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: this.deps.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') throw new Error('no sub, iat or exp');
      // Sanity of iat and exp: issued in the past (another API process's clock may run a little
      // ahead), and never living longer than this service issues tokens for. exp itself is exact.
      const nowS = this.deps.clock.now().getTime() / 1000;
      if (payload.iat > nowS + CLOCK_TOLERANCE_S) throw new Error('issued in the future');
      if (payload.exp - payload.iat > this.deps.tokenTtlSeconds) throw new Error('lifetime longer than issued');
      const verified = { sub: payload.sub, expMs: payload.exp * 1000 };
      if (this.verifiedTokens.size >= VERIFIED_TOKEN_CACHE) this.verifiedTokens.clear();
      this.verifiedTokens.set(token, verified);
      return verified;
    } catch (e) {
      const expired = e instanceof joseErrors.JWTExpired;
      throw authErrors.unauthenticated(expired ? 'access token expired' : 'invalid access token');
    }
  }

  requireScope(p: Principal, scope: Scope): void {
    if (!p.scopes.has(scope)) throw authErrors.forbiddenScope(scope);
  }

  checkAdminToken(authorization: string | undefined, adminToken: string | null): void {
    if (adminToken === null) throw authErrors.adminDisabled();
    const m = /^Bearer\s+(\S.*)$/i.exec(authorization?.trim() ?? '');
    if (!m?.[1] || !constantTimeStringEquals(m[1], adminToken)) throw authErrors.unauthenticated('invalid admin token');
  }

  private async cachedClient(clientId: string): Promise<ClientRow | null> {
    const hit = this.freshClient(clientId);
    return hit ? hit.row : this.readClient(clientId);
  }

  /** The cached row when it is still within CLIENT_CACHE_MS of its read (re-read in the background near the end); undefined otherwise. */
  private freshClient(clientId: string): { row: ClientRow | null } | undefined {
    const hit = this.clientCache.get(clientId);
    if (hit === undefined) return undefined;
    const left = hit.until - Date.now();
    if (left <= 0) return undefined;
    if (left < CLIENT_REFRESH_AHEAD_MS && !this.clientReads.has(clientId)) {
      // A failed background read is not an answer to anyone: the row expires, and the next request reads it and sees the error.
      this.readClient(clientId).catch(() => undefined);
    }
    return hit;
  }

  /** Reads a client row, or joins the read of it already in flight; the row is cached from the moment its read began. */
  private readClient(clientId: string): Promise<ClientRow | null> {
    const inFlight = this.clientReads.get(clientId);
    if (inFlight) return inFlight;
    const began = Date.now();
    const read: Promise<ClientRow | null> = authRepository.findClient(this.deps.db, clientId).then(
      (row) => {
        // Not kept when the client was changed here while it was read (forgetClient): that row may be older than the change.
        if (this.clientReads.get(clientId) === read) {
          this.clientReads.delete(clientId);
          if (this.clientCache.size > 10000) this.clientCache.clear();
          this.clientCache.set(clientId, { row, until: began + CLIENT_CACHE_MS });
        }
        return row;
      },
      (e: unknown) => {
        if (this.clientReads.get(clientId) === read) this.clientReads.delete(clientId);
        throw e;
      },
    );
    this.clientReads.set(clientId, read);
    return read;
  }

  /** After a change of a client made here: its cached row and any read in flight are dropped. */
  private forgetClient(clientId: string): void {
    this.clientCache.delete(clientId);
    this.clientReads.delete(clientId);
  }

}
