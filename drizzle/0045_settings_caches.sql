-- Issue 16 §1: an organisation's candidate settings and SMS templates, read at each view of the candidates' lists, are
-- kept by each app process until their tables change (lib/cache/settings-caches.ts), with drizzle/0040's statement
-- trigger (places, candidate_statuses and "user" have it already).
CREATE TRIGGER "custom_field_definitions_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_field_definitions" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "sms_templates_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sms_templates" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- A prescriber's defaults (their organisation's name and address) for the prescription forms.
CREATE TRIGGER "organisations_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisations" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- A course's page: its steps and its candidates' progress.
CREATE TRIGGER "support_course_steps_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_course_steps" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "support_course_progress_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_course_progress" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- The actions dashboard's lists: the notices of answers, the workshops one leads, the orientations received.
CREATE TRIGGER "notifications_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "workshop_facilitators_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workshop_facilitators" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "orientations_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orientations" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "referral_links_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "referral_links" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- The candidates list's "placed" filter.
CREATE TRIGGER "job_placements_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_placements" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- An enterprise's sheet: its contacts.
CREATE TRIGGER "enterprise_contacts_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enterprise_contacts" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
