-- Issue 16 §1: the apply counters gain the prescribing organisation (the home page's and a directory sheet's counts
-- from counters), an organisation rollup folded by the same job; the organisation's waiting prescriptions by age
-- (late ones counted from the index); the structures' medians read from the statistics counters' index alone.
-- The directory's response indicator reads an organisation's prescriptions to a structure from an index alone
-- (hand-written: drizzle-kit cannot express INCLUDE; bench: 50 structures' indicators 195 → 10 ms).
-- The counters are emptied here and filled again at the end from the applies, with the trigger's new key.
TRUNCATE "social_apply_count_deltas", "social_apply_counts";--> statement-breakpoint
CREATE TABLE "organisation_apply_counts" (
	"organisation_id" uuid NOT NULL,
	"state" "apply_state" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "organisation_apply_counts_pk" PRIMARY KEY("organisation_id","state")
);
--> statement-breakpoint
DROP INDEX "stats_apply_months_structure_idx";--> statement-breakpoint
ALTER TABLE "social_apply_count_deltas" ADD COLUMN "organisation_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "social_apply_counts" ADD COLUMN "organisation_id" uuid NOT NULL;--> statement-breakpoint
CREATE INDEX "social_applies_organisation_waiting_idx" ON "social_applies" USING btree ("organisation_id","prescription_date") WHERE state = 'PRESCRIPTION_FILLED' and not archived;--> statement-breakpoint
CREATE INDEX "social_apply_count_deltas_organisation_idx" ON "social_apply_count_deltas" USING btree ("organisation_id","structure_id");--> statement-breakpoint
CREATE INDEX "social_apply_counts_structure_idx" ON "social_apply_counts" USING btree ("structure_id","organisation_id");--> statement-breakpoint
CREATE INDEX "stats_apply_months_structure_idx" ON "stats_apply_months" USING btree ("organisation_id","structure_id","month","response_days","n");--> statement-breakpoint
ALTER TABLE "social_apply_counts" DROP CONSTRAINT "social_apply_counts_pk";
--> statement-breakpoint
ALTER TABLE "social_apply_counts" ADD CONSTRAINT "social_apply_counts_pk" PRIMARY KEY("social_offer_id","structure_id","state","organisation_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_apply_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.social_offer_id, OLD.structure_id, OLD.organisation_id, OLD.state, OLD.archived)
      IS NOT DISTINCT FROM (NEW.social_offer_id, NEW.structure_id, NEW.organisation_id, NEW.state, NEW.archived) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.archived THEN
    INSERT INTO social_apply_count_deltas (social_offer_id, structure_id, organisation_id, state, n)
    VALUES (OLD.social_offer_id, OLD.structure_id, OLD.organisation_id, OLD.state, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.archived THEN
    INSERT INTO social_apply_count_deltas (social_offer_id, structure_id, organisation_id, state, n)
    VALUES (NEW.social_offer_id, NEW.structure_id, NEW.organisation_id, NEW.state, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO social_apply_counts (social_offer_id, structure_id, organisation_id, state, n)
SELECT social_offer_id, structure_id, organisation_id, state, count(*)::integer FROM social_applies WHERE NOT archived GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO organisation_apply_counts (organisation_id, state, n)
SELECT organisation_id, state, sum(n)::integer FROM social_apply_counts GROUP BY 1, 2;
--> statement-breakpoint
CREATE INDEX "social_applies_organisation_structure_date_idx" ON "social_applies" USING btree ("organisation_id", "structure_id", "prescription_date")
  INCLUDE ("response_date", "state", "archived");
