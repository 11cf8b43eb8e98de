### Русские тексты бота для игры в гоиту. К игроку обращаемся на «вы».
### Фишки называются как в русской статье о гоите и в сёги, всегда с иероглифом:
### Король (王), Ладья (飛), Слон (角), Золотой генерал (金), Серебряный генерал (銀),
### Конь (馬), Копьё (香), Пешка (し). Название фишки стоит в именительном падеже,
### поэтому фразы построены так, чтобы его не склонять («атакует: Ладья (飛)»).
### Множественное число: [one] 1, 21… · [few] 2–4, 22–24… · *[many] 0, 5–20, 25…


## Фишки, команды, уровни CPU

piece-0 = Пешка
piece-1 = Копьё
piece-2 = Конь
piece-3 = Серебряный генерал
piece-4 = Золотой генерал
piece-5 = Слон
piece-6 = Ладья
piece-7 = Король
piece-label = { $name } ({ $kanji })
team-0 = Команда А
team-1 = Команда Б
level-easy = лёгкий
level-normal = средний
level-hard = сильный
cpu-name = CPU { $n } ({ $level })
engine-name = ⚙ { $name }
seat-away = нет на месте
seat-dealer = сдаёт

## Кнопки (не длиннее 80 символов)

btn-join = Сесть
btn-leave = Уйти
btn-cpu-easy = + CPU лёгкий
btn-cpu-normal = + CPU средний
btn-cpu-hard = + CPU сильный
btn-start = Начать
btn-cancel = Отменить
btn-shuffle = Перемешать места
btn-hand = Мои фишки
btn-pass = Пас
btn-back = Назад
btn-play_on = Играть дальше
btn-redeal = Пересдать
btn-rematch = Реванш
btn-stop_confirm = Да, закрыть стол

## Лобби

lobby-title = ごいた Гоита · новый стол
lobby-host = Хозяин стола: { $host }
lobby-target = Цель: { $target ->
    [one] { $target } очко
    [few] { $target } очка
   *[many] { $target } очков
}
lobby-house-double_any_seventh = Домашнее правило: если 7-я и 8-я фишки одинаковые, очки всегда удваиваются
lobby-teams = Партнёры сидят друг напротив друга: места 1 и 3 — { $team_a }, места 2 и 4 — { $team_b }.
hand-deadline = Время на ход истекает { $when }
board-deadline = { " " }· ⏱ { $when }
lobby-swap = Хозяин: поменять два места
lobby-swap_option = Поменять места { $a } ↔ { $b }
lobby-remove = Хозяин: освободить место
lobby-remove_option = Освободить место { $n }: { $name }
lobby-engine = + Движок: выберите, кого посадить
lobby-empty = (свободное место)
lobby-footer = Садитесь за стол или добавьте CPU; хозяин начинает игру, когда заняты все 4 места. Стол закроется, если игру не начнут за { $minutes } мин.

## Доска

board-title = ごいた Гоита · раунд { $round }
board-scores = { $team_a } **{ $a }** · { $team_b } **{ $b }** · игра до { $target }
board-seat = { $turn }{ $name } · { $team } · { $left ->
    [one] { $left } фишка
    [few] { $left } фишки
   *[many] { $left } фишек
}{ $tags }
board-nothing_played = ходов ещё не было
board-defence = Защ
board-attack = Атк
board-attack_to_answer = Нужно отбить: { $piece }, атакует { $name }
board-turn = Ход: { $name }
board-turn_lead = Ход: { $name } (заходит)
board-goshi_wait = Ждём, пока { $name } решит: играть дальше или пересдать
board-last_moves = Последние ходы
board-footer = Кнопка «Мои фишки» показывает ваши фишки (только вам); нажмите её снова, если они перестали обновляться. На ход — { $seconds } с.

## Журнал ходов: строки, которыми стол рассказывает об игре

log-start = Партия { $match_no } начинается: первым сдаёт { $dealer_name }
log-deal = Раунд { $round }: сдаёт { $dealer_name }
log-shi = { $name } объявляет: { $count ->
    [one] { $count } пешка (し)
    [few] { $count } пешки (し)
   *[many] { $count } пешек (し)
}
log-goshi_wait = У игрока { $holder_name } 5 пешек (し): { $name } решает, играть дальше или пересдать
log-goshi_decided-play_on = { $name }: играем дальше
log-goshi_decided-redeal = { $name }: пересдаём
log-redeal = Пересдача: сдаёт тот же игрок
log-led = { $name } кладёт закрытую фишку и атакует: { $attack }
log-blocked = { $name } отбивается: { $block }; атакует: { $attack }
log-passed = { $name } пасует
log-lead_again = Трое спасовали: { $name } снова заходит
log-round_won = { $name } ({ $team }) выходит, последняя фишка — { $last }: +{ $points }
log-round_won-special = { $name } ({ $team }): { $special } +{ $points }
log-match_won = { $team } выигрывает партию
log-join = { $name } садится за стол
log-leave = { $name } уходит
log-cpu_added = { $name } садится за стол
log-seat_removed = Хозяин убирает со стола: { $name }
log-shuffled = Места перемешаны
log-moved = Места { $from_n } и { $to_n } поменялись
log-cpu_took_seat = { $name } уходит: за это место играет CPU
log-timeout = Время игрока { $name } вышло: ход сделал CPU
log-back = { $name } снова за столом

