# The words the board and hand pictures write (see en/picture.ftl).

picture-round = Ronda { $n }
picture-target = a { $target }
picture-left = { $n } en mano
picture-points = { $points } ptos
picture-dealer = reparte
picture-passed = pasa
picture-away = ausente
picture-redeal = Nuevo reparto
picture-won = +{ $points }
picture-doubled = doble
picture-shi = { $count } × し
picture-seat = Asiento { $n }
picture-hand_title = Tu mano
picture-face_down = Boca abajo
