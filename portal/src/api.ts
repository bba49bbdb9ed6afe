/**
 * The public API, as any integrator calls it: bearer token + Ocp-Apim-Subscription-Key, through the
 * typed client generated from the OpenAPI document (clients/typescript).
 * The session (token, key, client id) lives in sessionStorage: it ends with the tab.
 */
import {
  createClient,
  type CreditReport,
  type DocriskClient,
  type File as ApiFile,
} from '../../clients/typescript/src/index.ts';

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

/**
 * A fetch for the generated client: a 401 on a signed request signs out, and error answers become the
 * portal's ApiError (with the problem's field items).
 */
function sessionFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const r = await base(input, init);
    if (r.status === 401 && new Headers(init?.headers).has('authorization')) {
      saveSession(null);
      for (const l of expiredListeners) l();
    }
    if (!r.ok) throw await toError(r);
    return r;
  };
}
const portalFetch = sessionFetch((input, init) => fetch(input, init));

/** The generated client, signed in with the session. */
export const client: DocriskClient = createClient({
  baseUrl: '',
  headers: () => authHeaders(),
  fetch: portalFetch,
});

/**
 * The generated client on XMLHttpRequest, which reports upload progress (fetch cannot): for uploads.
 * onProgress gets the fraction sent, 0–1.
 */
export function withProgress(onProgress: (fraction: number) => void): DocriskClient {
  return createClient({
    baseUrl: '',
    headers: () => authHeaders(),
    fetch: sessionFetch(xhrFetch(onProgress)),
  });
}

function xhrFetch(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', input instanceof Request ? input.url : String(input));
      new Headers(init?.headers).forEach((v, k) => xhr.setRequestHeader(k, v));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onerror = () => reject(new ApiError(0, 'network', 'network error'));
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().split('\r\n')) {
          const i = line.indexOf(':');
          if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        if (xhr.status >= 200 && xhr.status < 300) onProgress(1);
        resolve(
          new Response(empty ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers,
          }),
        );
      };
      xhr.send((init?.body as XMLHttpRequestBodyInit | undefined) ?? null);
    });
}

/** Saves a downloaded answer (e.g. the report PDF) as a file. */
export async function saveAs(r: Response, filename: string): Promise<void> {
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

export async function signIn(
  clientId: string,
  clientSecret: string,
  subscriptionKey: string,
): Promise<Session> {
  const anonymous = createClient({
    baseUrl: '',
    headers: () => ({ 'ocp-apim-subscription-key': subscriptionKey }),
    fetch: portalFetch,
  });
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

// ---- resource shapes: the generated client's, refined where the schema leaves a value open ----

export type {
  BankAccount,
  Delivery,
  FileRef,
  OpenBankingAccount,
  Process,
  ReportInputsBody,
  ReportParams,
  Settings,
  ValidationResult,
} from '../../clients/typescript/src/index.ts';

export type BBox = [number, number, number, number];
/** One named field of a parsing result (`parsing_result` is an open map in the schema). */
interface Field<T = unknown> {
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

/** A file with its parsing result read as named fields. */
export type FileResource = ApiFile & { parsing_result: Record<string, Field> | null };

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

export interface RecurringStream {
  counterparty: string | null;
  counterparty_key: string;
  label: string;
  category: string;
  direction: 'in' | 'out';
  cadence: string;
  typical_amount: number;
  count: number;
}

export interface IncomeSource {
  payer: string;
  /** Where `payer` comes from: a party the data named, only the payer's IBAN, the descriptions, or no party. */
  payer_from?: 'counterparty' | 'counterparty_iban' | 'description' | 'category';
  payer_key: string;
  category: string;
  count: number;
  total: number;
  monthly_average: number;
  share: number;
  months: number;
  regular: boolean;
}

export interface EvidenceRow {
  date: string;
  amount: number;
  description: string;
  counterparty: string | null;
  category: string;
  /** Unusual rows: the amount against a month's flow the same way. */
  ratio_to_monthly?: number;
}

/**
 * A completed report's result with the rows the schema leaves open (monthly, categories, flags, streams,
 * income sources, evidence; the last three optional: reports stored before they existed lack them).
 */
export interface ReportResult {
  srg: NonNullable<CreditReport['report_result']>['srg'];
  metrics: { currency?: string; [k: string]: unknown };
  monthly: MonthlyRow[];
  categories: CategoryRow[];
  flags: Record<string, { flagged: boolean; detail: string }>;
  streams?: RecurringStream[];
  income_sources?: IncomeSource[];
  coverage?: {
    window?: { from: string; to: string };
    inputs?: {
      id: string;
      type: string;
      iban: string | null;
      outside_window: number;
      used: boolean;
      excluded_reason: string | null;
    }[];
  };
  evidence?: Partial<
    Record<
      | 'gambling'
      | 'returned_debits'
      | 'overdraft_interest'
      | 'unusual'
      | 'largest_debits'
      | 'largest_credits',
      EvidenceRow[]
    >
  >;
}
