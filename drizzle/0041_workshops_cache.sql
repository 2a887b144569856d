-- Issue 16 §1: the workshops dashboard's filter choices (themes, places) are kept by each app process until the
-- organisation's workshops change (lib/cache/response-cache.ts keptUntilChanged): the same statement trigger as
-- drizzle/0040's on the workshops table.
CREATE TRIGGER "workshops_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "workshops" FOR EACH STATEMENT EXECUTE FUNCTION passerelle_cache_changed();
