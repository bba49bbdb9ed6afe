/**
 * Credit reports: run-validation, run-report (row + scoring job in one transaction), reads, the
 * idempotent scoring job (completed | error | terminated, each recording the Workflow event in the
 * transaction of the change) and generate-pdf.
 */
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../shared/pagination.ts';
import { renderReportPdf, type Lang, type ReportView, type UsedInput } from '../../report-pdf/index.ts';
import { buildReport, REASON_CODE_TEXTS, RiskEngineError, type ReportParams, type ReportResult, type RiskSource, type ValidationResult } from '../../risk/index.ts';
import type { Clock } from '../../shared/clock.ts';
import type { JobHandle } from '../../jobs/registry.ts';
import type { ScorePayload } from './reports.jobs.ts';
import { isAppError } from '../../shared/errors.ts';
import { newId } from '../../shared/ids.ts';
import type { ProcessesService } from '../processes/index.ts';
import { reportErrors } from './reports.errors.ts';
import { modelFor, type RiskModels } from './reports.models.ts';
import { prepareInputs, resolveSelection, toSources, type InputDeps, type PreparedInputs, type Selection } from './reports.inputs.ts';
import { reportsRepository, type CreditReportRow } from './reports.repository.ts';
import type { CreditReportView, ReportInputsBody, ReportListQuery } from './reports.schemas.ts';
import { toCreditReportView } from './reports.view.ts';

/** Scoring that runs longer than this (from run-report) ends in terminated. */
export const DEFAULT_TIME_BUDGET_MS = 120_000;

export interface ReportEvent {
  spaceId: string;
  eventType: 'workflow.credit_report.finished';
  resourceId: string;
  body: object;
}

export interface ReportsDeps extends InputDeps {
  db: Db;
  clock: Clock;
  processes: ProcessesService;
  /** The scoring job's handle (reports.jobs.ts). */
  scoreJob: JobHandle<ScorePayload>;
  recordEvent: (tx: Executor, ev: ReportEvent) => Promise<void>;
  log?: Logger;
  timeBudgetMs?: number;
  /** Models the server selected per data source (DOCRISK_RISK_MODELS); absent = the engine's defaults. */
  riskModels?: RiskModels;
}

/** What run-report snapshots: the request, the resolved ids, the effective parameters; used_inputs once scored. */
interface StoredInputs {
  request: { include_all_data: boolean; file_ids: string[]; bank_account_ids: string[]; open_banking_account_ids: string[] };
  selected: Selection;
  effective_params: ReportParams;
  used_inputs?: UsedInput[];
}

type Outcome =
  | { status: 'completed'; result: ReportResult; prepared: Pick<PreparedInputs, 'files' | 'bankAccounts' | 'openBankingAccounts'>; usedInputs: UsedInput[] }
  | { status: 'error' | 'terminated'; errors: { code: string; message: string }[] };

const LANGS: readonly Lang[] = ['it', 'de', 'en'];

function periodOf(s: RiskSource): { from: string | null; to: string | null } {
  const dates = s.transactions.map((t) => t.date).sort();
  return { from: s.periodStart ?? dates[0] ?? null, to: s.periodEnd ?? dates[dates.length - 1] ?? null };
}

export class ReportsService {
  private readonly d: ReportsDeps;

  constructor(deps: ReportsDeps) {
    this.d = deps;
  }

  /** The report date run-report will score as of (the scoring job uses the report's creation date). */
  private today(): string {
    return this.d.clock.now().toISOString().slice(0, 10);
  }

  async runValidation(spaceId: string, processId: string, body: ReportInputsBody): Promise<ValidationResult> {
    const process = await this.d.processes.requireVisible(spaceId, processId);
    return (await prepareInputs(this.d.db, this.d, process, body, this.today())).validation;
  }

  async runReport(spaceId: string, processId: string, body: ReportInputsBody): Promise<CreditReportView> {
    const row = await this.d.db.transaction((tx) => this.insertReport(tx, spaceId, processId, body));
    return toCreditReportView(row);
  }

  /**
   * run-report inside the caller's transaction (for the workflow endpoint): locks the process, validates
   * (400 with the validation when blocking), inserts the report and its scoring job. Returns the report
   * and the full validation it passed.
   */
  async runReportIn(tx: Executor, spaceId: string, processId: string, body: ReportInputsBody): Promise<{ report: CreditReportView; validation: ValidationResult }> {
    const row = await this.insertReport(tx, spaceId, processId, body);
    return { report: toCreditReportView(row), validation: row.validation as ValidationResult };
  }

