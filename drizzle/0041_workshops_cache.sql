-- Issue 16 §1: more reads kept by each app process until one of their tables changes (lib/cache/response-cache.ts
-- keptUntilChanged), with drizzle/0040's statement trigger on those tables: the workshops dashboard's filter choices
-- (workshops), and the offer page's partner, challenges and financing modes' labels.
CREATE TRIGGER "workshops_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workshops" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
-- The offer page's partner, its challenges and financing modes' labels (app/(main)/offer/social/[offerId]/page.tsx).
CREATE TRIGGER "partner_structures_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partner_structures" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "challenges_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "challenges" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
--> statement-breakpoint
CREATE TRIGGER "settings_list_entries_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings_list_entries" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
