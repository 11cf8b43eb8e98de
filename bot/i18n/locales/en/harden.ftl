### English texts of the bot's defences: clicks from elsewhere, limits, a paused table.

err-wrong_table = This button belongs to a table in another channel.
err-not_from_hand = Use the buttons of your own hand: click My hand on the board.
err-too_many_tables_user = You already have the most open tables one player may have (limit: { $limit }). Finish, leave or stop one first.
err-too_many_tables_server = This server already has the most open tables it may have (limit: { $limit }). Try again when one has closed.
err-cooldown = You are opening tables too quickly. Try again in { $seconds } s.
err-too_many_engines_table = This table already has the most engines a table may have (limit: { $limit }). Add a CPU instead.
err-too_many_engines_total = The bot is running as many engines as it can (limit: { $limit }). Add a CPU instead, or try again later.
log-paused = The bot cannot save right now: play is paused and resumes by itself. Nothing is lost.
log-resumed = Saving works again: play resumes.
err-storage_paused = The bot cannot save right now, so play at this table is paused. It resumes by itself; nothing is lost. Try again in a minute.
err-storage_unavailable = The bot cannot save right now, so no table can be opened. Try again in a minute.
