# 盤面と手駒の画像に書く言葉（bot/discord/presenter/pictures.py）。数は画像が入れる。
picture-round = 第{ $n }局
picture-target = { $target }点先取
picture-left = 残り{ $n }枚
picture-points = { $points }点
picture-passed = なし
picture-redeal = 配り直し
picture-won = +{ $points }
picture-doubled = 倍
picture-shi = し{ $count }枚
picture-seat = 席{ $n }
picture-hand_title = あなたの手駒
picture-face_down = 伏せ駒
