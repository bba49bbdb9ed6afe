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
    app.post(
      '/auth/v1/oauth/token',
      {
        config: { auth: 'public', oauth: true },
        schema: {
          tags: ['Authentication'],
          summary: 'Exchange client credentials for an access token',
          description: 'Send the header Ocp-Apim-Subscription-Key. Errors follow RFC 6749 section 5.2.',
          security: [{ subscriptionKey: [] }],
          body: TokenBody,
          response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
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
        schema: { tags: ['Authentication'], summary: 'Public keys that verify access tokens (JWKS)' },
      },
      async () => auth.keys.jwks(),
    );

    app.post(
      '/admin/v1/spaces',
      {
        config: { auth: 'admin' },
        schema: {
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
