-- The offer page (spec §7 "Fetch applies by tab"): one page of one tab in date order, and the three counts,
-- read from the index alone. INCLUDE keeps the tenant and the candidate in the index for index-only scans.
CREATE INDEX IF NOT EXISTS "social_applies_offer_pending_idx" ON "social_applies"
  ("social_offer_id", "state", "archived", "prescription_date" DESC, "id" DESC) INCLUDE ("structure_id", "candidate_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "social_applies_offer_answered_idx" ON "social_applies"
  ("social_offer_id", "state", "archived", "response_date" DESC, "id" DESC) INCLUDE ("structure_id", "candidate_id");
--> statement-breakpoint
-- An offer belongs to one structure: without this the planner multiplies the two selectivities and
-- under-estimates an offer's applies a hundredfold.
CREATE STATISTICS IF NOT EXISTS "social_applies_offer_structure_stats" (dependencies) ON "social_offer_id", "structure_id" FROM "social_applies";
--> statement-breakpoint
-- The offer page's filter choices: the organisations that prescribe to a structure, read from the index alone.
CREATE INDEX IF NOT EXISTS "social_applies_structure_organisation_idx" ON "social_applies" ("structure_id", "organisation_id");
