### Mensajes del bot de Goita en español (sirve para es-ES y es-419).
### Nombres de las fichas: los del reglamento oficial de la Asociación Japonesa de Goita,
### siempre con su kanji. Se tutea al jugador, sin «vosotros».


## Fichas, equipos, niveles de la CPU

piece-0 = Peón
piece-1 = Lancero
piece-2 = Caballero
piece-3 = General plateado
piece-4 = General dorado
piece-5 = Alfil
piece-6 = Torre
piece-7 = Rey
piece-label = { $name } ({ $kanji })
team-0 = Equipo A
team-1 = Equipo B
level-easy = fácil
level-normal = normal
level-hard = difícil
cpu-name = CPU { $n } ({ $level })
engine-name = ⚙ { $name }
seat-away = ausente
seat-dealer = repartidor

## Botones (80 caracteres como máximo)

btn-join = Unirme
btn-leave = Salir
btn-cpu-easy = + CPU fácil
btn-cpu-normal = + CPU normal
btn-cpu-hard = + CPU difícil
btn-start = Empezar
btn-cancel = Cancelar
btn-shuffle = Sortear asientos
btn-hand = Mi mano
btn-pass = Pasar
btn-back = Atrás
btn-play_on = Seguir jugando
btn-redeal = Repartir de nuevo
btn-rematch = Revancha
btn-stop_confirm = Sí, cerrar la mesa

## Sala

lobby-title = ごいた Goita · mesa nueva
lobby-host = Anfitrión: { $host }
lobby-target = Objetivo: { $target ->
    [one] { $target } punto
   *[other] { $target } puntos
}
lobby-house-double_any_seventh = Regla de la casa: si la 7.ª y la 8.ª ficha son iguales, siempre se dobla
lobby-teams = Los compañeros se sientan enfrente: los asientos 1 y 3 son el { $team_a }; los asientos 2 y 4, el { $team_b }.
hand-deadline = Tiempo límite: { $when }
board-deadline = { " " }· ⏱ { $when }
lobby-swap = Anfitrión: intercambiar dos asientos
lobby-swap_option = Intercambiar asientos { $a } ↔ { $b }
lobby-remove = Anfitrión: liberar un asiento
lobby-remove_option = Liberar el asiento { $n }: { $name }
lobby-engine = + Motor: elige uno para sentarlo
lobby-empty = (asiento libre)
lobby-footer = Únete o añade CPU; el anfitrión empieza cuando los 4 asientos estén ocupados. La sala se cierra si nadie empieza en { $minutes } min.

## Tablero

board-title = ごいた Goita · ronda { $round }
board-scores = { $team_a } **{ $a }** · { $team_b } **{ $b }** · gana quien llegue a { $target }
board-seat = { $turn }{ $name } · { $team } · { $left ->
    [one] queda { $left }
   *[other] quedan { $left }
}{ $tags }
board-nothing_played = aún no ha jugado
board-defence = Def
board-attack = Atq
board-attack_to_answer = Ataque por responder: { $piece } de { $name }
board-turn = Turno: { $name }
board-turn_lead = Turno: { $name } (sale)
board-goshi_wait = Esperando a que { $name } elija seguir jugando o repartir de nuevo
board-last_moves = Últimas jugadas
board-footer = «Mi mano» muestra tus fichas (solo a ti); vuelve a abrirla si deja de actualizarse. { $seconds } s por jugada.

## Registro de jugadas: las líneas que narra la mesa

log-start = Empieza la partida { $match_no }: { $dealer_name } reparte primero
log-deal = Ronda { $round }: reparte { $dealer_name }
log-shi = { $name } declara { $count ->
    [one] { $count } peón (し)
   *[other] { $count } peones (し)
}
log-goshi_wait = { $holder_name } tiene 5 peones (し): { $name } elige entre seguir jugando o repartir de nuevo
log-goshi_decided-play_on = { $name } eligió seguir jugando
log-goshi_decided-redeal = { $name } eligió repartir de nuevo
log-redeal = Se reparte de nuevo: el mismo jugador vuelve a repartir
log-led = { $name } salió con una ficha boca abajo y atacó con { $attack }
log-blocked = { $name } detuvo con { $block } y atacó con { $attack }
log-passed = { $name } pasó
log-lead_again = Tres pases: { $name } vuelve a salir
log-round_won = { $name } ({ $team }) cerró con { $last }: +{ $points }
log-round_won-special = { $name } ({ $team }): { $special } +{ $points }
log-match_won = El { $team } gana la partida
log-join = { $name } se sentó
log-leave = { $name } se fue
log-cpu_added = { $name } se sentó
log-seat_removed = Se retiró a { $name } de la mesa
log-shuffled = Asientos sorteados
log-moved = Se intercambiaron los asientos { $from_n } y { $to_n }
log-cpu_took_seat = { $name } se fue: una CPU juega en su asiento
log-timeout = A { $name } se le acabó el tiempo: una CPU jugó en su lugar
log-back = { $name } ha vuelto

