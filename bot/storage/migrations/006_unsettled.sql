-- A closed table whose end is not settled yet: its result is to be recorded or its closing
-- board to be shown (bot.app.table.unsettled; the bot died in between). Written with every
-- save of the table; the next start reads only these rows, not every closed table.
ALTER TABLE game_tables ADD COLUMN unsettled INTEGER NOT NULL DEFAULT 0;

-- Tables stored before the column: those whose result is not recorded (bot.app.table.
-- needs_result, from the snapshot). Their boards count as shown.
UPDATE game_tables SET unsettled = 1
 WHERE (status = 'finished'
        OR (status = 'cancelled' AND coalesce(json_extract(snapshot, '$.stopped_early'), 0)))
   AND NOT coalesce(json_extract(snapshot, '$.result_recorded'), 0)
   AND coalesce(json_extract(snapshot, '$.match_no'), 0) > 0
   AND json_extract(snapshot, '$.started_at') IS NOT NULL;

CREATE INDEX game_tables_unsettled ON game_tables (id) WHERE unsettled = 1;
