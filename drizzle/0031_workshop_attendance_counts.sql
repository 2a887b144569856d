ALTER TABLE "workshops" ADD COLUMN "present_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "excused_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "unexcused_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION workshops_attendance_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A workshop's attendance counters follow its seated registrations, in the same transaction (the registration
  -- writers hold the workshop's row lock already: lib/workshops/registrations.ts).
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'registered' AND OLD.attendance IS NOT NULL THEN
    UPDATE workshops SET
      present_count = present_count - (OLD.attendance = 'present')::int,
      excused_count = excused_count - (OLD.attendance = 'excused')::int,
      unexcused_count = unexcused_count - (OLD.attendance = 'unexcused')::int
    WHERE id = OLD.workshop_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'registered' AND NEW.attendance IS NOT NULL THEN
    UPDATE workshops SET
      present_count = present_count + (NEW.attendance = 'present')::int,
      excused_count = excused_count + (NEW.attendance = 'excused')::int,
      unexcused_count = unexcused_count + (NEW.attendance = 'unexcused')::int
    WHERE id = NEW.workshop_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workshop_registrations_attendance_counts AFTER INSERT OR DELETE OR UPDATE OF status, attendance, workshop_id ON workshop_registrations
FOR EACH ROW EXECUTE FUNCTION workshops_attendance_counts();
--> statement-breakpoint
UPDATE workshops w SET present_count = c.present, excused_count = c.excused, unexcused_count = c.unexcused
FROM (SELECT workshop_id, count(*) FILTER (WHERE attendance = 'present')::int AS present, count(*) FILTER (WHERE attendance = 'excused')::int AS excused,
             count(*) FILTER (WHERE attendance = 'unexcused')::int AS unexcused
      FROM workshop_registrations WHERE status = 'registered' AND attendance IS NOT NULL GROUP BY 1) c
WHERE c.workshop_id = w.id;
