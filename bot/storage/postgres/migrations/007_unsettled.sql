-- PostgreSQL dialect of bot/storage/migrations/006_unsettled.sql: a closed table whose end
-- is not settled yet (its result to record, its closing board to show).
ALTER TABLE game_tables ADD COLUMN unsettled BOOLEAN NOT NULL DEFAULT FALSE;

-- Tables stored before the column: those whose result is not recorded (from the snapshot).
UPDATE game_tables SET unsettled = TRUE
 WHERE (status = 'finished'
        OR (status = 'cancelled'
            AND coalesce((snapshot::jsonb ->> 'stopped_early')::boolean, FALSE)))
   AND NOT coalesce((snapshot::jsonb ->> 'result_recorded')::boolean, FALSE)
   AND coalesce((snapshot::jsonb ->> 'match_no')::integer, 0) > 0
   AND snapshot::jsonb ->> 'started_at' IS NOT NULL;

CREATE INDEX game_tables_unsettled ON game_tables (id) WHERE unsettled;
