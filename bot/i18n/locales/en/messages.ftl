### English messages of the Goita bot: the source every other language translates.
### A key such as board.seat is written board-seat here (special.goshi-pair: special-goshi--pair).
### Counts select plural forms: { $count ->  [one] ...  *[other] ... }.


## Pieces, teams, CPU levels

piece-0 = Shi
piece-1 = Gon
piece-2 = Bakko
piece-3 = Gin
piece-4 = Kin
piece-5 = Kaku
piece-6 = Hisha
piece-7 = Ou
piece-label = { $kanji } { $name }
team-0 = Team A
team-1 = Team B
level-easy = easy
level-normal = normal
level-hard = hard
cpu-name = CPU { $n } ({ $level })
engine-name = ⚙ { $name }
seat-away = away
seat-dealer = dealer

## Buttons (at most 80 characters)

btn-join = Join
btn-leave = Leave
btn-cpu-easy = + CPU easy
btn-cpu-normal = + CPU normal
btn-cpu-hard = + CPU hard
btn-start = Start
btn-cancel = Cancel
btn-shuffle = Shuffle seats
btn-hand = My hand
btn-pass = Pass
btn-back = Back
btn-play_on = Play on
btn-redeal = Redeal
btn-rematch = Rematch
btn-stop_confirm = Yes, stop the table

## Lobby

lobby-title = ごいた Goita · new table
lobby-host = Host: { $host }
lobby-target = Target: { $target ->
    [one] { $target } point
   *[other] { $target } points
}
lobby-house-double_any_seventh = House rule: 7th and 8th of the same kind always double
lobby-teams = Partners sit opposite: seats 1 and 3 are { $team_a }, seats 2 and 4 are { $team_b }.
hand-deadline = Time limit: { $when }
board-deadline = { " " }· ⏱ { $when }
lobby-swap = Host: swap two seats
lobby-swap_option = Swap seats { $a } ↔ { $b }
lobby-remove = Host: free a seat
lobby-remove_option = Free seat { $n }: { $name }
lobby-engine = + Engine: choose one to seat
lobby-empty = (empty seat)
lobby-footer = Join or add CPUs; the host starts when all 4 seats are filled. Closes after { $minutes } min without a start.

## Board

board-title = ごいた Goita · round { $round }
board-scores = { $team_a } **{ $a }** · { $team_b } **{ $b }** · first to { $target }
board-seat = { $turn }{ $name } · { $team } · { $left } left{ $tags }
board-nothing_played = nothing played yet
board-defence = Def
board-attack = Att
board-attack_to_answer = Attack to answer: { $piece } by { $name }
board-turn = Turn: { $name }
board-turn_lead = Turn: { $name } (leads)
board-goshi_wait = Waiting for { $name } to choose play on or redeal
board-last_moves = Last moves
board-footer = My hand shows your pieces (only to you); open it again if it stops updating. { $seconds } s per move.

## Move log: the lines the table service narrates

log-start = Match { $match_no } begins: { $dealer_name } deals first
log-deal = Round { $round }: { $dealer_name } deals
log-shi = { $name } declares { $count } Shi
log-goshi_wait = { $holder_name } holds 5 Shi: { $name } chooses play on or redeal
log-goshi_decided-play_on = { $name } chose to play on
log-goshi_decided-redeal = { $name } chose to redeal
log-redeal = Redeal: the same dealer deals again
log-led = { $name } led a face-down piece and attacked { $attack }
log-blocked = { $name } blocked with { $block } and attacked { $attack }
log-passed = { $name } passed
log-lead_again = Three passes: { $name } leads again
log-round_won = { $name } ({ $team }) went out with { $last }: +{ $points }
log-round_won-special = { $name } ({ $team }): { $special } +{ $points }
log-match_won = { $team } wins the match
log-join = { $name } sat down
log-leave = { $name } left
log-cpu_added = { $name } sat down
log-seat_removed = { $name } was removed
log-shuffled = Seats shuffled
log-moved = Seats { $from_n } and { $to_n } swapped
log-cpu_took_seat = { $name } left: a CPU plays that seat
log-timeout = { $name } ran out of time: a CPU moved for them
log-back = { $name } is back

## Round and match end

round-title = ごいた Goita · round { $round } over
round-finish = { $name } ({ $team }) went out with { $piece }: **+{ $points }**
round-doubled = { " " }(doubled: 7th and 8th the same)
round-hasshi = { $name } ({ $team }) holds 8 Shi: **+{ $points }**
round-nanashi = { $name } ({ $team }) holds 7 Shi: **+{ $points }**
round-rokushi = { $name } ({ $team }) holds 6 Shi: **+{ $points }**
round-goshi_pair = { $name } and partner both hold 5 Shi: { $team } wins the match
round-redeal = The round is redealt by the same dealer.
round-revealed = Face-down pieces are now shown.
round-next = The next round starts in a moment.
match-title = ごいた Goita · match over
match-winner = 🏆 **{ $team }** wins: { $team_a } { $a } · { $team_b } { $b }
match-players =
    { $team_a }: { $a1 } & { $a2 }
    { $team_b }: { $b1 } & { $b2 }
