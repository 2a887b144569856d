-- Issue 16 §1: the job offers dashboard's status counts and enterprise choices are kept by each app process until their
-- table changes (lib/cache/process-cache.ts), with drizzle/0040's statement trigger on job_offers and enterprises (whose
-- offers_count job_offers' triggers keep).
CREATE TRIGGER "job_offers_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_offers" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "enterprises_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enterprises" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- The social offers directory's place choices read the offers open to the organisation: its links to partner structures.
CREATE TRIGGER "organisation_partner_structures_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisation_partner_structures" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- The courses dashboard's page of courses with their enrolment counts.
CREATE TRIGGER "support_courses_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_courses" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "support_course_enrolments_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "support_course_enrolments" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
