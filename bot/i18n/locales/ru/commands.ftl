# Команды: имена (строчные буквы, 1–32 символа: буквы, цифры, «-» или «_», без пробелов),
# описания (не больше 100 символов), параметры и варианты выбора.

cmd-goita = гоита
cmd-goita-desc = Играть в гоиту — командную игру для четверых с полуострова Ното
cmd-about = о-боте
cmd-about-desc = Что это за бот и какая версия работает
cmd-new = новый
cmd-new-desc = Открыть стол для гоиты в этом канале
cmd-new-target = цель
cmd-new-target-desc = Сколько очков нужно команде для победы (50–1000, по умолчанию — как на сервере)
cmd-new-double_any_seventh = удвоение_7_и_8
cmd-new-double_any_seventh-desc = Домашнее правило: одинаковые 7-я и 8-я фишки всегда дают вдвойне
cmd-hand = фишки
cmd-hand-desc = Показать ваши фишки за столом этого канала (только вам)
cmd-leave = уйти
cmd-leave-desc = Уйти из-за стола этого канала (ваше место займёт CPU)
cmd-stop = закрыть
cmd-stop-desc = Закрыть стол этого канала (хозяин или право «Управлять сообщениями»)
cmd-rules = правила
cmd-rules-desc = Правила гоиты: коротко и только для вас
cmd-leaderboard = рейтинг
cmd-leaderboard-desc = Лучшие игроки в гоиту на этом сервере
cmd-leaderboard-sort = порядок
cmd-leaderboard-sort-desc = По рейтингу (по умолчанию) или по числу побед
cmd-leaderboard-sort-rating = рейтинг
cmd-leaderboard-sort-wins = победы
cmd-stats = статистика
cmd-stats-desc = Показатели игрока в гоиту на этом сервере
cmd-stats-user = игрок
cmd-stats-user-desc = Чьи показатели (по умолчанию ваши)
cmd-history = история
cmd-history-desc = Ваши недавние партии в гоиту на этом сервере
cmd-replay = повтор
cmd-replay-desc = Посмотреть законченную партию ход за ходом
cmd-replay-match = партия
cmd-replay-match-desc = Номер партии (см. /гоита история)
