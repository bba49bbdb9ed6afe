/**
 * Report inputs: which files and accounts a request selects (ids or include_all_data), the effective
 * report parameters (with the process attribute fallbacks) and the validation over them.
 */
import type { Executor } from '../../db/client.ts';
import { validateReportInputs, type ReportParams, type RiskSource, type ValidationResult } from '../../risk/index.ts';
import type { FieldProblem } from '../../shared/errors.ts';
import type { AccountsService, BankAccountRow, OpenBankingAccountRow } from '../accounts/index.ts';
import type { FileRow, FilesService } from '../files/index.ts';
import type { ProcessRow } from '../processes/index.ts';
import { reportErrors } from './reports.errors.ts';
import type { ReportInputsBody, ReportParamsInput } from './reports.schemas.ts';
import { bankAccountToSource, fileBlockingReason, fileToSource, isUsableFile, openBankingAccountToSource } from './reports.sources.ts';

export interface Selection {
  file_ids: string[];
  bank_account_ids: string[];
  open_banking_account_ids: string[];
}

export interface PreparedInputs {
  files: FileRow[];
  bankAccounts: BankAccountRow[];
  openBankingAccounts: OpenBankingAccountRow[];
  sources: RiskSource[];
  blockingReasons: Record<string, string | undefined>;
  params: ReportParams;
  selected: Selection;
  validation: ValidationResult;
}

export interface InputDeps {
  files: FilesService;
  accounts: AccountsService;
}

const num = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** Parameters for the engine: the supplied ones, with main_applicant_name / main_tax_code as fallbacks. */
export function effectiveParams(p: ReportParamsInput, attributes: Record<string, unknown>): ReportParams {
  const fallbackName = typeof attributes.main_applicant_name === 'string' ? attributes.main_applicant_name.trim() : '';
  const fallbackTax = typeof attributes.main_tax_code === 'string' && attributes.main_tax_code.trim() ? attributes.main_tax_code.trim() : null;
  const holder = p.account_holder?.trim() || fallbackName;
  if (!holder) throw reportErrors.holderRequired();
  return {
    account_holder: holder,
    data_market: p.data_market as ReportParams['data_market'],
    data_source: p.data_source as ReportParams['data_source'],
    tax_code: p.tax_code?.trim() || fallbackTax,
    loan_period: num(p.loan_period),
    requested_loan_amount: num(p.requested_loan_amount),
    overdraft_limit: num(p.overdraft_limit),
  };
}

function pick<T extends { id: string }>(rows: readonly T[], ids: readonly string[] | undefined, field: string, problems: FieldProblem[]): T[] {
  const wanted = [...new Set(ids ?? [])];
  const byId = new Set(rows.map((r) => r.id));
  wanted.forEach((id) => {
    if (!byId.has(id)) {
      const i = (ids ?? []).indexOf(id);
      problems.push({ field: `${field}[${i}]`, code: 'unknown_id', message: `${field}[${i}] ${JSON.stringify(id)} is not in this process` });
    }
  });
  const set = new Set(wanted);
  return rows.filter((r) => set.has(r.id));
}

/** Resolves a selection in creation order (sources are always in the same order for the same inputs). */
export async function resolveSelection(
  db: Executor,
  deps: InputDeps,
  processId: string,
  sel: { include_all_data?: boolean | undefined } & Partial<Selection>,
): Promise<Pick<PreparedInputs, 'files' | 'bankAccounts' | 'openBankingAccounts' | 'selected'>> {
  const allFiles = await deps.files.listForProcess(db, processId);
  const allBank = await deps.accounts.bankAccountsForProcess(db, processId);
  const allOb = await deps.accounts.openBankingAccountsForProcess(db, processId);
  let files: FileRow[];
  let bankAccounts: BankAccountRow[];
  let openBankingAccounts: OpenBankingAccountRow[];
  if (sel.include_all_data) {
    files = allFiles.filter(isUsableFile);
    bankAccounts = allBank;
    openBankingAccounts = allOb;
  } else {
    const problems: FieldProblem[] = [];
    files = pick(allFiles, sel.file_ids, 'file_ids', problems);
    bankAccounts = pick(allBank, sel.bank_account_ids, 'bank_account_ids', problems);
    openBankingAccounts = pick(allOb, sel.open_banking_account_ids, 'open_banking_account_ids', problems);
    if (problems.length) throw reportErrors.unknownInputs(problems);
  }
  return {
    files,
    bankAccounts,
    openBankingAccounts,
    selected: {
      file_ids: files.map((f) => f.id),
      bank_account_ids: bankAccounts.map((a) => a.id),
      open_banking_account_ids: openBankingAccounts.map((a) => a.id),
    },
  };
}

export function toSources(r: Pick<PreparedInputs, 'files' | 'bankAccounts' | 'openBankingAccounts'>): {
  sources: RiskSource[];
  blockingReasons: Record<string, string | undefined>;
} {
  const blockingReasons: Record<string, string | undefined> = {};
  for (const f of r.files) blockingReasons[f.id] = fileBlockingReason(f);
  const sources = [...r.files.map(fileToSource), ...r.bankAccounts.map(bankAccountToSource), ...r.openBankingAccounts.map(openBankingAccountToSource)];
  return { sources, blockingReasons };
}

/** Everything run-validation and run-report need, read through `db` (the caller's transaction when in one). */
export async function prepareInputs(db: Executor, deps: InputDeps, process: ProcessRow, body: ReportInputsBody, asOf?: string): Promise<PreparedInputs> {
  const attributes = (process.attributes ?? {}) as Record<string, unknown>;
  const params = effectiveParams(body.report_params, attributes);
  const resolved = await resolveSelection(db, deps, process.id, body);
  const { sources, blockingReasons } = toSources(resolved);
  const validation = validateReportInputs({
    sources,
    params,
    fallbacks: {
      main_applicant_name: typeof attributes.main_applicant_name === 'string' ? attributes.main_applicant_name : null,
      main_tax_code: typeof attributes.main_tax_code === 'string' ? attributes.main_tax_code : null,
    },
    blockingReasons,
    ...(asOf ? { asOf } : {}),
  });
  return { ...resolved, sources, blockingReasons, params, validation };
}
