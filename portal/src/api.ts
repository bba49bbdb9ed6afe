/**
 * The public API, as any integrator calls it: bearer token + Ocp-Apim-Subscription-Key, through the
 * typed client generated from the OpenAPI document (clients/typescript).
 * The session (token, key, client id) lives in sessionStorage: it ends with the tab.
 */
import { createClient } from '../../clients/typescript/src/index.ts';
export interface Session {
  clientId: string;
  subscriptionKey: string;
  token: string;
  expiresAt: number;
}

const KEY = 'docrisk.session';

export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    return s.expiresAt > Date.now() ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(s: Session | null): void {
  if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
  else sessionStorage.removeItem(KEY);
}

export interface ProblemItem {
  field?: string;
  code: string;
  message: string;
}

/** An RFC 9457 problem (or an RFC 6749 token error) from the API. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly items: ProblemItem[];
  constructor(status: number, code: string, detail: string, items: ProblemItem[] = []) {
    super(detail);
    this.status = status;
    this.code = code;
    this.items = items;
  }
}

async function toError(r: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await r.json()) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  const detail = String(
    body.detail ?? body.error_description ?? body.title ?? r.statusText ?? `HTTP ${r.status}`,
  );
  const code = String(body.code ?? body.error ?? r.status);
  return new ApiError(
    r.status,
    code,
    detail,
    Array.isArray(body.errors) ? (body.errors as ProblemItem[]) : [],
  );
}

/** fetch for the generated client: error answers become the portal's ApiError (with field items). */
async function portalFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const r = await fetch(input, init);
  if (r.status === 401 && new Headers(init?.headers).has('authorization')) {
    saveSession(null);
    for (const l of expiredListeners) l();
  }
  if (!r.ok) throw await toError(r);
  return r;
}

/** The generated client, signed in with the session. */
export const client = createClient({ baseUrl: '', headers: () => authHeaders(), fetch: portalFetch });

