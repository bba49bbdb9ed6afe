import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth-hook.ts';
import { errorResponses } from '../../http/common.ts';
import { PatchSettingsBody, SettingsSchema } from './portal.schemas.ts';
import type { PortalService } from './portal.service.ts';

const tags = ['Portal'];

export const portalRoutes =
  (service: PortalService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/portal/v1/settings',
      {
        config: { scope: 'settings:read' },
        schema: { operationId: 'getSettings', tags, summary: "Read the caller's settings", response: { 200: SettingsSchema, ...errorResponses() } },
      },
      async (req) => service.get(principalOf(req).spaceId),
    );

    app.patch(
      '/portal/v1/settings',
      {
        config: { scope: 'settings:write' },
        schema: {
          operationId: 'updateSettings',
          tags,
          summary: 'Change auto_parsing and the callback URLs',
          description:
            'A URL must be http(s) without credentials and must not resolve to a loopback, private, link-local, ' +
            'CGNAT, multicast, reserved or documentation address (unless the operator set DOCRISK_WEBHOOK_ALLOW_PRIVATE=1).',
          body: PatchSettingsBody,
          response: { 200: SettingsSchema, ...errorResponses(415) },
        },
      },
      async (req) => service.patch(principalOf(req).spaceId, req.body),
    );

    app.post(
      '/portal/v1/settings/rotate-webhook-secret',
      {
        config: { scope: 'settings:write' },
        schema: {
          operationId: 'rotateWebhookSecret',
          tags,
          summary: 'Replace the webhook signing secret (the previous one also signs for 24 h)',
          response: { 200: SettingsSchema, ...errorResponses() },
        },
      },
      async (req) => service.rotateWebhookSecret(principalOf(req).spaceId),
    );
  };
