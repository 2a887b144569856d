ALTER TABLE "partner_structures" ADD COLUMN "data_inclusion_id" text;--> statement-breakpoint
ALTER TABLE "social_offers" ADD COLUMN "source_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_structures_data_inclusion_uq" ON "partner_structures" USING btree ("data_inclusion_id") WHERE data_inclusion_id is not null;