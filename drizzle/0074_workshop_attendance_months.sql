CREATE TABLE "stats_workshop_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"theme" text NOT NULL,
	"measure" text NOT NULL,
	"n" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_workshop_months" (
	"organisation_id" uuid NOT NULL,
	"month" date NOT NULL,
	"theme" text NOT NULL,
	"measure" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "stats_workshop_months_pk" PRIMARY KEY("organisation_id","month","theme","measure")
);
--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "invited_marked_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "invited_absent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stats_workshop_deltas_organisation_idx" ON "stats_workshop_deltas" USING btree ("organisation_id","month");--> statement-breakpoint
-- Issue 41 §1: the statistics' attendance sections summed the counters of every session of the period (12 000 for the
-- bench's biggest organisation over a year: 42 ms a view, twice). The sessions' counters are now also summed per
-- organisation, month (Paris), theme and measure in stats_workshop_months, kept like stats_apply_months (drizzle/0016):
-- a trigger on workshops appends deltas in the writer's transaction, the job compact-stats folds them in.
-- First the invited share moves onto the session's own row (workshop_invited_counts goes in 0075), so that one row
-- carries every counter the trigger sums.
UPDATE workshops w SET invited_marked_count = c.invited_marked, invited_absent_count = c.invited_absent
FROM workshop_invited_counts c WHERE c.workshop_id = w.id AND (c.invited_marked <> 0 OR c.invited_absent <> 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workshops_attendance_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A workshop's attendance counters follow its seated registrations, in the same transaction (the registration
  -- writers hold the workshop's row lock already: lib/workshops/registrations.ts); the invited share too.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'registered' AND OLD.attendance IS NOT NULL THEN
    UPDATE workshops SET
      present_count = present_count - (OLD.attendance = 'present')::int,
      excused_count = excused_count - (OLD.attendance = 'excused')::int,
      unexcused_count = unexcused_count - (OLD.attendance = 'unexcused')::int,
      invited_marked_count = invited_marked_count - (OLD.invitation_id IS NOT NULL)::int,
      invited_absent_count = invited_absent_count - (OLD.invitation_id IS NOT NULL AND OLD.attendance = 'unexcused')::int
    WHERE id = OLD.workshop_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'registered' AND NEW.attendance IS NOT NULL THEN
    UPDATE workshops SET
      present_count = present_count + (NEW.attendance = 'present')::int,
      excused_count = excused_count + (NEW.attendance = 'excused')::int,
      unexcused_count = unexcused_count + (NEW.attendance = 'unexcused')::int,
      invited_marked_count = invited_marked_count + (NEW.invitation_id IS NOT NULL)::int,
      invited_absent_count = invited_absent_count + (NEW.invitation_id IS NOT NULL AND NEW.attendance = 'unexcused')::int
    WHERE id = NEW.workshop_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A scheduled session with a start counts in its month; the measures it carries, as rows (zeros left out).
CREATE FUNCTION passerelle_stats_workshop_measures(w workshops) RETURNS TABLE (measure text, n integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT m, v FROM (VALUES
    ('present', w.present_count), ('excused', w.excused_count), ('unexcused', w.unexcused_count), ('seated', w.seats_taken),
    ('invited_marked', w.invited_marked_count), ('invited_absent', w.invited_absent_count)
  ) x(m, v)
  WHERE w.status = 'scheduled' AND w.starts_at IS NOT NULL AND v <> 0
$$;
--> statement-breakpoint
CREATE FUNCTION passerelle_stats_workshop_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.organisation_id, OLD.theme, OLD.status, passerelle_stats_month(OLD.starts_at))
      IS NOT DISTINCT FROM (NEW.organisation_id, NEW.theme, NEW.status, passerelle_stats_month(NEW.starts_at)) THEN
    -- The same key (the usual case: a seat or a mark): the differences only, one row per measure that moved.
    INSERT INTO stats_workshop_deltas (organisation_id, month, theme, measure, n)
    SELECT NEW.organisation_id, passerelle_stats_month(NEW.starts_at), NEW.theme, measure, sum(n)::int
    FROM (SELECT measure, n FROM passerelle_stats_workshop_measures(NEW)
          UNION ALL SELECT measure, -n FROM passerelle_stats_workshop_measures(OLD)) d
    GROUP BY measure HAVING sum(n) <> 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO stats_workshop_deltas (organisation_id, month, theme, measure, n)
    SELECT OLD.organisation_id, passerelle_stats_month(OLD.starts_at), OLD.theme, measure, -n
    FROM passerelle_stats_workshop_measures(OLD);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stats_workshop_deltas (organisation_id, month, theme, measure, n)
    SELECT NEW.organisation_id, passerelle_stats_month(NEW.starts_at), NEW.theme, measure, n
    FROM passerelle_stats_workshop_measures(NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workshops_stats AFTER INSERT OR DELETE OR UPDATE OF organisation_id, theme, status, starts_at, seats_taken,
  present_count, excused_count, unexcused_count, invited_marked_count, invited_absent_count ON workshops
FOR EACH ROW EXECUTE FUNCTION passerelle_stats_workshop_delta();
--> statement-breakpoint
INSERT INTO stats_workshop_months (organisation_id, month, theme, measure, n)
SELECT w.organisation_id, passerelle_stats_month(w.starts_at), w.theme, m.measure, sum(m.n)::int
FROM workshops w, passerelle_stats_workshop_measures(w) m
GROUP BY 1, 2, 3, 4;
