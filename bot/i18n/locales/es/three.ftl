# La variante para tres: tres asientos, sin equipos, cada jugador puntúa por su cuenta.

cmd-new-players = jugadores
cmd-new-players-desc = 4 jugadores en dos parejas (por defecto) o 3 jugadores, cada uno por su cuenta
cmd-new-players-4 = 4 jugadores
cmd-new-players-3 = 3 jugadores

three-lobby-solo = Tres jugadores, sin equipos: cada uno puntúa por su cuenta.
three-board-scores = { $scores } · gana quien llegue a { $target }
three-board-seat = { $turn }{ $name } · { $left ->
    [one] queda { $left }
   *[other] quedan { $left }
}{ $tags }
three-round-finish = { $name } cerró con { $piece }: **+{ $points }**
three-log-round_won = { $name } cerró con { $last }: +{ $points }
three-log-lead_again = Dos pases: { $name } vuelve a salir
three-match-winner = 🏆 Gana **{ $name }**: { $scores }
three-match-stopped = La partida se detuvo antes del final: { $scores }
three-match-round_line = { $n }. { $name } +{ $points } · { $piece }
three-hand-title = Tu mano
three-lobby-footer = Únete o añade CPU; el anfitrión empieza cuando los 3 asientos estén ocupados. La sala se cierra si nadie empieza en { $minutes } min.
three-err-table_full = Los tres asientos están ocupados.
