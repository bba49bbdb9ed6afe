import { Type, type Static } from 'typebox';

const UrlOrNull = (description: string) =>
  Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], { description: `${description}; null (or "") clears it` });

export const SettingsSchema = Type.Object(
  {
    space_id: Type.String(),
    auto_parsing: Type.Boolean({ description: 'parse uploaded files automatically (default true)' }),
    webhooks: Type.Object({
      doc_engine_url: Type.Union([Type.String(), Type.Null()], { description: "URL of the 'Doc Engine' callback (doc_engine.file.parsed)" }),
      workflow_url: Type.Union([Type.String(), Type.Null()], { description: "URL of the 'Workflow' callback (workflow.credit_report.finished)" }),
    }),
    webhook_signing_secret: Type.String({
      description:
        'Standard Webhooks secret (whsec_<base64>). After a rotation the previous secret also signs deliveries for 24 h (space-separated v1 signatures).',
    }),
  },
  { description: "the caller's space settings" },
);
export type SettingsView = Static<typeof SettingsSchema>;

export const PatchSettingsBody = Type.Object(
  {
    auto_parsing: Type.Optional(Type.Boolean()),
    webhooks: Type.Optional(
      Type.Object(
        {
          doc_engine_url: Type.Optional(UrlOrNull('http(s) URL of the Doc Engine callback')),
          workflow_url: Type.Optional(UrlOrNull('http(s) URL of the Workflow callback')),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PatchSettingsBody = Static<typeof PatchSettingsBody>;
