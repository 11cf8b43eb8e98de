### Русские тексты /goita learn (первая игра с подсказками), советов и разборов.

## Команды

cmd-learn = обучение
cmd-learn-desc = Первая партия в гоиту с пояснениями, только для вас
cmd-review = разбор
cmd-review-desc = Ваши решения в партии в сравнении с сильнейшим компьютерным игроком
cmd-review-match = партия
cmd-review-match-desc = Номер партии (см. /goita история)

## Тренировочный стол

learn-who-0 = Вы
learn-who-1 = Соперник справа
learn-who-2 = Партнёр
learn-who-3 = Соперник слева
learn-lesson-basics = Урок { $n }: заход, отбой, пас, выход
learn-lesson-shi = Урок { $n }: руки с пешками
learn-ui-table = { $who }: { $pieces }
learn-ui-nothing = (ещё ничего не сыграно)
learn-ui-hand = Ваши фишки: { $pieces }
learn-ui-attack = Атака, на которую нужно ответить: { $piece } от: { $who }
learn-ui-then = Первая фишка: { $piece }. Теперь выберите фишку для атаки.
learn-ui-refused = ✋ { $reason }
learn-ui-done = Обучение пройдено
learn-ui-resumed = С возвращением: продолжаем с того места, где вы остановились.
learn-btn-continue = Дальше
learn-btn-restart = Начать заново
learn-not-yours = Это чужой тренировочный стол: начните свой командой /goita обучение.

## Урок 1

learn-basics-intro = Ваш партнёр сидит напротив; двое других — ваши соперники. Ход переходит направо. У каждого 8 фишек, и их держат в секрете. Вы сдаёте, поэтому заходите первым.
learn-basics-lead = Заход: положите одну фишку закрытой, потом одну открытой — это ваша атака. Выберите { $face_down } (закрытой), затем { $attack } (атака).
learn-basics-ou_block = У вас нет фишки «{ $attack }», но 王 Король отбивает любую атаку, кроме 香 и し. Отбейтесь Королём и атакуйте фишкой «{ $attack_with }».
learn-basics-pass = Короля отбивает только Король, а оба уже на столе. Отбиться нельзя: нажмите «Пас».
learn-basics-block = Отбейте «{ $attack }» своей фишкой того же вида, затем атакуйте фишкой «{ $attack_with }».
learn-basics-finish = Осталось две фишки, и заходите вы. Положите одну фишку «{ $piece }» закрытой и атакуйте другой: последняя фишка заканчивает раунд. Если 7-я фишка закрыта и того же вида, что 8-я, очки удваиваются: { $points }.
learn-basics-points = Раунд заканчивается, когда кто-то играет свою 8-ю фишку; его команда получает её стоимость: 王 50, 飛 и 角 40, 金 и 銀 30, 馬 и 香 20, し 10, вдвое — как только что у вас. Победитель сдаёт следующий раунд, а первая команда, набравшая 150 очков, выигрывает партию.

## Урок 2

learn-shi-intro = Рука с 5 и более し показывается только числом. С 8 し раунд заканчивается, и команда получает 100; с 7 — вдвое больше стоимости другой фишки; с 6 — стоимость старшей из двух других (вдвое, если они одинаковы). Если у обоих партнёров по 5 し, они сразу выигрывают партию.
learn-shi-decide = { $seat } объявляет { $count } し. Если такая рука одна, партнёр её владельца (вы) решает, не видя её: играть дальше с этими руками или пересдать. Посмотрите на свои фишки и выберите.
learn-shi-after = Оба ответа верны, если подходят вашей руке: с сильной рукой играют дальше, со слабой просят пересдачу.

## Что сейчас произошло

learn-note-pass_allowed = { $seat }: пас, хотя есть фишка «{ $piece }». Пасовать можно всегда.
learn-note-blocked = { $seat }: ваша фишка «{ $piece }» отбита фишкой того же вида, теперь атака — «{ $attack }».
learn-note-ou_attack = { $seat }: атака Королём 王. Король может атаковать, когда другой Король уже лежит открытым (ваш), когда у игрока оба Короля или последней фишкой.
learn-note-three_passes = Три паса подряд: { $seat } атаковал последним и снова заходит — сначала закрытой, потом открытой.
learn-note-partner_pass = { $seat }: пас на атаку партнёра ({ $partner }). Отбивать партнёра не обязательно.
learn-note-your_lead_again = На вашу атаку все спасовали: вы снова заходите.

## События за столом

learn-event-you_led = Вы зашли: { $face_down } закрытой, атака — { $attack }.
learn-event-led = { $seat }: заход закрытой фишкой, атака — { $attack }.
learn-event-blocked = { $seat }: отбой — { $block }, атака — { $attack }.
learn-event-passed = { $seat }: пас.
learn-event-lead_again = { $seat }: снова заход.
learn-event-won = { $seat }: выход с фишкой { $piece }, очков: { $points }.
learn-event-won_doubled = { $seat }: выход с фишкой { $piece } вдвое, очков: { $points }.
learn-event-shi = { $seat }: し — { $count }.
learn-event-play_on = { $seat }: играть дальше.
learn-event-redeal = { $seat }: пересдать.

## Отклонённые ходы