## Fin de ronda y de partida

round-title = ごいた Goita · fin de la ronda { $round }
round-finish = { $name } ({ $team }) cerró con { $piece }: **+{ $points }**
round-doubled = { " " }(doble: 7.ª y 8.ª iguales)
round-hasshi = { $name } ({ $team }) tiene 8 peones (し): **+{ $points }**
round-nanashi = { $name } ({ $team }) tiene 7 peones (し): **+{ $points }**
round-rokushi = { $name } ({ $team }) tiene 6 peones (し): **+{ $points }**
round-goshi_pair = { $name } y su compañero tienen 5 peones (し) cada uno: el { $team } gana la partida
round-redeal = El mismo jugador vuelve a repartir la ronda.
round-revealed = Ya se muestran las fichas boca abajo.
round-next = La siguiente ronda empieza en un momento.
match-title = ごいた Goita · fin de la partida
match-winner = 🏆 Gana el **{ $team }**: { $team_a } { $a } · { $team_b } { $b }
match-players =
    { $team_a }: { $a1 } y { $a2 }
    { $team_b }: { $b1 } y { $b2 }
match-stopped = La partida se detuvo antes del final: { $team_a } { $a } · { $team_b } { $b }
match-rounds = Rondas
match-round_line = { $n }. { $team } +{ $points } · { $name } { $piece }
match-doubled = { " " }(doble)
match-round_redeal = { $n }. se repartió de nuevo
match-round_special = { $n }. { $team } +{ $points } · { $name } ({ $special })
match-more_rounds = … { $count ->
    [one] { $count } ronda anterior
   *[other] { $count } rondas anteriores
}
match-footer = «Revancha» vuelve a sentar a los mismos jugadores.
special-hasshi = 8 peones (し)
special-nanashi = 7 peones (し)
special-rokushi = 6 peones (し)
special-goshi--pair = pareja de 5 peones (し)

## La mano de un jugador (solo la ve él)

hand-title = Tu mano · { $team }
hand-pieces = { $pieces } ({ $count ->
    [one] { $count } ficha
   *[other] { $count } fichas
})
hand-empty = (sin fichas)
hand-lead = **Es tu turno: sales tú.** Elige la ficha que juegas boca abajo.
hand-answer = **Es tu turno:** { $name } ataca con { $piece }: detén el ataque o pasa.
hand-choose_attack = Ahora elige tu ataque. { $first_label }: { $first }.
hand-first_label-block = Defensa
hand-first_label-face_down = Boca abajo
hand-waiting = Aún no es tu turno: sigue la partida en el tablero. Este mensaje se actualiza solo.
hand-ou_locked = El Rey (王) aún no puede atacar (en gris).
hand-goshi_prompt = **Tu compañero { $name } tiene 5 peones (し).** ¿Seguir jugando con estas manos o repartir de nuevo?
hand-goshi_wait = Esperando a que { $name } elija seguir jugando o repartir de nuevo.
hand-lobby = La partida aún no ha empezado.
hand-round_over = La ronda ha terminado; la siguiente empieza en un momento.
hand-match_over = La partida ha terminado.
hand-closed = Esta mesa se ha cerrado.
hand-expired = Este mensaje ya no se actualiza: vuelve a pulsar **Mi mano** en el tablero.
hand-away = Estás ausente: una CPU juega por ti. Pulsa **Mi mano** en el tablero para recuperar tu asiento.
hand-back = Has vuelto: tu asiento vuelve a ser tuyo.
hand-board_blocked = ⚠ El tablero de este canal no se puede actualizar: al bot le faltan permisos allí. Puedes seguir jugando desde esta mano.

## Avisos

ping-your_turn = { $mention }, es tu turno. Pulsa **Mi mano**.
ping-goshi = { $mention }, tu compañero tiene 5 peones (し): elige en **Mi mano** entre seguir jugando o repartir de nuevo.
ping-timeout_warning = { $mention }, te quedan { $seconds } s para jugar; después una CPU jugará por ti.
ping-taken_over = { $mention }, se acabó el tiempo: una CPU jugó por ti. Pulsa **Mi mano** para recuperar tu asiento.
warn-timeout = ⏰ Te quedan { $seconds } s para jugar; después una CPU jugará por ti.

## Mesa cerrada

