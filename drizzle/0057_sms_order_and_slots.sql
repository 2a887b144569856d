ALTER TABLE "sms_messages" ADD COLUMN "queued_seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_messages_candidate_seq_idx" ON "sms_messages" USING btree ("candidate_id","queued_seq");