export async function signIn(
  clientId: string,
  clientSecret: string,
  subscriptionKey: string,
): Promise<Session> {
  const anonymous = createClient({ baseUrl: '', headers: () => ({ 'ocp-apim-subscription-key': subscriptionKey }), fetch: portalFetch });
  const t = await anonymous.issueToken({
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  return {
    clientId,
    subscriptionKey,
    token: t.access_token,
    expiresAt: Date.now() + (t.expires_in ?? 3600) * 1000 - 30_000,
  };
}

type Listener = () => void;
const expiredListeners = new Set<Listener>();
/** Called when the API answers 401 (token expired or revoked): the app signs out. */
export function onSessionExpired(l: Listener): () => void {
  expiredListeners.add(l);
  return () => expiredListeners.delete(l);
}

function authHeaders(): Record<string, string> {
  const s = loadSession();
  if (!s) {
    for (const l of expiredListeners) l();
    throw new ApiError(401, 'signed_out', 'signed out');
  }
  return { authorization: `Bearer ${s.token}`, 'ocp-apim-subscription-key': s.subscriptionKey };
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export async function raw(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = authHeaders();
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const r = await fetch(withQuery(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal ?? null,
  });
  if (r.status === 401) {
    saveSession(null);
    for (const l of expiredListeners) l();
  }
  if (!r.ok) throw await toError(r);
  return r;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const r = await raw(path, opts);
  if (r.status === 204) return undefined as T;
  return (await r.json()) as T;
}

/** Multipart upload with progress (fetch has no upload progress; XMLHttpRequest does). */
export function uploadFile(
  processId: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<FileResource> {
  const headers = authHeaders();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/document-engine/v1/processes/${processId}/files`);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'network error'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        /* not JSON */
      }
      if (xhr.status === 201) {
        onProgress(1);
        resolve(body as unknown as FileResource);
      } else {
        if (xhr.status === 401) {
          saveSession(null);
          for (const l of expiredListeners) l();
        }
        reject(
          new ApiError(
            xhr.status,
            String(body.code ?? xhr.status),
            String(body.detail ?? xhr.statusText),
            (body.errors as ProblemItem[]) ?? [],
          ),
        );
      }
    };
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Downloads an authenticated resource as a file. */
export async function download(
  path: string,
  filename: string,
  query?: RequestOptions['query'],
): Promise<void> {
  const r = await raw(path, { query });
  const blob = await r.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- resource shapes (the subset the portal reads) ----

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface FileRef {
  file_id: string;
  ext_file_id: string | null;
  validation_status: string;
  parsing_status: string;
  document_type: string;
  created_at?: string;
  updated_at?: string;
}

export interface Process {
  process_id: string;
  ext_application_id: string | null;
  status: 'active' | 'archived';
  created_at: string;
  updated_at: string;
  total_files: number;
  total_bank_accounts: number;
  total_open_banking_accounts: number;
  total_credit_reports: number;
  attributes: { main_applicant_name?: string; main_tax_code?: string };
  options: { ext_user_id?: string; applicant_type?: string };
}

export type BBox = [number, number, number, number];
export interface Field<T = unknown> {
  value: T;
  confidence?: number;
  source?: { page: number; bbox?: BBox };
}

export interface Transaction {
  date: string;
  value_date: string | null;
  amount: number;
  currency: string;
  description: string;
  balance: number | null;
  category: string | null;
  counterparty: string | null;
  page?: number;
  bbox?: BBox;
}

export interface FileResource {
  process_id: string;
  file_id: string;
  ext_file_id: string | null;
  document_type: string;
  validation_result: {
    status: string;
    errors: { code: string; message: string; page?: number }[];
    pre_result: Record<string, unknown> | null;
  };
  parsing_status: string;
  parsing_confidence: number | null;
  parsing_result: Record<string, Field> | null;
  errors: { code: string; message: string }[];
}

export interface BankAccount {
  bank_account_id?: string;
  open_banking_account_id?: string;
  ext_bank_account_id?: string | null;
  iban: string;
  account_holder: string | null;
  currency_code: string | null;
  bank_name?: string | null;
  total_transactions: number;
  date_min: string | null;
  date_max: string | null;
  created_at: string;
}

export interface ValidationResult {
  is_valid: boolean;
  account_holder_check: {
    selected_matches_any_from_files: boolean;
    acc_holders_from_files_are_same: boolean;
    selected_account_holder: string;
  };
  data_details: {
    elems: {
      id: string;
      type: string;
      account_holder: string;
      account_holder_mismatch: boolean;
      iban: string;
      has_balance_mismatch: boolean;
      is_blocking_report: boolean;
      blocking_reason: string | null;
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
  continuity_check: { passed: boolean; gaps: { iban: string; from: string; to: string; days: number }[] };
}

export interface Srg {
  score: number;
  grade: string;
  pd_12m: number;
  decision: 'approve' | 'review' | 'decline';
  reason_codes: { code: string; description: string; impact: number }[];
  model: { name: string; version: string };
}

export interface MonthlyRow {
  month: string;
  inflow: number;
  outflow: number;
  net: number;
  end_balance: number | null;
  full: boolean;
}

export interface CategoryRow {
  category: string;
  group: 'income' | 'expenses' | 'transfers';
  total: number;
  count: number;
  share: number;
}

export interface CreditReport {
  credit_report_id: string;
  process_id: string;
  created_at: string;
  updated_at: string;
  status: 'processing' | 'completed' | 'terminated' | 'error';
  report_params: Record<string, unknown>;
  validation: { is_valid: boolean };
  report_result: {
    srg: Srg;
    metrics: { currency?: string; [k: string]: unknown };
    monthly: MonthlyRow[];
    categories: CategoryRow[];
    flags: Record<string, { flagged: boolean; detail: string }>;
  } | null;
  used_files?: { file_id: string; ext_file_id: string | null; document_type: string }[];
  used_bank_accounts?: { bank_account_id: string; iban: string }[];
  used_open_banking_accounts?: { open_banking_account_id: string; iban: string }[];
  errors?: { code: string; message: string }[];
}

export interface Settings {
  space_id: string;
  auto_parsing: boolean;
  webhooks: { doc_engine_url: string | null; workflow_url: string | null };
  webhook_signing_secret: string;
}

export interface Delivery {
  delivery_id: string;
  webhook_id: string;
  event_type: string;
  resource_id: string;
  url: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

export const P = (processId: string) => `/document-engine/v1/processes/${processId}`;
