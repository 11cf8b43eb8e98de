# The words the board and hand pictures write (bot/discord/presenter/pictures.py). Short:
# they sit on name plates and tiles. A count is filled in by the picture as a bare number,
# so no message here varies with it.

picture-round = Round { $n }
picture-target = to { $target }
picture-left = { $n } left
picture-points = { $points } pts
picture-dealer = dealer
picture-passed = pass
picture-away = away
picture-redeal = Redeal
picture-won = +{ $points }
picture-doubled = doubled
picture-shi = { $count } し
picture-seat = Seat { $n }
picture-hand_title = Your hand
picture-face_down = Face down