learn-refuse-off_script = Такой ход разрешён, но в этом уроке нужен другой (в настоящей игре выбираете вы).
learn-refuse-read_first = Сначала прочитайте и нажмите «Дальше».
learn-refuse-move_first = Сначала сделайте ход.
learn-refuse-finished = Обучение закончено: нажмите «Начать заново», чтобы пройти его ещё раз.
learn-refuse-round_over = Раунд окончен.
learn-refuse-match_over = Партия окончена.
learn-refuse-not_your_turn = Сейчас не ваш ход.
learn-refuse-decision_pending = Сначала выберите: играть дальше или пересдать.
learn-refuse-no_decision_expected = Сейчас решать нечего.
learn-refuse-piece_not_in_hand = У вас нет этой фишки.
learn-refuse-must_lead = Сейчас вы заходите, пасовать нельзя: одна фишка закрытой, затем атака.
learn-refuse-block_mismatch = Отбивайтесь фишкой того же вида, что и атака ({ $attack }), или Королём 王.
learn-refuse-ou_cannot_block = Король 王 не отбивает «{ $attack }»: он отбивает всё, кроме 香 и し.
learn-refuse-ou_attack_not_allowed = Король 王 может атаковать, только когда другой Король лежит открытым, когда у вас оба Короля или последней фишкой.
learn-refuse-malformed_action = Это не ход.

## В конце

learn-summary = Вы сыграли по всем правилам гоиты: заход — одна фишка закрытой и атака; отбой фишкой того же вида (или Королём 王, кроме атак 香 и し) и новая атака — или пас; после трёх пасов атаковавший снова заходит; выход приносит стоимость последней фишки, вдвое после закрытой фишки того же вида; а 5 и более し меняют сдачу. { $mistakes ->
    [0] Вы не сделали ни одного неверного хода.
    [one] По пути был исправлен { $mistakes } ход.
    [few] По пути были исправлены { $mistakes } хода.
   *[many] По пути было исправлено { $mistakes } ходов.
} Откройте настоящий стол командой /goita новый и просите «Совет», когда сомневаетесь.

## Советы

learn-btn-hint = Совет
learn-hint-text = 💡 { $move }: { $reason }
learn-hint-thinking = 💡 Обдумываю ваш ход…
learn-hint-not_your_turn = Советы даются только в ваш ход.
learn-hint-busy = Предыдущий совет ещё рассчитывается.
learn-hint-unrated = В этой партии использовались советы: она не идёт в рейтинг.
learn-move-pass = Пас
learn-move-lead = { $first } закрытой, атака — { $second }
learn-move-block = Отбой — { $first }, атака — { $second }
learn-move-play_on = Играть дальше
learn-move-redeal = Пересдать
learn-reason-play_on = ваша рука достаточно сильна, чтобы играть рядом с し игрока { $seat }.
learn-reason-redeal = ваша рука слишком слаба: лучше новая сдача.
learn-reason-pass_forced = вам нечем отбить «{ $attack }».
learn-reason-pass_partner = атака партнёра «{ $attack }» стоит; пусть он остаётся ведущим.
learn-reason-pass_keep = берегите фишки: отбивать «{ $attack }» сейчас дороже, чем это даст.
learn-reason-finish = выходите фишкой «{ $piece }»: очков — { $points }.
learn-reason-finish_doubled = выходите вдвое фишкой «{ $piece }»: очков — { $points }.
learn-reason-block_ou = отбейтесь: фишки «{ $attack }» нет, поэтому Королём 王, затем атака — «{ $attack_with }».
learn-reason-block_partner = перехватите атаку партнёра «{ $attack }» и атакуйте фишкой «{ $attack_with }».
learn-reason-block = отбейтесь: иначе атака соперника «{ $attack }» устоит; затем атака — «{ $attack_with }».
learn-reason-lead_single = положите закрытой одиночную фишку «{ $face_down }»: пару «{ $pair }» оставьте на конец.
learn-reason-lead_attack = атакуйте фишкой «{ $attack }»: отбить её могут лишь невидимые вам фишки, их { $blockers }.

## Разборы

learn-btn-review = Разобрать мои ходы
learn-btn-previous = Назад
learn-btn-next = Дальше
learn-review-progress = Анализ хода { $done } из { $total }…
learn-review-queued = Ожидание: анализов перед вашим — { $ahead }…
learn-review-starting = Готовлю разбор…
learn-review-busy = Ваш предыдущий разбор ещё идёт: дождитесь его окончания.
learn-review-queue_full = Сейчас идёт много разборов: попробуйте через несколько минут.
learn-review-not_found = На этом сервере нет партии #{ $id }.
learn-review-not_player = Вы не играли в партии #{ $id }.
learn-review-bad_record = Партию #{ $id } нельзя разобрать: её запись не воспроизводится.
learn-review-none = В партии #{ $id } вам не приходилось ничего решать (все ходы были вынужденными).
learn-review-title = Разбор партии #{ $id } · решение { $n } из { $total }
learn-review-where = Раунд { $round }, ход { $step }
learn-review-played = Ваш ход: { $move } (ожидание: { $points } очк.)
learn-review-best = Лучший найденный ход: { $move } (ожидание: { $points } очк.)
learn-review-agrees = Сильнейший компьютерный игрок сыграл бы так же (ожидание: { $points } очк.).
learn-review-loss = Потеряно около { $points } очк.
learn-review-total = Всего решений: { $count }, потеряно около { $points } очк. Сначала самые крупные ошибки.
