-- Issue 41 §1: the statistics' invitations section read every marked registration of the period's workshops to split
-- invited people from convoked ones (29 000 registrations of the bench's biggest organisation at scale 0.2: 50 ms a
-- view, a sequential scan). The workshop's attendance trigger (drizzle/0031) now also counts, per workshop, the marked
-- registrations that came from an invitation and those marked absent without excuse (workshop_invited_counts), in the
-- registration's own transaction; the page sums them over the period's workshops.
CREATE OR REPLACE FUNCTION workshops_attendance_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A workshop's attendance counters follow its seated registrations, in the same transaction (the registration
  -- writers hold the workshop's row lock already: lib/workshops/registrations.ts).
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'registered' AND OLD.attendance IS NOT NULL THEN
    UPDATE workshops SET
      present_count = present_count - (OLD.attendance = 'present')::int,
      excused_count = excused_count - (OLD.attendance = 'excused')::int,
      unexcused_count = unexcused_count - (OLD.attendance = 'unexcused')::int
    WHERE id = OLD.workshop_id;
    IF OLD.invitation_id IS NOT NULL THEN
      UPDATE workshop_invited_counts SET
        invited_marked = invited_marked - 1,
        invited_absent = invited_absent - (OLD.attendance = 'unexcused')::int
      WHERE workshop_id = OLD.workshop_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'registered' AND NEW.attendance IS NOT NULL THEN
    UPDATE workshops SET
      present_count = present_count + (NEW.attendance = 'present')::int,
      excused_count = excused_count + (NEW.attendance = 'excused')::int,
      unexcused_count = unexcused_count + (NEW.attendance = 'unexcused')::int
    WHERE id = NEW.workshop_id;
    IF NEW.invitation_id IS NOT NULL THEN
      INSERT INTO workshop_invited_counts (workshop_id, invited_marked, invited_absent)
      VALUES (NEW.workshop_id, 1, (NEW.attendance = 'unexcused')::int)
      ON CONFLICT (workshop_id) DO UPDATE SET
        invited_marked = workshop_invited_counts.invited_marked + 1,
        invited_absent = workshop_invited_counts.invited_absent + excluded.invited_absent;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER workshop_registrations_attendance_counts ON workshop_registrations;
--> statement-breakpoint
CREATE TRIGGER workshop_registrations_attendance_counts AFTER INSERT OR DELETE OR UPDATE OF status, attendance, workshop_id, invitation_id ON workshop_registrations
FOR EACH ROW EXECUTE FUNCTION workshops_attendance_counts();
--> statement-breakpoint
INSERT INTO workshop_invited_counts (workshop_id, invited_marked, invited_absent)
SELECT workshop_id, count(*)::int, count(*) FILTER (WHERE attendance = 'unexcused')::int
FROM workshop_registrations
WHERE status = 'registered' AND attendance IS NOT NULL AND invitation_id IS NOT NULL
GROUP BY 1;
