/**
 * The web portal: the Vite build in portal/dist served at /portal/ (public files; the portal itself
 * calls the public API with the user's token). Unknown paths under /portal/ fall back to index.html
 * (client-side routes); /portal/v1/* stays the API's. Without a build, /portal/ is a clear 503.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './errors.ts';

export const PORTAL_DIST = fileURLToPath(new URL('../../portal/dist', import.meta.url));

/** Same-origin only: the portal makes no external request (fonts and pdf.js assets are bundled). */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const portalUiRoutes =
  (distDir: string = PORTAL_DIST): FastifyPluginAsyncTypebox =>
  async (app) => {
    const indexFile = path.join(distDir, 'index.html');
    const built = () => existsSync(indexFile);
    const cfg = { config: { auth: 'public' as const }, schema: { hide: true } };

    await app.register(fastifyStatic, { root: distDir, serve: false, decorateReply: true, wildcard: false });

    const serve = async (req: FastifyRequest, reply: FastifyReply, rel: string) => {
      if (!built()) {
        return sendProblem(reply, req, {
          status: 503,
          code: 'portal_not_built',
          detail:
            'the web portal is not built: run `npm run build` (npm start builds it when portal/dist is missing)',
        });
      }
      reply.header('content-security-policy', CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      const clean = path.posix.normalize(`/${rel}`).slice(1);
      const file = path.join(distDir, clean);
      const isFile =
        clean !== '' && file.startsWith(distDir + path.sep) && existsSync(file) && statSync(file).isFile();
      if (isFile) {
        // Vite's hashed assets never change; everything else is revalidated.
        reply.header(
          'cache-control',
          clean.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        return reply.sendFile(clean, { cacheControl: false });
      }
      if (/\.[a-z0-9]{1,8}$/i.test(clean)) {
        return sendProblem(reply, req, {
          status: 404,
          code: 'route_not_found',
          detail: `no portal asset ${clean}`,
        });
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    };

    app.get('/portal', cfg, async (_req, reply) => reply.redirect('/portal/', 301));
    app.get('/portal/', cfg, async (req, reply) => serve(req, reply, ''));
    app.get<{ Params: { '*': string } }>('/portal/*', cfg, async (req, reply) => {
      const rest = req.params['*'] ?? '';
      // The portal API (/portal/v1/...) answers its own 404s, never the SPA page.
      if (rest === 'v1' || rest.startsWith('v1/')) {
        return sendProblem(reply, req, {
          status: 404,
          code: 'route_not_found',
          detail: `no route ${req.method} ${req.url.split('?')[0]}`,
        });
      }
      return serve(req, reply, rest);
    });
  };
