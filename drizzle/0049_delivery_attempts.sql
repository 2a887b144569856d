ALTER TYPE "public"."mail_status" ADD VALUE 'unknown';--> statement-breakpoint
ALTER TYPE "public"."sms_status" ADD VALUE 'unknown';--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_mails" ADD COLUMN "calling_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "calling_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_mails_lease_idx" ON "outbound_mails" USING btree ("lease_until") WHERE lease_until is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_lease_idx" ON "sms_messages" USING btree ("lease_until") WHERE lease_until is not null;