closed-cancelled = El anfitrión canceló esta mesa.
closed-idle = La sala se cerró: nadie empezó la partida en { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}.
closed-stopped = Se cerró esta mesa.
closed-abandoned = La mesa se cerró: todos los jugadores estuvieron ausentes mucho tiempo.
closed-finished = La partida ha terminado.
closed-empty = Todos se fueron: la mesa se cerró.
closed-left = El último jugador se fue: la mesa se cerró.
closed-channel_gone = Esta mesa se cerró: su canal fue eliminado.
closed-bot_removed = Esta mesa se cerró: el bot fue retirado de este servidor.
closed-other = Esta mesa se ha cerrado.

## Respuestas a los comandos

new-opened = Mesa abierta: la sala está en este canal.
new-exists = Este canal ya tiene una mesa: { $link }
leave-done = Dejaste la mesa; una CPU juega en tu asiento.
lobby-left = Dejaste la mesa.
stop-confirm = ¿Cerrar la mesa de este canal? La partida termina ahora y queda registrada como detenida.
stop-confirm_lobby = ¿Cerrar la sala de este canal? Nadie ha empezado a jugar todavía.
stop-done = Se cerró la mesa.

## Errores

err-generic = No ha funcionado. Inténtalo de nuevo.
err-no_table = Aquí no hay ninguna mesa de Goita. Abre una con /goita nueva.
err-table_exists = Este canal ya tiene una mesa.
err-not_seated = No tienes asiento en esta mesa.
err-already_seated = Ya tienes asiento en esta mesa.
err-table_full = Los cuatro asientos están ocupados.
err-not_host = Solo el anfitrión puede hacer eso.
err-not_host_or_manager = Solo el anfitrión o alguien con el permiso Gestionar mensajes puede cerrar la mesa.
err-not_in_lobby = La partida ya ha empezado.
err-not_playing = En esta mesa no se está jugando ninguna partida.
err-need_four = Para empezar, los { $players } asientos deben estar ocupados (ahora hay { $seated }).
err-bad_players = Una mesa tiene 3 o 4 jugadores, no { $players }.
err-stale = Ese botón es de un turno anterior. Usa el mensaje más reciente.
err-not_your_turn = No es tu turno.
err-not_finished = La partida aún no ha terminado.
err-rematch_started = La revancha ya ha empezado: juega en el tablero más reciente.
err-stop_started = La partida ha empezado desde entonces: vuelve a usar /goita terminar para cerrarla.
err-bad_level = Nivel de CPU o motor desconocido.
err-bad_target = El objetivo debe estar entre 50 y 1000.
err-not_in_guild = Las mesas de Goita están en los canales de texto de un servidor.
err-bot_permissions = No puedo abrir una mesa en este canal: aquí me faltan estos permisos: { $missing }. Un administrador del servidor puede concedérselos al bot en los ajustes del canal (Permisos), o abre la mesa en otro canal.
perm-view_channel = Ver canal
perm-send_messages = Enviar mensajes
perm-send_messages_in_threads = Enviar mensajes en hilos
perm-embed_links = Insertar enlaces
perm-attach_files = Adjuntar archivos
err-seat_taken = Ese asiento está ocupado.
err-bad_seat = Ese asiento no existe.
err-host_seat = El asiento del anfitrión no se puede liberar.
err-unknown_button = Este botón ya no es válido.
err-illegal = Esa jugada no está permitida ahora.
err-illegal-not_your_turn = No es tu turno.
err-illegal-decision_pending = Primero hay que esperar la decisión sobre los 5 peones (し).
err-illegal-no_decision_expected = Ahora no hay nada que decidir.
err-illegal-piece_not_in_hand = No tienes esa ficha.
err-illegal-must_lead = Te toca salir, así que no puedes pasar.
err-illegal-block_mismatch = Para detener un ataque hay que jugar la misma ficha (o el Rey (王)).
err-illegal-ou_cannot_block = El Rey (王) no puede detener al Lancero (香) ni al Peón (し).
err-illegal-ou_attack_not_allowed = El Rey (王) aún no puede atacar.
err-illegal-malformed_action = Esa jugada no es válida.
err-illegal-round_over = La ronda ha terminado.
err-illegal-match_over = La partida ha terminado.
err-illegal-illegal = Esa jugada no está permitida ahora.
err-internal = Lo sentimos, algo ha fallado. Ha quedado registrado.

## /goita clasificación, estadísticas, historial, repetición

