/**
 * Secrets at rest (webhook signing secrets, the token signing private key): AES-256-GCM with a
 * key from config (DOCRISK_SECRETS_KEYS = "id:base64key[,id:base64key…]"). The first key
 * encrypts; every listed key decrypts, so rotation is: put the new key first, keep the old one
 * after it, restart (startup re-encrypts every stored secret under the new key), then drop the
 * old key. Without keys, values are stored as before (plain) and still read either way.
 * Stored form: "enc:v1:<id>:<base64url(iv ‖ ciphertext ‖ tag)>".
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretKey {
  id: string;
  key: Buffer;
}

const PREFIX = 'enc:v1:';
let keys: SecretKey[] = [];

/** Installs the process's keys (from config, at startup). */
export function configureSecretKeys(k: readonly SecretKey[]): void {
  keys = [...k];
}

export const currentSecretKeyId = (): string | null => keys[0]?.id ?? null;

/** Parses DOCRISK_SECRETS_KEYS; throws a message naming what is wrong. */
export function parseSecretKeys(raw: string): SecretKey[] {
  return raw.split(',').map((item) => {
    const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(item.trim());
    if (!m) throw new Error('each key is id:base64 (id: 1-32 of A-Z a-z 0-9 _ -)');
    const key = Buffer.from(m[2]!, 'base64');
    if (key.length !== 32)
      throw new Error(
        `key ${m[1]} must be 32 bytes (base64 of 32 random bytes, e.g. openssl rand -base64 32)`,
      );
    return { id: m[1]!, key };
  });
}

export const isSealed = (v: string): boolean => v.startsWith(PREFIX);

export function seal(plain: string): string {
  const k = keys[0];
  if (!k) return plain;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.key, iv);
  const body = Buffer.concat([iv, c.update(plain, 'utf8'), c.final(), c.getAuthTag()]);
  return `${PREFIX}${k.id}:${body.toString('base64url')}`;
}

export function open(stored: string): string {
  if (!isSealed(stored)) return stored;
  const rest = stored.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const id = rest.slice(0, colon);
  const k = keys.find((x) => x.id === id);
  if (!k)
    throw new Error(
      `a stored secret is encrypted with key "${id}", which DOCRISK_SECRETS_KEYS does not list`,
    );
  const body = Buffer.from(rest.slice(colon + 1), 'base64url');
  const d = createDecipheriv('aes-256-gcm', k.key, body.subarray(0, 12));
  d.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([d.update(body.subarray(12, body.length - 16)), d.final()]).toString('utf8');
}
