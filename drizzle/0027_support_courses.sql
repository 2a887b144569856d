CREATE TYPE "public"."support_course_delay_from" AS ENUM('enrolment', 'previous');--> statement-breakpoint
CREATE TYPE "public"."support_course_enrolment_status" AS ENUM('active', 'finished', 'abandoned');--> statement-breakpoint
CREATE TYPE "public"."support_course_step_kind" AS ENUM('interview', 'workshop', 'prescription', 'administrative', 'other');--> statement-breakpoint
CREATE TABLE "support_course_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"enrolled_on" date NOT NULL,
	"status" "support_course_enrolment_status" DEFAULT 'active' NOT NULL,
	"ended_on" date,
	"end_reason" text,
	"next_step_id" uuid,
	"next_due_on" date,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_course_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"step_title" text NOT NULL,
	"done_on" date NOT NULL,
	"comment" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_course_progress_uq" UNIQUE("enrolment_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "support_course_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"kind" "support_course_step_kind" NOT NULL,
	"delay_days" integer NOT NULL,
	"delay_from" "support_course_delay_from" DEFAULT 'previous' NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "support_course_enrolments" ADD CONSTRAINT "support_course_enrolments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_enrolments" ADD CONSTRAINT "support_course_enrolments_course_id_support_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."support_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_enrolments" ADD CONSTRAINT "support_course_enrolments_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_enrolments" ADD CONSTRAINT "support_course_enrolments_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD CONSTRAINT "support_course_progress_enrolment_id_support_course_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."support_course_enrolments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD CONSTRAINT "support_course_progress_step_id_support_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."support_course_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD CONSTRAINT "support_course_progress_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_steps" ADD CONSTRAINT "support_course_steps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_steps" ADD CONSTRAINT "support_course_steps_course_id_support_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."support_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_course_enrolments_active_uq" ON "support_course_enrolments" USING btree ("course_id","candidate_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "support_course_enrolments_course_idx" ON "support_course_enrolments" USING btree ("course_id","status","next_due_on");--> statement-breakpoint
CREATE INDEX "support_course_enrolments_late_idx" ON "support_course_enrolments" USING btree ("organisation_id","next_due_on") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "support_course_enrolments_candidate_idx" ON "support_course_enrolments" USING btree ("organisation_id","candidate_id");--> statement-breakpoint
CREATE INDEX "support_course_steps_course_idx" ON "support_course_steps" USING btree ("course_id","position");