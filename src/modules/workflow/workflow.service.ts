/**
 * The combined workflow endpoint: find or create the process for idPratica, add the JSON accounts, wait
 * for the named statements to be parsed, validate, run the report and wait for it — all within
 * waitSeconds; past that the answer is 202 and a job finishes the work (the Workflow callback follows).
 * Idempotent: by Idempotency-Key (same key + other body → 422), or by a hash of the request content.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/client.ts';
import type { ValidationResult } from '../../risk/index.ts';
import type { Clock } from '../../shared/clock.ts';
import type { JobHandle } from '../../jobs/registry.ts';
import { isAppError } from '../../shared/errors.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { FileRow, FilesService } from '../files/index.ts';
import type { ProcessesService } from '../processes/index.ts';
import type { CreditReportView, ReportInputsBody, ReportsService } from '../reports/index.ts';
import { workflowErrors } from './workflow.errors.ts';
import { findOrCreateProcess, processLockKey } from './workflow.process.ts';
import { workflowRepository } from './workflow.repository.ts';
import type { WorkflowBody } from './workflow.schemas.ts';
import { legacyUpload, type LegacyUploadInput } from './workflow.upload.ts';

/** Rounds of the continuation job (one every CONTINUE_DELAY_SECONDS) before it gives up waiting for parsing. */
export const CONTINUE_MAX_ROUNDS = 720;
export const CONTINUE_DELAY_SECONDS = 5;

export interface WorkflowDeps {
  db: Db;
  clock: Clock;
  processes: ProcessesService;
  files: FilesService;
  accounts: AccountsService;
  reports: ReportsService;
  /** The continuation job's handle (workflow.jobs.ts). */
  continueJob: JobHandle<ContinuePayload>;
  log?: Logger;
  /** Interval of the waits on parsing and scoring (ms). */
  pollMs?: number;
}

export interface WorkflowView {
  idPratica: string;
  process_id: string;
  status: string;
  validation: ValidationResult | null;
  credit_report: CreditReportView | null;
}

export interface ContinuePayload {
  space_id: string;
  process_id: string;
  id_pratica: string;
  record_key: string;
  rerun_if: string | null;
  inputs: ReportInputsBody;
  round: number;
}

