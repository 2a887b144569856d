ALTER TYPE "public"."apply_state" ADD VALUE 'EXPIRED';--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "prescription_expiry_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "social_applies" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_applies" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "social_applies_pending_date_idx" ON "social_applies" USING btree ("prescription_date") WHERE state = 'PRESCRIPTION_FILLED';