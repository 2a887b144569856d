DROP INDEX "referral_links_token_uq";--> statement-breakpoint
ALTER TABLE "referral_links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_links" ALTER COLUMN "token_hint" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_token_hash_uq" ON "referral_links" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "referral_links" DROP COLUMN "token";