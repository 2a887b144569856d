-- Issue 16 §1: the offer page's tab counts, kept by a trigger that only appends deltas (lib/db/schema/apply-counts.ts),
-- then filled once from the applies already there.
CREATE OR REPLACE FUNCTION passerelle_apply_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.social_offer_id, OLD.structure_id, OLD.state, OLD.archived)
      IS NOT DISTINCT FROM (NEW.social_offer_id, NEW.structure_id, NEW.state, NEW.archived) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.archived THEN
    INSERT INTO social_apply_count_deltas (social_offer_id, structure_id, state, n) VALUES (OLD.social_offer_id, OLD.structure_id, OLD.state, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.archived THEN
    INSERT INTO social_apply_count_deltas (social_offer_id, structure_id, state, n) VALUES (NEW.social_offer_id, NEW.structure_id, NEW.state, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER social_applies_tab_counts AFTER INSERT OR UPDATE OR DELETE ON social_applies
  FOR EACH ROW EXECUTE FUNCTION passerelle_apply_count_delta();
--> statement-breakpoint
INSERT INTO social_apply_counts (social_offer_id, structure_id, state, n)
SELECT social_offer_id, structure_id, state, count(*)::integer FROM social_applies WHERE NOT archived GROUP BY 1, 2, 3;
