### Textos en español de la parte de Discord del aprendizaje: pie de la mesa de práctica y
### botones antiguos, pistas desactivadas, marcas del historial y botón de revisión.

learn-ui-step = Lección { $n } de { $total } · puedes dejarlo cuando quieras y volver con /goita aprender
learn-ui-stale = Ese botón era de un paso anterior: aquí tienes dónde estás ahora.
learn-hint-off = Las pistas están desactivadas en las mesas clasificatorias de este servidor.
learn-hist-hinted = con pistas, sin clasificar
learn-btn-review_match = #{ $id } revisión
learn-review-gone = La revisión de la partida #{ $id } ya no está guardada: vuelve a usar /goita revisar { $id }.
learn-unavailable = El aprendizaje no está disponible en este bot ahora mismo.
learn-review-not_recorded = No tienes ninguna partida registrada aquí: solo sus jugadores pueden revisar una partida, una vez registrada.
