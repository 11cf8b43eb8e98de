# Die Wörter der Bilder von Brett und Hand (bot/discord/presenter/pictures.py).
picture-round = Runde { $n }
picture-target = bis { $target }
picture-left = noch { $n }
picture-points = { $points } Pkt.
picture-passed = passt
picture-redeal = Neu geben
picture-won = +{ $points }
picture-doubled = doppelt
picture-shi = { $count } し
picture-seat = Platz { $n }
picture-hand_title = Deine Hand
picture-face_down = Verdeckt
