/**
 * The whole relational model. Later issues add behaviour, not tables: every resource the spec
 * names has its table here. Money columns are numeric (exact); timestamps are timestamptz (UTC).
 * Keep to PostgreSQL 15 features: PGlite runs 18, production runs 15.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { open, seal } from '../shared/secret-box.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Text stored encrypted when DOCRISK_SECRETS_KEYS is set (see secret-box.ts). */
const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (v) => seal(v),
  fromDriver: (v) => open(v),
});

/** A JSON value stored as {"enc": "<sealed JSON>"} when DOCRISK_SECRETS_KEYS is set. */
const sealedJsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (v) => {
    const json = JSON.stringify(v);
    const sealed = seal(json);
    return sealed === json ? json : JSON.stringify({ enc: sealed });
  },
  fromDriver: (raw) => {
    const v: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (v !== null && typeof v === 'object' && typeof (v as { enc?: unknown }).enc === 'string') return JSON.parse(open((v as { enc: string }).enc));
    return v;
  },
});

export const spaces = pgTable('spaces', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  autoParsing: boolean('auto_parsing').notNull().default(true),
  docEngineUrl: text('doc_engine_url'),
  workflowUrl: text('workflow_url'),
  webhookSecret: sealedText('webhook_secret').notNull(),
  webhookSecretPrevious: sealedText('webhook_secret_previous'),
  webhookSecretRotatedAt: tstz('webhook_secret_rotated_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const clients = pgTable(
  'clients',
  {
    clientId: text('client_id').primaryKey(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id),
    name: text('name'),
    /** scrypt$N$r$p$salt$hash (base64url). */
    secretHash: text('secret_hash').notNull(),
    /** SHA-256 of the subscription key (hex); keys are looked up per request. */
    subscriptionKeyHash: text('subscription_key_hash').notNull(),
    scopes: text('scopes').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    revokedAt: tstz('revoked_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('clients_space_idx').on(t.spaceId)],
);

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: sealedJsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const processes = pgTable(
  'processes',
  {
    id: uuid('id').primaryKey(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id),
    extApplicationId: text('ext_application_id'),
    status: text('status').notNull().default('active'),
    options: jsonb('options').notNull().default(sql`'{}'::jsonb`),
    attributes: jsonb('attributes').notNull().default(sql`'{}'::jsonb`),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    archivedAt: tstz('archived_at'),
  },
  (t) => [
    index('processes_space_created_idx').on(t.spaceId, t.createdAt.desc(), t.id.desc()),
    index('processes_space_ext_app_idx').on(t.spaceId, t.extApplicationId, t.createdAt.desc()),
    index('processes_space_status_created_idx').on(t.spaceId, t.status, t.createdAt.desc()),
  ],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id),
    spaceId: uuid('space_id').notNull(),
    extFileId: text('ext_file_id'),
    originalName: text('original_name'),
    contentType: text('content_type'),
    format: text('format'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    documentType: text('document_type').notNull(),
    assertedType: text('asserted_type'),
    validationStatus: text('validation_status').notNull(),
    validationErrors: jsonb('validation_errors').notNull().default(sql`'[]'::jsonb`),
    preResult: jsonb('pre_result'),
    pageCount: integer('page_count'),
    /** Scans: the traineddata validation's look picked; the parse job reads with it instead of looking again. */
    ocrLang: text('ocr_lang'),
    options: jsonb('options').notNull().default(sql`'{}'::jsonb`),
    parsingStatus: text('parsing_status').notNull(),
    parsingConfidence: doublePrecision('parsing_confidence'),
    // json, not jsonb: kept as the text written and read back as it is (jsonb's text output cost ~0.5 ms per 30 KB result on each read).
    parsingResult: json('parsing_result'),
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    parseAttempts: integer('parse_attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('files_process_created_idx').on(t.processId, t.createdAt.desc(), t.id.desc()),
    index('files_process_ext_idx').on(t.processId, t.extFileId),
    index('files_process_status_idx').on(t.processId, t.parsingStatus),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id),
    spaceId: uuid('space_id').notNull(),
    extBankAccountId: text('ext_bank_account_id'),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    currencyCode: text('currency_code').notNull(),
    bankName: text('bank_name'),
    openingBalance: numeric('opening_balance', { precision: 18, scale: 2 }),
    closingBalance: numeric('closing_balance', { precision: 18, scale: 2 }),
    transactions: jsonb('transactions').notNull().default(sql`'[]'::jsonb`),
    totalTransactions: integer('total_transactions').notNull(),
    dateMin: date('date_min', { mode: 'string' }),
    dateMax: date('date_max', { mode: 'string' }),
    contentHash: text('content_hash'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('bank_accounts_process_created_idx').on(t.processId, t.createdAt.desc(), t.id.desc())],
);

export const openBankingAccounts = pgTable(
  'open_banking_accounts',
  {
    id: uuid('id').primaryKey(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id),
    spaceId: uuid('space_id').notNull(),
    extOpenBankingAccountId: text('ext_open_banking_account_id'),
    provider: text('provider'),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder'),
    currencyCode: text('currency_code').notNull(),
    balances: jsonb('balances').notNull().default(sql`'[]'::jsonb`),
    transactions: jsonb('transactions').notNull().default(sql`'[]'::jsonb`),
    raw: jsonb('raw'),
    totalTransactions: integer('total_transactions').notNull(),
    dateMin: date('date_min', { mode: 'string' }),
    dateMax: date('date_max', { mode: 'string' }),
    contentHash: text('content_hash'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ob_accounts_process_created_idx').on(t.processId, t.createdAt.desc(), t.id.desc())],
);

export const creditReports = pgTable(
  'credit_reports',
  {
    id: uuid('id').primaryKey(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id),
    spaceId: uuid('space_id').notNull(),
    status: text('status').notNull(),
    reportParams: jsonb('report_params').notNull(),
    attributes: jsonb('attributes').notNull().default(sql`'{}'::jsonb`),
    inputs: jsonb('inputs').notNull(),
    validation: jsonb('validation').notNull(),
    reportResult: jsonb('report_result'),
    usedFiles: jsonb('used_files'),
    usedBankAccounts: jsonb('used_bank_accounts'),
    usedOpenBankingAccounts: jsonb('used_open_banking_accounts'),
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('credit_reports_process_created_idx').on(t.processId, t.createdAt.desc(), t.id.desc())],
);

/** Transactional outbox and delivery log in one: a row is written with the state change it reports. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    spaceId: uuid('space_id').notNull(),
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: uuid('resource_id').notNull(),
    url: text('url'),
    body: text('body').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_space_created_idx').on(t.spaceId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Blob bytes for DOCRISK_BLOB_STORE=postgres (content-addressed by SHA-256). */
export const blobs = pgTable('blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Idempotency records of the workflow endpoint (IETF Idempotency-Key draft, or a content hash). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    spaceId: uuid('space_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    resourceId: uuid('resource_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.key] })],
);

/**
 * Idempotency-Key records of the create endpoints (upload, start-process, run-report): the request's
 * fingerprint and, once answered, the answer itself, replayed to a retry with the same key and body.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    spaceId: uuid('space_id').notNull(),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is in flight. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.spaceId, t.operation, t.key] }), index('idempotent_requests_created_at_idx').on(t.createdAt)],
);

/** One-off facts about the installation (e.g. that the demo client was printed). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});


/**
 * Request counters of the rate limiter when it is shared between API processes: one row per
 * key (client and route group), a window that starts at window_start and lasts ttl_ms (longer
 * than the configured window while a client keeps going over the limit: the lockout back-off).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: tstz('window_start').notNull(),
  ttlMs: bigint('ttl_ms', { mode: 'number' }).notNull(),
});
