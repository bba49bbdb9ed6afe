/** Hashing of client secrets (scrypt, salted) and subscription keys (SHA-256: looked up per request). */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

import { AppError } from '../../shared/errors.ts';

/**
 * scrypt runs on libuv's thread pool (4 threads by default), which the file system and the blob
 * store share: a flood of token requests used to hold every thread and stall uploads for seconds.
 * The gate lets two scrypts run at once (half the default pool) and queues at most MAX_WAITING more; past that the token
 * endpoint answers 503 with Retry-After instead of queueing without end.
 */
export const scryptGate = { active: 0, peak: 0, waiting: [] as (() => void)[], maxActive: 2, maxWaiting: 64 };

const busy = () =>
  new AppError({ status: 503, code: 'busy', title: 'Service Unavailable', detail: 'too many credential checks at once; retry shortly', headers: { 'retry-after': '1' } });

async function gated<T>(work: () => Promise<T>): Promise<T> {
  const g = scryptGate;
  if (g.active >= g.maxActive) {
    if (g.waiting.length >= g.maxWaiting) throw busy();
    await new Promise<void>((resolve) => g.waiting.push(resolve));
  } else g.active++;
  g.peak = Math.max(g.peak, g.active);
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (active stays the same), or free it.
    const next = g.waiting.shift();
    if (next) next();
    else g.active--;
  }
}

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  gated(() => new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (e, k) => (e ? reject(e) : resolve(k)))));

const N = 16384;
const R = 8;
const P = 1;

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, 32, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash of a random secret, verified when the client id is unknown so timing does not reveal it. */
let dummy: Promise<string> | null = null;
export const dummySecretHash = (): Promise<string> => (dummy ??= hashSecret(randomBytes(16).toString('hex')));

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64url');
  const got = await scrypt(secret, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function digestEquals(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function constantTimeStringEquals(a: string, b: string): boolean {
  return digestEquals(sha256Hex(a), sha256Hex(b));
}