  private async insertReport(tx: Executor, spaceId: string, processId: string, body: ReportInputsBody): Promise<CreditReportRow> {
    const process = await this.d.processes.lockActive(tx, spaceId, processId);
    const prepared = await prepareInputs(tx, this.d, process, body, this.today());
    if (!prepared.validation.is_valid) throw reportErrors.validationFailed(prepared.validation);
    const now = this.d.clock.now();
    const inputs: StoredInputs = {
      request: {
        include_all_data: body.include_all_data === true,
        file_ids: body.file_ids ?? [],
        bank_account_ids: body.bank_account_ids ?? [],
        open_banking_account_ids: body.open_banking_account_ids ?? [],
      },
      selected: prepared.selected,
      effective_params: prepared.params,
    };
    const inserted = await reportsRepository.insert(tx, {
      id: newId(),
      processId,
      spaceId,
      status: 'processing',
      reportParams: body.report_params,
      attributes: { is_monitored: false },
      inputs,
      validation: prepared.validation,
      reportResult: null,
      createdAt: now,
      updatedAt: now,
    });
    await this.d.scoreJob.enqueue(tx, { credit_report_id: inserted.id });
    await this.d.processes.touch(tx, processId);
    return inserted;
  }

  /** A report with the full validation result it was created with (the view carries only is_valid). */
  async getWithValidation(spaceId: string, processId: string, id: string): Promise<{ report: CreditReportView; validation: ValidationResult }> {
    const r = await this.find(spaceId, processId, id);
    return { report: toCreditReportView(r), validation: r.validation as ValidationResult };
  }

  async get(spaceId: string, processId: string, id: string): Promise<CreditReportView> {
    return toCreditReportView(await this.find(spaceId, processId, id));
  }

  private async find(spaceId: string, processId: string, id: string): Promise<CreditReportRow> {
    const r = await reportsRepository.find(this.d.db, spaceId, processId, id);
    if (!r) {
      await this.d.processes.requireVisible(spaceId, processId);
      throw reportErrors.notFound();
    }
    return r;
  }

  async list(spaceId: string, processId: string, q: ReportListQuery): Promise<Page<CreditReportView>> {
    await this.d.processes.requireVisible(spaceId, processId);
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { items, total } = await reportsRepository.list(this.d.db, processId, limit, offset);
    return { items: items.map(toCreditReportView), total, limit, offset };
  }

  /** The scoring job. Idempotent: acts only on a report still in processing. */
  async scoreReport(id: string): Promise<void> {
    const r = await reportsRepository.findById(this.d.db, id);
    if (!r || r.status !== 'processing') return;
    const outcome = await this.score(r);
    await this.finish(r, outcome);
  }

  /** After the last failed attempt of an unexpected error: the report ends in error, never stuck in processing. */
  async failReport(id: string, error: unknown): Promise<void> {
    const r = await reportsRepository.findById(this.d.db, id);
    if (!r || r.status !== 'processing') return;
    const message = error instanceof Error ? error.message : String(error);
    await this.finish(r, { status: 'error', errors: [{ code: 'scoring_failed', message: `scoring failed: ${message}`.slice(0, 500) }] });
  }

