# Les mots des images du plateau et de la main (bot/discord/presenter/pictures.py).
picture-round = Manche { $n }
picture-target = en { $target }
picture-left = reste { $n }
picture-points = { $points } pts
picture-passed = passe
picture-redeal = Redistribution
picture-won = +{ $points }
picture-doubled = double
picture-shi = { $count } し
picture-seat = Place { $n }
picture-hand_title = Votre main
picture-face_down = Face cachée
