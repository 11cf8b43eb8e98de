# Настройки сервера (/goita settings): команда, сообщение с настройками, его меню и формы
# и фразы об отклонённом изменении.

cmd-settings = настройки
cmd-settings-desc = Настройки гоиты на этом сервере (право «Управлять сервером» или роль настроек)

settings-title = Настройки гоиты на этом сервере
settings-intro = Новые столы открываются с этими настройками; уже открытые столы сохраняют свои.
settings-saved = Сохранено. Это действует для новых столов; открытые столы сохраняют свои настройки.
settings-unchanged = Ничего не изменено.
settings-denied = Менять настройки гоиты могут только участники с правом «Управлять сервером».
settings-denied_role = Менять настройки гоиты могут только участники с правом «Управлять сервером» или с ролью { $role }.
settings-wrong_guild = Это настройки другого сервера.

settings-field-target = Очки для победы
settings-field-double_any_seventh = Домашнее правило: 7-я и 8-я равны — всегда вдвойне
settings-field-turn_seconds = Время на ход (секунды)
settings-field-warning_seconds = Предупреждение до конца хода (с)
settings-field-cpu_delay_seconds = Темп компьютера (секунд на ход)
settings-field-round_pause_seconds = Пауза между раундами (секунды)
settings-field-channels = Каналы для столов
settings-field-tables_per_user = Столов на игрока
settings-field-tables_per_server = Столов на сервере
settings-field-board_pictures = Картинки доски
settings-field-hints_at_rated = Подсказки за рейтинговыми столами
settings-field-board_language = Язык доски
settings-field-manager_role_id = Роль, которой можно менять настройки

settings-on = вкл.
settings-off = выкл.
settings-all_channels = Все каналы
settings-server_locale = Язык сервера
settings-no_role = Нет (только «Управлять сервером»)
settings-limit-max = { $max } (больше нельзя)
settings-limit-none = Без ограничения
settings-limit-hint = От 1 до { $max }; пусто — { $max }

settings-pick-flags = Домашнее правило и параметры доски
settings-pick-language = Язык доски
settings-pick-channels = Каналы, где можно открывать столы
settings-pick-role = Роль, которой можно менять настройки
settings-btn-game = Игра и время…
settings-btn-limits = Ограничения столов…
settings-btn-reset = Вернуть настройки по умолчанию
settings-form-game = Игра и время
settings-form-limits = Ограничения столов

settings-bad-whole = { $field }: введите целое число.
settings-bad-number = { $field }: введите число секунд, например 45 или 1,5.
settings-bad-range = { $field }: значение должно быть от { $min } до { $max }.
settings-bad-warning = { $field }: значение должно быть больше 0 и меньше времени на ход ({ $turn } с).
settings-bad-limit = { $field }: значение должно быть от 1 до { $max }.
settings-bad-channels = { $field }: не больше { $max } каналов.
settings-bad-language = { $field }: выберите один из предложенных языков.

err-channel_not_allowed = На этом сервере столы для гоиты открываются только здесь: { $channels }.

# О чём игроки просили первую версию: своё место в рейтинге, среднее по серверу рядом со
# своей статистикой, история партий против одного соперника.
cmd-history-opponent = соперник
cmd-history-opponent-desc = Только партии против этого игрока
stats-lb-you = Ваше место
stats-lb-you_value = #{ $rank } · рейтинг { $rating } · побед: { $wins }
stats-stats-average = Среднее по серверу
stats-stats-average_value = Рейтинг { $rating } (вы: { $change }) · побед { $pct } · партий на игрока: { $matches } · игроков: { $players }
stats-hist-against = Только партии против { $mention }.
stats-hist-none_against = На этом сервере нет записанных партий против { $mention }.
