-- Issue 41 §1: a partner structure's answers due this week (its dashboard, lib/prescriptions/partner-answers-due.ts)
-- count its waiting prescriptions with their organisation's delay. The index had only the date: the count read every
-- waiting prescription's heap page (the bench's busiest structure: 584 of them on 638 pages) and probed its FUP. With
-- the organisation, the sheet's PDF and the id here, those with a PDF are counted from the index alone and only the
-- others probe their FUP. The partner's lists keep reading it in the same order. drizzle-kit cannot express INCLUDE,
-- hence a hand-written migration (the schema declares the index without it).
DROP INDEX IF EXISTS "social_applies_structure_waiting_idx";--> statement-breakpoint
CREATE INDEX "social_applies_structure_waiting_idx" ON "social_applies" USING btree ("structure_id", "prescription_date" DESC NULLS FIRST)
  INCLUDE ("organisation_id", "prescription_document_id", "id") WHERE state = 'PRESCRIPTION_FILLED' and not archived;
