# Comandos: nombres (minúsculas, 1-32 letras, cifras, «-» o «_», sin espacios),
# descripciones (100 caracteres como máximo), opciones y valores a elegir.

cmd-goita = goita
cmd-goita-desc = Juega a Goita, el juego de parejas para cuatro de la península de Noto
cmd-about = acerca-de
cmd-about-desc = Qué es este bot y qué versión funciona
cmd-new = nueva
cmd-new-desc = Abre una mesa de Goita en este canal
cmd-new-target = objetivo
cmd-new-target-desc = Puntos que necesita un equipo para ganar (50-1000; por defecto, el del servidor)
cmd-new-double_any_seventh = doble_7_y_8
cmd-new-double_any_seventh-desc = Regla de la casa: si la 7.ª y la 8.ª ficha son iguales, siempre se dobla
cmd-hand = mano
cmd-hand-desc = Muestra tu mano en la mesa de este canal (solo a ti)
cmd-leave = salir
cmd-leave-desc = Deja la mesa de este canal (una CPU ocupa tu asiento)
cmd-stop = terminar
cmd-stop-desc = Cierra la mesa de este canal (anfitrión o Gestionar mensajes)
cmd-rules = reglas
cmd-rules-desc = Las reglas de Goita, breves y solo para ti
cmd-leaderboard = clasificación
cmd-leaderboard-desc = Los mejores jugadores de Goita de este servidor
cmd-leaderboard-sort = orden
cmd-leaderboard-sort-desc = Por valoración (por defecto) o por partidas ganadas
cmd-leaderboard-sort-rating = valoración
cmd-leaderboard-sort-wins = victorias
cmd-stats = estadísticas
cmd-stats-desc = Las cifras de Goita de un jugador en este servidor
cmd-stats-user = usuario
cmd-stats-user-desc = De quién (por defecto, las tuyas)
cmd-history = historial
cmd-history-desc = Tus partidas recientes de Goita en este servidor
cmd-replay = repetición
cmd-replay-desc = Repite una partida terminada jugada a jugada
cmd-replay-match = partida
cmd-replay-match-desc = El número de la partida (mira /goita historial)
