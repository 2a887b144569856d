ALTER TABLE "user" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_prescription_answers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_orientations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "notify_late_items" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The users who have already signed in used Passerelle before onboarding existed: they count as onboarded under the
-- first version of the terms (terms_accepted_at stays empty: they never ticked it). Invited users who never signed in
-- go through onboarding.
UPDATE "user" SET "onboarded_at" = now(), "terms_version" = '2026-11-25'
WHERE EXISTS (SELECT 1 FROM "audit_log" a WHERE a."entity_type" = 'user' AND a."entity_id" = "user"."id" AND a."action" = 'user.signed-in')
   OR EXISTS (SELECT 1 FROM "session" s WHERE s."user_id" = "user"."id");
