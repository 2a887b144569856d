CREATE TABLE "fup_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"social_offer_id" uuid,
	"name" text NOT NULL,
	"additional_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sponsors_logo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fup_models" ADD CONSTRAINT "fup_models_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fup_models" ADD CONSTRAINT "fup_models_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fup_models" ADD CONSTRAINT "fup_models_social_offer_id_social_offers_id_fk" FOREIGN KEY ("social_offer_id") REFERENCES "public"."social_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fup_models_structure_uq" ON "fup_models" USING btree ("organisation_id","structure_id") WHERE social_offer_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fup_models_offer_uq" ON "fup_models" USING btree ("organisation_id","social_offer_id") WHERE social_offer_id is not null;--> statement-breakpoint
CREATE INDEX "fup_models_organisation_idx" ON "fup_models" USING btree ("organisation_id");