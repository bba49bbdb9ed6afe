/**
 * One webhook POST over node:http(s): no redirects followed, a hard total timeout, and a guarded
 * lookup so the socket connects only to addresses that passed the SSRF check.
 */
import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl, guardedLookup, RefusedAddressError, type Resolver } from './ssrf.ts';

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolver?: Resolver;
  signal?: AbortSignal;
}

export type PostOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

export type Poster = (req: PostRequest) => Promise<PostOutcome>;

export const postWebhook: Poster = (r) =>
  new Promise<PostOutcome>((resolve) => {
    const checked = checkWebhookUrl(r.url, r.allowPrivate);
    if (!checked.ok) {
      resolve({ ok: false, statusCode: null, error: `url ${checked.message}` });
      return;
    }
    const body = Buffer.from(r.body, 'utf8');
    const mod = checked.url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (o: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = mod.request(
      checked.url,
      {
        method: 'POST',
        headers: { ...r.headers, 'content-length': String(body.length) },
        agent: false,
        lookup: guardedLookup(r.allowPrivate, r.resolver) as never,
        ...(r.signal ? { signal: r.signal } : {}),
      },
      (res) => {
        const code = res.statusCode ?? 0;
        // The receiver's body is not needed: drain it so the socket closes cleanly.
        res.resume();
        res.on('error', () => undefined);
        if (code >= 200 && code < 300) finish({ ok: true, statusCode: code });
        else finish({ ok: false, statusCode: code, error: `HTTP ${code}` });
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: `timeout after ${r.timeoutMs} ms` });
      req.destroy();
    }, r.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const msg = err instanceof RefusedAddressError ? err.message : err.code ? `${err.code}: ${err.message}` : err.message;
      finish({ ok: false, statusCode: null, error: msg.slice(0, 500) });
    });
    req.end(body);
  });
