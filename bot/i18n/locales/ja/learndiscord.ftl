### 学習機能の Discord 側の文言：練習卓の下部表示と古いボタン、ヒントの無効、履歴の印と振り返りボタン。

learn-ui-step = レッスン { $n }/{ $total }・いつでも中断して /ごいた 練習 で再開できます
learn-ui-stale = そのボタンは前の手順のものです。今の場面を表示します。
learn-hint-off = このサーバーのレーティング対象の卓ではヒントが使えません。
learn-hist-hinted = ヒント使用・レーティング対象外
learn-btn-review_match = #{ $id } 振り返り
learn-review-gone = 対局#{ $id }の振り返りはもう保存されていません。もう一度 /ごいた 振り返り { $id } を実行してください。
learn-unavailable = 現在このボットでは学習機能を使えません。
learn-review-not_recorded = あなたの記録された対局ではありません。振り返りができるのは、記録済みの対局に参加した人だけです。
