### Textos en español de las defensas del bot: clics desde otro sitio, límites, mesa en pausa.

err-wrong_table = Este botón es de una mesa de otro canal.
err-not_from_hand = Usa los botones de tu propia mano: pulsa Mi mano en el tablero.
err-too_many_tables_user = Ya tienes el máximo de mesas abiertas por jugador (límite: { $limit }). Termina, deja o detén una antes.
err-too_many_tables_server = Este servidor ya tiene el máximo de mesas abiertas (límite: { $limit }). Vuelve a intentarlo cuando se cierre alguna.
err-cooldown = Estás abriendo mesas demasiado rápido. Vuelve a intentarlo en { $seconds } s.
err-too_many_engines_table = Esta mesa ya tiene el máximo de motores (límite: { $limit }). Añade una CPU en su lugar.
err-too_many_engines_total = El bot ya tiene en marcha todos los motores que puede (límite: { $limit }). Añade una CPU o inténtalo más tarde.
log-paused = El bot no puede guardar ahora mismo: la partida está en pausa y seguirá sola. No se pierde nada.
log-resumed = Ya se puede guardar de nuevo: la partida continúa.
err-storage_paused = El bot no puede guardar ahora mismo, así que la partida de esta mesa está en pausa. Seguirá sola y no se pierde nada. Vuelve a intentarlo en un minuto.
err-storage_unavailable = El bot no puede guardar ahora mismo, así que no se puede abrir ninguna mesa. Vuelve a intentarlo en un minuto.
