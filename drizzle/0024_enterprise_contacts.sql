ALTER TABLE "enterprises" DROP COLUMN "contact_name";--> statement-breakpoint
ALTER TABLE "enterprises" DROP COLUMN "contact_phone";--> statement-breakpoint
ALTER TABLE "enterprises" DROP COLUMN "contact_email";