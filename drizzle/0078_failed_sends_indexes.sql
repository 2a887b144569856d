-- Issue 41 §1: the administrators' list of failed sends (/v2/settings) asks for status 'failed' or 'unknown'; the
-- indexes named 'failed' alone in their predicate, so it scanned every message of every organisation (52 ms at 200 000
-- SMS). The status is now a column of the index (see lib/db/schema/messaging.ts for why not the predicate).
DROP INDEX "outbound_mails_organisation_failed_idx";--> statement-breakpoint
DROP INDEX "sms_messages_organisation_failed_idx";--> statement-breakpoint
CREATE INDEX "outbound_mails_organisation_status_idx" ON "outbound_mails" USING btree ("organisation_id","status","status_at");--> statement-breakpoint
CREATE INDEX "sms_messages_organisation_status_idx" ON "sms_messages" USING btree ("organisation_id","status","status_at") WHERE direction = 'outbound';