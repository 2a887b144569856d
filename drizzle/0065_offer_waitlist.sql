ALTER TYPE "public"."apply_state" ADD VALUE 'WAITLISTED';--> statement-breakpoint
ALTER TABLE "social_offers" ADD COLUMN "free_places" integer;--> statement-breakpoint
ALTER TABLE "social_applies" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_offers" ADD CONSTRAINT "social_offers_free_places_check" CHECK ("social_offers"."free_places" >= 0);