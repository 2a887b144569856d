-- Issue 41 §1: passerelle_stats_response_days (drizzle/0016) compared the state as text. The enum's text output is
-- STABLE, so PostgreSQL would not inline this IMMUTABLE function and ran it as a SQL function call per row: the
-- statistics' median answer time of the 20 structures that answered most (lib/statistics/queries.ts) read 8 400
-- prescriptions of the bench's biggest organisation (scale 0.2) in 205 ms, 25 ms inlined. Same result, the state
-- compared as the enum it is.
CREATE OR REPLACE FUNCTION passerelle_stats_response_days(state apply_state, prescribed timestamptz, answered timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN state IN ('INTEGRATED_CANDIDATE', 'REFUSED_STRUCTURE') AND answered IS NOT NULL
      THEN greatest(0, floor(extract(epoch FROM answered - prescribed) / 86400))::integer
    ELSE -1
  END
$$;
