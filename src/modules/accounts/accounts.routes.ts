import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { principalOf } from '../../http/auth-hook.ts';
import { errorResponses } from '../../http/common.ts';
import { validatorCompiler } from '../../http/validation.ts';
import {
  AccountListQuery,
  BankAccountBody,
  BankAccountDetailSchema,
  BankAccountListSchema,
  BankAccountParams,
  BankAccountSchema,
  OpenBankingAccountBody,
  OpenBankingAccountDetailSchema,
  OpenBankingAccountListSchema,
  OpenBankingAccountParams,
  OpenBankingAccountSchema,
  ProcessParams,
} from './accounts.schemas.ts';
import type { AccountsService } from './accounts.service.ts';

/**
 * Account bodies are checked by the service in one pass (types, IBAN check digits, exact amounts,
 * calendar dates), so that a 400 names every bad field; the schema documents them in OpenAPI.
 */
const bodyCheckedByService: FastifySchemaCompiler<unknown> = (ctx) => (ctx.httpPart === 'body' ? () => true : validatorCompiler(ctx));

const bankTags = ['Bank accounts'];
const obTags = ['Open Banking accounts'];
const base = '/document-engine/v1/processes/:process_id';

export const accountsRoutes =
  (service: AccountsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      `${base}/bank-accounts`,
      {
        config: { scope: 'accounts:write' },
        validatorCompiler: bodyCheckedByService,
        schema: {
          operationId: 'createBankAccount',
          tags: bankTags,
          summary: 'Add a bank account with its transactions (JSON)',
          description: 'Amounts are JSON numbers or decimal strings with at most 2 decimals, stored exactly. At most 50,000 transactions.',
          params: ProcessParams,
          body: BankAccountBody,
          response: { 201: BankAccountSchema, ...errorResponses(409, 413) },
        },
      },
      async (req, reply) => reply.status(201).send(await service.createBankAccount(principalOf(req).spaceId, req.params.process_id, req.body)),
    );

    app.get(
      `${base}/bank-accounts`,
      {
        config: { scope: 'accounts:read' },
        schema: { operationId: 'listBankAccounts', tags: bankTags, summary: 'List the bank accounts of a process', params: ProcessParams, querystring: AccountListQuery, response: { 200: BankAccountListSchema, ...errorResponses() } },
      },
      async (req) => service.listBankAccounts(principalOf(req).spaceId, req.params.process_id, req.query),
    );

    app.get(
      `${base}/bank-accounts/:bank_account_id`,
      {
        config: { scope: 'accounts:read' },
        schema: {
          operationId: 'getBankAccount',
          tags: bankTags,
          summary: 'Read a bank account with its categorised transactions',
          params: BankAccountParams,
          response: { 200: BankAccountDetailSchema, ...errorResponses() },
        },
      },
      async (req) => service.getBankAccount(principalOf(req).spaceId, req.params.process_id, req.params.bank_account_id),
    );

    app.post(
      `${base}/open-banking-accounts`,
      {
        config: { scope: 'accounts:write' },
        validatorCompiler: bodyCheckedByService,
        schema: {
          operationId: 'createOpenBankingAccount',
          tags: obTags,
          summary: 'Add an Open Banking account from a Berlin Group NextGenPSD2 account report',
          description: 'Only booked transactions count; pending ones are ignored. At most 50,000 booked transactions.',
          params: ProcessParams,
          body: OpenBankingAccountBody,
          response: { 201: OpenBankingAccountSchema, ...errorResponses(409, 413) },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.createOpenBankingAccount(principalOf(req).spaceId, req.params.process_id, req.body)),
    );

    app.get(
      `${base}/open-banking-accounts`,
      {
        config: { scope: 'accounts:read' },
        schema: {
          operationId: 'listOpenBankingAccounts',
          tags: obTags,
          summary: 'List the Open Banking accounts of a process',
          params: ProcessParams,
          querystring: AccountListQuery,
          response: { 200: OpenBankingAccountListSchema, ...errorResponses() },
        },
      },
      async (req) => service.listOpenBankingAccounts(principalOf(req).spaceId, req.params.process_id, req.query),
    );

    app.get(
      `${base}/open-banking-accounts/:open_banking_account_id`,
      {
        config: { scope: 'accounts:read' },
        schema: {
          operationId: 'getOpenBankingAccount',
          tags: obTags,
          summary: 'Read an Open Banking account with its normalised, categorised booked transactions',
          params: OpenBankingAccountParams,
          response: { 200: OpenBankingAccountDetailSchema, ...errorResponses() },
        },
      },
      async (req) => service.getOpenBankingAccount(principalOf(req).spaceId, req.params.process_id, req.params.open_banking_account_id),
    );
  };
