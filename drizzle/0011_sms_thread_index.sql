-- A candidate's SMS thread, newest first, read from the index alone (covering: INCLUDE): drizzle-kit cannot express
-- INCLUDE. The organisation leads, so that the tenant is part of every probe.
CREATE INDEX "sms_messages_thread_idx" ON "sms_messages" USING btree ("organisation_id", "candidate_id", "created_at" DESC, "id" DESC)
  INCLUDE ("direction", "status", "author_id", "kind", "segments", "scheduled_for", "error_code", "status_at", "body");
