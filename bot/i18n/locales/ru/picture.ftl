# The words the board and hand pictures write (see en/picture.ftl).

picture-round = Раунд { $n }
picture-target = до { $target }
picture-left = в руке: { $n }
picture-points = { $points } очк.
picture-dealer = сдаёт
picture-passed = пас
picture-away = нет на месте
picture-redeal = Пересдача
picture-won = +{ $points }
picture-doubled = вдвойне
picture-shi = し × { $count }
picture-seat = Место { $n }
picture-hand_title = Ваши фишки
picture-face_down = Рубашкой вверх