match-stopped = The match was stopped before the end: { $team_a } { $a } · { $team_b } { $b }
match-rounds = Rounds
match-round_line = { $n }. { $team } +{ $points } · { $name } { $piece }
match-doubled = { " " }(doubled)
match-round_redeal = { $n }. redeal
match-round_special = { $n }. { $team } +{ $points } · { $name } ({ $special })
match-more_rounds = … { $count ->
    [one] { $count } earlier round
   *[other] { $count } earlier rounds
}
match-footer = Rematch seats the same players again.
special-hasshi = 8 Shi
special-nanashi = 7 Shi
special-rokushi = 6 Shi
special-goshi--pair = 5 Shi pair

## A player's hand (only they see it)

hand-title = Your hand · { $team }
hand-pieces = { $pieces } ({ $count ->
    [one] { $count } piece
   *[other] { $count } pieces
})
hand-empty = (no pieces)
hand-lead = **Your turn: you lead.** Choose the piece to play face down.
hand-answer = **Your turn:** answer { $piece } from { $name }: block it, or Pass.
hand-choose_attack = Now choose your attack. { $first_label }: { $first }.
hand-first_label-block = Block
hand-first_label-face_down = Face down
hand-waiting = Not your turn yet: follow the game on the board. This message updates itself.
hand-ou_locked = 王 Ou may not attack yet (greyed out).
hand-goshi_prompt = **Your partner { $name } holds 5 Shi.** Play on with these hands, or redeal?
hand-goshi_wait = Waiting for { $name } to choose play on or redeal.
hand-lobby = The match has not started yet.
hand-round_over = The round is over; the next one starts in a moment.
hand-match_over = The match is over.
hand-closed = This table has ended.
hand-expired = This message no longer updates: click **My hand** on the board again.
hand-away = You are away: a CPU plays for you. Click **My hand** on the board to take your seat back.
hand-back = Welcome back: your seat is yours again.
hand-board_blocked = ⚠ The board in this channel cannot be updated: the bot lacks permissions there. You can go on playing from this hand.

## Notifications

ping-your_turn = { $mention }, it is your turn. Click **My hand**.
ping-goshi = { $mention }, your partner holds 5 Shi: choose play on or redeal in **My hand**.
ping-timeout_warning = { $mention }, { $seconds } s left for your move, then a CPU moves for you.
ping-taken_over = { $mention }, time ran out: a CPU moved for you. Click **My hand** to take your seat back.
warn-timeout = ⏰ { $seconds } s left for your move; then a CPU moves for you.

## Table closed

