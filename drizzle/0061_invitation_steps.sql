ALTER TABLE "support_course_steps" ADD COLUMN "workshop_theme" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "step_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_step_id_support_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."support_course_steps"("id") ON DELETE no action ON UPDATE no action;