/** Process lifecycle (active → archived) and the read-only guard that every modifying route reuses. */
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../http/common.ts';
import type { Clock } from '../../shared/clock.ts';
import { isUuid, newId } from '../../shared/ids.ts';
import { processErrors } from './processes.errors.ts';
import { processesRepository, type ProcessAggregate, type ProcessRow } from './processes.repository.ts';
import type { ArchivedProcessView, ProcessListQuery, ProcessView, StartProcessBody } from './processes.schemas.ts';

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

function refsWithIsoDates(refs: Record<string, unknown>[]): Record<string, unknown>[] {
  return refs.map((r) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) }));
}

export function toProcessView(a: ProcessAggregate): ProcessView {
  return {
    process_id: a.row.id,
    ext_application_id: a.row.extApplicationId,
    space_id: a.row.spaceId,
    status: a.row.status,
    created_at: a.row.createdAt.toISOString(),
    updated_at: a.row.updatedAt.toISOString(),
    total_files: a.totals.files,
    total_bank_accounts: a.totals.bankAccounts,
    total_open_banking_accounts: a.totals.openBankingAccounts,
    total_credit_reports: a.totals.creditReports,
    file_refs: refsWithIsoDates(a.fileRefs) as ProcessView['file_refs'],
    bank_account_refs: refsWithIsoDates(a.bankAccountRefs) as ProcessView['bank_account_refs'],
    open_banking_account_refs: refsWithIsoDates(a.openBankingAccountRefs) as ProcessView['open_banking_account_refs'],
    credit_report_refs: refsWithIsoDates(a.creditReportRefs) as ProcessView['credit_report_refs'],
    options: a.row.options as ProcessView['options'],
    attributes: a.row.attributes as ProcessView['attributes'],
  };
}

const splitList = (values: string[] | undefined): string[] | undefined =>
  values
    ?.flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

function parseInstant(field: string, raw: string | undefined, endOfDay: boolean): Date | undefined {
  if (raw === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const ok = dateOnly || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(raw);
  const d = new Date(dateOnly ? `${raw}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : raw);
  if (!ok || Number.isNaN(d.getTime())) throw processErrors.badFilter(field, 'must be an ISO 8601 date or date-time');
  return d;
}

export interface ProcessCreate {
  extApplicationId: string | null;
  options: Record<string, unknown>;
  attributes: Record<string, unknown>;
}

export class ProcessesService {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async start(spaceId: string, body: StartProcessBody, source = 'api'): Promise<ProcessView> {
    const row = await this.create(this.db, spaceId, {
      extApplicationId: body.ext_application_id,
      options: body.options ?? {},
      attributes: { ...(body.attributes ?? {}), source },
    });
    return this.get(spaceId, row.id);
  }

  /** Inserts a process (inside the caller's transaction when given one). */
  async create(db: Executor, spaceId: string, c: ProcessCreate): Promise<ProcessRow> {
    const now = this.clock.now();
    return processesRepository.insert(db, {
      id: newId(),
      spaceId,
      extApplicationId: c.extApplicationId,
      status: 'active',
      options: c.options,
      attributes: c.attributes,
      createdAt: now,
      updatedAt: now,
    });
  }

  async get(spaceId: string, processId: string): Promise<ProcessView> {
    const agg = await processesRepository.findAggregate(this.db, spaceId, processId);
    if (!agg) throw processErrors.notFound();
    return toProcessView(agg);
  }

  async list(spaceId: string, q: ProcessListQuery): Promise<Page<ProcessView>> {
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const statuses = splitList(q.statuses);
    for (const s of statuses ?? []) {
      if (s !== 'active' && s !== 'archived') throw processErrors.badFilter('statuses', `has unknown status ${JSON.stringify(s)} (active, archived)`);
    }
    const spaceIds = splitList(q.space_ids);
    for (const s of spaceIds ?? []) {
      if (!isUuid(s)) throw processErrors.badFilter('space_ids', `has ${JSON.stringify(s)}, which is not a UUID`);
    }
    const createdFrom = parseInstant('created_at_from', q.created_at_from, false);
    const createdTo = parseInstant('created_at_to', q.created_at_to, true);
    if (createdFrom && createdTo && createdFrom > createdTo) throw processErrors.badFilter('created_at_from', 'is after created_at_to');
    const { items, total } = await processesRepository.list(
      this.db,
      {
        spaceId,
        ...(q.ext_application_id !== undefined ? { extApplicationId: q.ext_application_id } : {}),
        ...(spaceIds?.length ? { spaceIds } : {}),
        ...(statuses?.length ? { statuses } : {}),
        ...(createdFrom ? { createdFrom } : {}),
        ...(createdTo ? { createdTo } : {}),
      },
      limit,
      offset,
    );
    return { items: items.map(toProcessView), total, limit, offset };
  }

  async archive(spaceId: string, processId: string): Promise<ArchivedProcessView> {
    await this.db.transaction(async (tx) => {
      await this.lockActive(tx, spaceId, processId);
      await processesRepository.archive(tx, processId, this.clock.now());
    });
    const v = await this.get(spaceId, processId);
    return {
      process_id: v.process_id,
      ext_application_id: v.ext_application_id,
      status: v.status,
      created_at: v.created_at,
      updated_at: v.updated_at,
      file_refs: v.file_refs.map(({ file_id, ext_file_id, validation_status, parsing_status, document_type }) => ({
        file_id,
        ext_file_id,
        validation_status,
        parsing_status,
        document_type,
      })),
      options: v.options,
    };
  }

  /**
   * The read-only guard: inside a transaction, locks the process and checks that it is active.
   * 404 for unknown or foreign processes, 409 for archived ones.
   */
  async lockActive(tx: Executor, spaceId: string, processId: string): Promise<ProcessRow> {
    const row = await processesRepository.findForUpdate(tx, spaceId, processId);
    if (!row) throw processErrors.notFound();
    if (row.status !== 'active') throw processErrors.archived();
    return row;
  }

  /** A process visible to the space (404 otherwise), for reads of sub-resources. */
  async requireVisible(spaceId: string, processId: string, db: Executor = this.db): Promise<ProcessRow> {
    const row = await processesRepository.find(db, spaceId, processId);
    if (!row) throw processErrors.notFound();
    return row;
  }

  async touch(tx: Executor, processId: string, attributes?: Record<string, unknown>): Promise<void> {
    await processesRepository.touch(tx, processId, this.clock.now(), attributes);
  }

  async findByExtApplicationId(db: Executor, spaceId: string, extId: string): Promise<ProcessRow | null> {
    return processesRepository.findByExtApplicationId(db, spaceId, extId);
  }
}
