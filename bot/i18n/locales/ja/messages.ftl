### ごいたボットの日本語メッセージ。キーと $変数 は英語（en）と同じ。


## 駒、チーム、CPU の強さ

piece-0 = し
piece-1 = ごん
piece-2 = ばっこ
piece-3 = ぎん
piece-4 = きん
piece-5 = かく
piece-6 = ひしゃ
piece-7 = おう
piece-label = { $kanji }（{ $name }）
team-0 = Aチーム
team-1 = Bチーム
level-easy = やさしい
level-normal = ふつう
level-hard = つよい
cpu-name = CPU { $n }（{ $level }）
engine-name = ⚙ { $name }
seat-away = 不在
seat-dealer = 親

## ボタン（80字まで）

btn-join = 参加
btn-leave = 退出
btn-cpu-easy = + CPU やさしい
btn-cpu-normal = + CPU ふつう
btn-cpu-hard = + CPU つよい
btn-start = 開始
btn-cancel = 中止
btn-shuffle = 席替え
btn-hand = 手駒を見る
btn-pass = なし（パス）
btn-back = 戻る
btn-play_on = このまま打つ
btn-redeal = 配り直し
btn-rematch = もう一局
btn-stop_confirm = はい、卓を終了する

## ロビー

lobby-title = ごいた · 新しい卓
lobby-host = ホスト：{ $host }
lobby-target = 目標：{ $target }点
lobby-house-double_any_seventh = ハウスルール：7枚目と8枚目が同じ駒なら常に倍
lobby-teams = 相方は向かい合わせ：1番と3番の席が{ $team_a }、2番と4番の席が{ $team_b }です。
hand-deadline = 持ち時間：{ $when }
board-deadline = { " " }· ⏱ { $when }
lobby-swap = ホスト：2つの席を入れ替える
lobby-swap_option = { $a }番と{ $b }番の席を入れ替え
lobby-remove = ホスト：席を空ける
lobby-remove_option = { $n }番の席を空ける：{ $name }
lobby-engine = + エンジン：着席させるものを選ぶ
lobby-empty = （空席）
lobby-footer = 参加するか CPU を入れてください。4席そろうとホストが開始できます。{ $minutes }分間開始されないと閉じます。

## 盤面

board-title = ごいた · 第{ $round }局
board-scores = { $team_a } **{ $a }** · { $team_b } **{ $b }** · { $target }点先取
board-seat = { $turn }{ $name } · { $team } · 残り{ $left }枚{ $tags }
board-nothing_played = まだ打っていません
board-defence = 受
board-attack = 攻
board-attack_to_answer = 受ける攻め：{ $name }の{ $piece }
board-turn = 手番：{ $name }
board-turn_lead = 手番：{ $name }（打ち出し）
board-goshi_wait = { $name }が「このまま打つ」か「配り直し」かを選んでいます
board-last_moves = 最近の手
board-footer = 「手駒を見る」で自分の駒が見られます（本人にだけ表示）。更新されなくなったらもう一度押してください。一手{ $seconds }秒。

## 手の記録：卓が語る行

log-start = 第{ $match_no }対局の開始：最初の親は{ $dealer_name }
log-deal = 第{ $round }局：親は{ $dealer_name }
log-shi = { $name }がし{ $count }枚を宣言
log-goshi_wait = { $holder_name }がし5枚：{ $name }が「このまま」か「配り直し」を選びます
log-goshi_decided-play_on = { $name }は「このまま打つ」を選択
log-goshi_decided-redeal = { $name }は「配り直し」を選択
log-redeal = 配り直し：同じ親がもう一度配ります
log-led = { $name }が伏せて打ち出し、{ $attack }で攻め
log-blocked = { $name }が{ $block }で受けて{ $attack }で攻め
log-passed = { $name }はなし
log-lead_again = 3人なし：{ $name }がもう一度打ち出し
log-round_won = { $name }（{ $team }）が{ $last }で上がり：+{ $points }
log-round_won-special = { $name }（{ $team }）：{ $special } +{ $points }
log-match_won = { $team }の勝ち
log-join = { $name }が着席
log-leave = { $name }が退出
log-cpu_added = { $name }が着席
log-seat_removed = { $name }を外しました
log-shuffled = 席替えしました
log-moved = { $from_n }番と{ $to_n }番の席を入れ替え
log-cpu_took_seat = { $name }が退出：その席は CPU が打ちます
log-timeout = { $name }の時間切れ：CPU が代わりに打ちました
log-back = { $name }が戻りました

