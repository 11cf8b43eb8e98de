### /ごいた 練習（はじめての対局の案内）、ヒント、振り返りの日本語。

## コマンド

cmd-learn = 練習
cmd-learn-desc = あなただけの、案内つきのはじめてのごいた
cmd-review = 振り返り
cmd-review-desc = 対局での自分の判断を最強のCPUと比べる
cmd-review-match = 対局
cmd-review-match-desc = 対局番号（/ごいた 履歴 で確認）

## 練習卓

learn-who-0 = あなた
learn-who-1 = 右の相手
learn-who-2 = 相方
learn-who-3 = 左の相手
learn-lesson-basics = 第{ $n }課：打ち出し・受け・なし・上がり
learn-lesson-shi = 第{ $n }課：しの手
learn-ui-table = { $who }：{ $pieces }
learn-ui-nothing = （まだ何も出ていません）
learn-ui-hand = あなたの手駒：{ $pieces }
learn-ui-attack = 受ける攻め：{ $who }の{ $piece }
learn-ui-then = 1枚目：{ $piece }。次に攻める駒を選んでください。
learn-ui-refused = ✋ { $reason }
learn-ui-done = 練習はおしまいです
learn-ui-resumed = おかえりなさい。前回の続きから始めます。
learn-btn-continue = 次へ
learn-btn-restart = 最初から
learn-not-yours = これは別の人の練習卓です。/ごいた 練習 で自分の卓を始めてください。

## 第1課

learn-basics-intro = 向かいに座るのが相方、左右の二人が相手です。順番は右へ回ります。全員が8枚ずつ持ち、手駒は見せません。あなたが親なので最初に打ち出します。
learn-basics-lead = 打ち出し：1枚を伏せて出し、もう1枚を表で出します。表の駒が攻めです。{ $face_down }を伏せ、{ $attack }で攻めてください。
learn-basics-ou_block = { $attack }は持っていませんが、王は香としを除くどの攻めも受けられます。王で受けて、{ $attack_with }で攻めてください。
learn-basics-pass = 王を受けられるのは王だけで、2枚とも場に出ています。受けられないので「なし」を押してください。
learn-basics-block = { $attack }を同じ駒の{ $attack }で受けて、{ $attack_with }で攻めてください。
learn-basics-finish = 残り2枚で、あなたの打ち出しです。{ $piece }を1枚伏せ、もう1枚で攻めてください。最後の駒で上がりです。7枚目を伏せて8枚目と同じ駒なら点は倍：{ $points }点。
learn-basics-points = 誰かが8枚目を出すと局は終わり、そのチームが最後の駒の点を得ます：王50、飛・角40、金・銀30、馬・香20、し10。今のように倍になることもあります。上がった人が次の親になり、先に150点に届いたチームが勝ちです。

## 第2課

learn-shi-intro = しを5枚以上持つ手は枚数だけを見せます。し8枚なら局は終わりそのチームに100点、7枚なら残り1枚の点の2倍、6枚なら残り2枚の高い方の点（同じ駒なら倍）。相方同士がともにし5枚なら、その場で勝ちです。
learn-shi-decide = { $seat }がし{ $count }枚を宣言しました。し5枚の手がひとつなら、その相方（あなた）がその手を見ずに決めます：このまま打つか、配り直しか。自分の手駒を見て選んでください。
learn-shi-after = 手に合っていればどちらも正解です。強い手ならこのまま打ち、弱い手なら配り直しを選びます。

## いま起きたことの説明

learn-note-pass_allowed = { $seat }は{ $piece }を持ちながら「なし」にしました。なしはいつでもできます。
learn-note-blocked = { $seat }があなたの{ $piece }を同じ駒で受け、{ $attack }で攻めています。
learn-note-ou_attack = { $seat }が王で攻めました。王で攻められるのは、もう1枚の王が表で出たとき（あなたの王）、2枚とも持つとき、最後の1枚のときです。
learn-note-three_passes = 3人続けてなし：最後に攻めた{ $seat }がもう一度、伏せてから表で打ち出します。
learn-note-partner_pass = { $seat }は相方{ $partner }の攻めをなしにしました。相方の攻めを受ける必要はありません。
learn-note-your_lead_again = 全員があなたの攻めをなしにしました。もう一度あなたの打ち出しです。

## 卓のできごと

learn-event-you_led = あなたは{ $face_down }を伏せて打ち出し、{ $attack }で攻めました。
learn-event-led = { $seat }が伏せて打ち出し、{ $attack }で攻めました。
learn-event-blocked = { $seat }が{ $block }で受けて、{ $attack }で攻めました。
learn-event-passed = { $seat }はなし。
learn-event-lead_again = { $seat }がもう一度打ち出します。
learn-event-won = { $seat }が{ $piece }で上がり：{ $points }点。
learn-event-won_doubled = { $seat }が{ $piece }で倍の上がり：{ $points }点。
learn-event-shi = { $seat }はしを{ $count }枚持っています。
learn-event-play_on = { $seat }は「このまま打つ」を選びました。
learn-event-redeal = { $seat }は「配り直し」を選びました。

## 受け付けない手

