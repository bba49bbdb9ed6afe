/**
 * Typed client of the docrisk API 0.1.0, generated from its OpenAPI document by
 * scripts/generate-client.ts. Do not edit: run `node scripts/generate-client.ts` (test/client.test.ts
 * fails while this file is stale).
 */

// ---- component schemas ----

export type ArchivedProcess = {
  process_id: string;
  ext_application_id: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  file_refs: {
    file_id: string;
    ext_file_id: string | null;
    validation_status: string;
    parsing_status: string;
    document_type: string;
  }[];
  options: {
    ext_user_id?: string;
    applicant_type?: string;
  };
};

/** a bank account (transaction data supplied as JSON) */
export type BankAccount = {
  bank_account_id: string;
  process_id: string;
  ext_bank_account_id: string | null;
  iban: string;
  account_holder: string;
  currency_code: string;
  bank_name: string | null;
  opening_balance: number | null;
  closing_balance: number | null;
  total_transactions: number;
  date_min: string | null;
  date_max: string | null;
  created_at: string;
  updated_at: string;
};

/** transaction data of one bank account; every malformed field is named in the 400 */
export type BankAccountBody = {
  ext_bank_account_id?: string | null;
  /** IBAN; spaces allowed; check digits are verified */
  iban: string;
  account_holder: string;
  /** ISO 4217 (default EUR) */
  currency_code?: string;
  bank_name?: string | null;
  opening_balance?: (number | string) | null;
  closing_balance?: (number | string) | null;
  transactions: BankTransactionInput[];
};

export type BankAccountDetail = {
  bank_account_id: string;
  process_id: string;
  ext_bank_account_id: string | null;
  iban: string;
  account_holder: string;
  currency_code: string;
  bank_name: string | null;
  opening_balance: number | null;
  closing_balance: number | null;
  total_transactions: number;
  date_min: string | null;
  date_max: string | null;
  created_at: string;
  updated_at: string;
  transactions: TransactionView[];
};

/** bank accounts, created_at descending */
export type BankAccountList = {
  items: BankAccount[];
  total: number;
  limit: number;
  offset: number;
};

export type BankTransactionInput = {
  /** booking date (YYYY-MM-DD) */
  date: string;
  value_date?: string | null;
  /** signed amount, negative = money out; a JSON number or a decimal string ("-12.50"), at most 2 decimal places, stored exactly */
  amount: number | string;
  description: string;
  balance?: (number | string) | null;
  /** the other party: the payee of money out, the payer of money in, as the bank knows it (trimmed to one line; blank is none). The risk engine groups payers and payees by it before any name read from the description */
  counterparty?: string | null;
  /** the other party's IBAN; spaces allowed; check digits are verified (400 naming transactions[i].counterparty_iban) */
  counterparty_iban?: string | null;
};

export type ClientCredentials = {
  client_id: string;
  /** shown only here; stored hashed */
  client_secret: string;
  /** shown only here; stored hashed */
  subscription_key: string;
  space_id: string;
};

export type CreateClientBody = {
  name?: string;
};

export type CreateSpaceBody = {
  name: string;
};

