CREATE TABLE "idempotent_requests" (
	"space_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_space_id_operation_key_pk" PRIMARY KEY("space_id","operation","key")
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests" USING btree ("created_at");