ALTER TABLE "enterprises" ADD COLUMN "offers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "open_offers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "hired_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "candidates_suggestions_place_idx" ON "candidates" USING btree ("organisation_id","place_id","updated_at" DESC NULLS LAST) WHERE anonymised_at is null and referent_id is not null;--> statement-breakpoint
CREATE INDEX "candidates_suggestions_departement_idx" ON "candidates" USING btree ("organisation_id",substring(address_formatted from '(\d{2})\d{3}'),"updated_at" DESC NULLS LAST) WHERE anonymised_at is null and referent_id is not null;--> statement-breakpoint
CREATE INDEX "enterprises_organisation_created_idx" ON "enterprises" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_offers_organisation_start_idx" ON "job_offers" USING btree ("organisation_id","start_date","id");--> statement-breakpoint
CREATE INDEX "job_offers_organisation_status_idx" ON "job_offers" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE FUNCTION enterprises_offer_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An enterprise's counters (offers, open offers, hires) follow its job offers, in the same transaction.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.enterprise_id IS NOT NULL THEN
    UPDATE enterprises SET offers_count = offers_count - 1, open_offers_count = open_offers_count - (OLD.status = 'open')::int, hired_count = hired_count - OLD.positions_filled
    WHERE id = OLD.enterprise_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.enterprise_id IS NOT NULL THEN
    UPDATE enterprises SET offers_count = offers_count + 1, open_offers_count = open_offers_count + (NEW.status = 'open')::int, hired_count = hired_count + NEW.positions_filled
    WHERE id = NEW.enterprise_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_offers_enterprise_counts AFTER INSERT OR DELETE OR UPDATE OF enterprise_id, status, positions_filled ON job_offers
FOR EACH ROW EXECUTE FUNCTION enterprises_offer_counts();
--> statement-breakpoint
UPDATE enterprises e SET offers_count = c.offers, open_offers_count = c.open, hired_count = c.hired
FROM (SELECT enterprise_id, count(*)::int AS offers, count(*) FILTER (WHERE status = 'open')::int AS open, sum(positions_filled)::int AS hired FROM job_offers WHERE enterprise_id IS NOT NULL GROUP BY 1) c
WHERE c.enterprise_id = e.id;