  private overBudget(r: CreditReportRow): boolean {
    return this.d.clock.now().getTime() - r.createdAt.getTime() > (this.d.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  }

  private terminatedForTime(): Outcome {
    const s = Math.round((this.d.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS) / 1000);
    return { status: 'terminated', errors: [{ code: 'time_budget_exceeded', message: `scoring did not finish within ${s} s` }] };
  }

  /** The space's name when some model is selected per space (one lookup per report, only then). */
  private async spaceNameForModels(spaceId: string): Promise<string | null> {
    if (!this.d.riskModels || Object.keys(this.d.riskModels.spaces).length === 0) return null;
    return (await reportsRepository.spaceName(this.d.db, spaceId)) ?? null;
  }

  private async score(r: CreditReportRow): Promise<Outcome> {
    const process = await this.d.processes.requireVisible(r.spaceId, r.processId);
    if (process.status !== 'active') return { status: 'terminated', errors: [{ code: 'process_archived', message: 'the process was archived while the report was processing' }] };
    if (this.overBudget(r)) return this.terminatedForTime();
    const inputs = r.inputs as StoredInputs;
    let prepared: Awaited<ReturnType<typeof resolveSelection>>;
    try {
      prepared = await resolveSelection(this.d.db, this.d, r.processId, inputs.selected);
    } catch (err) {
      if (!isAppError(err)) throw err;
      return { status: 'error', errors: [{ code: 'inputs_unavailable', message: err.detail }] };
    }
    const { sources } = toSources(prepared);
    let result: ReportResult;
    try {
      const model = modelFor(this.d.riskModels, await this.spaceNameForModels(r.spaceId), inputs.effective_params.data_source);
      result = buildReport({ sources, params: inputs.effective_params, asOf: r.createdAt.toISOString().slice(0, 10), ...(model ? { model } : {}) });
    } catch (err) {
      if (!(err instanceof RiskEngineError)) throw err;
      return { status: 'error', errors: [{ code: err.code.toLowerCase(), message: err.message }] };
    }
    if (this.overBudget(r)) return this.terminatedForTime();
    const usedInputs: UsedInput[] = sources.map((s) => {
      const { from, to } = periodOf(s);
      const file = prepared.files.find((f) => f.id === s.id);
      const bank = prepared.bankAccounts.find((a) => a.id === s.id);
      const ob = prepared.openBankingAccounts.find((a) => a.id === s.id);
      const label = file ? (file.extFileId ?? file.originalName) : bank ? (bank.extBankAccountId ?? bank.bankName) : (ob?.extOpenBankingAccountId ?? ob?.provider ?? null);
      return { type: s.type, id: s.id, label, iban: s.iban, account_holder: s.accountHolder, period_from: from, period_to: to, transactions: s.transactions.length };
    });
    return { status: 'completed', result, prepared, usedInputs };
  }

  private async finish(r: CreditReportRow, outcome: Outcome): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      let o = outcome;
      // Serialise with archive: a process archived since the job started terminates the report.
      try {
        await this.d.processes.lockActive(tx, r.spaceId, r.processId);
      } catch (err) {
        if (!isAppError(err) || err.status !== 409) throw err;
        if (o.status !== 'terminated') o = { status: 'terminated', errors: [{ code: 'process_archived', message: 'the process was archived while the report was processing' }] };
      }
      const at = this.d.clock.now();
      // used_* list only what the report used: an input whose transactions all fell outside the window is
      // named in report_result.coverage.inputs with why, not passed off as used
      const used = (id: string): boolean => o.status !== 'completed' || o.result.coverage.inputs?.find((i) => i.id === id)?.used !== false;
      const updated =
        o.status === 'completed'
          ? await reportsRepository.finish(tx, r.id, {
              status: 'completed',
              reportResult: o.result,
              usedFiles: o.prepared.files.filter((f) => used(f.id)).map((f) => ({ file_id: f.id, ext_file_id: f.extFileId, document_type: f.documentType, parsing_status: f.parsingStatus })),
              usedBankAccounts: o.prepared.bankAccounts.filter((a) => used(a.id)).map((a) => ({
                bank_account_id: a.id,
                ext_bank_account_id: a.extBankAccountId,
                iban: a.iban,
                account_holder: a.accountHolder,
              })),
              usedOpenBankingAccounts: o.prepared.openBankingAccounts.filter((a) => used(a.id)).map((a) => ({
                open_banking_account_id: a.id,
                ext_open_banking_account_id: a.extOpenBankingAccountId,
                iban: a.iban,
                account_holder: a.accountHolder,
              })),
              inputs: { ...(r.inputs as StoredInputs), used_inputs: o.usedInputs },
              errors: [],
              at,
            })
          : await reportsRepository.finish(tx, r.id, {
              status: o.status,
              reportResult: null,
              usedFiles: null,
              usedBankAccounts: null,
              usedOpenBankingAccounts: null,
              errors: o.errors,
              at,
            });
      if (!updated) return;
      await this.d.recordEvent(tx, { spaceId: r.spaceId, eventType: 'workflow.credit_report.finished', resourceId: r.id, body: toCreditReportView(updated) });
    });
    this.d.log?.info({ creditReportId: r.id, status: outcome.status }, 'credit report finished');
  }

  /** langCountryCode → it | de | en (a locale such as it-IT or de_DE counts as its language); fallback data_market, then it. */
  resolveLanguage(requested: string | undefined, dataMarket: unknown): Lang {
    if (requested !== undefined && requested !== '') {
      const lang = requested.trim().toLowerCase().split(/[-_]/)[0] as Lang;
      if (!LANGS.includes(lang)) throw reportErrors.badLanguage(requested);
      return lang;
    }
    return dataMarket === 'de' || dataMarket === 'it' ? dataMarket : 'it';
  }

  async generatePdf(spaceId: string, processId: string, id: string, langCountryCode: string | undefined): Promise<{ pdf: Uint8Array; lang: Lang; filename: string }> {
    const r = await this.find(spaceId, processId, id);
    const lang = this.resolveLanguage(langCountryCode, (r.reportParams as { data_market?: unknown }).data_market);
    if (r.status !== 'completed') throw reportErrors.notCompleted(r.status);
    const result = r.reportResult as ReportResult | null;
    if (!result?.srg || typeof result.srg.score !== 'number') throw reportErrors.noScoring();
    const process = await this.d.processes.requireVisible(spaceId, processId);
    const inputs = r.inputs as StoredInputs;
    const view: ReportView = {
      report_id: r.id,
      process_id: r.processId,
      ext_application_id: process.extApplicationId,
      created_at: r.createdAt.toISOString(),
      report_params: inputs.effective_params,
      report_result: result,
      used_inputs: inputs.used_inputs ?? [],
      validation: r.validation as ValidationResult,
      reason_code_texts: REASON_CODE_TEXTS,
    };
    const pdf = await renderReportPdf(view, lang);
    return { pdf, lang, filename: `credit-report-${r.id}-${lang}.pdf` };
  }
}
