# Слова на картинках доски и руки (bot/discord/presenter/pictures.py).
picture-round = Раунд { $n }
picture-target = до { $target }
picture-left = осталось { $n }
picture-points = очков: { $points }
picture-passed = пас
picture-redeal = Пересдача
picture-won = +{ $points }
picture-doubled = вдвойне
picture-shi = し: { $count }
picture-seat = Место { $n }
picture-hand_title = Ваши фишки
picture-face_down = Лицом вниз
