-- Issue 16 §1: the workshops dashboard's "À venir" tab (not ended yet: coalesce(ends_at, starts_at) >= now). Read in
-- starts_at order through workshops_organisation_idx, a big organisation's page walked its 13 000 past workshops first
-- (10 ms), and the tab counts read every row of the organisation (3 ms). This index finds the not-yet-ended ones, and
-- the earliest start among them, by a range of its own read from the index alone (lib/workshops/queries.ts
-- listWorkshops); the tab counts too.
CREATE INDEX "workshops_upcoming_idx" ON "workshops" USING btree ("organisation_id", (coalesce("ends_at", "starts_at"))) INCLUDE ("starts_at", "ends_at");
