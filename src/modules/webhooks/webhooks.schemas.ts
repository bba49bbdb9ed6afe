import { Type, type Static } from 'typebox';
import { PaginationQuery, Timestamp, Uuid, listEnvelope } from '../../http/common.ts';

export const EVENT_TYPES = ['doc_engine.file.parsed', 'workflow.credit_report.finished'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = 'webhook.test';

const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);

export const DeliverySchema = Type.Object(
  {
    delivery_id: Type.String({ format: 'uuid' }),
    webhook_id: Type.String({ description: 'the webhook-id header; stable across retries and redeliveries' }),
    event_type: Type.String({ description: `${EVENT_TYPES.join(', ')} or ${TEST_EVENT_TYPE}` }),
    resource_id: Type.String(),
    url: nullable(Type.String()),
    status: Type.String({ enum: ['pending', 'succeeded', 'failed', 'skipped'], description: 'skipped: no URL was configured for the event type' }),
    attempts: Type.Integer(),
    last_status_code: nullable(Type.Integer()),
    last_error: nullable(Type.String()),
    next_attempt_at: Type.Union([Timestamp, Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'one callback message and its delivery state' },
);
export type DeliveryView = Static<typeof DeliverySchema>;

export const DeliveryListQuery = Type.Object({ ...PaginationQuery }, { additionalProperties: false });
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;
export const DeliveryListSchema = listEnvelope(DeliverySchema, 'webhook deliveries of the caller\'s space, created_at descending');
export const DeliveryIdParams = Type.Object({ delivery_id: Uuid('delivery id') });

export const TestEventBody = Type.Object(
  {
    event_type: Type.Optional(
      Type.String({ enum: [...EVENT_TYPES], description: 'which configured URL to test; both when omitted' }),
    ),
  },
  { additionalProperties: false },
);
export type TestEventBody = Static<typeof TestEventBody>;
export const TestEventResponse = Type.Object({ items: Type.Array(DeliverySchema) });
