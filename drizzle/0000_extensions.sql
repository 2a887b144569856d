-- Trigram search without leading-wildcard scans, accent-insensitive (pg_trgm + unaccent).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; this wrapper pins the dictionary so it can feed a generated column and an index.
CREATE OR REPLACE FUNCTION passerelle_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
