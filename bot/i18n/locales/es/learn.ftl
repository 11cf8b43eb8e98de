### Textos en español de /goita learn (la primera partida guiada), las pistas y las revisiones.

## Comandos

cmd-learn = aprender
cmd-learn-desc = Una primera partida de Goita guiada, solo para ti
cmd-review = revisar
cmd-review-desc = Tus decisiones en una partida frente al jugador de la CPU más fuerte
cmd-review-match = partida
cmd-review-match-desc = El número de la partida (mira /goita historial)

## La mesa de práctica

learn-who-0 = Tú
learn-who-1 = Rival de la derecha
learn-who-2 = Compañero
learn-who-3 = Rival de la izquierda
learn-lesson-basics = Lección { $n }: salir, detener, pasar, cerrar
learn-lesson-shi = Lección { $n }: manos de peones
learn-ui-table = { $who }: { $pieces }
learn-ui-nothing = (todavía no se ha jugado nada)
learn-ui-hand = Tus fichas: { $pieces }
learn-ui-attack = Ataque por responder: { $piece } de { $who }
learn-ui-then = Primera ficha: { $piece }. Ahora elige la ficha con la que atacas.
learn-ui-refused = ✋ { $reason }
learn-ui-done = Tutorial completado
learn-ui-resumed = Bienvenido de nuevo: sigues donde lo dejaste.
learn-btn-continue = Continuar
learn-btn-restart = Empezar de nuevo
learn-not-yours = Esta mesa de práctica es de otra persona: empieza la tuya con /goita aprender.

## Lección 1

learn-basics-intro = Tu compañero se sienta enfrente; los otros dos son tus rivales. El turno pasa a la derecha. Cada uno tiene 8 fichas y las mantiene en secreto. Tú repartes, así que sales primero.
learn-basics-lead = Salida: pon una ficha boca abajo y luego otra boca arriba: esa es tu ataque. Elige { $face_down } (boca abajo) y después { $attack } (el ataque).
learn-basics-ou_block = No tienes { $attack }, pero el 王 Rey detiene cualquier ataque salvo 香 y し. Detén con el 王 y ataca con { $attack_with }.
learn-basics-pass = Solo un Rey detiene a un Rey, y los dos están ya en la mesa. No puedes detenerlo: pulsa Pasar.
learn-basics-block = Detén { $attack } con tu propio { $attack } (la misma clase) y ataca con { $attack_with }.
learn-basics-finish = Te quedan dos fichas y sales tú. Pon un { $piece } boca abajo y ataca con el otro: tu última ficha cierra la ronda. Si la 7.ª va boca abajo y es de la misma clase que la 8.ª, la puntuación se duplica: { $points } puntos.
learn-basics-points = La ronda termina cuando alguien juega su 8.ª ficha; su equipo gana su valor: 王 50, 飛 y 角 40, 金 y 銀 30, 馬 y 香 20, し 10, duplicado como acabas de hacer. Quien gana reparte la siguiente ronda, y el primer equipo que llega a 150 puntos gana la partida.

## Lección 2

learn-shi-intro = Una mano con 5 o más し se muestra solo como número. Con 8 し la ronda termina y ese equipo gana 100; con 7, el doble de la otra ficha; con 6, la mayor de las otras dos (el doble si son iguales). Si los dos compañeros tienen 5 し, ganan la partida en el acto.
learn-shi-decide = { $seat } ha declarado { $count } し. Con una sola mano de 5 し, el compañero de quien la tiene (tú) decide sin verla: seguir jugando con estas manos o repartir de nuevo. Mira tus fichas y elige.
learn-shi-after = Las dos respuestas valen si encajan con tu mano: con una mano fuerte se sigue jugando, con una débil se pide otro reparto.

## Notas sobre lo que acaba de pasar

learn-note-pass_allowed = { $seat } pasó aunque tenía { $piece }: pasar siempre está permitido.
learn-note-blocked = { $seat } detuvo tu { $piece } con la misma clase y ahora ataca con { $attack }.
learn-note-ou_attack = { $seat } atacó con el 王: un Rey puede atacar cuando el otro Rey ya está boca arriba (el tuyo), cuando tienes los dos o como última ficha.
learn-note-three_passes = Tres pases seguidos: { $seat } hizo el último ataque y vuelve a salir, boca abajo y luego boca arriba.
learn-note-partner_pass = { $seat } pasó ante el ataque de su compañero { $partner }: nadie está obligado a detener a su compañero.
learn-note-your_lead_again = Todos pasaron ante tu ataque: vuelves a salir.

## Lo que pasa en la mesa

learn-event-you_led = Saliste con { $face_down } boca abajo y atacaste con { $attack }.
learn-event-led = { $seat } salió con una ficha boca abajo y atacó con { $attack }.
learn-event-blocked = { $seat } detuvo con { $block } y atacó con { $attack }.
learn-event-passed = { $seat } pasó.
learn-event-lead_again = { $seat } vuelve a salir.
learn-event-won = { $seat } cerró con { $piece }: { $points } puntos.
learn-event-won_doubled = { $seat } cerró con { $piece }, duplicado: { $points } puntos.
learn-event-shi = { $seat } tiene { $count } し.
learn-event-play_on = { $seat } eligió seguir jugando.
learn-event-redeal = { $seat } eligió repartir de nuevo.

## Jugadas rechazadas

