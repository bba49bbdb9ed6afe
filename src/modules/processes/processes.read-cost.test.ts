/**
 * A Process read looks for the ten most recent refs of a sub-resource only when the process has some:
 * the four counts always run, a ref list's index scan only for a table the count found rows in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { PROCESS_JSON } from './processes.repository.ts';

let t: TestApp;
const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
const CHILDREN = ['files', 'bank_accounts', 'open_banking_accounts', 'credit_reports'];

beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t?.close());

/** Executed scans of each sub-resource table (plan nodes that ran at least once), by table. */
function scans(node: Record<string, unknown>, into: Record<string, number> = {}): Record<string, number> {
  const rel = node['Relation Name'];
  if (typeof rel === 'string' && CHILDREN.includes(rel) && Number(node['Actual Loops'] ?? 0) > 0) into[rel] = (into[rel] ?? 0) + 1;
  for (const k of (node.Plans as Record<string, unknown>[] | undefined) ?? []) scans(k, into);
  return into;
}

async function executedScans(processId: string): Promise<Record<string, number>> {
  const r = rows<Record<string, unknown>>(await t.app.database.db.execute(sql`explain (analyze, format json) select ${sql.raw(PROCESS_JSON)} as body from processes p where p.id = ${processId}::uuid`));
  const raw = Object.values(r[0]!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
  return scans(plan[0]!.Plan);
}

describe('process read cost', () => {
  it('a process with no sub-resources: the four counts, no ref list scanned', async () => {
    const p = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'READ-COST-0' } })).json();
    expect(await executedScans(p.process_id)).toEqual({ files: 1, bank_accounts: 1, open_banking_accounts: 1, credit_reports: 1 });
    const got = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` })).json();
    expect(got).toMatchObject({ total_files: 0, total_bank_accounts: 0, total_open_banking_accounts: 0, total_credit_reports: 0, file_refs: [], bank_account_refs: [], open_banking_account_refs: [], credit_report_refs: [] });
  });

  it('a process with bank accounts: their count and their refs, the other lists not scanned', async () => {
    const p = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'READ-COST-1' } })).json();
    for (let i = 0; i < 12; i++) {
      await t.app.database.db.execute(sql`insert into bank_accounts (id, process_id, space_id, ext_bank_account_id, iban, account_holder, currency_code, total_transactions, created_at, updated_at)
        values (gen_random_uuid(), ${p.process_id}::uuid, ${p.space_id}::uuid, ${`ba-${i}`}, 'IT60X0542811101000000123456', 'A', 'EUR', 0, now() - ${i} * interval '1 second', now())`);
    }
    expect(await executedScans(p.process_id)).toEqual({ files: 1, bank_accounts: 2, open_banking_accounts: 1, credit_reports: 1 });
    const got = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` })).json();
    expect(got.total_bank_accounts).toBe(12);
    expect(got.bank_account_refs.map((r: { ext_bank_account_id: string }) => r.ext_bank_account_id)).toEqual(Array.from({ length: 10 }, (_, i) => `ba-${i}`));
    expect(got).toMatchObject({ total_files: 0, file_refs: [], open_banking_account_refs: [], credit_report_refs: [] });
  });
});
