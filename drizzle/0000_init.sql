CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"ext_bank_account_id" text,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"currency_code" text NOT NULL,
	"bank_name" text,
	"opening_balance" numeric(18, 2),
	"closing_balance" numeric(18, 2),
	"transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_transactions" integer NOT NULL,
	"date_min" date,
	"date_max" date,
	"content_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text,
	"secret_hash" text NOT NULL,
	"subscription_key_hash" text NOT NULL,
	"scopes" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"status" text NOT NULL,
	"report_params" jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"validation" jsonb NOT NULL,
	"report_result" jsonb,
	"used_files" jsonb,
	"used_bank_accounts" jsonb,
	"used_open_banking_accounts" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"ext_file_id" text,
	"original_name" text,
	"content_type" text,
	"format" text,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"blob_key" text NOT NULL,
	"document_type" text NOT NULL,
	"asserted_type" text,
	"validation_status" text NOT NULL,
	"validation_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pre_result" jsonb,
	"page_count" integer,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parsing_status" text NOT NULL,
	"parsing_confidence" double precision,
	"parsing_result" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parse_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"space_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"resource_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_space_id_key_pk" PRIMARY KEY("space_id","key")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_banking_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"ext_open_banking_account_id" text,
	"provider" text,
	"iban" text NOT NULL,
	"account_holder" text,
	"currency_code" text NOT NULL,
	"balances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" jsonb,
	"total_transactions" integer NOT NULL,
	"date_min" date,
	"date_max" date,
	"content_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"ext_application_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"auto_parsing" boolean DEFAULT true NOT NULL,
	"doc_engine_url" text,
	"workflow_url" text,
	"webhook_secret" text NOT NULL,
	"webhook_secret_previous" text,
	"webhook_secret_rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spaces_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"space_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"url" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_process_created_idx" ON "bank_accounts" USING btree ("process_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_space_idx" ON "clients" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "credit_reports_process_created_idx" ON "credit_reports" USING btree ("process_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_process_created_idx" ON "files" USING btree ("process_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_process_ext_idx" ON "files" USING btree ("process_id","ext_file_id");--> statement-breakpoint
CREATE INDEX "files_process_status_idx" ON "files" USING btree ("process_id","parsing_status");--> statement-breakpoint
CREATE INDEX "ob_accounts_process_created_idx" ON "open_banking_accounts" USING btree ("process_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_space_created_idx" ON "processes" USING btree ("space_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_space_ext_app_idx" ON "processes" USING btree ("space_id","ext_application_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "processes_space_status_created_idx" ON "processes" USING btree ("space_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_space_created_idx" ON "webhook_deliveries" USING btree ("space_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");