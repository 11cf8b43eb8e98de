# Server settings (/goita settings): the command, the settings message, its menus and
# forms, and the sentences of a refused change.

cmd-settings = settings
cmd-settings-desc = This server's Goita settings (Manage Server, or the settings role)

settings-title = Goita settings of this server
settings-intro = New tables use these settings; tables already open keep their own.
settings-saved = Saved. New tables use it; tables already open keep their settings.
settings-unchanged = Nothing was changed.
settings-denied = Only members with the Manage Server permission may change the Goita settings.
settings-denied_role = Only members with the Manage Server permission or the { $role } role may change the Goita settings.
settings-wrong_guild = These settings belong to another server.

settings-field-target = Target score
settings-field-double_any_seventh = House rule: 7th and 8th always double
settings-field-turn_seconds = Turn time (seconds)
settings-field-warning_seconds = Warning before time runs out (s)
settings-field-cpu_delay_seconds = CPU pace (seconds per move)
settings-field-round_pause_seconds = Pause between rounds (seconds)
settings-field-channels = Channels for tables
settings-field-tables_per_user = Tables per player
settings-field-tables_per_server = Tables on this server
settings-field-board_pictures = Board pictures
settings-field-hints_at_rated = Hints at rated tables
settings-field-board_language = Board language
settings-field-manager_role_id = Role that may change the settings

settings-on = on
settings-off = off
settings-all_channels = All channels
settings-server_locale = The server's language
settings-no_role = None (Manage Server only)
settings-limit-max = { $max } (the most allowed)
settings-limit-none = No limit
settings-limit-hint = 1 to { $max }; empty for { $max }

settings-pick-flags = House rule and board options
settings-pick-language = Board language
settings-pick-channels = Channels where tables may open
settings-pick-role = Role that may change the settings
settings-btn-game = Game and timing…
settings-btn-limits = Table limits…
settings-btn-reset = Back to the defaults
settings-form-game = Game and timing
settings-form-limits = Table limits

settings-bad-whole = { $field }: enter a whole number.
settings-bad-number = { $field }: enter a number of seconds, like 45 or 1.5.
settings-bad-range = { $field }: must be between { $min } and { $max }.
settings-bad-warning = { $field }: must be more than 0 and less than the turn time ({ $turn } s).
settings-bad-limit = { $field }: must be between 1 and { $max }.
settings-bad-channels = { $field }: at most { $max } channels.
settings-bad-language = { $field }: pick one of the languages offered.

err-channel_not_allowed = This server opens Goita tables only in { $channels }.

# What players asked of the first version: their own place on the leaderboard, the
# server's average beside their stats, the history against one opponent.
cmd-history-opponent = opponent
cmd-history-opponent-desc = Only matches against this player
stats-lb-you = Your place
stats-lb-you_value = #{ $rank } · rating { $rating } · wins: { $wins }
stats-stats-average = Server average
stats-stats-average_value = Rating { $rating } (you: { $change }) · won { $pct } · matches per player: { $matches } · players: { $players }
stats-hist-against = Only matches against { $mention }.
stats-hist-none_against = No recorded match against { $mention } on this server.
