# The words the board and hand pictures write (see en/picture.ftl).

picture-round = Manche { $n }
picture-target = en { $target }
picture-left = { $n } en main
picture-points = { $points } pts
picture-dealer = donneur
picture-passed = passe
picture-away = absent
picture-redeal = Redistribution
picture-won = +{ $points }
picture-doubled = double
picture-shi = { $count } × し
picture-seat = Place { $n }
picture-hand_title = Votre main
picture-face_down = Face cachée
