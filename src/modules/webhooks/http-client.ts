/**
 * One webhook POST over node:http(s): no redirects followed, a hard total timeout, and a guarded
 * lookup so the socket connects only to addresses that passed the SSRF check. With `agents` the
 * connection is kept alive for the next POST to the same origin (checked once, when it was opened).
 */
import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl, guardedLookup, RefusedAddressError, type Resolver, type UrlCheck } from './ssrf.ts';

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolver?: Resolver;
  signal?: AbortSignal;
  /** Keep-alive pools; without them each POST opens and closes its own connection. */
  agents?: { http: http.Agent; https: https.Agent };
}

export type PostOutcome =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string; retryAfterSeconds?: number; /** for the operator's log only */ logDetail?: string };

/** Bytes of a receiver's answer read (and discarded) before the socket is closed. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Retry-After as delta-seconds or an HTTP-date, in seconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d{1,10}$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

export type Poster = (req: PostRequest) => Promise<PostOutcome>;

/**
 * The requests in flight under each abort signal, with one 'abort' listener per signal. Handing the
 * signal to http.request instead costs an EventTarget listener added and removed per POST (about 15 %
 * of a keep-alive POST's CPU with its receiver, measured 2026-11-27): a delivery worker sends every
 * attempt under one long-lived signal.
 */
const live = new WeakMap<AbortSignal, Set<http.ClientRequest>>();
function track(signal: AbortSignal, req: http.ClientRequest): () => void {
  let set = live.get(signal);
  if (set === undefined) {
    const requests = new Set<http.ClientRequest>();
    set = requests;
    live.set(signal, requests);
    signal.addEventListener(
      'abort',
      () => {
        for (const r of requests) r.destroy(abortError());
        requests.clear();
      },
      { once: true },
    );
  }
  set.add(req);
  return () => set.delete(req);
}
/** What node:http's own `signal` option fails a request with. */
const abortError = (): Error => Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });

/**
 * The URL checks of the few receiver URLs a worker sends to, made once each: a check is a pure function of
 * the URL text (WHATWG parsing, then the address ranges of an IP literal: 16 BlockList look-ups). The
 * address a name resolves to is still checked at every connect (guardedLookup).
 */
const checks = new Map<string, UrlCheck>();
function checkedUrl(url: string, allowPrivate: boolean): UrlCheck {
  const key = allowPrivate ? `1${url}` : `0${url}`;
  let c = checks.get(key);
  if (c === undefined) {
    c = checkWebhookUrl(url, allowPrivate);
    if (checks.size >= 1000) checks.clear();
    checks.set(key, c);
  }
  return c;
}

export const postWebhook: Poster = (r) =>
  new Promise<PostOutcome>((resolve) => {
    const checked = checkedUrl(r.url, r.allowPrivate);
    if (!checked.ok) {
      resolve({ ok: false, statusCode: null, error: `url ${checked.message}` });
      return;
    }
    const body = Buffer.from(r.body, 'utf8');
    const secure = checked.url.protocol === 'https:';
    const mod = secure ? https : http;
    const agent = r.agents ? (secure ? r.agents.https : r.agents.http) : false;
    let settled = false;
    const finish = (o: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    if (r.signal?.aborted) {
      finish({ ok: false, statusCode: null, error: 'ABORT_ERR: The operation was aborted' });
      return;
    }
    // One budget for the whole exchange: connect, status line and the (bounded) answer body.
    // When it ends, the socket goes, whether or not the outcome is known.
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `timeout after ${r.timeoutMs} ms` });
      req.destroy();
    }, r.timeoutMs);
    timer.unref();
    const req = mod.request(
      checked.url,
      {
        method: 'POST',
        headers: { ...r.headers, 'content-length': String(body.length) },
        agent,
        lookup: guardedLookup(r.allowPrivate, r.resolver) as never,
      },
      (res) => {
        const code = res.statusCode ?? 0;
        // The outcome is the status line; the answer body is read (at most MAX_RESPONSE_BYTES,
        // discarded) only so the receiver is not cut off mid-write, then the socket is closed.
        if (code >= 200 && code < 300) finish({ ok: true, statusCode: code });
        else {
          const retryAfterSeconds = code === 429 || code === 503 ? parseRetryAfter(res.headers['retry-after']) : undefined;
          finish({ ok: false, statusCode: code, error: `HTTP ${code}`, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
        }
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_RESPONSE_BYTES) {
            clearTimeout(timer);
            res.destroy();
            req.destroy();
          }
        });
        res.on('end', () => {
          clearTimeout(timer);
          // A pooled socket whose answer was read to the end goes back to the pool.
          if (!agent) req.destroy();
        });
        res.on('error', () => undefined);
      },
    );
    // Aborted until the exchange is over (its answer read or the socket gone), as with http.request's `signal`.
    if (r.signal) req.once('close', track(r.signal, req));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof RefusedAddressError) {
        finish({ ok: false, statusCode: null, error: err.message.slice(0, 500), logDetail: `${err.address}: ${err.reason}` });
        return;
      }
      const msg = err.code ? `${err.code}: ${err.message}` : err.message;
      finish({ ok: false, statusCode: null, error: msg.slice(0, 500) });
    });
    req.end(body);
  });
