# Вариант на троих: три места, без команд, каждый играет сам за себя.

cmd-new-players = игроки
cmd-new-players-desc = 4 игрока в двух командах (по умолчанию) или 3 игрока, каждый сам за себя
cmd-new-players-4 = 4 игрока
cmd-new-players-3 = 3 игрока

three-lobby-solo = Три игрока, без команд: каждый набирает очки сам за себя.
three-board-scores = { $scores } · игра до { $target }
three-board-seat = { $turn }{ $name } · { $left ->
    [one] { $left } фишка
    [few] { $left } фишки
   *[many] { $left } фишек
}{ $tags }
three-round-finish = { $name } выходит, последняя фишка — { $piece }: **+{ $points }**
three-log-round_won = { $name } выходит, последняя фишка — { $last }: +{ $points }
three-log-lead_again = Двое спасовали: { $name } снова заходит
three-match-winner = 🏆 Побеждает **{ $name }**: { $scores }
three-match-stopped = Партию остановили до конца: { $scores }
three-match-round_line = { $n }. { $name } +{ $points } · { $piece }
three-hand-title = Ваши фишки
three-lobby-footer = Садитесь за стол или добавьте CPU; хозяин начинает игру, когда заняты все 3 места. Стол закроется, если игру не начнут за { $minutes } мин.
three-err-table_full = Все три места заняты.
