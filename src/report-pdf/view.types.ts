import type { ReportResult, ValidationResult } from '../risk/index.ts';
import type { ReportParams } from '../risk/types.ts';

/** One input the report used (file, bank account or Open Banking account). */
export interface UsedInput {
  type: 'file' | 'bank_account' | 'open_banking_account';
  id: string;
  /** File name, external id or account name for display. */
  label?: string | null;
  iban: string | null;
  account_holder: string | null;
  period_from: string | null;
  period_to: string | null;
  transactions?: number | null;
}

/**
 * Everything the PDF shows; built by the reports module from the stored
 * credit report. Type-only dependency on the risk engine: report-pdf never
 * calls it.
 */
export interface ReportView {
  report_id: string;
  process_id: string;
  ext_application_id: string | null;
  /** ISO timestamp; also the PDF CreationDate, so the same view renders the same bytes. */
  created_at: string;
  report_params: ReportParams;
  report_result: ReportResult;
  used_inputs: readonly UsedInput[];
  /** The stored validation (at least is_valid); the full run-validation result when available. */
  validation: Pick<ValidationResult, 'is_valid'> & Partial<ValidationResult>;
  /** Translations of reason codes (from the scorecard data, see risk `REASON_CODE_TEXTS`); English description otherwise. */
  reason_code_texts?: Readonly<Record<string, { description_it: string; description_de: string }>>;
}
