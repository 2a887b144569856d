ALTER TABLE "user" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_prescription_answers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_orientations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_late_items" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The users of before onboarding existed have used Passerelle already: onboarded, under the first version of the terms.
UPDATE "user" SET "onboarded_at" = now(), "terms_version" = '2026-11-25', "terms_accepted_at" = now();
