import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth-hook.ts';
import { errorResponses } from '../../http/common.ts';
import {
  DeliveryIdParams,
  DeliveryListQuery,
  DeliveryListSchema,
  DeliverySchema,
  TestEventBody,
  TestEventResponse,
} from './webhooks.schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['Portal'];

export const webhooksRoutes =
  (service: WebhooksService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/portal/v1/webhook-deliveries',
      {
        config: { scope: 'settings:read' },
        schema: {
          operationId: 'listWebhookDeliveries',
          tags,
          summary: 'Delivery log of callbacks, created_at descending',
          querystring: DeliveryListQuery,
          response: { 200: DeliveryListSchema, ...errorResponses() },
        },
      },
      async (req) => service.list(principalOf(req).spaceId, req.query),
    );

    app.post(
      '/portal/v1/webhook-deliveries/:delivery_id/redeliver',
      {
        config: { scope: 'settings:write' },
        schema: {
          operationId: 'redeliverWebhook',
          tags,
          summary: 'Send a callback again (same webhook-id and body) to the URL configured now',
          params: DeliveryIdParams,
          response: { 202: DeliverySchema, ...errorResponses() },
        },
      },
      async (req, reply) => reply.status(202).send(await service.redeliver(principalOf(req).spaceId, req.params.delivery_id)),
    );

    app.post(
      '/portal/v1/webhooks/test',
      {
        config: { scope: 'settings:write' },
        // The body is optional: no body means "both configured URLs".
        preValidation: async (req) => {
          req.body ??= {};
        },
        schema: {
          operationId: 'sendTestWebhook',
          tags,
          summary: 'Send a signed webhook.test event to the configured URL(s)',
          body: TestEventBody,
          response: { 202: TestEventResponse, ...errorResponses() },
        },
      },
      async (req, reply) =>
        reply.status(202).send({ items: await service.sendTest(principalOf(req).spaceId, req.body.event_type as never) }),
    );
  };
