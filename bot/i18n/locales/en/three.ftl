# The 3-player variant: three seats, no teams, each player scores alone.

cmd-new-players = players
cmd-new-players-desc = 4 players in two teams (default), or 3 players each on their own
cmd-new-players-4 = 4 players
cmd-new-players-3 = 3 players

three-lobby-solo = Three players, no teams: each one scores alone.
three-board-scores = { $scores } · first to { $target }
three-board-seat = { $turn }{ $name } · { $left } left{ $tags }
three-round-finish = { $name } went out with { $piece }: **+{ $points }**
three-log-round_won = { $name } went out with { $last }: +{ $points }
three-log-lead_again = Two passes: { $name } leads again
three-match-winner = 🏆 **{ $name }** wins: { $scores }
three-match-stopped = The match was stopped before the end: { $scores }
three-match-round_line = { $n }. { $name } +{ $points } · { $piece }
three-hand-title = Your hand
three-lobby-footer = Join or add CPUs; the host starts when all 3 seats are filled. Closes after { $minutes } min without a start.
three-err-table_full = All three seats are taken.
