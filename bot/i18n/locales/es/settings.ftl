# Ajustes del servidor (/goita settings): el comando, el mensaje de ajustes, sus menús y
# formularios, y las frases de un cambio rechazado.

cmd-settings = ajustes
cmd-settings-desc = Ajustes de Goita de este servidor (Gestionar servidor o el rol de ajustes)

settings-title = Ajustes de Goita de este servidor
settings-intro = Las mesas nuevas usan estos ajustes; las que ya están abiertas conservan los suyos.
settings-saved = Guardado. Lo usarán las mesas nuevas; las ya abiertas conservan sus ajustes.
settings-unchanged = No se ha cambiado nada.
settings-denied = Solo quien tenga el permiso Gestionar servidor puede cambiar los ajustes de Goita.
settings-denied_role = Solo quien tenga el permiso Gestionar servidor o el rol { $role } puede cambiar los ajustes de Goita.
settings-wrong_guild = Estos ajustes son de otro servidor.

settings-field-target = Puntos para ganar
settings-field-double_any_seventh = Regla de la casa: 7.ª y 8.ª iguales, siempre doble
settings-field-turn_seconds = Tiempo por turno (segundos)
settings-field-warning_seconds = Aviso antes de agotar el tiempo (s)
settings-field-cpu_delay_seconds = Ritmo de la CPU (segundos por jugada)
settings-field-round_pause_seconds = Pausa entre rondas (segundos)
settings-field-channels = Canales para las mesas
settings-field-tables_per_user = Mesas por jugador
settings-field-tables_per_server = Mesas en este servidor
settings-field-board_pictures = Imágenes del tablero
settings-field-hints_at_rated = Pistas en mesas puntuables
settings-field-board_language = Idioma del tablero
settings-field-manager_role_id = Rol que puede cambiar los ajustes

settings-on = sí
settings-off = no
settings-all_channels = Todos los canales
settings-server_locale = El idioma del servidor
settings-no_role = Ninguno (solo Gestionar servidor)
settings-limit-max = { $max } (el máximo permitido)
settings-limit-none = Sin límite
settings-limit-hint = De 1 a { $max }; vacío para { $max }

settings-pick-flags = Regla de la casa y opciones del tablero
settings-pick-language = Idioma del tablero
settings-pick-channels = Canales donde se pueden abrir mesas
settings-pick-role = Rol que puede cambiar los ajustes
settings-btn-game = Partida y tiempos…
settings-btn-limits = Límites de mesas…
settings-btn-reset = Volver a los valores por defecto
settings-form-game = Partida y tiempos
settings-form-limits = Límites de mesas

settings-bad-whole = { $field }: escribe un número entero.
settings-bad-number = { $field }: escribe un número de segundos, como 45 o 1,5.
settings-bad-range = { $field }: tiene que estar entre { $min } y { $max }.
settings-bad-warning = { $field }: tiene que ser mayor que 0 y menor que el tiempo por turno ({ $turn } s).
settings-bad-limit = { $field }: tiene que estar entre 1 y { $max }.
settings-bad-channels = { $field }: como mucho { $max } canales.
settings-bad-language = { $field }: elige uno de los idiomas de la lista.

err-channel_not_allowed = En este servidor las mesas de Goita solo se abren en { $channels }.

# Lo que pidieron los jugadores de la primera versión: su puesto en la clasificación, la
# media del servidor junto a sus estadísticas y el historial contra un rival.
cmd-history-opponent = rival
cmd-history-opponent-desc = Solo las partidas contra este jugador
stats-lb-you = Tu puesto
stats-lb-you_value = n.º { $rank } · puntuación { $rating } · victorias: { $wins }
stats-stats-average = Media del servidor
stats-stats-average_value = Puntuación { $rating } (tú: { $change }) · ganadas { $pct } · partidas por jugador: { $matches } · jugadores: { $players }
stats-hist-against = Solo partidas contra { $mention }.
stats-hist-none_against = No hay ninguna partida registrada contra { $mention } en este servidor.
