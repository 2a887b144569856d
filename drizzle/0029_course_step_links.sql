ALTER TABLE "support_course_progress" ADD COLUMN "workshop_registration_id" uuid;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD COLUMN "apply_id" uuid;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD COLUMN "link_label" text;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD CONSTRAINT "support_course_progress_workshop_registration_id_workshop_registrations_id_fk" FOREIGN KEY ("workshop_registration_id") REFERENCES "public"."workshop_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_course_progress" ADD CONSTRAINT "support_course_progress_apply_id_social_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."social_applies"("id") ON DELETE set null ON UPDATE no action;