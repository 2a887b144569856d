-- Issue 40 §5: the statistics' partners' answer delays read an organisation's prescriptions of a period with their
-- structure, offer, state, answer date and sheet, from this index alone (lib/statistics/answer-delays.ts). Without it,
-- the bench's biggest organisation (165 000 prescriptions a year) visited 30 000 heap pages per view (400 ms under
-- load, against 200 ms reading the index). drizzle-kit cannot express INCLUDE, hence a hand-written migration, as
-- drizzle/0036's.
CREATE INDEX IF NOT EXISTS "social_applies_organisation_delays_idx" ON "social_applies" USING btree ("organisation_id", "prescription_date")
  INCLUDE ("structure_id", "social_offer_id", "state", "response_date", "prescription_document_id", "id");
