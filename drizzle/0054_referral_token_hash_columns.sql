ALTER TABLE "referral_links" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "referral_links" ADD COLUMN "token_hint" text;--> statement-breakpoint
-- The tokens in clear become their SHA-256 (hex, as lib/referrals/links.ts hashes a token it is given) and their first
-- four characters; the next migration drops the clear column. The demo's published link keeps working.
UPDATE "referral_links" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex'), "token_hint" = left("token", 4);
