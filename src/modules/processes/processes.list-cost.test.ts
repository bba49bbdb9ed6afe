/** The process list computes counts and refs for the rows of its page only, whatever the offset. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { listPageSql } from './processes.repository.ts';

let t: TestApp;
let spaceId: string;
const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

beforeAll(async () => {
  t = await createTestApp({ workers: false });
  const p = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'COST' } })).json();
  spaceId = p.space_id;
  await t.app.database.db.execute(sql`insert into processes (id, space_id, ext_application_id, created_at, updated_at)
    select gen_random_uuid(), ${spaceId}::uuid, 'COST-' || i, now() - i * interval '1 second', now() from generate_series(1, 300) i`);
});
afterAll(async () => t?.close());

/** Highest number of times any sub-plan (the per-row counts and refs) ran. */
function maxSubplanLoops(node: Record<string, unknown>): number {
  const own = node['Parent Relationship'] === 'SubPlan' || typeof node['Subplan Name'] === 'string' ? Number(node['Actual Loops'] ?? 0) : 0;
  const kids = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return Math.max(own, ...kids.map(maxSubplanLoops));
}

describe('process list cost', () => {
  it('a page deep in the list runs the per-row sub-queries for its own rows only', async () => {
    const page = listPageSql({ spaceId }, 20, 260);
    const r = rows<Record<string, unknown>>(await t.app.database.db.execute(sql`explain (analyze, format json) ${page}`));
    const raw = Object.values(r[0]!)[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    const loops = maxSubplanLoops(plan[0]!.Plan);
    expect(loops).toBeGreaterThan(0);
    expect(loops).toBeLessThanOrEqual(20);
  });

  it('the page is the same rows in the same order as before', async () => {
    const all = (await t.request({ method: 'GET', url: '/document-engine/v1/processes?limit=100&offset=200' })).json();
    expect(all.total).toBe(301);
    expect(all.items).toHaveLength(100);
    const page = (await t.request({ method: 'GET', url: '/document-engine/v1/processes?limit=20&offset=260' })).json();
    expect(page.items.map((p: { process_id: string }) => p.process_id)).toEqual(all.items.slice(60, 80).map((p: { process_id: string }) => p.process_id));
    const created = page.items.map((p: { created_at: string }) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });
});
