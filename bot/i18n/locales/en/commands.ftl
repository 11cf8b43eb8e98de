# Slash commands: names, descriptions, option and choice names. The English text is what
# the code declares; other languages translate it. Names: lowercase, 1-32 letters, digits,
# "-" or "_" (no spaces). Descriptions: at most 100 characters.

cmd-goita = goita
cmd-goita-desc = Play Goita, the four-player partnership game from Noto
cmd-about = about
cmd-about-desc = What this bot is and which version runs
cmd-new = new
cmd-new-desc = Open a Goita table in this channel
cmd-new-target = target
cmd-new-target-desc = Points a team needs to win (50-1000, default: the server's setting)
cmd-new-double_any_seventh = double_any_seventh
cmd-new-double_any_seventh-desc = House rule: 7th and 8th of the same kind always double
cmd-hand = hand
cmd-hand-desc = Show your hand at this channel's table (only to you)
cmd-leave = leave
cmd-leave-desc = Leave this channel's table (a CPU takes your seat)
cmd-stop = stop
cmd-stop-desc = End this channel's table (host or Manage Messages)
cmd-rules = rules
cmd-rules-desc = The rules of Goita, short and private
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = This server's best Goita players
cmd-leaderboard-sort = sort
cmd-leaderboard-sort-desc = Order by rating (default) or by matches won
cmd-leaderboard-sort-rating = rating
cmd-leaderboard-sort-wins = wins
cmd-stats = stats
cmd-stats-desc = A player's Goita numbers on this server
cmd-stats-user = user
cmd-stats-user-desc = Whose numbers (default: yours)
cmd-history = history
cmd-history-desc = Your recent Goita matches on this server
cmd-replay = replay
cmd-replay-desc = Replay a finished match move by move
cmd-replay-match = match
cmd-replay-match-desc = The match number (see /goita history)
