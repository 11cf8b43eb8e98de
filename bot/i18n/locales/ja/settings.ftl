# サーバー設定（/goita settings）：コマンド、設定メッセージ、メニューとフォーム、
# 受け付けなかった変更の説明。

cmd-settings = 設定
cmd-settings-desc = このサーバーのごいた設定（「サーバー管理」権限か設定用ロールが必要）

settings-title = このサーバーのごいた設定
settings-intro = 新しく開く卓はこの設定を使います。すでに開いている卓はそのままです。
settings-saved = 保存しました。次に開く卓から使われます（開いている卓はそのまま）。
settings-unchanged = 何も変更していません。
settings-denied = ごいたの設定を変更できるのは「サーバー管理」権限のある人だけです。
settings-denied_role = ごいたの設定を変更できるのは「サーバー管理」権限か { $role } ロールのある人だけです。
settings-wrong_guild = これは別のサーバーの設定です。

settings-field-target = 勝利点
settings-field-double_any_seventh = ハウスルール：7枚目と8枚目が同じなら常に倍
settings-field-turn_seconds = 持ち時間（一手の秒数）
settings-field-warning_seconds = 時間切れ前の警告（秒）
settings-field-cpu_delay_seconds = CPUの速さ（一手の秒数）
settings-field-round_pause_seconds = 局と局の間の待ち時間（秒）
settings-field-channels = 卓を開けるチャンネル
settings-field-tables_per_user = 1人あたりの卓数
settings-field-tables_per_server = サーバー全体の卓数
settings-field-board_pictures = 盤面の画像
settings-field-hints_at_rated = レート戦でのヒント
settings-field-board_language = 盤面の言語
settings-field-manager_role_id = 設定を変更できるロール

settings-on = オン
settings-off = オフ
settings-all_channels = すべてのチャンネル
settings-server_locale = サーバーの言語
settings-no_role = なし（「サーバー管理」権限のみ）
settings-limit-max = { $max }（上限いっぱい）
settings-limit-none = 制限なし
settings-limit-hint = 1〜{ $max }。空欄なら { $max }

settings-pick-flags = ハウスルールと盤面のオプション
settings-pick-language = 盤面の言語
settings-pick-channels = 卓を開けるチャンネル
settings-pick-role = 設定を変更できるロール
settings-btn-game = 対局と時間…
settings-btn-limits = 卓数の上限…
settings-btn-reset = 初期設定に戻す
settings-form-game = 対局と時間
settings-form-limits = 卓数の上限

settings-bad-whole = { $field }：整数で入力してください。
settings-bad-number = { $field }：45 や 1.5 のように秒数を入力してください。
settings-bad-range = { $field }：{ $min }〜{ $max } の範囲で入力してください。
settings-bad-warning = { $field }：0 より大きく、持ち時間（{ $turn }秒）より短くしてください。
settings-bad-limit = { $field }：1〜{ $max } の範囲で入力してください。
settings-bad-channels = { $field }：選べるのは { $max } チャンネルまでです。
settings-bad-language = { $field }：表示されている言語から選んでください。

err-channel_not_allowed = このサーバーでごいたの卓を開けるのは { $channels } だけです。

# 最初の版への要望：ランキングでの自分の順位、成績とサーバー平均の比較、相手を絞った対局履歴。
cmd-history-opponent = 相手
cmd-history-opponent-desc = この人と対戦した対局だけ
stats-lb-you = あなたの順位
stats-lb-you_value = { $rank }位 · レート { $rating } · { $wins }勝
stats-stats-average = サーバー平均
stats-stats-average_value = レート { $rating }（あなたとの差 { $change }）· 勝率 { $pct } · 1人あたり { $matches }戦 · { $players }人
stats-hist-against = { $mention } との対局だけを表示しています。
stats-hist-none_against = このサーバーには { $mention } との対局記録がありません。
