/**
 * Token signing keys (Ed25519), generated on first start and stored in the database so every
 * API process of an installation signs and verifies with the same keys.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Executor } from '../../db/client.ts';
import { randomToken } from '../../shared/ids.ts';
import { authRepository } from './auth.repository.ts';

export const TOKEN_ALG = 'EdDSA';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export class KeyRing {
  private current: SigningKey | null = null;
  private readonly verifiers = new Map<string, CryptoKey | null>();
  private readonly db: Executor;

  constructor(db: Executor) {
    this.db = db;
  }

  /** Loads the oldest active key, creating one when there is none (two racing processes converge on the oldest). */
  async init(): Promise<void> {
    let rows = await authRepository.activeSigningKeys(this.db);
    if (rows.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALG, { crv: 'Ed25519', extractable: true });
      const kid = `k_${randomToken(12)}`;
      await authRepository.insertSigningKey(this.db, {
        kid,
        alg: TOKEN_ALG,
        privateJwk: await exportJWK(privateKey),
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALG, use: 'sig' },
      });
      rows = await authRepository.activeSigningKeys(this.db);
    }
    const row = rows[0];
    if (!row) throw new Error('no signing key available');
    this.current = {
      kid: row.kid,
      privateKey: (await importJWK(row.privateJwk as JWK, TOKEN_ALG)) as CryptoKey,
      publicKey: (await importJWK(row.publicJwk as JWK, TOKEN_ALG)) as CryptoKey,
      publicJwk: row.publicJwk as JWK,
    };
    this.verifiers.set(row.kid, this.current.publicKey);
  }

  signing(): SigningKey {
    if (!this.current) throw new Error('key ring not initialised');
    return this.current;
  }

  /** Public key for a kid, or null when unknown (looked up once, then cached). */
  async verifier(kid: string): Promise<CryptoKey | null> {
    if (this.verifiers.has(kid)) return this.verifiers.get(kid) ?? null;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(kid)) return null;
    const row = await authRepository.findSigningKey(this.db, kid);
    const key = row?.active ? ((await importJWK(row.publicJwk as JWK, TOKEN_ALG)) as CryptoKey) : null;
    if (this.verifiers.size < 1000) this.verifiers.set(kid, key);
    return key;
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.current ? [this.current.publicJwk] : [] };
  }
}
