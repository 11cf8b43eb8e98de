# スラッシュコマンドの名前・説明・オプション名・選択肢名。
# 名前：小文字、1〜32字、空白なし。説明：100字まで。

cmd-goita = ごいた
cmd-goita-desc = 能登の4人2組の遊び、ごいたを遊ぶ
cmd-about = 情報
cmd-about-desc = このボットについてとバージョン
cmd-new = 新しい卓
cmd-new-desc = このチャンネルにごいたの卓を開く
cmd-new-target = 目標点
cmd-new-target-desc = 勝つのに必要な点（50〜1000、ふつうはサーバーの設定）
cmd-new-double_any_seventh = 七枚目倍
cmd-new-double_any_seventh-desc = ハウスルール：7枚目と8枚目が同じ駒なら常に倍
cmd-hand = 手駒
cmd-hand-desc = この卓の自分の手駒を見る（本人のみ）
cmd-leave = 離席
cmd-leave-desc = 卓を離れる（CPU が代わりに座る）
cmd-stop = 終了
cmd-stop-desc = この卓を終了する（ホストか管理権限）
cmd-rules = ルール
cmd-rules-desc = ごいたのルールを本人だけに簡単に表示
cmd-leaderboard = ランキング
cmd-leaderboard-desc = このサーバーのごいた上位プレイヤー
cmd-leaderboard-sort = 並び順
cmd-leaderboard-sort-desc = レーティング順（標準）か勝利数順
cmd-leaderboard-sort-rating = レーティング
cmd-leaderboard-sort-wins = 勝利数
cmd-stats = 成績
cmd-stats-desc = このサーバーでのごいたの成績
cmd-stats-user = ユーザー
cmd-stats-user-desc = 誰の成績か（省略時は自分）
cmd-history = 履歴
cmd-history-desc = このサーバーでの最近の対局
cmd-replay = 再生
cmd-replay-desc = 終わった対局を一手ずつ再生
cmd-replay-match = 対局
cmd-replay-match-desc = 対局番号（/ごいた 履歴 で確認）
