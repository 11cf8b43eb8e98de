# The words the board and hand pictures write (short: they sit in small name plates).
# A count is shown as a bare number, so no plural form is needed.

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
picture-alt = The board: round { $round }