## 局と対局の終わり

round-title = ごいた · 第{ $round }局 終了
round-finish = { $name }（{ $team }）が{ $piece }で上がり：**+{ $points }**
round-doubled = （7枚目と8枚目が同じで倍）
round-hasshi = { $name }（{ $team }）がし8枚：**+{ $points }**
round-nanashi = { $name }（{ $team }）がし7枚：**+{ $points }**
round-rokushi = { $name }（{ $team }）がし6枚：**+{ $points }**
round-goshi_pair = { $name }と相方がともにし5枚：{ $team }の勝ち
round-redeal = 同じ親で配り直します。
round-revealed = 伏せ駒を公開しました。
round-next = まもなく次の局が始まります。
match-title = ごいた · 対局終了
match-winner = 🏆 **{ $team }**の勝ち：{ $team_a } { $a } · { $team_b } { $b }
match-players =
    { $team_a }：{ $a1 }・{ $a2 }
    { $team_b }：{ $b1 }・{ $b2 }
match-stopped = 対局は途中で終了しました：{ $team_a } { $a } · { $team_b } { $b }
match-rounds = 各局
match-round_line = { $n }. { $team } +{ $points } · { $name } { $piece }
match-doubled = （倍）
match-round_redeal = { $n }. 配り直し
match-round_special = { $n }. { $team } +{ $points } · { $name }（{ $special }）
match-more_rounds = … ほか{ $count }局
match-footer = 「もう一局」で同じ席のまま始めます。
special-hasshi = し8枚
special-nanashi = し7枚
special-rokushi = し6枚
special-goshi--pair = 両者し5枚

## 手駒（本人のみ）

hand-title = あなたの手駒 · { $team }
hand-pieces = { $pieces }（{ $count }枚）
hand-empty = （駒なし）
hand-lead = **あなたの番：打ち出しです。** 伏せる駒を選んでください。
hand-answer = **あなたの番：**{ $name }の{ $piece }を受けるか、なし（パス）。
hand-choose_attack = 次に攻める駒を選んでください。{ $first_label }：{ $first }
hand-first_label-block = 受け
hand-first_label-face_down = 伏せ
hand-waiting = まだあなたの番ではありません。進行は盤面で確認できます。このメッセージは自動で更新されます。
hand-ou_locked = 王（おう）はまだ攻めに使えません（灰色）。
hand-goshi_prompt = **相方の{ $name }がし5枚です。** このまま打ちますか、配り直しますか？
hand-goshi_wait = { $name }が「このまま」か「配り直し」を選んでいます。
hand-lobby = 対局はまだ始まっていません。
hand-round_over = この局は終わりました。まもなく次の局です。
hand-match_over = 対局は終わりました。
hand-closed = この卓は終了しました。
hand-expired = このメッセージはもう更新されません。盤面の **手駒を見る** をもう一度押してください。
hand-away = 不在のため CPU が代わりに打っています。盤面の **手駒を見る** を押すと席に戻れます。
hand-back = おかえりなさい。席に戻りました。
hand-board_blocked = ⚠ ボットに権限がないため、このチャンネルの盤面を更新できません。この手駒の画面からはこのまま遊べます。

## 通知

ping-your_turn = { $mention } さんの番です。**手駒を見る** を押してください。
ping-goshi = { $mention } さん、相方がし5枚です。**手駒を見る** で「このまま」か「配り直し」を選んでください。
ping-timeout_warning = { $mention } さん、残り{ $seconds }秒です。過ぎると CPU が代わりに打ちます。
ping-taken_over = { $mention } さん、時間切れのため CPU が代わりに打ちました。**手駒を見る** で席に戻れます。
warn-timeout = ⏰ 残り{ $seconds }秒です。過ぎると CPU が代わりに打ちます。

## 卓の終了

