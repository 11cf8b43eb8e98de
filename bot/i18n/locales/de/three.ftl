# Die Variante zu dritt: drei Plätze, keine Teams, jeder punktet für sich.

cmd-new-players = spieler
cmd-new-players-desc = 4 Spieler in zwei Teams (Standard) oder 3 Spieler, jeder für sich
cmd-new-players-4 = 4 Spieler
cmd-new-players-3 = 3 Spieler

three-lobby-solo = Drei Spieler, keine Teams: Jeder punktet für sich.
three-board-scores = { $scores } · Ziel: { $target }
three-board-seat = { $turn }{ $name } · noch { $left ->
    [one] { $left } Stein
   *[other] { $left } Steine
}{ $tags }
three-round-finish = { $name } geht mit { $piece } raus: **+{ $points }**
three-log-round_won = { $name } geht mit { $last } raus: +{ $points }
three-log-lead_again = Zweimal gepasst: { $name } spielt wieder aus
three-match-winner = 🏆 **{ $name }** gewinnt: { $scores }
three-match-stopped = Die Partie wurde vor dem Ende beendet: { $scores }
three-match-round_line = { $n }. { $name } +{ $points } · { $piece }
three-hand-title = Deine Hand
three-lobby-footer = Spiel mit oder füge CPUs hinzu; der Gastgeber startet, sobald alle 3 Plätze besetzt sind. Schließt nach { $minutes } Min. ohne Start.
three-err-table_full = Alle drei Plätze sind besetzt.
