# The words the board and hand pictures write (see en/picture.ftl).

picture-round = Runde { $n }
picture-target = Ziel { $target }
picture-left = { $n } auf der Hand
picture-points = { $points } Pkt.
picture-dealer = Geber
picture-passed = passt
picture-away = abwesend
picture-redeal = Neu geben
picture-won = +{ $points }
picture-doubled = doppelt
picture-shi = { $count } × し
picture-seat = Platz { $n }
picture-hand_title = Deine Hand
picture-face_down = Verdeckt
