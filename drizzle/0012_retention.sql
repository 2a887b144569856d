ALTER TABLE "organisations" ADD COLUMN "retention_days" integer DEFAULT 730 NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "candidates_organisation_retention_idx" ON "candidates" USING btree ("organisation_id","updated_at") WHERE anonymised_at is null;