# The words the board and hand pictures write (bot/discord/presenter/pictures.py). Short:
# they sit on name plates and tiles. Numbers are filled in by the picture, not by Fluent,
# so no message here varies with them.
picture-round = Round { $n }
picture-target = to { $target }
picture-left = { $n } left
picture-points = { $points } pts
picture-passed = pass
picture-redeal = Redeal
picture-won = +{ $points }
picture-doubled = doubled
picture-shi = { $count } し
picture-seat = Seat { $n }
picture-hand_title = Your hand
picture-face_down = Face down
