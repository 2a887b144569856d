CREATE TYPE "public"."orientation_status" AS ENUM('pending', 'accepted', 'declined');--> statement-breakpoint
CREATE TABLE "orientations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"status" "orientation_status" DEFAULT 'pending' NOT NULL,
	"prescriber_name" text NOT NULL,
	"prescriber_structure" text NOT NULL,
	"prescriber_email" text NOT NULL,
	"prescriber_phone" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"phone" text,
	"email" text,
	"address_formatted" text,
	"place_id" uuid,
	"needs" text[] DEFAULT '{}'::text[] NOT NULL,
	"situation" text DEFAULT '' NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" text,
	"decline_reason" text,
	"candidate_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orientations_decision_ck" CHECK ((status = 'pending') = (decided_at is null))
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"token" text NOT NULL,
	"label" text NOT NULL,
	"notify_email" text NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orientations" ADD CONSTRAINT "orientations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientations" ADD CONSTRAINT "orientations_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientations" ADD CONSTRAINT "orientations_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientations" ADD CONSTRAINT "orientations_decided_by_id_user_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientations" ADD CONSTRAINT "orientations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orientations_organisation_status_idx" ON "orientations" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orientations_link_idx" ON "orientations" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_token_uq" ON "referral_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "referral_links_organisation_idx" ON "referral_links" USING btree ("organisation_id","created_at");