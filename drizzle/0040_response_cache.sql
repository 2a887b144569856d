-- Issue 16 §1: the applies list's answers are kept by each app process (lib/cache/response-cache.ts) and dropped as
-- soon as something they show changes: a statement-level trigger on every table the list reads sends
-- NOTIFY passerelle_cache (delivered at commit, once per table and transaction; nothing when it rolls back), which every
-- process LISTENs to (lib/cache/change-feed.ts). And the list's "other integrated offers" of each candidate read from
-- an index alone (hand-written: drizzle-kit cannot express INCLUDE).
CREATE INDEX "social_applies_candidate_integrated_idx" ON "social_applies" USING btree ("candidate_id") INCLUDE ("id", "social_offer_id", "response_date") WHERE state = 'INTEGRATED_CANDIDATE' AND NOT archived;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('passerelle_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "social_applies_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "social_applies" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "candidates_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "candidates" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "places_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "places" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "candidate_statuses_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "candidate_statuses" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "fups_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fups" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "documents_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "user_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "social_offers_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "social_offers" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "organisation_refusal_causes_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisation_refusal_causes" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