closed-cancelled = ホストがこの卓を中止しました。
closed-idle = { $minutes }分間開始されなかったため、この卓は閉じました。
closed-stopped = この卓は終了されました。
closed-abandoned = 全員が長い間不在だったため、この卓は閉じました。
closed-finished = 対局は終わりました。
closed-empty = 全員が退出したため、この卓は閉じました。
closed-left = 最後の人が退出したため、この卓は閉じました。
closed-channel_gone = チャンネルが削除されたため、この卓は終了しました。
closed-bot_removed = ボットがサーバーから外されたため、この卓は終了しました。
closed-other = この卓は終了しました。

## コマンドの返事

new-opened = 卓を開きました。このチャンネルのロビーから参加できます。
new-exists = このチャンネルにはもう卓があります：{ $link }
leave-done = 卓を離れました。あなたの席は CPU が打ちます。
lobby-left = 卓を離れました。
stop-confirm = このチャンネルの卓を終了しますか？ 対局はここで終わり、途中終了として記録されます。
stop-confirm_lobby = このチャンネルのロビーを閉じますか？ まだ対局は始まっていません。
stop-done = 卓を終了しました。

## エラー

err-generic = うまくいきませんでした。もう一度お試しください。
err-no_table = ここにはごいたの卓がありません。/ごいた 新しい卓 で始めてください。
err-table_exists = このチャンネルにはもう卓があります。
err-not_seated = あなたはこの卓に座っていません。
err-already_seated = あなたはもうこの卓に座っています。
err-table_full = 4席とも埋まっています。
err-not_host = ホストだけができる操作です。
err-not_host_or_manager = 卓を終了できるのはホストか「メッセージの管理」権限のある人だけです。
err-not_in_lobby = 対局はもう始まっています。
err-not_playing = この卓では対局中ではありません。
err-need_four = 開始するには{ $players }席すべてが埋まっている必要があります（いま{ $seated }席）。
err-bad_players = 卓の人数は3人か4人です（{ $players }人は選べません）。
err-stale = 前の手番のボタンです。最新のメッセージを使ってください。
err-not_your_turn = あなたの番ではありません。
err-not_finished = 対局はまだ終わっていません。
err-rematch_started = もう一局はもう始まっています。いちばん新しい盤面で打ってください。
err-stop_started = その後に対局が始まりました。終了するにはもう一度 /ごいた 終了 を使ってください。
err-bad_level = その CPU の強さ・エンジンはありません。
err-bad_target = 目標点は50から1000の間にしてください。
err-not_in_guild = ごいたの卓はサーバーのテキストチャンネルで開けます。
err-bot_permissions = このチャンネルでは卓を開けません。ここではボットに次の権限がありません：{ $missing }。サーバーの管理者がチャンネルの設定（権限）でボットに許可するか、別のチャンネルで卓を開いてください。
perm-view_channel = 「チャンネルを見る」
perm-send_messages = 「メッセージを送信」
perm-send_messages_in_threads = 「スレッドでメッセージを送信」
perm-embed_links = 「埋め込みリンク」
perm-attach_files = 「ファイルを添付」
err-seat_taken = その席は埋まっています。
err-bad_seat = その席はありません。
err-host_seat = ホストの席は外せません。
err-unknown_button = このボタンはもう使えません。
err-illegal = その手は今は打てません。
err-illegal-not_your_turn = あなたの番ではありません。
err-illegal-decision_pending = 先にし5枚の選択を待っています。
err-illegal-no_decision_expected = 今は選ぶことがありません。
err-illegal-piece_not_in_hand = その駒は持っていません。
err-illegal-must_lead = 打ち出しなので、なし（パス）はできません。
err-illegal-block_mismatch = 受けは攻めと同じ駒（または王）でなければなりません。
err-illegal-ou_cannot_block = 王は香としを受けられません。
err-illegal-ou_attack_not_allowed = 王はまだ攻めに使えません。
err-illegal-malformed_action = 正しい手ではありません。
err-illegal-round_over = この局は終わりました。
err-illegal-match_over = 対局は終わりました。
err-illegal-illegal = その手は今は打てません。
err-internal = 申し訳ありません、エラーが起きました。記録しました。

## /ごいた ランキング・成績・履歴・再生

