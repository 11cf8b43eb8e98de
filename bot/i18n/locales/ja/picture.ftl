# The words the board and hand pictures write (see en/picture.ftl).

picture-round = 第{ $n }局
picture-target = { $target }点先取
picture-left = 残り{ $n }枚
picture-points = { $points }点
picture-dealer = 親
picture-passed = なし
picture-away = 不在
picture-redeal = 配り直し
picture-won = +{ $points }
picture-doubled = 倍
picture-shi = し{ $count }枚
picture-seat = { $n }番の席
picture-hand_title = あなたの手駒
picture-face_down = 伏せた駒