## Конец раунда и партии

round-title = ごいた Гоита · раунд { $round } окончен
round-finish = { $name } ({ $team }) выходит, последняя фишка — { $piece }: **+{ $points }**
round-doubled = { " " }(вдвойне: 7-я и 8-я одинаковые)
round-hasshi = У игрока { $name } ({ $team }) 8 пешек (し): **+{ $points }**
round-nanashi = У игрока { $name } ({ $team }) 7 пешек (し): **+{ $points }**
round-rokushi = У игрока { $name } ({ $team }) 6 пешек (し): **+{ $points }**
round-goshi_pair = И у игрока { $name }, и у партнёра по 5 пешек (し): { $team } выигрывает партию
round-redeal = Тот же игрок сдаёт раунд заново.
round-revealed = Закрытые фишки теперь открыты.
round-next = Следующий раунд скоро начнётся.
match-title = ごいた Гоита · партия окончена
match-winner = 🏆 Побеждает **{ $team }**: { $team_a } { $a } · { $team_b } { $b }
match-players =
    { $team_a }: { $a1 } и { $a2 }
    { $team_b }: { $b1 } и { $b2 }
match-stopped = Партию остановили до конца: { $team_a } { $a } · { $team_b } { $b }
match-rounds = Раунды
match-round_line = { $n }. { $team } +{ $points } · { $name } { $piece }
match-doubled = { " " }(вдвойне)
match-round_redeal = { $n }. пересдача
match-round_special = { $n }. { $team } +{ $points } · { $name } ({ $special })
match-more_rounds = … и ещё { $count ->
    [one] { $count } раунд
    [few] { $count } раунда
   *[many] { $count } раундов
} до этого
match-footer = «Реванш» снова сажает за стол тех же игроков.
special-hasshi = 8 пешек (し)
special-nanashi = 7 пешек (し)
special-rokushi = 6 пешек (し)
special-goshi--pair = по 5 пешек (し) у обоих партнёров

## Фишки игрока (видны только ему)

hand-title = Ваши фишки · { $team }
hand-pieces = { $pieces } ({ $count ->
    [one] { $count } фишка
    [few] { $count } фишки
   *[many] { $count } фишек
})
hand-empty = (фишек нет)
hand-lead = **Ваш ход: вы заходите.** Выберите фишку, которую положите закрытой.
hand-answer = **Ваш ход:** { $name } атакует: { $piece }. Отбейтесь или пасуйте.
hand-choose_attack = Теперь выберите атаку. { $first_label }: { $first }.
hand-first_label-block = Защита
hand-first_label-face_down = Закрытая
hand-waiting = Сейчас не ваш ход: следите за игрой на доске. Это сообщение обновляется само.
hand-ou_locked = Королём (王) пока нельзя атаковать (кнопка серая).
hand-goshi_prompt = **У вашего партнёра { $name } 5 пешек (し).** Играть дальше с этими фишками или пересдать?
hand-goshi_wait = Ждём, пока { $name } решит: играть дальше или пересдать.
hand-lobby = Партия ещё не началась.
hand-round_over = Раунд окончен; следующий скоро начнётся.
hand-match_over = Партия окончена.
hand-closed = Этот стол закрыт.
hand-expired = Это сообщение больше не обновляется: снова нажмите **Мои фишки** на доске.
hand-away = Вас нет на месте: за вас играет CPU. Нажмите **Мои фишки** на доске, чтобы вернуться на своё место.
hand-back = С возвращением: ваше место снова ваше.
hand-board_blocked = ⚠ Доску в этом канале нельзя обновить: у бота там нет нужных прав. Играть можно и дальше, прямо отсюда.

## Уведомления