/** a credit report: run-report response, read by id, and the Workflow callback payload */
export type CreditReport = {
  credit_report_id: string;
  process_id: string;
  created_at: string;
  updated_at: string;
  status: "processing" | "completed" | "terminated" | "error";
  /** as supplied (tax_code present only when supplied) */
  report_params: {
    [key: string]: unknown;
  };
  attributes: {
    is_monitored: boolean;
  };
  validation: {
    is_valid: boolean;
  };
  /** null unless status is completed */
  report_result: {
    srg: {
      /** higher means lower risk */
      score: number;
      grade: "A" | "B" | "C" | "D" | "E" | "F" | "G";
      pd_12m: number;
      decision: "approve" | "review" | "decline";
      /** score reasons by points lost, strongest first; policy codes (which cap the decision, not the score) last with impact 0 */
      reason_codes: {
        code: string;
        description: string;
        impact: number;
      }[];
      /** policy codes that set the decision whatever the score (INSUFFICIENT_DATA, UNAFFORDABLE) */
      policy_reasons?: string[];
      model: {
        name: string;
        version: string;
      };
    };
    /** income, expenses, balances, overdraft, debt service, affordability, behaviour */
    metrics: {
      [key: string]: unknown;
    };
    /** per month: inflow, outflow, end balance */
    monthly: {
      [key: string]: unknown;
    }[];
    /** totals per category */
    categories: {
      [key: string]: unknown;
    }[];
    /** gambling, returned debits, overdraft use, income irregularity, data gaps */
    flags: {
      [key: string]: unknown;
    };
    /** recurring obligations and income streams with their amounts */
    streams?: {
      /** the party the bank named (most frequent among the lines); null when no line names one */
      counterparty?: string | null;
      /** the grouping key the stream was detected on */
      counterparty_key?: string;
      /** a representative description of the lines */
      label?: string;
      category?: string;
      direction?: "in" | "out";
      cadence?: "weekly" | "biweekly" | "monthly" | "quarterly";
      /** median amount, positive, account currency */
      typical_amount?: number;
      count?: number;
      first_date?: string;
      last_date?: string;
      [key: string]: unknown;
    }[];
    /** income received payer by payer */
    income_sources?: {
      /** the payer as the data named it, else a representative description */
      payer?: string;
      /** where payer and its grouping come from: counterparty (a party the data named: the bank-account or Open Banking counterparty, a statement's counterparty column), counterparty_iban (no name given, grouped by the payer's IBAN; payer is a description), description (read from the lines' descriptions, not confirmed by the bank), category (no party: cash paid in with no party named is one source, category:cash_deposit, however the bank words it) */
      payer_from?: "counterparty" | "counterparty_iban" | "description" | "category";
      /** the grouping key: the normalised party, '#' and the last 8 characters of the payer's IBAN, or category:<name> where no party is read */
      payer_key?: string;
      /** the category most of the money was booked under */
      category?: string;
      count?: number;
      total?: number;
      /** total ÷ months covered */
      monthly_average?: number;
      /** share of all income received */
      share?: number;
      /** distinct calendar months with a payment */
      months?: number;
      /** a recurring stream from this payer was detected */
      regular?: boolean;
      [key: string]: unknown;
    }[];
    /** the transactions themselves behind the flags, the unusual and the largest movements */
    evidence?: {
      /** the gambling transactions: the ten most recent, newest first (categories[].count says how many the window holds) */
      gambling?: {
        date?: string;
        /** signed, account currency */
        amount?: number;
        /** as the bank printed it */
        description?: string;
        counterparty?: string | null;
        category?: string;
        /** the categorisation rules that decided the category */
        rule_trace?: string[];
        [key: string]: unknown;
      }[];
      /** the returned direct debits: the ten most recent, newest first */
      returned_debits?: {
        date?: string;
        /** signed, account currency */
        amount?: number;
        /** as the bank printed it */
        description?: string;
        counterparty?: string | null;
        category?: string;
        /** the categorisation rules that decided the category */
        rule_trace?: string[];
        [key: string]: unknown;
      }[];
      /** overdraft and penalty interest charged: the ten most recent, newest first */
      overdraft_interest?: {
        date?: string;
        /** signed, account currency */
        amount?: number;
        /** as the bank printed it */
        description?: string;
        counterparty?: string | null;
        category?: string;
        /** the categorisation rules that decided the category */
        rule_trace?: string[];
        [key: string]: unknown;
      }[];
      /** the five largest debits, largest first */
      largest_debits?: {
        date?: string;
        /** signed, account currency */
        amount?: number;
        /** as the bank printed it */
        description?: string;
        counterparty?: string | null;
        category?: string;
        /** the categorisation rules that decided the category */
        rule_trace?: string[];
        [key: string]: unknown;
      }[];
      /** the five largest credits, largest first */
      largest_credits?: {
        date?: string;
        /** signed, account currency */
        amount?: number;
        /** as the bank printed it */
        description?: string;
        counterparty?: string | null;
        category?: string;
        /** the categorisation rules that decided the category */
        rule_trace?: string[];
        [key: string]: unknown;
      }[];
      /** one-off movements no recurring stream explains, at least a whole month’s flow that way and three times the typical movement; never salary, pension, benefits or business revenue; at most ten, largest first */
      unusual?: {
        date?: string;
        /** signed, account currency */
        amount?: number;
        /** as the bank printed it */
        description?: string;
        counterparty?: string | null;
        category?: string;
        /** the categorisation rules that decided the category */
        rule_trace?: string[];
        /** |amount| ÷ the average monthly money moving the same way */
        ratio_to_monthly?: number;
        [key: string]: unknown;
      }[];
      [key: string]: unknown;
    };
    /** what the report covers: dates, months, transactions, duplicates removed, gaps, the window and each input */
    coverage?: {
      /** the 12 months scored */
      window?: {
        from: string;
        to: string;
      };
      /** per input: what it contributed and what fell outside the window and why */
      inputs?: {
        id?: string;
        type?: string;
        iban?: string | null;
        period_from?: string | null;
        period_to?: string | null;
        transactions?: number;
        used_transactions?: number;
        /** transactions left out: outside the window or after the report date */
        outside_window?: number;
        used?: boolean;
        /** why an input contributed nothing; null when it was used */
        excluded_reason?: ("before_window" | "after_window" | "after_report_date" | "no_transactions") | null;
        [key: string]: unknown;
      }[];
      [key: string]: unknown;
    };
    [key: string]: unknown;
  } | null;
  /** present when completed */
  used_files?: {
    file_id: string;
    ext_file_id: string | null;
    document_type: string;
    parsing_status: string;
  }[];
  /** present when completed */
  used_bank_accounts?: {
    bank_account_id: string;
    ext_bank_account_id: string | null;
    iban: string;
    account_holder: string | null;
  }[];
  /** present when completed */
  used_open_banking_accounts?: {
    open_banking_account_id: string;
    ext_open_banking_account_id: string | null;
    iban: string;
    account_holder: string | null;
  }[];
  /** present when status is error or terminated: why */
  errors?: {
    code: string;
    message: string;
  }[];
};

/** credit reports, created_at descending */
export type CreditReportList = {
  items: CreditReport[];
  total: number;
  limit: number;
  offset: number;
};

/** one callback message and its delivery state */
export type Delivery = {
  delivery_id: string;
  /** the webhook-id header; stable across retries and redeliveries */
  webhook_id: string;
  /** doc_engine.file.parsed, workflow.credit_report.finished or webhook.test */
  event_type: string;
  resource_id: string;
  url: string | null;
  /** skipped: no URL was configured for the event type */
  status: "pending" | "succeeded" | "failed" | "skipped";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
};

/** webhook deliveries of the caller's space, created_at descending */
export type DeliveryList = {
  items: Delivery[];
  total: number;
  limit: number;
  offset: number;
};

