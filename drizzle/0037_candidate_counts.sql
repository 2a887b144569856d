-- Issue 16 §1: an organisation's candidates counted per status, place and custom field key, kept by a trigger that
-- only appends deltas (lib/db/schema/candidate-counts.ts), then filled once from the candidates already there; and the
-- statistics' workshop attendance read from an index alone (hand-written: drizzle-kit cannot express INCLUDE).
CREATE TABLE "candidate_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_counts" (
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "candidate_counts_pk" PRIMARY KEY("organisation_id","key")
);
--> statement-breakpoint
CREATE INDEX "candidate_count_deltas_organisation_idx" ON "candidate_count_deltas" USING btree ("organisation_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_candidate_count_keys(status_id uuid, place_id uuid, fields jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['status:' || coalesce(status_id::text, ''), 'place:' || coalesce(place_id::text, '')]
    || coalesce((SELECT array_agg('field:' || k ORDER BY k)
                 FROM jsonb_object_keys(CASE WHEN jsonb_typeof(fields) = 'object' THEN fields ELSE '{}'::jsonb END) k), '{}')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_candidate_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[] := '{}';
  new_keys text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN old_keys := passerelle_candidate_count_keys(OLD.status_id, OLD.place_id, OLD.custom_fields); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN new_keys := passerelle_candidate_count_keys(NEW.status_id, NEW.place_id, NEW.custom_fields); END IF;
  IF TG_OP = 'UPDATE' AND OLD.organisation_id = NEW.organisation_id THEN
    -- Only the keys that changed: an edit of the status alone appends two rows.
    INSERT INTO candidate_count_deltas (organisation_id, key, n)
    SELECT NEW.organisation_id, k, -1 FROM unnest(old_keys) k WHERE NOT k = ANY (new_keys)
    UNION ALL
    SELECT NEW.organisation_id, k, 1 FROM unnest(new_keys) k WHERE NOT k = ANY (old_keys);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO candidate_count_deltas (organisation_id, key, n) SELECT OLD.organisation_id, k, -1 FROM unnest(old_keys) k;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO candidate_count_deltas (organisation_id, key, n) SELECT NEW.organisation_id, k, 1 FROM unnest(new_keys) k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER candidates_counts AFTER INSERT OR DELETE OR UPDATE OF custom_fields, organisation_id, status_id, place_id ON candidates
  FOR EACH ROW EXECUTE FUNCTION passerelle_candidate_count_delta();
--> statement-breakpoint
INSERT INTO candidate_counts (organisation_id, key, n)
SELECT c.organisation_id, k, count(*)::integer FROM candidates c, unnest(passerelle_candidate_count_keys(c.status_id, c.place_id, c.custom_fields)) k GROUP BY 1, 2;
--> statement-breakpoint
CREATE INDEX "workshops_attendance_idx" ON "workshops" USING btree ("organisation_id", "starts_at")
  INCLUDE ("status", "present_count", "excused_count", "unexcused_count", "seats_taken");
