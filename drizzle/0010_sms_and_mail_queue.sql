CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."sms_direction" AS ENUM('outbound', 'inbound');--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'sending' BEFORE 'sent';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'undelivered' BEFORE 'failed';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'received';--> statement-breakpoint
CREATE TABLE "outbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"structure_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"sealed_text" text,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_slots" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_batch_skips" (
	"batch_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "sms_batch_skips_batch_id_candidate_id_pk" PRIMARY KEY("batch_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "sms_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"template_id" uuid,
	"requested" integer NOT NULL,
	"queued" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sms_messages_candidate_idx";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "sms_window_start_minute" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "sms_window_end_minute" integer DEFAULT 1200 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "sms_window_days" integer[] DEFAULT '{1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "sms_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "direction" "sms_direction" DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "kind" text DEFAULT 'sheet' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "to_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "from_number" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "segments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "scheduled_for" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "status_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD CONSTRAINT "outbound_mails_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD CONSTRAINT "outbound_mails_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batch_skips" ADD CONSTRAINT "sms_batch_skips_batch_id_sms_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sms_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batch_skips" ADD CONSTRAINT "sms_batch_skips_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_template_id_sms_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sms_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_mails_organisation_failed_idx" ON "outbound_mails" USING btree ("organisation_id","status_at") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "sms_batches_organisation_idx" ON "sms_batches" USING btree ("organisation_id","created_at");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_template_id_sms_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sms_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_sid_uq" ON "sms_messages" USING btree ("provider_sid") WHERE provider_sid is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_to_number_idx" ON "sms_messages" USING btree ("to_number","created_at" DESC NULLS LAST) WHERE direction = 'outbound';--> statement-breakpoint
CREATE INDEX "sms_messages_batch_idx" ON "sms_messages" USING btree ("batch_id") WHERE batch_id is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_organisation_failed_idx" ON "sms_messages" USING btree ("organisation_id","status_at") WHERE status = 'failed';