/** a file: upload response, read by id, and the Doc Engine callback payload */
export type File = {
  process_id: string;
  ext_file_id: string | null;
  file_id: string;
  document_type: "bank_statement" | "bank_account_movements" | "residency_permit" | "identity_card" | "passport" | "unknown";
  validation_result: {
    status: "success" | "failure" | "merged" | "unreadable" | "id_doc_incomplete";
    errors: ValidationErrorItem[];
    pre_result: PreResult | null;
  };
  /** /processes/<process_id>/files/<file_id> */
  result_path: string;
  parsing_status: "uploaded" | "processing" | "completed" | "error";
  parsing_confidence: number | null;
  /** named fields, each {value, confidence?, source?: {page, bbox?}}; populated when parsing_status is completed */
  parsing_result: {
    [key: string]: unknown;
  } | null;
  errors: {
    code: string;
    message: string;
    [key: string]: unknown;
  }[];
};

/** file references, created_at descending */
export type FileList = {
  items: FileRef[];
  total: number;
  limit: number;
  offset: number;
};

export type FileRef = {
  file_id: string;
  ext_file_id: string | null;
  validation_status: string;
  parsing_status: string;
  document_type: string;
  created_at?: string;
  updated_at?: string;
};

export type GetHealthResponse = {
  status: "ok";
};

export type GetReadinessResponse = {
  status: "ready";
};

export type LegacyUploadMultipart = {
  /** unique application identifier (process ext_application_id); found or created */
  IdPratica: string;
  /** ABI (Italian bank code, up to 5 digits) of the issuing bank; checked against the parsed IBAN */
  ABI: string;
  /** company name; stored on the process (account_holder; main_applicant_name when unset) */
  account_holder: string;
  SuperNSGCompany: string;
  SuperNSGUser: string;
  NSGCompany: string;
  NSGUser: string;
  /** client file id (ext_file_id); the same fileID again replaces the earlier file */
  fileID: string;
  /** the PDF statement */
  file: Blob;
};

export type LegacyUploadResponse = {
  IdPratica: string;
  fileID: string;
  process_id: string;
  file_id: string;
  validation_status: "success" | "failure" | "merged" | "unreadable" | "id_doc_incomplete";
  parsing_status: "uploaded" | "processing" | "completed" | "error";
};

/** RFC 6749 section 5.2 error */
export type OAuthError = {
  error: string;
  error_description: string;
};

export type ObTransactionView = {
  date: string;
  value_date: string | null;
  amount: number;
  currency: string;
  description: string;
  balance: number | null;
  category: string;
  /** the other party as the data named it (Open Banking: creditorName of money out, debtorName of money in); null when none */
  counterparty: string | null;
  /** the other party's IBAN (Open Banking: creditorAccount / debtorAccount iban); null when none */
  counterparty_iban: string | null;
  transaction_id: string | null;
  end_to_end_id: string | null;
  bank_transaction_code: string | null;
  purpose_code: string | null;
};

/** an Open Banking (NextGenPSD2) account */
export type OpenBankingAccount = {
  open_banking_account_id: string;
  process_id: string;
  ext_open_banking_account_id: string | null;
  provider: string | null;
  iban: string;
  account_holder: string | null;
  currency_code: string;
  opening_balance: number | null;
  closing_balance: number | null;
  /** booked transactions only */
  total_transactions: number;
  date_min: string | null;
  date_max: string | null;
  created_at: string;
  updated_at: string;
};

/** a Berlin Group NextGenPSD2 account report (GET /accounts/{id}/transactions response with the account and optional balances). Opening balance from openingBooked; closing from closingBooked, else interimBooked. */
export type OpenBankingAccountBody = {
  ext_open_banking_account_id?: string | null;
  provider?: string | null;
  account: {
    iban: string;
    currency: string;
    ownerName?: string;
    name?: string;
    [key: string]: unknown;
  };
  balances?: {
    balanceAmount: {
      /** amount; a JSON number or a decimal string ("-12.50"), at most 2 decimal places, stored exactly */
      amount: number | string;
      currency: string;
      [key: string]: unknown;
    };
    /** closingBooked, openingBooked, interimBooked, expected, … */
    balanceType: string;
    /** reference date (YYYY-MM-DD) */
    referenceDate?: string;
    [key: string]: unknown;
  }[];
  transactions: {
    booked: {
      /** booking date (YYYY-MM-DD) */
      bookingDate?: string;
      /** value date (YYYY-MM-DD) */
      valueDate?: string;
      transactionAmount: {
        /** amount; a JSON number or a decimal string ("-12.50"), at most 2 decimal places, stored exactly */
        amount: number | string;
        currency: string;
        [key: string]: unknown;
      };
      /** the counterparty of money out (cut to 140 characters) */
      creditorName?: string;
      /** its iban is the counterparty_iban of money out (kept when valid) */
      creditorAccount?: {
        iban?: string;
        [key: string]: unknown;
      };
      /** the counterparty of money in (cut to 140 characters) */
      debtorName?: string;
      /** its iban is the counterparty_iban of money in (kept when valid) */
      debtorAccount?: {
        iban?: string;
        [key: string]: unknown;
      };
      remittanceInformationUnstructured?: string;
      remittanceInformationUnstructuredArray?: string[];
      endToEndId?: string;
      bankTransactionCode?: string;
      purposeCode?: string;
      [key: string]: unknown;
    }[];
    /** accepted and ignored: only booked transactions count */
    pending?: {
      [key: string]: unknown;
    }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
};

export type OpenBankingAccountDetail = {
  open_banking_account_id: string;
  process_id: string;
  ext_open_banking_account_id: string | null;
  provider: string | null;
  iban: string;
  account_holder: string | null;
  currency_code: string;
  opening_balance: number | null;
  closing_balance: number | null;
  /** booked transactions only */
  total_transactions: number;
  date_min: string | null;
  date_max: string | null;
  created_at: string;
  updated_at: string;
  transactions: ObTransactionView[];
};

/** Open Banking accounts, created_at descending */
export type OpenBankingAccountList = {
  items: OpenBankingAccount[];
  total: number;
  limit: number;
  offset: number;
};

export type PatchSettingsBody = {
  auto_parsing?: boolean;
  webhooks?: {
    /** http(s) URL of the Doc Engine callback; null (or "") clears it */
    doc_engine_url?: string | null;
    /** http(s) URL of the Workflow callback; null (or "") clears it */
    workflow_url?: string | null;
  };
};

export type PreResult = {
  full_name: string | null;
  document_number: string | null;
  validity_start_date: string | null;
  expiration_date: string | null;
  issuing_authority: string | null;
  completeness: "both_sides" | "front_only" | "back_only";
};

/** RFC 9457 problem details (application/problem+json) */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  request_id?: string;
  errors?: {
    field?: string;
    code: string;
    message: string;
  }[];
  [key: string]: unknown;
};

