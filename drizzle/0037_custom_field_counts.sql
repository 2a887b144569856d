-- Issue 16 §1: the candidates holding a value for each custom field key, kept by a trigger that only appends deltas
-- (lib/db/schema/custom-field-counts.ts), then filled once from the candidates already there.
CREATE TABLE "candidate_custom_field_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_custom_field_counts" (
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "candidate_custom_field_counts_pk" PRIMARY KEY("organisation_id","key")
);
--> statement-breakpoint
CREATE INDEX "candidate_custom_field_count_deltas_organisation_idx" ON "candidate_custom_field_count_deltas" USING btree ("organisation_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_custom_field_keys(fields jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(k ORDER BY k), '{}')
  FROM jsonb_object_keys(CASE WHEN jsonb_typeof(fields) = 'object' THEN fields ELSE '{}'::jsonb END) k
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_custom_field_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[] := '{}';
  new_keys text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN old_keys := passerelle_custom_field_keys(OLD.custom_fields); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN new_keys := passerelle_custom_field_keys(NEW.custom_fields); END IF;
  IF TG_OP = 'UPDATE' AND OLD.organisation_id = NEW.organisation_id AND old_keys = new_keys THEN
    RETURN NULL;
  END IF;
  IF cardinality(old_keys) > 0 THEN
    INSERT INTO candidate_custom_field_count_deltas (organisation_id, key, n) SELECT OLD.organisation_id, k, -1 FROM unnest(old_keys) k;
  END IF;
  IF cardinality(new_keys) > 0 THEN
    INSERT INTO candidate_custom_field_count_deltas (organisation_id, key, n) SELECT NEW.organisation_id, k, 1 FROM unnest(new_keys) k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER candidates_custom_field_counts AFTER INSERT OR DELETE OR UPDATE OF custom_fields, organisation_id ON candidates
  FOR EACH ROW EXECUTE FUNCTION passerelle_custom_field_count_delta();
--> statement-breakpoint
INSERT INTO candidate_custom_field_counts (organisation_id, key, n)
SELECT c.organisation_id, k, count(*)::integer FROM candidates c, unnest(passerelle_custom_field_keys(c.custom_fields)) k GROUP BY 1, 2;
