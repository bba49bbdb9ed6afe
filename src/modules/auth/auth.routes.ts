import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SUBSCRIPTION_HEADER } from '../../http/auth-hook.ts';
import { Uuid, problemRef } from '../../http/common.ts';
import {
  ClientCredentialsSchema,
  CreateClientBody,
  CreateSpaceBody,
  OAuthErrorSchema,
  SpaceSchema,
  TokenBody,
  TokenResponseSchema,
} from './auth.schemas.ts';
import type { AuthService } from './auth.service.ts';

const adminErrors = { 400: problemRef, 401: problemRef, 404: problemRef, 409: problemRef };

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncTypebox =>
  async (app) => {
    // RFC 6749's form encoding (what OAuth2 clients such as the /docs page send), beside the spec's JSON.
    // Registered inside this plugin, so it applies to the token route only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.post(
      '/auth/v1/oauth/token',
      {
        config: { auth: 'public', oauth: true },
        schema: {
          operationId: 'issueToken',
          tags: ['Authentication'],
          summary: 'Exchange client credentials for an access token',
          description:
            'Send the header Ocp-Apim-Subscription-Key. The credentials go in a JSON body, or as an OAuth2 client would send them: ' +
            'a form body (grant_type=client_credentials) with client_id and client_secret, or HTTP Basic (RFC 6749 section 2.3.1). ' +
            'Errors follow RFC 6749 section 5.2.',
          security: [{ subscriptionKey: [] }],
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          body: TokenBody,
          response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
        },
        preValidation: async (req) => {
          req.body = withBasicCredentials(req.headers.authorization, req.body);
        },
      },
      async (req, reply) => {
        const key = req.headers[SUBSCRIPTION_HEADER];
        const token = await auth.issueToken(req.body.client_id, req.body.client_secret, Array.isArray(key) ? key[0] : key);
        return reply.header('cache-control', 'no-store').send(token);
      },
    );

    app.get(
      '/auth/v1/jwks',
      {
        config: { auth: 'public' },
        schema: { operationId: 'getJwks', tags: ['Authentication'], summary: 'Public keys that verify access tokens (JWKS)' },
      },
      async () => auth.keys.jwks(),
    );

    app.post(
      '/admin/v1/spaces',
      {
        config: { auth: 'admin' },
        schema: {
          operationId: 'createSpace',
          tags: ['Admin'],
          summary: 'Create a space (tenant)',
          security: [{ adminToken: [] }],
          body: CreateSpaceBody,
          response: { 201: SpaceSchema, ...adminErrors },
        },
      },
      async (req, reply) => reply.status(201).send(await auth.createSpace(req.body.name)),
    );

    app.post(
      '/admin/v1/spaces/:space_id/clients',
      {
        config: { auth: 'admin' },
        schema: {
          operationId: 'createClient',
          tags: ['Admin'],
          summary: 'Create a client in a space; the secret and key are shown only in this response',
          security: [{ adminToken: [] }],
          params: Type.Object({ space_id: Uuid('space id') }),
          body: Type.Optional(CreateClientBody),
          response: { 201: ClientCredentialsSchema, ...adminErrors },
        },
      },
      async (req, reply) => reply.status(201).send(await auth.createClient(req.params.space_id, req.body?.name ?? null)),
    );

    app.delete(
      '/admin/v1/clients/:client_id',
      {
        config: { auth: 'admin' },
        schema: {
          operationId: 'deleteClient',
          tags: ['Admin'],
          summary: 'Revoke a client; its tokens stop working',
          security: [{ adminToken: [] }],
          params: Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 200 }) }),
          response: { 204: Type.Null(), ...adminErrors },
        },
      },
      async (req, reply) => {
        await auth.revokeClient(req.params.client_id);
        return reply.status(204).send(null);
      },
    );
  };

/** Client credentials from `Authorization: Basic` (form-urlencoded id and secret) where the body has none. */
function withBasicCredentials(header: string | undefined, body: unknown): { client_id: string; client_secret: string } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m || b.client_id !== undefined) return b as never;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return b as never;
  const dec = (v: string) => {
    try {
      return decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      return v;
    }
  };
  return { ...b, client_id: dec(decoded.slice(0, colon)), client_secret: dec(decoded.slice(colon + 1)) };
}