/** a process with counts and ten-most-recent previews of its sub-resources */
export type Process = {
  process_id: string;
  ext_application_id: string | null;
  space_id: string;
  status: "active" | "archived";
  created_at: string;
  updated_at: string;
  total_files: number;
  total_bank_accounts: number;
  total_open_banking_accounts: number;
  total_credit_reports: number;
  /** ten most recent files */
  file_refs: FileRef[];
  /** ten most recent bank accounts */
  bank_account_refs: {
    bank_account_id: string;
    ext_bank_account_id: string | null;
    iban: string;
    created_at: string;
    updated_at: string;
  }[];
  /** ten most recent Open Banking accounts */
  open_banking_account_refs: {
    open_banking_account_id: string;
    ext_open_banking_account_id: string | null;
    iban: string;
    created_at: string;
    updated_at: string;
  }[];
  /** ten most recent credit reports */
  credit_report_refs: {
    credit_report_id: string;
    status: string;
    created_at: string;
    updated_at: string;
  }[];
  options: {
    ext_user_id?: string;
    applicant_type?: string;
  };
  attributes: {
    main_applicant_name?: string;
    main_tax_code?: string;
    source?: string;
    [key: string]: unknown;
  };
};

export type ProcessAttributesInput = {
  main_applicant_name?: string;
  main_tax_code?: string;
};

/** processes, created_at descending */
export type ProcessList = {
  items: Process[];
  total: number;
  limit: number;
  offset: number;
};

export type ProcessOptions = {
  ext_user_id?: string;
  /** one of employee, self_employed, freelancer, pensioner, unemployed, student, company, sole_trader, other */
  applicant_type?: "employee" | "self_employed" | "freelancer" | "pensioner" | "unemployed" | "student" | "company" | "sole_trader" | "other";
};

/** report inputs: the same body for run-validation and run-report */
export type ReportInputsBody = {
  /** every parsed statement or movements file plus all bank and Open Banking accounts; the id arrays are then ignored */
  include_all_data?: boolean;
  /** ids of already-parsed files; empty or omitted selects none */
  file_ids?: string[];
  /** ids of bank accounts; empty or omitted selects none */
  bank_account_ids?: string[];
  /** ids of Open Banking accounts; empty or omitted selects none */
  open_banking_account_ids?: string[];
  report_params: ReportParams;
};

export type ReportParams = {
  /** must match a holder found in the selected data; when omitted or empty, the process attribute main_applicant_name is used */
  account_holder?: string;
  data_market: "it" | "de";
  data_source: "retail" | "commercial";
  /** optional; falls back to the process attribute main_tax_code */
  tax_code?: string;
  /** months, or null */
  loan_period?: number | string | null;
  /** amount in the account currency; a number, a decimal string or null */
  requested_loan_amount?: number | string | null;
  /** overdraft limit in the account currency; a number, a decimal string or null */
  overdraft_limit?: number | string | null;
};

export type RunParsingBody = {
  /** files to parse; omitted or empty: every file with parsing_status uploaded and validation status success */
  file_ids_filter?: string[];
};

export type RunParsingResponse = {
  process_id: string;
  file_ids: string[];
};

/** the caller's space settings */
export type Settings = {
  space_id: string;
  /** parse uploaded files automatically (default true) */
  auto_parsing: boolean;
  webhooks: {
    /** URL of the 'Doc Engine' callback (doc_engine.file.parsed) */
    doc_engine_url: string | null;
    /** URL of the 'Workflow' callback (workflow.credit_report.finished) */
    workflow_url: string | null;
  };
  /** Standard Webhooks secret (whsec_<base64>). After a rotation the previous secret also signs deliveries for 24 h (space-separated v1 signatures). */
  webhook_signing_secret: string;
};

export type Space = {
  space_id: string;
  name: string;
  created_at: string;
};

export type StartProcessBody = {
  /** client-supplied application id */
  ext_application_id: string;
  options?: ProcessOptions;
  attributes?: ProcessAttributesInput;
};

