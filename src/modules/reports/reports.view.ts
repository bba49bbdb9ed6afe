import type { CreditReportRow } from './reports.repository.ts';
import type { CreditReportView } from './reports.schemas.ts';

/** The credit report resource: run-report response, GET by id and the Workflow callback body are this one shape. */
export function toCreditReportView(r: CreditReportRow): CreditReportView {
  const completed = r.status === 'completed';
  const attrs = (r.attributes ?? {}) as { is_monitored?: unknown };
  const validation = (r.validation ?? {}) as { is_valid?: unknown };
  const errors = (r.errors ?? []) as { code: string; message: string }[];
  const view: CreditReportView = {
    credit_report_id: r.id,
    process_id: r.processId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    status: r.status,
    report_params: r.reportParams as CreditReportView['report_params'],
    attributes: { is_monitored: attrs.is_monitored === true },
    validation: { is_valid: validation.is_valid === true },
    report_result: completed ? ((r.reportResult ?? null) as CreditReportView['report_result']) : null,
  };
  if (completed) {
    view.used_files = (r.usedFiles ?? []) as NonNullable<CreditReportView['used_files']>;
    view.used_bank_accounts = (r.usedBankAccounts ?? []) as NonNullable<CreditReportView['used_bank_accounts']>;
    view.used_open_banking_accounts = (r.usedOpenBankingAccounts ?? []) as NonNullable<CreditReportView['used_open_banking_accounts']>;
  }
  if ((r.status === 'error' || r.status === 'terminated') && errors.length > 0) view.errors = errors;
  return view;
}
