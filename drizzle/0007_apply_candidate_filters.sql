ALTER TABLE "social_applies" ADD COLUMN "candidate_place_id" uuid;--> statement-breakpoint
ALTER TABLE "social_applies" ADD COLUMN "candidate_status_id" uuid;--> statement-breakpoint
-- The offer page filters applies by their candidate's place and status (spec §2 filter bar). A busy offer has
-- thousands of applies: joining each candidate to filter them cost 100+ ms. The two values are copied onto the
-- apply, kept by these triggers, and carried in the offer page's ordered indexes.
UPDATE "social_applies" a SET "candidate_place_id" = c."place_id", "candidate_status_id" = c."status_id"
  FROM "candidates" c WHERE c."id" = a."candidate_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_apply_candidate_filters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.place_id, c.status_id INTO NEW.candidate_place_id, NEW.candidate_status_id FROM candidates c WHERE c.id = NEW.candidate_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "social_applies_candidate_filters" BEFORE INSERT OR UPDATE OF "candidate_id", "candidate_place_id", "candidate_status_id" ON "social_applies"
  FOR EACH ROW EXECUTE FUNCTION passerelle_apply_candidate_filters();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_candidate_filters_to_applies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE social_applies SET candidate_place_id = NEW.place_id, candidate_status_id = NEW.status_id WHERE candidate_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "candidates_filters_to_applies" AFTER UPDATE OF "place_id", "status_id" ON "candidates"
  FOR EACH ROW WHEN (OLD.place_id IS DISTINCT FROM NEW.place_id OR OLD.status_id IS DISTINCT FROM NEW.status_id)
  EXECUTE FUNCTION passerelle_candidate_filters_to_applies();
--> statement-breakpoint
DROP INDEX IF EXISTS "social_applies_offer_pending_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "social_applies_offer_answered_idx";
--> statement-breakpoint
CREATE INDEX "social_applies_offer_pending_idx" ON "social_applies"
  ("social_offer_id", "state", "archived", "prescription_date" DESC, "id" DESC) INCLUDE ("structure_id", "candidate_id", "candidate_place_id", "candidate_status_id");
--> statement-breakpoint
CREATE INDEX "social_applies_offer_answered_idx" ON "social_applies"
  ("social_offer_id", "state", "archived", "response_date" DESC, "id" DESC) INCLUDE ("structure_id", "candidate_id", "candidate_place_id", "candidate_status_id");