learn-refuse-off_script = Esa jugada es legal, pero esta lección pide otra (en una partida real eliges tú).
learn-refuse-read_first = Primero lee y pulsa Continuar.
learn-refuse-move_first = Primero haz la jugada.
learn-refuse-finished = El tutorial ha terminado: pulsa Empezar de nuevo para repetirlo.
learn-refuse-round_over = La ronda ha terminado.
learn-refuse-match_over = La partida ha terminado.
learn-refuse-not_your_turn = No es tu turno.
learn-refuse-decision_pending = Primero elige seguir jugando o repartir de nuevo.
learn-refuse-no_decision_expected = Ahora no hay nada que decidir.
learn-refuse-piece_not_in_hand = No tienes esa ficha.
learn-refuse-must_lead = Ahora sales tú, así que no puedes pasar: una ficha boca abajo y luego tu ataque.
learn-refuse-block_mismatch = Detén con la misma clase que el ataque ({ $attack }) o con el 王 Rey.
learn-refuse-ou_cannot_block = El 王 Rey no puede detener { $attack }: detiene todo salvo 香 y し.
learn-refuse-ou_attack_not_allowed = El 王 Rey solo puede atacar cuando el otro Rey está boca arriba, cuando tienes los dos o como última ficha.
learn-refuse-malformed_action = Eso no es una jugada.

## El final

learn-summary = Has jugado todas las reglas del Goita: sal con una ficha boca abajo y ataca; detén con la misma clase (o con el 王 Rey, salvo contra 香 y し) y vuelve a atacar, o pasa; tras tres pases, quien atacó vuelve a salir; cerrar suma la última ficha, el doble tras una ficha boca abajo de la misma clase; y 5 o más し cambian el reparto. { $mistakes ->
    [0] No hiciste ninguna jugada equivocada.
    [one] Se corrigió { $mistakes } jugada por el camino.
   *[other] Se corrigieron { $mistakes } jugadas por el camino.
} Abre una mesa de verdad con /goita nueva y pide una Pista cuando dudes.

## Pistas

learn-btn-hint = Pista
learn-hint-text = 💡 { $move }: { $reason }
learn-hint-thinking = 💡 Pensando tu jugada…
learn-hint-not_your_turn = Las pistas solo se dan en tu turno.
learn-hint-busy = Todavía se está calculando tu pista anterior.
learn-hint-unrated = En esta partida se usaron pistas: no cuenta para la clasificación.
learn-move-pass = Pasar
learn-move-lead = { $first } boca abajo, atacar con { $second }
learn-move-block = Detener con { $first }, atacar con { $second }
learn-move-play_on = Seguir jugando
learn-move-redeal = Repartir de nuevo
learn-reason-play_on = tu mano es lo bastante fuerte para seguir junto a los し de { $seat }.
learn-reason-redeal = tu mano es demasiado débil: es mejor un nuevo reparto.
learn-reason-pass_forced = no tienes nada que detenga { $attack }.
learn-reason-pass_partner = el { $attack } de tu compañero se mantiene; deja que siga llevando la iniciativa.
learn-reason-pass_keep = guarda tus fichas: detener { $attack } ahora costaría más de lo que gana.
learn-reason-finish = cierra con { $piece }: { $points } puntos.
learn-reason-finish_doubled = cierra duplicando con { $piece }: { $points } puntos.
learn-reason-block_ou = detén: no tienes { $attack }, así que usa el 王 Rey y ataca con { $attack_with }.
learn-reason-block_partner = toma el relevo del { $attack } de tu compañero y ataca con { $attack_with }.
learn-reason-block = detén: si no, el { $attack } del rival se mantiene; después ataca con { $attack_with }.
learn-reason-lead_single = pon boca abajo tu único { $face_down }: guarda la pareja de { $pair } para el final.
learn-reason-lead_attack = ataca con { $attack }: solo { $blockers } fichas que no ves pueden detenerlo.

## Revisiones

learn-btn-review = Revisar mis jugadas
learn-btn-previous = Anterior
learn-btn-next = Siguiente
learn-review-progress = Analizando la jugada { $done } de { $total }…
learn-review-queued = { $ahead ->
    [one] En espera: hay { $ahead } análisis antes del tuyo…
   *[other] En espera: hay { $ahead } análisis antes del tuyo…
}
learn-review-starting = Preparando la revisión…
learn-review-busy = Tu revisión anterior sigue en marcha: espera a que termine.
learn-review-queue_full = Ahora mismo hay muchas revisiones en marcha: inténtalo de nuevo en unos minutos.
learn-review-not_found = No hay ninguna partida #{ $id } en este servidor.
learn-review-not_player = No jugaste en la partida #{ $id }.
learn-review-bad_record = La partida #{ $id } no se puede revisar: su registro no se reproduce.
learn-review-none = No tuviste ninguna decisión que tomar en la partida #{ $id } (todas las jugadas eran forzadas).
learn-review-title = Revisión de la partida #{ $id } · decisión { $n } de { $total }
learn-review-where = Ronda { $round }, jugada { $step }
learn-review-played = Jugaste: { $move } (esperado { $points } puntos)
learn-review-best = Mejor encontrada: { $move } (esperado { $points } puntos)
learn-review-agrees = El jugador de la CPU más fuerte habría jugado lo mismo (esperado { $points } puntos).
learn-review-loss = Unos { $points } puntos perdidos.
learn-review-total = En total: { $count ->
    [one] { $count } decisión
   *[other] { $count } decisiones
}, unos { $points } puntos perdidos. Los errores mayores primero.
