import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.ts';

const TABLES = [
  'bank_accounts',
  'blobs',
  'clients',
  'credit_reports',
  'files',
  'idempotency_keys',
  'idempotent_requests',
  'meta',
  'open_banking_accounts',
  'processes',
  'rate_limits',
  'signing_keys',
  'spaces',
  'webhook_deliveries',
];

describe('migrations', () => {
  let db: TestDatabase | null = null;
  afterAll(async () => db?.drop());

  it('build every table from an empty database, and re-running them changes nothing', async () => {
    db = await createTestDatabase({ migrated: false });
    const tables = async () => {
      const r = await db!.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`);
      return ((r as unknown as { rows: { table_name: string }[] }).rows ?? []).map((x) => x.table_name);
    };
    expect(await tables()).toEqual([]);
    await db.database.migrate();
    expect(await tables()).toEqual(TABLES);
    await db.database.migrate();
    expect(await tables()).toEqual(TABLES);
    const idx = await db.database.db.execute(sql`select indexname from pg_indexes where tablename = 'processes' order by 1`);
    expect(((idx as unknown as { rows: { indexname: string }[] }).rows).map((r) => r.indexname)).toEqual(
      expect.arrayContaining(['processes_space_created_idx', 'processes_space_ext_app_idx', 'processes_space_status_created_idx']),
    );
  });
});
