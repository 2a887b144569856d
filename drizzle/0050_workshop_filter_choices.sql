-- Issue 32: the workshops dashboard's filter choices (the organisation's themes and places) read every workshop of
-- the organisation twice per view (select distinct over 16 000 rows for a big one, 20 000 at the bench's full
-- scale). With these, each choice is one probe of its index (lib/workshops/queries.ts workshopFilterOptions skips from
-- one value to the next), a few dozen probes in all.
CREATE INDEX IF NOT EXISTS "workshops_theme_idx"
  ON "workshops" USING btree ("organisation_id", "theme");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "workshops_place_idx"
  ON "workshops" USING btree ("organisation_id", "address_formatted") WHERE "address_formatted" IS NOT NULL;
