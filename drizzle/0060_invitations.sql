CREATE TYPE "public"."invitation_status" AS ENUM('pending', 'booked', 'declined', 'cancelled');--> statement-breakpoint
CREATE TABLE "invitation_seat_alerts" (
	"organisation_id" uuid NOT NULL,
	"theme" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_seat_alerts_pk" PRIMARY KEY("organisation_id","theme","day")
);
--> statement-breakpoint
CREATE TABLE "invitation_themes" (
	"organisation_id" uuid NOT NULL,
	"theme" text NOT NULL,
	"validity_days" integer DEFAULT 10 NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_themes_pk" PRIMARY KEY("organisation_id","theme"),
	CONSTRAINT "invitation_themes_validity_ck" CHECK (validity_days between 4 and 90)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"theme" text NOT NULL,
	"channels" text[] NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" "invitation_status" DEFAULT 'pending' NOT NULL,
	"registration_id" uuid,
	"booked_at" timestamp with time zone,
	"booked_by" text,
	"failed_checks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"offered_workshop_id" uuid,
	"offered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "invitations_channels_ck" CHECK (channels <@ array['sms','mail','letter']::text[] and cardinality(channels) > 0),
	CONSTRAINT "invitations_booked_by_ck" CHECK (booked_by is null or booked_by in ('person', 'counsellor'))
);
--> statement-breakpoint
ALTER TABLE "workshop_notice_templates" DROP CONSTRAINT "workshop_notice_templates_kind_ck";--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitation_seat_alerts" ADD CONSTRAINT "invitation_seat_alerts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_themes" ADD CONSTRAINT "invitation_themes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_registration_id_workshop_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."workshop_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_offered_workshop_id_workshops_id_fk" FOREIGN KEY ("offered_workshop_id") REFERENCES "public"."workshops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_candidate_idx" ON "invitations" USING btree ("organisation_id","candidate_id","theme","created_at");--> statement-breakpoint
CREATE INDEX "invitations_theme_pending_idx" ON "invitations" USING btree ("organisation_id","theme","expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_pending_created_idx" ON "invitations" USING btree ("created_at") WHERE status = 'pending' and reminded_at is null;--> statement-breakpoint
CREATE INDEX "invitations_registration_idx" ON "invitations" USING btree ("registration_id");--> statement-breakpoint
ALTER TABLE "workshop_notice_templates" ADD CONSTRAINT "workshop_notice_templates_kind_ck" CHECK (kind in ('convocation', 'reminder', 'change', 'cancellation', 'promotion', 'invitation', 'invitationReminder', 'booking', 'bookingReminder', 'seatOffer'));