stats-lineup = { $ta } ({ $a }) contra { $tb } ({ $b })
stats-wrong_guild = Los resultados de Goita se guardan por servidor: usa esto en un servidor.
stats-no_match = En este servidor no hay ninguna partida registrada con el n.º { $id }.
stats-no_export = La partida n.º { $id } no tiene un registro de juego utilizable.
stats-not_yours = Ese es el historial de otra persona: usa /goita historial para ver el tuyo.
stats-no_stats = { $name } aún no tiene partidas de Goita registradas en este servidor.
stats-btn-prev = ◀ Anterior
stats-btn-next = Siguiente ▶
stats-btn-sort-rating = Ordenar por valoración
stats-btn-sort-wins = Ordenar por victorias
stats-btn-newer = ◀ Más recientes
stats-btn-older = Más antiguas ▶
stats-btn-yaml = #{ $id } kifu (YAML)
stats-btn-json = #{ $id } registro (JSON)
stats-btn-replay = #{ $id } repetición
stats-btn-round_back = ⏮ Ronda
stats-btn-round_next = Ronda ⏭
stats-lb-title = Clasificación de Goita
stats-lb-sort-rating = por valoración
stats-lb-sort-wins = por victorias
stats-lb-empty = Aún no hay ninguna partida terminada en este servidor. Abre una con `/goita nueva`.
stats-lb-line = **{ $rank }.** { $name } — **{ $rating }** · { $wins ->
    [one] { $wins } victoria
   *[other] { $wins } victorias
} / { $matches ->
    [one] { $matches } partida
   *[other] { $matches } partidas
}{ $extra }
stats-lb-provisional = nuevo
stats-lb-with_cpu = { $n } con CPU
stats-lb-footer = Página { $page }/{ $pages } · { $total ->
    [one] { $total } jugador
   *[other] { $total } jugadores
} · valoración = mu − 3σ de OpenSkill; las CPU se valoran aparte y no aparecen; las partidas detenidas no cuentan para la valoración
stats-stats-title = { $name } — Goita en este servidor
stats-stats-rating = Valoración
stats-stats-rating_value = **{ $rating }** (n.º { $rank } de { $players }, { $rated ->
    [one] { $rated } partida valorada
   *[other] { $rated } partidas valoradas
})
stats-stats-matches = Partidas
stats-stats-matches_value = { $wins ->
    [one] { $wins } ganada
   *[other] { $wins } ganadas
} de { $matches } ({ $pct })
stats-stats-with_cpu = De ellas, con CPU
stats-stats-with_cpu_value = { $wins ->
    [one] { $wins } ganada
   *[other] { $wins } ganadas
} de { $matches }
stats-stats-rounds = Rondas ganadas
stats-stats-rounds_value = { $rounds } ({ $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}; { $doubled ->
    [one] { $doubled } doble
   *[other] { $doubled } dobles
})
stats-stats-shi = Manos de peones (5+ し)
stats-stats-stopped = Detenidas antes de tiempo
stats-stats-form = Forma reciente (primero la última)
stats-stats-footer = Rondas ganadas = rondas en las que este jugador cerró. Las partidas detenidas cuentan sus rondas, pero no el resultado ni la valoración.
stats-hist-empty = Aún no tienes partidas registradas en este servidor.
stats-hist-title = **Tus partidas** (página { $page }/{ $pages }, { $total } en total)
stats-hist-line = **#{ $id }** { $when } · { $outcome } · { $scores }
    { "    " }{ $lineup }{ $marks }
stats-hist-won = ganada
stats-hist-lost = perdida
stats-hist-stopped = detenida antes de tiempo
stats-hist-with_cpu = con CPU
stats-hist-rating = valoración { $change }
stats-dl-sent = Partida n.º { $id } en { $fmt }:
stats-rp-head = Partida n.º { $id } · ronda { $round }/{ $rounds } · jugada { $step }/{ $steps }
stats-rp-dealt = Nuevo reparto; sale { $name }.
stats-rp-lead = { $name } sale con { $down } boca abajo y ataca con { $attack }.
stats-rp-lead_up = { $name } ataca con { $attack }.
stats-rp-block = { $name } detiene con { $block } y ataca con { $attack }.
stats-rp-pass = { $name } pasa.
stats-rp-shi = { $name } muestra { $count ->
    [one] { $count } peón (し)
   *[other] { $count } peones (し)
}.
stats-rp-play_on = { $name } sigue jugando.
stats-rp-redeal_asked = { $name } pide repartir de nuevo.
stats-rp-redeal = Se vuelve a repartir la ronda.
stats-rp-round_won = { $name } gana la ronda: { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}.
stats-rp-doubled = (doble)
stats-rp-match_won = Fin de la partida: { $scores }.
stats-rp-scores = Puntuación: { $scores }
stats-rp-legend = Las manos se muestran boca arriba; [ ] = jugada boca abajo.