ping-your_turn = { $mention }, ваш ход. Нажмите **Мои фишки**.
ping-goshi = { $mention }, у вашего партнёра 5 пешек (し): нажмите **Мои фишки** и выберите, играть дальше или пересдать.
ping-timeout_warning = { $mention }, на ход осталось { $seconds } с, потом за вас сходит CPU.
ping-taken_over = { $mention }, время вышло: за вас сходил CPU. Нажмите **Мои фишки**, чтобы вернуться на своё место.
warn-timeout = ⏰ На ход осталось { $seconds } с, потом за вас сходит CPU.

## Стол закрыт

closed-cancelled = Хозяин отменил этот стол.
closed-idle = Лобби закрыто: игру не начали за { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
   *[many] { $minutes } минут
}.
closed-stopped = Этот стол закрыт.
closed-abandoned = Стол закрыт: все игроки долго отсутствовали.
closed-finished = Партия окончена.
closed-empty = Все ушли: стол закрыт.
closed-left = Последний игрок ушёл: стол закрыт.
closed-channel_gone = Стол закрыт: его канал был удалён.
closed-bot_removed = Стол закрыт: бота удалили с этого сервера.
closed-other = Этот стол закрыт.

## Ответы на команды

new-opened = Стол открыт: лобби в этом канале.
new-exists = В этом канале уже есть стол: { $link }
leave-done = Вы ушли из-за стола; за ваше место играет CPU.
lobby-left = Вы ушли из-за стола.
stop-confirm = Закрыть стол в этом канале? Партия закончится сейчас и будет записана как остановленная.
stop-confirm_lobby = Закрыть лобби в этом канале? Игру ещё никто не начал.
stop-done = Стол закрыт.

## Ошибки

err-generic = Не получилось. Попробуйте ещё раз.
err-no_table = Здесь нет стола для гоиты. Откройте его командой /гоита новый.
err-table_exists = В этом канале уже есть стол.
err-not_seated = Вы не сидите за этим столом.
err-already_seated = Вы уже сидите за этим столом.
err-table_full = Все четыре места заняты.
err-not_host = Это может только хозяин стола.
err-not_host_or_manager = Закрыть стол может только хозяин или тот, у кого есть право «Управлять сообщениями».
err-not_in_lobby = Партия уже началась.
err-not_playing = За этим столом сейчас не играют.
err-need_four = Чтобы начать, нужно занять все места: { $players } (занято: { $seated }).
err-bad_players = За столом 3 или 4 игрока, а не { $players }.
err-stale = Эта кнопка из прошлого хода. Используйте последнее сообщение.
err-not_your_turn = Сейчас не ваш ход.
err-not_finished = Партия ещё не окончена.
err-rematch_started = Реванш уже начался: играйте на самой новой доске.
err-stop_started = С тех пор партия началась: чтобы остановить её, снова вызовите /гоита закрыть.
err-bad_level = Неизвестный уровень CPU или движок.
err-bad_target = Цель должна быть от 50 до 1000.
err-not_in_guild = Столы для гоиты открываются в текстовых каналах сервера.
err-bot_permissions = В этом канале я не могу открыть стол: здесь мне не хватает прав: { $missing }. Администратор сервера может выдать их боту в настройках канала (Права доступа), или откройте стол в другом канале.
perm-view_channel = «Просматривать канал»
perm-send_messages = «Отправлять сообщения»
perm-send_messages_in_threads = «Отправлять сообщения в ветках»
perm-embed_links = «Встраивать ссылки»
perm-attach_files = «Прикреплять файлы»
err-seat_taken = Это место занято.
err-bad_seat = Такого места нет.
err-host_seat = Место хозяина нельзя освободить.
err-unknown_button = Эта кнопка больше не действует.
err-illegal = Сейчас так ходить нельзя.
err-illegal-not_your_turn = Сейчас не ваш ход.
err-illegal-decision_pending = Сначала нужно решение о 5 пешках (し).
err-illegal-no_decision_expected = Сейчас нечего решать.
err-illegal-piece_not_in_hand = У вас нет такой фишки.
err-illegal-must_lead = Вы заходите, поэтому пасовать нельзя.
err-illegal-block_mismatch = Отбиваться можно только такой же фишкой, как атака (или Королём (王)).
err-illegal-ou_cannot_block = Король (王) не может отбить Копьё (香) или Пешку (し).
err-illegal-ou_attack_not_allowed = Королём (王) пока нельзя атаковать.
err-illegal-malformed_action = Такой ход невозможен.
err-illegal-round_over = Раунд окончен.
err-illegal-match_over = Партия окончена.
err-illegal-illegal = Сейчас так ходить нельзя.
err-internal = Извините, что-то пошло не так. Ошибка записана в журнал.

## /гоита рейтинг, статистика, история, повтор