export type TestEventBody = {
  /** which configured URL to test; both when omitted */
  event_type?: "doc_engine.file.parsed" | "workflow.credit_report.finished";
};

export type TestEventResponse = {
  items: Delivery[];
};

/** client credentials; other members (grant_type) are ignored */
export type TokenBody = {
  client_id: string;
  client_secret: string;
  [key: string]: unknown;
};

export type TokenResponse = {
  /** EdDSA-signed JWT */
  access_token: string;
  refresh_token: null;
  scope: string;
  /** seconds (86400) */
  expires_in: number;
  token_type: "Bearer";
};

export type TransactionView = {
  date: string;
  value_date: string | null;
  amount: number;
  currency: string;
  description: string;
  balance: number | null;
  category: string;
  /** the other party as the data named it (Open Banking: creditorName of money out, debtorName of money in); null when none */
  counterparty: string | null;
  /** the other party's IBAN (Open Banking: creditorAccount / debtorAccount iban); null when none */
  counterparty_iban: string | null;
};

export type UploadMultipart = {
  /** client-supplied file id */
  ext_file_id: string;
  file: Blob;
  /** asserted type; prefixed (it.bank_statement) or not; one of bank_statement, bank_account_movements, residency_permit, identity_card, passport, unknown */
  document_type?: string;
  check_id_completeness?: "true" | "false";
};

export type ValidationErrorItem = {
  /** document_type_mismatch, unsupported_format, password_protected, corrupt_file, empty_file, low_quality, multiple_documents, id_side_missing, … */
  code: string;
  message: string;
  page?: number;
};

/** result of run-validation (and of the server-side check of run-report) */
export type ValidationResult = {
  is_valid: boolean;
  account_holder_check: {
    selected_matches_any_from_files: boolean;
    acc_holders_from_files_are_same: boolean;
    selected_account_holder: string;
  };
  data_details: {
    elems: {
      id: string;
      /** file, bank_account or open_banking_account */
      type: string;
      account_holder: string;
      normalized_account_holder: string;
      account_holder_mismatch: boolean;
      iban: string;
      has_balance_mismatch: boolean;
      is_blocking_report: boolean;
      /** not_parsed, parsing_in_progress, parse_error, failed_validation, unsupported_document_type, no_transactions */
      blocking_reason: string | null;
      /** same_iban: no holder printed, IBAN of a matching input; unverified: no holder and nothing tying the input to the applicant (flagged as a mismatch) */
      account_holder_status?: "match" | "mismatch" | "same_iban" | "unverified";
    }[];
  };
  balance_mismatch_check: {
    passed: boolean;
    items: {
      id: string;
      type: string;
      expected_closing: number;
      computed_closing: number;
      difference: number;
    }[];
  };
  continuity_check: {
    passed: boolean;
    gaps: {
      iban: string;
      from: string;
      to: string;
      days: number;
    }[];
  };
  /** the 12 months the report will score and, per input, the transactions outside them; passed = every input contributes (an input wholly outside does not block, it is left out) */
  window_check?: {
    passed: boolean;
    window: {
      from: string;
      to: string;
    } | null;
    inputs: {
      id: string;
      type: string;
      iban: string | null;
      period_from: string | null;
      period_to: string | null;
      transactions: number;
      used_transactions: number;
      outside_window: number;
      used: boolean;
      /** before_window, after_window, after_report_date, no_transactions */
      excluded_reason: string | null;
    }[];
  };
};

export type WorkflowBody = {
  /** external process identifier (the process ext_application_id); found or created */
  idPratica: string;
  /** report_params.account_holder; default: the account_holder the legacy upload stored, then main_applicant_name */
  accountHolder?: string;
  /** report_params.tax_code */
  vatNumber?: string;
  dataMarket: "it" | "de";
  dataSource: "retail" | "commercial";
  /** unique user identifier (stored as process attribute nsg_user) */
  nsgUser?: string;
  /** unique company identifier (process attribute nsg_company) */
  nsgCompany?: string;
  /** unique clone user identifier (process attribute super_nsg_user) */
  superNSGUser?: string;
  /** unique clone company identifier (process attribute super_nsg_company) */
  superNSGCompany?: string;
  /** months; default 12 */
  loanPeriod?: number;
  /** amount in EUR */
  requestedLoanAmount?: number;
  /** statements uploaded through the legacy endpoint for this idPratica; the workflow waits for their parsing */
  parse?: {
    /** fileID of a statement uploaded through POST /parsing/bank-statements/sbx/v2/upload */
    fileID: string;
  }[];
  /** bank-account bodies (as POST …/bank-accounts): transactions from the parsing service */
  parsedTransactions?: {
    [key: string]: unknown;
  }[];
  /** Berlin Group NextGenPSD2 account reports (as POST …/open-banking-accounts) */
  psd2Transactions?: {
    [key: string]: unknown;
  }[];
  /** bank-account bodies (as POST …/bank-accounts): transactions from the bank directly */
  coreTransactions?: {
    [key: string]: unknown;
  }[];
};

/** 200 when the report finished within waitSeconds, else 202 with status processing (the Workflow callback follows) */
export type WorkflowResponse = {
  idPratica: string;
  process_id: string;
  /** the credit report status; processing while parsing or scoring runs */
  status: "processing" | "completed" | "error" | "terminated";
  /** the validation the report passed; null while parsing runs */
  validation: ValidationResult | null;
  /** the credit report; null while parsing runs */
  credit_report: CreditReport | null;
};

// ---- runtime ----

