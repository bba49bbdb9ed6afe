/** Process lifecycle (active → archived) and the read-only guard that every modifying route reuses. */
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../shared/pagination.ts';
import type { Clock } from '../../shared/clock.ts';
import { isUuid, newId } from '../../shared/ids.ts';
import { processErrors } from './processes.errors.ts';
import { processesRepository, type ProcessRow } from './processes.repository.ts';
import { RawJson, asValue } from '../../shared/raw-json.ts';
import type { ArchivedProcessView, ProcessListQuery, ProcessView, StartProcessBody } from './processes.schemas.ts';

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

  /** Creates a process; the answer is the Process resource as the database wrote it. */
  async start(spaceId: string, body: StartProcessBody, source = 'api'): Promise<RawJson<ProcessView>> {
    const row = await this.create(this.db, spaceId, {
      extApplicationId: body.ext_application_id,
      options: body.options ?? {},
      attributes: { ...(body.attributes ?? {}), source },
    });
    return this.getJson(spaceId, row.id);
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

  /** The Process resource as JSON text, for the API (written out as it is). */
  async getJson(spaceId: string, processId: string): Promise<RawJson<ProcessView>> {
    const text = await processesRepository.findJson(this.db, spaceId, processId);
    if (text === null) throw processErrors.notFound();
    return new RawJson<ProcessView>(text);
  }

  async get(spaceId: string, processId: string): Promise<ProcessView> {
    return (await this.getJson(spaceId, processId)).toJSON();
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
    return { items: items.map((t) => asValue(new RawJson<ProcessView>(t))), total, limit, offset };
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
