CREATE TYPE "public"."workshop_attendance" AS ENUM('present', 'excused', 'unexcused');--> statement-breakpoint
CREATE TYPE "public"."workshop_registration_status" AS ENUM('registered', 'waitlisted', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."workshop_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TABLE "workshop_facilitators" (
	"workshop_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "workshop_facilitators_pk" PRIMARY KEY("workshop_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workshop_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"workshop_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"status" "workshop_registration_status" NOT NULL,
	"attendance" "workshop_attendance",
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"promoted_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "workshops_organisation_idx";--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "structure_id" uuid;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "fse_funded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "status" "workshop_status" DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "seats_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "waitlist_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_facilitators" ADD CONSTRAINT "workshop_facilitators_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_facilitators" ADD CONSTRAINT "workshop_facilitators_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_facilitators_user_idx" ON "workshop_facilitators" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_registrations_active_uq" ON "workshop_registrations" USING btree ("workshop_id","candidate_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "workshop_registrations_workshop_idx" ON "workshop_registrations" USING btree ("workshop_id","status","created_at");--> statement-breakpoint
CREATE INDEX "workshop_registrations_candidate_idx" ON "workshop_registrations" USING btree ("organisation_id","candidate_id");--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_structure_id_partner_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."partner_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshops_organisation_idx" ON "workshops" USING btree ("organisation_id","starts_at","id");