-- Issue 41 §1: a partner structure's own answer delays (its dashboard, lib/statistics/answer-delays.ts) read its
-- prescriptions of the last 12 months from this index alone, as the organisation's do from drizzle/0063's. Without
-- it, the bench's busiest structure (scale 0.2: 3 600 prescriptions a year) intersected the structure's index with
-- the organisations' date index (92 000 entries) and visited 2 700 heap pages: 330 ms under load, 6 ms from here.
-- drizzle-kit cannot express INCLUDE, hence a hand-written migration.
CREATE INDEX IF NOT EXISTS "social_applies_structure_delays_idx" ON "social_applies" USING btree ("structure_id", "prescription_date")
  INCLUDE ("social_offer_id", "state", "response_date", "prescription_document_id", "id");