learn-refuse-off_script = ルール上は打てますが、この課では別の手を練習します（本番では自由に選べます）。
learn-refuse-read_first = まず読んで「次へ」を押してください。
learn-refuse-move_first = 先に駒を出してください。
learn-refuse-finished = 練習は終わりました。「最初から」でもう一度できます。
learn-refuse-round_over = この局は終わっています。
learn-refuse-match_over = 対局は終わっています。
learn-refuse-not_your_turn = あなたの番ではありません。
learn-refuse-decision_pending = 先に「このまま打つ」か「配り直し」を選んでください。
learn-refuse-no_decision_expected = 今は決めることはありません。
learn-refuse-piece_not_in_hand = その駒は持っていません。
learn-refuse-must_lead = 今はあなたの打ち出しなので、なしにはできません。1枚伏せてから攻めてください。
learn-refuse-block_mismatch = 攻め（{ $attack }）と同じ駒か、王で受けてください。
learn-refuse-ou_cannot_block = 王は{ $attack }を受けられません。王が受けられないのは香としです。
learn-refuse-ou_attack_not_allowed = 王で攻められるのは、もう1枚の王が表で出たとき、2枚とも持つとき、最後の1枚のときだけです。
learn-refuse-malformed_action = それは手ではありません。

## おわりに

learn-summary = これでごいたのルールをひと通り打ちました：1枚伏せて打ち出して攻める。同じ駒（香としの攻め以外は王でも）で受けてまた攻めるか、なし。3人がなしなら攻めた人がまた打ち出す。最後の駒の点で上がり、同じ駒を伏せた後なら倍。しが5枚以上なら配りが変わる。{ $mistakes ->
    [0] 間違えた手はひとつもありませんでした。
   *[other] 途中で{ $mistakes }回、手を直しました。
} /ごいた 新しい卓 で本番の卓を開き、迷ったら「ヒント」を押してください。

## ヒント

learn-btn-hint = ヒント
learn-hint-text = 💡 { $move }：{ $reason }
learn-hint-thinking = 💡 考えています…
learn-hint-not_your_turn = ヒントはあなたの番のときだけ出せます。
learn-hint-busy = 前のヒントをまだ考えています。
learn-hint-unrated = この対局ではヒントが使われたので、レーティングに数えません。
learn-move-pass = なし
learn-move-lead = { $first }を伏せて{ $second }で攻め
learn-move-block = { $first }で受けて{ $second }で攻め
learn-move-play_on = このまま打つ
learn-move-redeal = 配り直し
learn-reason-play_on = { $seat }のしがあっても、あなたの手なら打てます。
learn-reason-redeal = この手では弱いので、配り直した方がよいです。
learn-reason-pass_forced = { $attack }を受けられる駒がありません。
learn-reason-pass_partner = 相方の{ $attack }をそのまま通して、相方に続けてもらいましょう。
learn-reason-pass_keep = 駒を温存：今{ $attack }を受けると得より損が大きいです。
learn-reason-finish = { $piece }で上がり：{ $points }点。
learn-reason-finish_doubled = { $piece }で倍の上がり：{ $points }点。
learn-reason-block_ou = 受け：{ $attack }がないので王で受け、{ $attack_with }で攻めます。
learn-reason-block_partner = 相方の{ $attack }を引き取り、{ $attack_with }で攻めます。
learn-reason-block = 受け：受けないと相手の{ $attack }が通ってしまいます。そのあと{ $attack_with }で攻めます。
learn-reason-lead_single = 1枚だけの{ $face_down }を伏せて、{ $pair }の対は最後に残します。
learn-reason-lead_attack = { $attack }で攻め：受けられる見えない駒は{ $blockers }枚だけです。

## 振り返り

learn-btn-review = 自分の手を振り返る
learn-btn-previous = 前へ
learn-btn-next = 次へ
learn-review-progress = { $total }手中{ $done }手目を分析中…
learn-review-queued = 順番待ち：前に{ $ahead }件の分析があります…
learn-review-starting = 振り返りを準備しています…
learn-review-busy = 前の振り返りがまだ終わっていません。終わるまでお待ちください。
learn-review-queue_full = 今は振り返りが混み合っています。数分後にもう一度どうぞ。
learn-review-not_found = このサーバーに対局#{ $id }はありません。
learn-review-not_player = あなたは対局#{ $id }に参加していません。
learn-review-bad_record = 対局#{ $id }は記録を再生できないため振り返れません。
learn-review-none = 対局#{ $id }では、あなたが選べる手はありませんでした（すべて一択）。
learn-review-title = 対局#{ $id }の振り返り・{ $total }件中{ $n }件目
learn-review-where = 第{ $round }局、{ $step }手目
learn-review-played = あなたの手：{ $move }（期待値{ $points }点）
learn-review-best = 最善と見た手：{ $move }（期待値{ $points }点）
learn-review-agrees = 最強のCPUも同じ手を選びます（期待値{ $points }点）。
learn-review-loss = 約{ $points }点の損。
learn-review-total = 全{ $count }件の判断で、合計約{ $points }点の損。損の大きい順に並べています。
