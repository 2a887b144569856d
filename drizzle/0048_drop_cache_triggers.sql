-- Issue 31 §2: the process caches are gone (lib/cache/response-cache.ts and its change feed), and with them the
-- statement-level triggers of 0040, 0041, 0044 and 0045 that sent NOTIFY passerelle_cache at every commit on the
-- tables they read (the cluster-wide notify lock on every write). Dropping the function drops every trigger on it.
DROP FUNCTION IF EXISTS passerelle_cache_changed() CASCADE;
