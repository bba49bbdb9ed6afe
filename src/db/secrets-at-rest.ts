/** Startup pass of a key rotation: every stored secret not sealed with the current key is written again. */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { spaces, signingKeys } from './schema.ts';
import { currentSecretKeyId } from '../shared/secret-box.ts';
import { eq } from 'drizzle-orm';

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/** Re-encrypts under the first configured key; returns how many rows were rewritten. */
export async function resealSecrets(db: Executor): Promise<number> {
  const kid = currentSecretKeyId();
  if (kid === null) return 0;
  const prefix = `enc:v1:${kid}:%`;
  let n = 0;
  const staleSpaces = rowsOf<{ id: string }>(
    await db.execute(sql`select id from spaces where webhook_secret not like ${prefix}
      or (webhook_secret_previous is not null and webhook_secret_previous not like ${prefix})`),
  );
  for (const { id } of staleSpaces) {
    const [row] = await db
      .select({ s: spaces.webhookSecret, p: spaces.webhookSecretPrevious })
      .from(spaces)
      .where(eq(spaces.id, id));
    if (!row) continue;
    await db
      .update(spaces)
      .set({ webhookSecret: row.s, webhookSecretPrevious: row.p })
      .where(eq(spaces.id, id));
    n++;
  }
  const staleKeys = rowsOf<{ kid: string }>(
    await db.execute(
      sql`select kid from signing_keys where coalesce(private_jwk->>'enc', '') not like ${prefix}`,
    ),
  );
  for (const { kid: k } of staleKeys) {
    const [row] = await db
      .select({ j: signingKeys.privateJwk })
      .from(signingKeys)
      .where(eq(signingKeys.kid, k));
    if (!row) continue;
    await db.update(signingKeys).set({ privateJwk: row.j }).where(eq(signingKeys.kid, k));
    n++;
  }
  return n;
}