/** JSON with object keys sorted at every level: the same content always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const FINISHED = new Set(['completed', 'error', 'terminated']);

export class WorkflowService {
  private readonly d: WorkflowDeps;

  constructor(deps: WorkflowDeps) {
    this.d = deps;
  }

  legacyUpload(spaceId: string, input: LegacyUploadInput) {
    return legacyUpload(this.d, spaceId, input);
  }

  async run(spaceId: string, body: WorkflowBody, opts: { waitSeconds: number; idempotencyKey?: string | undefined }): Promise<{ code: 200 | 202; view: WorkflowView }> {
    const deadline = Date.now() + opts.waitSeconds * 1000;
    const key = opts.idempotencyKey;
    const requestHash = sha256(canonical({ ...body, loanPeriod: body.loanPeriod ?? 12 }));
    const attributes = Object.fromEntries(
      Object.entries({ nsg_user: body.nsgUser, nsg_company: body.nsgCompany, super_nsg_user: body.superNSGUser, super_nsg_company: body.superNSGCompany }).filter(
        ([, v]) => v !== undefined,
      ),
    );

    const prepared = await this.d.db.transaction(async (tx) => {
      if (key !== undefined) {
        await workflowRepository.lock(tx, `docrisk.workflow.key:${spaceId}:${key}`);
        const earlier = await workflowRepository.find(tx, spaceId, `key:${key}`);
        if (earlier && earlier.requestHash !== requestHash) throw workflowErrors.idempotencyKeyReused();
      }
      const process = await findOrCreateProcess(tx, this.d.processes, spaceId, body.idPratica, attributes, { source: 'workflow' });
      const files = await this.resolveParseFiles(tx, process.id, body);
      const bankIds: string[] = [];
      for (const [name, items] of [['parsedTransactions', body.parsedTransactions], ['coreTransactions', body.coreTransactions]] as const) {
        for (const [i, item] of (items ?? []).entries()) bankIds.push((await this.d.accounts.addBankAccountIn(tx, spaceId, process.id, item, `${name}[${i}]`)).id);
      }
      const obIds: string[] = [];
      for (const [i, item] of (body.psd2Transactions ?? []).entries()) {
        obIds.push((await this.d.accounts.addOpenBankingAccountIn(tx, spaceId, process.id, item, `psd2Transactions[${i}]`)).id);
      }
      await this.d.processes.touch(tx, process.id);
      // Without a key, the record is the request content plus the exact files it names (a replaced fileID is new content).
      const recordKey = key !== undefined ? `key:${key}` : `content:${body.idPratica}:${sha256(requestHash + files.map((f) => f.id).join(','))}`;
      await workflowRepository.insertIfAbsent(tx, { spaceId, key: recordKey, requestHash, at: this.d.clock.now() });
      const record = await workflowRepository.find(tx, spaceId, recordKey);
      const attrs = (process.attributes ?? {}) as Record<string, unknown>;
      const holder = body.accountHolder?.trim() || (typeof attrs.account_holder === 'string' ? attrs.account_holder : '');
      const inputs: ReportInputsBody = {
        file_ids: [...new Set(files.map((f) => f.id))],
        bank_account_ids: [...new Set(bankIds)],
        open_banking_account_ids: [...new Set(obIds)],
        report_params: {
          ...(holder ? { account_holder: holder } : {}),
          data_market: body.dataMarket,
          data_source: body.dataSource,
          ...(body.vatNumber?.trim() ? { tax_code: body.vatNumber.trim() } : {}),
          loan_period: body.loanPeriod ?? 12,
          ...(body.requestedLoanAmount !== undefined ? { requested_loan_amount: body.requestedLoanAmount } : {}),
        },
      };
      return { processId: process.id, files, recordKey, reportId: record?.resourceId ?? null, inputs };
    });

    const base = { idPratica: body.idPratica, process_id: prepared.processId };
    // Statements uploaded while automatic parsing was off are parsed now.
    const unparsed = prepared.files.filter((f) => f.parsingStatus === 'uploaded' && f.validationStatus === 'success').map((f) => f.id);
    if (unparsed.length) await this.d.files.runParsing(spaceId, prepared.processId, unparsed);

    let reportId = prepared.reportId;
    let rerunIf: string | null = null;
    if (reportId && key === undefined) {
      // Content-keyed: a retry after a report that failed runs it again (the accounts are reused).
      const earlier = await this.d.reports.get(spaceId, prepared.processId, reportId);
      if (earlier.status === 'error' || earlier.status === 'terminated') {
        rerunIf = reportId;
        reportId = null;
      }
    }
    if (!reportId) {
      const job: ContinuePayload = {
        space_id: spaceId,
        process_id: prepared.processId,
        id_pratica: body.idPratica,
        record_key: prepared.recordKey,
        rerun_if: rerunIf,
        inputs: prepared.inputs,
        round: 0,
      };
      if (!(await this.parsingDone(prepared.inputs.file_ids ?? [], deadline))) {
        await this.d.continueJob.enqueue(this.d.db, job);
        return { code: 202, view: { ...base, status: 'processing', validation: null, credit_report: null } };
      }
      reportId = await this.claimReport(job);
    }
    const { report, validation } = await this.waitReport(spaceId, prepared.processId, reportId, deadline);
    return { code: FINISHED.has(report.status) ? 200 : 202, view: { ...base, status: report.status, validation, credit_report: report } };
  }

  /** parse[i].fileID → the newest file of the process with that ext_file_id; 400 naming each unknown one. */
  private async resolveParseFiles(tx: Executor, processId: string, body: WorkflowBody): Promise<FileRow[]> {
    const out: FileRow[] = [];
    const problems: { field: string; code: string; message: string }[] = [];
    for (const [i, item] of (body.parse ?? []).entries()) {
      const f = await this.d.files.findByExtFileId(tx, processId, item.fileID);
      if (f) out.push(f);
      else problems.push({ field: `parse[${i}].fileID`, code: 'unknown_file', message: `parse[${i}].fileID ${JSON.stringify(item.fileID)} was not uploaded for idPratica ${JSON.stringify(body.idPratica)}` });
    }
    if (problems.length) throw workflowErrors.unknownFileIds(problems);
    return out;
  }

  private async parsingDone(fileIds: string[], deadline: number): Promise<boolean> {
    for (;;) {
      const rows = await this.d.files.statusesOf(fileIds);
      if (!rows.some((f) => f.parsingStatus === 'processing')) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, Math.min(this.d.pollMs ?? 100, Math.max(deadline - Date.now(), 1))));
    }
  }

  private async waitReport(spaceId: string, processId: string, id: string, deadline: number): Promise<{ report: CreditReportView; validation: ValidationResult }> {
    for (;;) {
      const r = await this.d.reports.getWithValidation(spaceId, processId, id);
      if (FINISHED.has(r.report.status) || Date.now() >= deadline) return r;
      await new Promise((res) => setTimeout(res, Math.min(this.d.pollMs ?? 100, Math.max(deadline - Date.now(), 1))));
    }
  }

  /**
   * Creates the report once per idempotency record: under the idPratica lock, an existing report of the
   * record is returned (unless it is the failed one `rerun_if` names); otherwise run-report (400 with the
   * validation when blocking) and the record points at the new report, in one transaction.
   */
  private async claimReport(p: ContinuePayload): Promise<string> {
    return this.d.db.transaction(async (tx) => {
      await workflowRepository.lock(tx, processLockKey(p.space_id, p.id_pratica));
      const record = await workflowRepository.find(tx, p.space_id, p.record_key);
      if (record?.resourceId && record.resourceId !== p.rerun_if) return record.resourceId;
      const { report } = await this.d.reports.runReportIn(tx, p.space_id, p.process_id, p.inputs);
      await workflowRepository.setResource(tx, p.space_id, p.record_key, report.credit_report_id);
      return report.credit_report_id;
    });
  }

  /** The continuation job: waits (by re-enqueueing itself) for parsing, then creates the report. */
  async continueRun(p: ContinuePayload): Promise<void> {
    const rows = await this.d.files.statusesOf(p.inputs.file_ids ?? []);
    if (rows.some((f) => f.parsingStatus === 'processing')) {
      if (p.round >= CONTINUE_MAX_ROUNDS) {
        this.d.log?.warn({ processId: p.process_id }, 'workflow gave up waiting for parsing; no report was created');
        return;
      }
      await this.d.continueJob.enqueue(this.d.db, { ...p, round: p.round + 1 }, { startAfterSeconds: CONTINUE_DELAY_SECONDS });
      return;
    }
    try {
      const id = await this.claimReport(p);
      this.d.log?.info({ processId: p.process_id, creditReportId: id }, 'workflow report started');
    } catch (err) {
      // A blocking validation (400), an archived (409) or vanished (404) process: nothing to retry.
      if (!isAppError(err) || err.status >= 500) throw err;
      this.d.log?.warn({ processId: p.process_id, code: err.code, detail: err.detail }, 'workflow report not created');
    }
  }
}
