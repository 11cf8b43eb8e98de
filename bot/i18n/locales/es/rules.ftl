# /goita reglas: un resumen breve y privado (descripción de un embed: 4096 caracteres como
# máximo), escrito a partir del reglamento oficial de la Asociación Japonesa de Goita.
# Cada párrafo es un término aparte: en Fluent una línea no puede empezar por «*».

rules-title = ごいた Goita en resumen
rules-text =
    { -rules-players }
    { -rules-pieces }
    { -rules-lead }
    { -rules-answer }
    { -rules-ou }
    { -rules-round }
    { -rules-shi }
    { -rules-match }
    { -rules-here }

-rules-players = **Jugadores.** Cuatro, en dos equipos de dos; los compañeros se sientan uno frente al otro. Se juega en sentido antihorario: el siguiente es el jugador de tu derecha.
-rules-pieces = **Fichas.** 32: Rey (王) ×2 (50 puntos), Torre (飛) ×2 y Alfil (角) ×2 (40), General dorado (金) ×4 y General plateado (銀) ×4 (30), Caballero (馬) ×4 y Lancero (香) ×4 (20), Peón (し) ×10 (10). Cada jugador recibe 8 y no las enseña a nadie.
-rules-lead = **Salida.** El repartidor juega una ficha boca abajo como pieza de defensa y después una boca arriba como pieza de ataque.
-rules-answer = **Responder.** Cada jugador, en su turno, pasa o detiene el ataque con la misma ficha (el Rey (王) detiene cualquiera salvo el Lancero (香) y el Peón (し)); quien detiene ataca enseguida con otra ficha. Se puede pasar siempre, aunque se tenga la ficha. Si los otros tres pasan seguidos, el último que atacó vuelve a salir: una ficha boca abajo y otra boca arriba.
-rules-ou = **El Rey (王)** solo puede atacar si el otro Rey ya se jugó boca arriba, si tienes los dos o si es tu última ficha. Boca abajo puede jugarse siempre.
-rules-round = **Ganar la ronda.** Quien juega primero sus 8 fichas gana la ronda, y su equipo suma el valor de la última ficha de ataque; se dobla si la 7.ª ficha se jugó boca abajo y es igual que la 8.ª. El ganador reparte la ronda siguiente.
-rules-shi = **Manos de peones (し).** 8 peones (Hachishi): 100 puntos. 7 peones (Nanashi): el doble de la otra ficha. 6 peones (Rokushi): la mayor de las otras dos (el doble si son iguales). 5 peones (Goshi): tu compañero decide si se sigue jugando o se reparte de nuevo; si los dos compañeros tienen 5 peones, su equipo gana la partida.
-rules-match = **Partida.** Gana el primer equipo que llega al objetivo (150 puntos, salvo que se fije otro).
-rules-here = **Aquí.** Pulsa **Mi mano** en el tablero: elige primero la defensa (o la ficha boca abajo) y después el ataque; «Atrás» deshace la primera elección.