closed-cancelled = The host cancelled this table.
closed-idle = This lobby closed: nobody started it for { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
closed-stopped = This table was stopped.
closed-abandoned = This table closed: every player was away for a long time.
closed-finished = The match is over.
closed-empty = Everyone left: the table closed.
closed-left = The last player left: the table closed.
closed-channel_gone = This table closed: its channel was deleted.
closed-bot_removed = This table closed: the bot was removed from this server.
closed-other = This table has ended.

## Command replies

new-opened = Table opened: the lobby is in this channel.
new-exists = This channel already has a table: { $link }
leave-done = You left the table; a CPU plays your seat.
lobby-left = You left the table.
stop-confirm = Stop the table in this channel? The match ends now and is recorded as stopped.
stop-confirm_lobby = Close the lobby in this channel? Nobody has started playing yet.
stop-done = The table was stopped.

## Errors

err-generic = That did not work. Please try again.
err-no_table = There is no Goita table here. Start one with /goita new.
err-table_exists = This channel already has a table.
err-not_seated = You are not seated at this table.
err-already_seated = You are already seated at this table.
err-table_full = All four seats are taken.
err-not_host = Only the host can do that.
err-not_host_or_manager = Only the host or someone with Manage Messages can stop the table.
err-not_in_lobby = The match has already started.
err-not_playing = No match is being played at this table.
err-need_four = All { $players } seats must be filled to start ({ $seated } taken).
err-bad_players = A table has 3 or 4 players, not { $players }.
err-stale = That button is from an earlier turn. Use the latest message.
err-not_your_turn = It is not your turn.
err-not_finished = The match is not over yet.
err-rematch_started = The rematch has already started: play on the newest board.
err-stop_started = The match has started since: run /goita stop again to stop it.
err-bad_level = Unknown CPU level or engine.
err-bad_target = The target must be between 50 and 1000.
err-not_in_guild = Goita tables live in server text channels.
err-bot_permissions = I can't open a table in this channel: I am missing these permissions here: { $missing }. A server admin can allow them for the bot in the channel's settings (Permissions), or you can open the table in another channel.
perm-view_channel = View Channel
perm-send_messages = Send Messages
perm-send_messages_in_threads = Send Messages in Threads
perm-embed_links = Embed Links
perm-attach_files = Attach Files
err-seat_taken = That seat is taken.
err-bad_seat = There is no such seat.
err-host_seat = The host's seat cannot be removed.
err-unknown_button = This button is no longer valid.
err-illegal = That move is not allowed now.
err-illegal-not_your_turn = It is not your turn.
err-illegal-decision_pending = Waiting for the 5-Shi decision first.
err-illegal-no_decision_expected = There is no decision to make now.
err-illegal-piece_not_in_hand = You do not hold that piece.
err-illegal-must_lead = You lead now, so you cannot pass.
err-illegal-block_mismatch = A block must be the same kind as the attack (or 王 Ou).
err-illegal-ou_cannot_block = 王 Ou cannot block 香 Gon or し Shi.
err-illegal-ou_attack_not_allowed = 王 Ou may not attack yet.
err-illegal-malformed_action = That is not a valid move.
err-illegal-round_over = The round is over.
err-illegal-match_over = The match is over.
err-illegal-illegal = That move is not allowed now.
err-internal = Sorry, something went wrong. It has been logged.

## /goita leaderboard, stats, history, replay

stats-lineup = { $ta } ({ $a }) vs { $tb } ({ $b })
stats-wrong_guild = Goita results are kept per server: use this in a server.
stats-no_match = There is no recorded match #{ $id } on this server.
stats-no_export = Match #{ $id } has no usable game record.
stats-not_yours = That is someone else's history: use /goita history for yours.
stats-no_stats = { $name } has no recorded Goita match on this server yet.
stats-btn-prev = ◀ Previous
stats-btn-next = Next ▶
stats-btn-sort-rating = Sort by rating
stats-btn-sort-wins = Sort by wins
stats-btn-newer = ◀ Newer
stats-btn-older = Older ▶
stats-btn-yaml = #{ $id } kifu (YAML)
stats-btn-json = #{ $id } record (JSON)
stats-btn-replay = #{ $id } replay
stats-btn-round_back = ⏮ Round
stats-btn-round_next = Round ⏭
stats-lb-title = Goita leaderboard
stats-lb-sort-rating = by rating
stats-lb-sort-wins = by wins
stats-lb-empty = No finished match on this server yet. Start one with `/goita new`.
stats-lb-line = **{ $rank }.** { $name } — **{ $rating }** · { $wins } won / { $matches } played{ $extra }
stats-lb-provisional = new
stats-lb-with_cpu = { $n } with CPU
stats-lb-footer = Page { $page }/{ $pages } · { $total ->
    [one] { $total } player
   *[other] { $total } players
} · rating = OpenSkill mu − 3σ; CPUs are rated apart and not listed; stopped matches are not rated
stats-stats-title = { $name } — Goita on this server
stats-stats-rating = Rating
stats-stats-rating_value = **{ $rating }** (#{ $rank } of { $players }, { $rated } { $rated ->
    [one] rated match
   *[other] rated matches
})
stats-stats-matches = Matches
stats-stats-matches_value = { $wins } won of { $matches } ({ $pct })
stats-stats-with_cpu = Of which with CPU
stats-stats-with_cpu_value = { $wins } won of { $matches }
stats-stats-rounds = Rounds won
stats-stats-rounds_value = { $rounds } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $doubled } doubled)
stats-stats-shi = Shi hands (5+ Shi)
stats-stats-stopped = Stopped early
stats-stats-form = Recent form (newest first)
stats-stats-footer = Rounds won = rounds this player went out. Stopped matches count their rounds but not the result or the rating.
stats-hist-empty = You have no recorded match on this server yet.
stats-hist-title = **Your matches** (page { $page }/{ $pages }, { $total } in all)
stats-hist-line = **#{ $id }** { $when } · { $outcome } · { $scores }
    { "    " }{ $lineup }{ $marks }
stats-hist-won = won
stats-hist-lost = lost
stats-hist-stopped = stopped early
stats-hist-with_cpu = with CPU
stats-hist-rating = rating { $change }
stats-dl-sent = Match #{ $id } as { $fmt }:
stats-rp-head = Match #{ $id } · round { $round }/{ $rounds } · step { $step }/{ $steps }
stats-rp-dealt = New deal; { $name } leads.
stats-rp-lead = { $name } leads { $down } face down and attacks with { $attack }.
stats-rp-lead_up = { $name } attacks with { $attack }.
stats-rp-block = { $name } blocks with { $block } and attacks with { $attack }.
stats-rp-pass = { $name } passes.
stats-rp-shi = { $name } shows { $count } Shi.
stats-rp-play_on = { $name } plays on.
stats-rp-redeal_asked = { $name } asks for a redeal.
stats-rp-redeal = The round is dealt again.
stats-rp-round_won = { $name } wins the round: { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
stats-rp-doubled = (doubled)
stats-rp-match_won = Match over: { $scores }.
stats-rp-scores = Scores: { $scores }
stats-rp-legend = Hands are shown face up; [ ] = played face down.
