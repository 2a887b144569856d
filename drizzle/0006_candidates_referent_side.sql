ALTER TABLE "organisations" ADD COLUMN "address_formatted" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "answer_reminder_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "candidates_organisation_referent_idx" ON "candidates" USING btree ("organisation_id","referent_id");--> statement-breakpoint
CREATE INDEX "candidates_organisation_nir_idx" ON "candidates" USING btree ("organisation_id","social_security_number") WHERE social_security_number is not null;--> statement-breakpoint
CREATE INDEX "candidates_organisation_birth_date_idx" ON "candidates" USING btree ("organisation_id","birth_date");