# Servereinstellungen (/goita settings): der Befehl, die Einstellungsnachricht, ihre Menüs
# und Formulare und die Sätze zu einer abgelehnten Änderung.

cmd-settings = einstellungen
cmd-settings-desc = Goita-Einstellungen dieses Servers („Server verwalten“ oder die Einstellungsrolle)

settings-title = Goita-Einstellungen dieses Servers
settings-intro = Neue Tische nutzen diese Einstellungen; bereits offene Tische behalten ihre eigenen.
settings-saved = Gespeichert. Neue Tische nutzen das; offene Tische behalten ihre Einstellungen.
settings-unchanged = Es wurde nichts geändert.
settings-denied = Nur Mitglieder mit der Berechtigung „Server verwalten“ dürfen die Goita-Einstellungen ändern.
settings-denied_role = Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Rolle { $role } dürfen die Goita-Einstellungen ändern.
settings-wrong_guild = Diese Einstellungen gehören zu einem anderen Server.

settings-field-target = Punkte zum Sieg
settings-field-double_any_seventh = Hausregel: 7. und 8. gleich, immer doppelt
settings-field-turn_seconds = Bedenkzeit pro Zug (Sekunden)
settings-field-warning_seconds = Warnung vor Ablauf der Zeit (s)
settings-field-cpu_delay_seconds = CPU-Tempo (Sekunden pro Zug)
settings-field-round_pause_seconds = Pause zwischen Runden (Sekunden)
settings-field-channels = Kanäle für Tische
settings-field-tables_per_user = Tische pro Person
settings-field-tables_per_server = Tische auf diesem Server
settings-field-board_pictures = Bilder vom Spielbrett
settings-field-hints_at_rated = Tipps an gewerteten Tischen
settings-field-board_language = Sprache des Spielbretts
settings-field-manager_role_id = Rolle, die Einstellungen ändern darf

settings-on = an
settings-off = aus
settings-all_channels = Alle Kanäle
settings-server_locale = Die Sprache des Servers
settings-no_role = Keine (nur „Server verwalten“)
settings-limit-max = { $max } (das erlaubte Maximum)
settings-limit-none = Keine Grenze
settings-limit-hint = 1 bis { $max }; leer für { $max }

settings-pick-flags = Hausregel und Optionen des Spielbretts
settings-pick-language = Sprache des Spielbretts
settings-pick-channels = Kanäle, in denen Tische eröffnet werden dürfen
settings-pick-role = Rolle, die die Einstellungen ändern darf
settings-btn-game = Spiel und Zeiten …
settings-btn-limits = Tischgrenzen …
settings-btn-reset = Auf Standard zurücksetzen
settings-form-game = Spiel und Zeiten
settings-form-limits = Tischgrenzen

settings-bad-whole = { $field }: Bitte eine ganze Zahl eingeben.
settings-bad-number = { $field }: Bitte eine Zahl von Sekunden eingeben, etwa 45 oder 1,5.
settings-bad-range = { $field }: Muss zwischen { $min } und { $max } liegen.
settings-bad-warning = { $field }: Muss größer als 0 und kleiner als die Bedenkzeit ({ $turn } s) sein.
settings-bad-limit = { $field }: Muss zwischen 1 und { $max } liegen.
settings-bad-channels = { $field }: Höchstens { $max } Kanäle.
settings-bad-language = { $field }: Bitte eine der angebotenen Sprachen wählen.

err-channel_not_allowed = Auf diesem Server werden Goita-Tische nur hier eröffnet: { $channels }.

# Wünsche der Spieler an die erste Version: der eigene Platz in der Rangliste, der
# Serverdurchschnitt neben den eigenen Zahlen, die Partien gegen einen Gegner.
cmd-history-opponent = gegner
cmd-history-opponent-desc = Nur Partien gegen diese Person
stats-lb-you = Dein Platz
stats-lb-you_value = Platz { $rank } · Wertung { $rating } · Siege: { $wins }
stats-stats-average = Serverdurchschnitt
stats-stats-average_value = Wertung { $rating } (du: { $change }) · gewonnen { $pct } · Partien pro Person: { $matches } · Personen: { $players }
stats-hist-against = Nur Partien gegen { $mention }.
stats-hist-none_against = Auf diesem Server gibt es keine gespeicherte Partie gegen { $mention }.