stats-lineup = { $ta } ({ $a }) против { $tb } ({ $b })
stats-wrong_guild = Результаты в гоите ведутся отдельно для каждого сервера: используйте команду на сервере.
stats-no_match = На этом сервере нет записанной партии № { $id }.
stats-no_export = У партии № { $id } нет пригодной записи игры.
stats-not_yours = Это чужая история: свою смотрите командой /гоита история.
stats-no_stats = У игрока { $name } ещё нет записанных партий в гоиту на этом сервере.
stats-btn-prev = ◀ Назад
stats-btn-next = Вперёд ▶
stats-btn-sort-rating = По рейтингу
stats-btn-sort-wins = По победам
stats-btn-newer = ◀ Новее
stats-btn-older = Старше ▶
stats-btn-yaml = #{ $id } кифу (YAML)
stats-btn-json = #{ $id } запись (JSON)
stats-btn-replay = #{ $id } повтор
stats-btn-round_back = ⏮ Раунд
stats-btn-round_next = Раунд ⏭
stats-lb-title = Рейтинг игроков в гоиту
stats-lb-sort-rating = по рейтингу
stats-lb-sort-wins = по победам
stats-lb-empty = На этом сервере ещё нет законченных партий. Начните с `/гоита новый`.
stats-lb-line = **{ $rank }.** { $name } — **{ $rating }** · { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
   *[many] { $wins } побед
} / { $matches ->
    [one] { $matches } партия
    [few] { $matches } партии
   *[many] { $matches } партий
}{ $extra }
stats-lb-provisional = новичок
stats-lb-with_cpu = { $n } с CPU
stats-lb-footer = Страница { $page }/{ $pages } · { $total ->
    [one] { $total } игрок
    [few] { $total } игрока
   *[many] { $total } игроков
} · рейтинг = mu − 3σ по OpenSkill; CPU оцениваются отдельно и не показываются; остановленные партии не влияют на рейтинг
stats-stats-title = { $name } — гоита на этом сервере
stats-stats-rating = Рейтинг
stats-stats-rating_value = **{ $rating }** (#{ $rank } из { $players }, { $rated ->
    [one] { $rated } рейтинговая партия
    [few] { $rated } рейтинговые партии
   *[many] { $rated } рейтинговых партий
})
stats-stats-matches = Партии
stats-stats-matches_value = { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
   *[many] { $wins } побед
} из { $matches } ({ $pct })
stats-stats-with_cpu = Из них с CPU
stats-stats-with_cpu_value = { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
   *[many] { $wins } побед
} из { $matches }
stats-stats-rounds = Выигранные раунды
stats-stats-rounds_value = { $rounds } ({ $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}, с удвоением: { $doubled })
stats-stats-shi = Руки с пешками (5+ し)
stats-stats-stopped = Остановлены досрочно
stats-stats-form = Последние партии (сначала новые)
stats-stats-footer = Выигранные раунды — раунды, в которых этот игрок вышел первым. В остановленных партиях раунды считаются, а результат и рейтинг — нет.
stats-hist-empty = У вас ещё нет записанных партий на этом сервере.
stats-hist-title = **Ваши партии** (страница { $page }/{ $pages }, всего { $total })
stats-hist-line = **#{ $id }** { $when } · { $outcome } · { $scores }
    { "    " }{ $lineup }{ $marks }
stats-hist-won = победа
stats-hist-lost = поражение
stats-hist-stopped = остановлена досрочно
stats-hist-with_cpu = с CPU
stats-hist-rating = рейтинг { $change }
stats-dl-sent = Партия № { $id } в формате { $fmt }:
stats-rp-head = Партия № { $id } · раунд { $round }/{ $rounds } · ход { $step }/{ $steps }
stats-rp-dealt = Новая сдача; заходит { $name }.
stats-rp-lead = { $name } кладёт закрытую фишку ({ $down }) и атакует: { $attack }.
stats-rp-lead_up = { $name } атакует: { $attack }.
stats-rp-block = { $name } отбивается: { $block }; атакует: { $attack }.
stats-rp-pass = { $name } пасует.
stats-rp-shi = { $name } показывает: { $count ->
    [one] { $count } пешка (し)
    [few] { $count } пешки (し)
   *[many] { $count } пешек (し)
}.
stats-rp-play_on = { $name } играет дальше.
stats-rp-redeal_asked = { $name } просит пересдать.
stats-rp-redeal = Раунд сдаётся заново.
stats-rp-round_won = { $name } выигрывает раунд: { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}.
stats-rp-doubled = (вдвойне)
stats-rp-match_won = Партия окончена: { $scores }.
stats-rp-scores = Счёт: { $scores }
stats-rp-legend = Фишки показаны открытыми; [ ] = сыграна закрытой.
