DROP INDEX "candidates_organisation_nir_idx";--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "nir_encrypted" text;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "nir_blind_index" text;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "nir_prefix" text;--> statement-breakpoint
CREATE INDEX "candidates_organisation_nir_blind_index_idx" ON "candidates" USING btree ("organisation_id","nir_blind_index") WHERE nir_blind_index is not null;--> statement-breakpoint
-- social_security_number is not dropped here: SQL cannot encrypt with AES-GCM. lib/db/migrate.ts encrypts its
-- values in batches after the migrations (lib/crypto/encrypt-clear-nirs.ts), then drops it.
-- FUPs written before the NIR stopped being shared with partners may still carry it: it goes.
UPDATE "fups" SET "beneficiary" = jsonb_set("beneficiary", '{socialSecurityNumber}', 'null'::jsonb)
WHERE "beneficiary"->>'socialSecurityNumber' IS NOT NULL;