-- The statistics page reads each structure's answer delays from lib/statistics/answer-delays.ts (and its hourly
-- summary); this rollup picked the 20 structures of a second median chart, which is gone.
DROP TABLE "stats_structure_answers" CASCADE;