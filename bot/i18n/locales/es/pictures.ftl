# Las palabras de las imágenes del tablero y de la mano (bot/discord/presenter/pictures.py).
picture-round = Ronda { $n }
picture-target = a { $target }
picture-left = quedan { $n }
picture-points = { $points } pts
picture-passed = pasa
picture-redeal = Repartir
picture-won = +{ $points }
picture-doubled = doble
picture-shi = { $count } し
picture-seat = Asiento { $n }
picture-hand_title = Tu mano
picture-face_down = Boca abajo
