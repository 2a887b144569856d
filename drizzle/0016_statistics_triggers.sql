-- Issue 15 §1: the statistics' monthly prescription counts, kept by a trigger that only appends deltas (see
-- lib/db/schema/statistics.ts), then filled once from the prescriptions already there.
CREATE OR REPLACE FUNCTION passerelle_stats_month(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', at AT TIME ZONE 'Europe/Paris')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_stats_response_days(state apply_state, prescribed timestamptz, answered timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN state::text IN ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') AND answered IS NOT NULL
      THEN greatest(0, floor(extract(epoch FROM answered - prescribed) / 86400))::integer
    ELSE -1
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_stats_apply_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organisation_id, OLD.structure_id, OLD.state, OLD.cause, OLD.prescription_date, OLD.response_date)
      IS NOT DISTINCT FROM (NEW.organisation_id, NEW.structure_id, NEW.state, NEW.cause, NEW.prescription_date, NEW.response_date) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO stats_apply_deltas (organisation_id, month, structure_id, state, cause, response_days, n)
    VALUES (OLD.organisation_id, passerelle_stats_month(OLD.prescription_date), OLD.structure_id, OLD.state, coalesce(OLD.cause, ''),
            passerelle_stats_response_days(OLD.state, OLD.prescription_date, OLD.response_date), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stats_apply_deltas (organisation_id, month, structure_id, state, cause, response_days, n)
    VALUES (NEW.organisation_id, passerelle_stats_month(NEW.prescription_date), NEW.structure_id, NEW.state, coalesce(NEW.cause, ''),
            passerelle_stats_response_days(NEW.state, NEW.prescription_date, NEW.response_date), 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER social_applies_stats AFTER INSERT OR UPDATE OR DELETE ON social_applies
  FOR EACH ROW EXECUTE FUNCTION passerelle_stats_apply_delta();
--> statement-breakpoint
INSERT INTO stats_apply_months (organisation_id, month, structure_id, state, cause, response_days, n)
SELECT organisation_id, passerelle_stats_month(prescription_date), structure_id, state, coalesce(cause, ''),
       passerelle_stats_response_days(state, prescription_date, response_date), count(*)::integer
FROM social_applies
GROUP BY 1, 2, 3, 4, 5, 6;
