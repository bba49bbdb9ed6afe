import { Type, type Static } from 'typebox';

export const TokenBody = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    client_secret: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: true, description: 'client credentials; other members (grant_type) are ignored' },
);
export type TokenBody = Static<typeof TokenBody>;

export const TokenResponseSchema = Type.Object({
  access_token: Type.String({ description: 'EdDSA-signed JWT' }),
  refresh_token: Type.Null(),
  scope: Type.String(),
  expires_in: Type.Integer({ description: 'seconds (86400)' }),
  token_type: Type.Literal('Bearer'),
});

export const OAuthErrorSchema = Type.Object(
  { error: Type.String(), error_description: Type.String() },
  { description: 'RFC 6749 section 5.2 error' },
);

export const CreateSpaceBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$' }) },
  { additionalProperties: false },
);
export const SpaceSchema = Type.Object({ space_id: Type.String(), name: Type.String(), created_at: Type.String({ format: 'date-time' }) });

export const CreateClientBody = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export const ClientCredentialsSchema = Type.Object({
  client_id: Type.String(),
  client_secret: Type.String({ description: 'shown only here; stored hashed' }),
  subscription_key: Type.String({ description: 'shown only here; stored hashed' }),
  space_id: Type.String(),
});