/** An RFC 9457 problem (or the token route's RFC 6749 error) the API answered with. */
export class ApiError extends Error {
  readonly status: number;
  /** The problem's code (or the OAuth error), or the HTTP status as text. */
  readonly code: string;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    super(String(b.detail ?? b.error_description ?? b.title ?? `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.code = String(b.code ?? b.error ?? status);
    this.body = body;
  }
}

export interface ClientOptions {
  /** The API's address ('' in a page served by the API itself). */
  baseUrl?: string;
  /** Headers sent with every request: the bearer token and the subscription key. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  fetch?: typeof fetch;
  /** Called with every error answer before it is thrown (e.g. to sign out on 401). */
  onError?: (error: ApiError) => void;
}

interface CallArgs {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

function url(base: string, template: string, args: CallArgs): string {
  const path = template.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(args.path?.[k] ?? ''));
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(args.query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
  }
  const s = q.toString();
  return `${base}${path}${s ? `?${s}` : ''}`;
}

async function call(o: ClientOptions, method: string, template: string, args: CallArgs = {}, kind: 'json' | 'raw' | 'none' = 'json'): Promise<unknown> {
  const headers: Record<string, string> = { ...(o.headers ? await o.headers() : {}) };
  for (const [k, v] of Object.entries(args.headers ?? {})) if (v !== undefined) headers[k] = v;
  let body: BodyInit | undefined;
  if (args.body instanceof FormData) body = args.body;
  else if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(args.body);
  }
  const r = await (o.fetch ?? fetch)(url(o.baseUrl ?? '', template, args), { method, headers, ...(body !== undefined ? { body } : {}), ...(args.signal ? { signal: args.signal } : {}) });
  if (!r.ok) {
    let b: unknown = null;
    try {
      b = await r.json();
    } catch {
      /* not JSON */
    }
    const e = new ApiError(r.status, b);
    o.onError?.(e);
    throw e;
  }
  if (kind === 'raw') return r;
  if (kind === 'none' || r.status === 204) return undefined;
  return r.json();
}

// ---- operations ----

/** One function per operationId. */
export interface DocriskClient {
  /** POST /document-engine/v1/processes/{process_id}/archive: Archive a process (read-only from then on) */
  archiveProcess(args: {
    path: { process_id: string };
    signal?: AbortSignal;
  }): Promise<ArchivedProcess>;
  /** POST /document-engine/v1/processes/{process_id}/bank-accounts: Add a bank account with its transactions (JSON) */
  createBankAccount(args: {
    path: { process_id: string };
    body: BankAccountBody;
    signal?: AbortSignal;
  }): Promise<BankAccount>;
  /** POST /admin/v1/spaces/{space_id}/clients: Create a client in a space; the secret and key are shown only in this response */
  createClient(args: {
    path: { space_id: string };
    body: CreateClientBody;
    signal?: AbortSignal;
  }): Promise<ClientCredentials>;
  /** POST /document-engine/v1/processes/{process_id}/open-banking-accounts: Add an Open Banking account from a Berlin Group NextGenPSD2 account report */
  createOpenBankingAccount(args: {
    path: { process_id: string };
    body: OpenBankingAccountBody;
    signal?: AbortSignal;
  }): Promise<OpenBankingAccount>;
  /** POST /admin/v1/spaces: Create a space (tenant) */
  createSpace(args: {
    body: CreateSpaceBody;
    signal?: AbortSignal;
  }): Promise<Space>;
  /** DELETE /admin/v1/clients/{client_id}: Revoke a client; its tokens stop working */
  deleteClient(args: {
    path: { client_id: string };
    signal?: AbortSignal;
  }): Promise<void>;
  /** GET /document-engine/v1/processes/{process_id}/credit-reports/{credit_report_id}/generate-pdf: Render a completed credit report as PDF (it, de or en) */
  generateCreditReportPdf(args: {
    path: { process_id: string; credit_report_id: string };
    query?: {
      /** it, de or en (a locale such as it-IT is accepted); default: the report data_market, then it */
      langCountryCode?: string;
    };
    signal?: AbortSignal;
  }): Promise<Response>;
  /** GET /document-engine/v1/processes/{process_id}/bank-accounts/{bank_account_id}: Read a bank account with its categorised transactions */
  getBankAccount(args: {
    path: { process_id: string; bank_account_id: string };
    signal?: AbortSignal;
  }): Promise<BankAccountDetail>;
  /** GET /document-engine/v1/processes/{process_id}/credit-reports/{credit_report_id}: Read a credit report (same shape as the Workflow callback) */
  getCreditReport(args: {
    path: { process_id: string; credit_report_id: string };
    signal?: AbortSignal;
  }): Promise<CreditReport>;
  /** GET /document-engine/v1/processes/{process_id}/files/{file_id}: Read a file (same shape as the Doc Engine callback) */
  getFile(args: {
    path: { process_id: string; file_id: string };
    signal?: AbortSignal;
  }): Promise<File>;
  /** GET /document-engine/v1/processes/{process_id}/files/{file_id}/content: Download the uploaded document (original bytes, with its content type) */
  getFileContent(args: {
    path: { process_id: string; file_id: string };
    signal?: AbortSignal;
  }): Promise<Response>;
  /** GET /healthz: Process alive */
  getHealth(args?: {
    signal?: AbortSignal;
  }): Promise<GetHealthResponse>;
  /** GET /auth/v1/jwks: Public keys that verify access tokens (JWKS) */
  getJwks(args?: {
    signal?: AbortSignal;
  }): Promise<void>;
  /** GET /metrics: Prometheus metrics */
  getMetrics(args?: {
    signal?: AbortSignal;
  }): Promise<void>;
  /** GET /document-engine/v1/processes/{process_id}/open-banking-accounts/{open_banking_account_id}: Read an Open Banking account with its normalised, categorised booked transactions */
  getOpenBankingAccount(args: {
    path: { process_id: string; open_banking_account_id: string };
    signal?: AbortSignal;
  }): Promise<OpenBankingAccountDetail>;
  /** GET /document-engine/v1/processes/{process_id}: Read a process */
  getProcess(args: {
    path: { process_id: string };
    signal?: AbortSignal;
  }): Promise<Process>;
  /** GET /readyz: Database reachable */
  getReadiness(args?: {
    signal?: AbortSignal;
  }): Promise<GetReadinessResponse>;
  /** GET /portal/v1/settings: Read the caller's settings */
  getSettings(args?: {
    signal?: AbortSignal;
  }): Promise<Settings>;
  /** POST /auth/v1/oauth/token: Exchange client credentials for an access token */
  issueToken(args: {
    body: TokenBody;
    signal?: AbortSignal;
  }): Promise<TokenResponse>;
  /** GET /document-engine/v1/processes/{process_id}/bank-accounts: List the bank accounts of a process */
  listBankAccounts(args: {
    path: { process_id: string };
    query?: {
      /** page size, 1-100 (default 20) */
      limit?: number;
      /** items to skip (default 0) */
      offset?: number;
    };
    signal?: AbortSignal;
  }): Promise<BankAccountList>;
  /** GET /document-engine/v1/processes/{process_id}/credit-reports: List the credit reports of a process */
  listCreditReports(args: {
    path: { process_id: string };
    query?: {
      /** page size, 1-100 (default 20) */
      limit?: number;
      /** items to skip (default 0) */
      offset?: number;
    };
    signal?: AbortSignal;
  }): Promise<CreditReportList>;
  /** GET /document-engine/v1/processes/{process_id}/files: List the files of a process */
  listFiles(args: {
    path: { process_id: string };
    query?: {
      /** page size, 1-100 (default 20) */
      limit?: number;
      /** items to skip (default 0) */
      offset?: number;
    };
    signal?: AbortSignal;
  }): Promise<FileList>;
  /** GET /document-engine/v1/processes/{process_id}/open-banking-accounts: List the Open Banking accounts of a process */
  listOpenBankingAccounts(args: {
    path: { process_id: string };
    query?: {
      /** page size, 1-100 (default 20) */
      limit?: number;
      /** items to skip (default 0) */
      offset?: number;
    };
    signal?: AbortSignal;
  }): Promise<OpenBankingAccountList>;
  /** GET /document-engine/v1/processes: List processes, created_at descending */
  listProcesses(args?: {
    query?: {
      ext_application_id?: string;
      /** comma-separated or repeated */
      space_ids?: string[];
      /** active, archived; comma-separated or repeated */
      statuses?: string[];
      /** ISO 8601 date or date-time, inclusive */
      created_at_from?: string;
      /** ISO 8601 date or date-time, inclusive */
      created_at_to?: string;
      /** page size, 1-100 (default 20) */
      limit?: number;
      /** items to skip (default 0) */
      offset?: number;
    };
    signal?: AbortSignal;
  }): Promise<ProcessList>;
  /** GET /portal/v1/webhook-deliveries: Delivery log of callbacks, created_at descending */
  listWebhookDeliveries(args?: {
    query?: {
      /** page size, 1-100 (default 20) */
      limit?: number;
      /** items to skip (default 0) */
      offset?: number;
    };
    signal?: AbortSignal;
  }): Promise<DeliveryList>;
  /** POST /portal/v1/webhook-deliveries/{delivery_id}/redeliver: Send a callback again (same webhook-id and body) to the URL configured now */
  redeliverWebhook(args: {
    path: { delivery_id: string };
    signal?: AbortSignal;
  }): Promise<Delivery>;
  /** POST /portal/v1/settings/rotate-webhook-secret: Replace the webhook signing secret (the previous one also signs for 24 h) */
  rotateWebhookSecret(args?: {
    signal?: AbortSignal;
  }): Promise<Settings>;
  /** POST /document-engine/v1/processes/{process_id}/run-parsing: Parse uploaded files (all uploaded+success files, or those in file_ids_filter) */
  runParsing(args: {
    path: { process_id: string };
    body: RunParsingBody;
    signal?: AbortSignal;
  }): Promise<RunParsingResponse>;
  /** POST /document-engine/v1/processes/{process_id}/credit-reports/run-report: Start a credit report (answers at once with status processing) */
  runReport(args: {
    path: { process_id: string };
    headers?: {
      /** A retry with the same key and request gets the first answer again; another request with that key is a 422 */
      "idempotency-key"?: string;
    };
    body: ReportInputsBody;
    signal?: AbortSignal;
  }): Promise<CreditReport>;
  /** POST /document-engine/v1/processes/{process_id}/credit-reports/run-validation: Validate report inputs (no report is created) */
  runValidation(args: {
    path: { process_id: string };
    body: ReportInputsBody;
    signal?: AbortSignal;
  }): Promise<ValidationResult>;
  /** POST /workflow/sbx/v1/workflow: Run the whole workflow for an idPratica: accounts, parsing, validation, credit report */
  runWorkflow(args: {
    query?: {
      /** how long to wait for parsing and scoring before answering 202 (0-300, default 60) */
      waitSeconds?: number;
    };
    headers?: {
      /** IETF Idempotency-Key: a retry with the same key and body returns the same result; another body with the same key is a 422 */
      "idempotency-key"?: string;
    };
    body: WorkflowBody;
    signal?: AbortSignal;
  }): Promise<WorkflowResponse>;
  /** POST /portal/v1/webhooks/test: Send a signed webhook.test event to the configured URL(s) */
  sendTestWebhook(args: {
    body: TestEventBody;
    signal?: AbortSignal;
  }): Promise<TestEventResponse>;
  /** POST /document-engine/v1/start-process: Create a process (one case or application) */
  startProcess(args: {
    headers?: {
      /** A retry with the same key and request gets the first answer again; another request with that key is a 422 */
      "idempotency-key"?: string;
    };
    body: StartProcessBody;
    signal?: AbortSignal;
  }): Promise<Process>;
  /** PATCH /portal/v1/settings: Change auto_parsing and the callback URLs */
  updateSettings(args: {
    body: PatchSettingsBody;
    signal?: AbortSignal;
  }): Promise<Settings>;
  /** POST /document-engine/v1/processes/{process_id}/files: Upload a file (multipart/form-data); validated at once, parsed in the background */
  uploadFile(args: {
    path: { process_id: string };
    headers?: {
      /** A retry with the same key and request gets the first answer again; another request with that key is a 422 */
      "idempotency-key"?: string;
    };
    body: FormData;
    signal?: AbortSignal;
  }): Promise<File>;
  /** POST /parsing/bank-statements/sbx/v2/upload: Upload or replace a PDF bank statement for an IdPratica (multipart/form-data) */
  uploadLegacyBankStatement(args: {
    body: FormData;
    signal?: AbortSignal;
  }): Promise<LegacyUploadResponse>;
}

export function createClient(options: ClientOptions = {}): DocriskClient {
  return {
    archiveProcess: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/archive", args, "json"),
    createBankAccount: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/bank-accounts", args, "json"),
    createClient: (args?: CallArgs) => call(options, "POST", "/admin/v1/spaces/{space_id}/clients", args, "json"),
    createOpenBankingAccount: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/open-banking-accounts", args, "json"),
    createSpace: (args?: CallArgs) => call(options, "POST", "/admin/v1/spaces", args, "json"),
    deleteClient: (args?: CallArgs) => call(options, "DELETE", "/admin/v1/clients/{client_id}", args, "none"),
    generateCreditReportPdf: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/credit-reports/{credit_report_id}/generate-pdf", args, "raw"),
    getBankAccount: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/bank-accounts/{bank_account_id}", args, "json"),
    getCreditReport: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/credit-reports/{credit_report_id}", args, "json"),
    getFile: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/files/{file_id}", args, "json"),
    getFileContent: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/files/{file_id}/content", args, "raw"),
    getHealth: (args?: CallArgs) => call(options, "GET", "/healthz", args, "json"),
    getJwks: (args?: CallArgs) => call(options, "GET", "/auth/v1/jwks", args, "none"),
    getMetrics: (args?: CallArgs) => call(options, "GET", "/metrics", args, "none"),
    getOpenBankingAccount: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/open-banking-accounts/{open_banking_account_id}", args, "json"),
    getProcess: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}", args, "json"),
    getReadiness: (args?: CallArgs) => call(options, "GET", "/readyz", args, "json"),
    getSettings: (args?: CallArgs) => call(options, "GET", "/portal/v1/settings", args, "json"),
    issueToken: (args?: CallArgs) => call(options, "POST", "/auth/v1/oauth/token", args, "json"),
    listBankAccounts: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/bank-accounts", args, "json"),
    listCreditReports: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/credit-reports", args, "json"),
    listFiles: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/files", args, "json"),
    listOpenBankingAccounts: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes/{process_id}/open-banking-accounts", args, "json"),
    listProcesses: (args?: CallArgs) => call(options, "GET", "/document-engine/v1/processes", args, "json"),
    listWebhookDeliveries: (args?: CallArgs) => call(options, "GET", "/portal/v1/webhook-deliveries", args, "json"),
    redeliverWebhook: (args?: CallArgs) => call(options, "POST", "/portal/v1/webhook-deliveries/{delivery_id}/redeliver", args, "json"),
    rotateWebhookSecret: (args?: CallArgs) => call(options, "POST", "/portal/v1/settings/rotate-webhook-secret", args, "json"),
    runParsing: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/run-parsing", args, "json"),
    runReport: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/credit-reports/run-report", args, "json"),
    runValidation: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/credit-reports/run-validation", args, "json"),
    runWorkflow: (args?: CallArgs) => call(options, "POST", "/workflow/sbx/v1/workflow", args, "json"),
    sendTestWebhook: (args?: CallArgs) => call(options, "POST", "/portal/v1/webhooks/test", args, "json"),
    startProcess: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/start-process", args, "json"),
    updateSettings: (args?: CallArgs) => call(options, "PATCH", "/portal/v1/settings", args, "json"),
    uploadFile: (args?: CallArgs) => call(options, "POST", "/document-engine/v1/processes/{process_id}/files", args, "json"),
    uploadLegacyBankStatement: (args?: CallArgs) => call(options, "POST", "/parsing/bank-statements/sbx/v2/upload", args, "json"),
  } as DocriskClient;
}