stats-lineup = { $ta }（{ $a }）対 { $tb }（{ $b }）
stats-wrong_guild = ごいたの成績はサーバーごとに記録されます。サーバー内で使ってください。
stats-no_match = このサーバーには対局 #{ $id } の記録がありません。
stats-no_export = 対局 #{ $id } には使える棋譜がありません。
stats-not_yours = ほかの人の履歴です。自分の履歴は /ごいた 履歴 で。
stats-no_stats = { $name } さんはこのサーバーでまだ対局記録がありません。
stats-btn-prev = ◀ 前へ
stats-btn-next = 次へ ▶
stats-btn-sort-rating = レーティング順
stats-btn-sort-wins = 勝利数順
stats-btn-newer = ◀ 新しい対局
stats-btn-older = 古い対局 ▶
stats-btn-yaml = #{ $id } 棋譜 (YAML)
stats-btn-json = #{ $id } 記録 (JSON)
stats-btn-replay = #{ $id } 再生
stats-btn-round_back = ⏮ 前の局
stats-btn-round_next = 次の局 ⏭
stats-lb-title = ごいた ランキング
stats-lb-sort-rating = レーティング順
stats-lb-sort-wins = 勝利数順
stats-lb-empty = このサーバーではまだ終わった対局がありません。`/ごいた 新しい卓` で始めましょう。
stats-lb-line = **{ $rank }.** { $name } — **{ $rating }** · { $wins }勝 / { $matches }戦{ $extra }
stats-lb-provisional = 新人
stats-lb-with_cpu = CPU戦 { $n }
stats-lb-footer = { $page }/{ $pages } ページ · { $total } 人 · レーティング = OpenSkill の mu − 3σ。CPU は別枠で評価され表示されません。中断した対局は評価に入りません
stats-stats-title = { $name } さんの成績（このサーバー）
stats-stats-rating = レーティング
stats-stats-rating_value = **{ $rating }**（{ $players } 人中 { $rank } 位、評価対象 { $rated } 戦）
stats-stats-matches = 対局
stats-stats-matches_value = { $matches } 戦 { $wins } 勝（{ $pct }）
stats-stats-with_cpu = うち CPU 入り
stats-stats-with_cpu_value = { $matches } 戦 { $wins } 勝
stats-stats-rounds = 上がった局
stats-stats-rounds_value = { $rounds } 局（{ $points } 点、倍付け { $doubled } 回）
stats-stats-shi = しの手（し5枚以上）
stats-stats-stopped = 中断
stats-stats-form = 最近の成績（新しい順）
stats-stats-footer = 上がった局 = 本人が上がった局。中断した対局は局は数えますが、勝敗とレーティングには入りません。
stats-hist-empty = このサーバーでの対局記録はまだありません。
stats-hist-title = **あなたの対局**（{ $page }/{ $pages } ページ、全 { $total } 局）
stats-hist-line = **#{ $id }** { $when } · { $outcome } · { $scores }
    { "    " }{ $lineup }{ $marks }
stats-hist-won = 勝ち
stats-hist-lost = 負け
stats-hist-stopped = 中断
stats-hist-with_cpu = CPU 入り
stats-hist-rating = レーティング { $change }
stats-dl-sent = 対局 #{ $id }（{ $fmt }）：
stats-rp-head = 対局 #{ $id } · 第 { $round }/{ $rounds } 局 · { $step }/{ $steps } 手
stats-rp-dealt = 配牌。{ $name } さんが打ち出します。
stats-rp-lead = { $name } さんが { $down } を伏せ、{ $attack } で攻めます。
stats-rp-lead_up = { $name } さんが { $attack } で攻めます。
stats-rp-block = { $name } さんが { $block } で受け、{ $attack } で攻めます。
stats-rp-pass = { $name } さんはなし。
stats-rp-shi = { $name } さんの手にしが { $count } 枚。
stats-rp-play_on = { $name } さんは続行を選びました。
stats-rp-redeal_asked = { $name } さんは配り直しを選びました。
stats-rp-redeal = 配り直しです。
stats-rp-round_won = { $name } さんが上がり：{ $points } 点。
stats-rp-doubled = （倍付け）
stats-rp-match_won = 対局終了：{ $scores }。
stats-rp-scores = 得点：{ $scores }
stats-rp-legend = 手駒はすべて表向き。[ ] = 伏せて出した駒。
