# 3人ごいた：席は三つ、チームなし、各自が自分の点を取る。

cmd-new-players = 人数
cmd-new-players-desc = 4人（2対2、ふつう）か、3人（各自が一人で）
cmd-new-players-4 = 4人
cmd-new-players-3 = 3人

three-lobby-solo = 3人戦：チームはなく、各自が自分の点を競います。
three-board-scores = { $scores } · { $target }点先取
three-board-seat = { $turn }{ $name } · 残り{ $left }枚{ $tags }
three-round-finish = { $name }が{ $piece }で上がり：**+{ $points }**
three-log-round_won = { $name }が{ $last }で上がり：+{ $points }
three-log-lead_again = 2人なし：{ $name }がもう一度打ち出し
three-match-winner = 🏆 **{ $name }**の勝ち：{ $scores }
three-match-stopped = 対局は途中で終了しました：{ $scores }
three-match-round_line = { $n }. { $name } +{ $points } · { $piece }
three-hand-title = あなたの手駒
three-lobby-footer = 参加するか CPU を入れてください。3席そろうとホストが開始できます。{ $minutes }分間開始されないと閉じます。
three-err-table_full = 3席とも埋まっています。
