### Deutsche Texte des Goita-Bots. Spieler werden geduzt.
### Steine heißen wie in den Regeln des Vereins, immer mit ihrem Kanji: König (王),
### Turm (飛), Läufer (角), Goldgeneral (金), Silbergeneral (銀), Springer (馬),
### Lanze (香), Bauer (し).


## Steine, Teams, CPU-Stufen

piece-0 = Bauer
piece-1 = Lanze
piece-2 = Springer
piece-3 = Silbergeneral
piece-4 = Goldgeneral
piece-5 = Läufer
piece-6 = Turm
piece-7 = König
piece-label = { $name } ({ $kanji })
team-0 = Team A
team-1 = Team B
level-easy = leicht
level-normal = normal
level-hard = schwer
cpu-name = CPU { $n } ({ $level })
engine-name = ⚙ { $name }
seat-away = abwesend
seat-dealer = Geber

## Schaltflächen (höchstens 80 Zeichen)

btn-join = Mitspielen
btn-leave = Verlassen
btn-cpu-easy = + CPU leicht
btn-cpu-normal = + CPU normal
btn-cpu-hard = + CPU schwer
btn-start = Starten
btn-cancel = Abbrechen
btn-shuffle = Plätze mischen
btn-hand = Meine Hand
btn-pass = Passen
btn-back = Zurück
btn-play_on = Weiterspielen
btn-redeal = Neu geben
btn-rematch = Revanche
btn-stop_confirm = Ja, Tisch beenden

## Lobby

lobby-title = ごいた Goita · neuer Tisch
lobby-host = Gastgeber: { $host }
lobby-target = Ziel: { $target ->
    [one] { $target } Punkt
   *[other] { $target } Punkte
}
lobby-house-double_any_seventh = Hausregel: Sind der 7. und 8. Stein gleich, zählt es immer doppelt
lobby-teams = Partner sitzen sich gegenüber: Plätze 1 und 3 sind { $team_a }, Plätze 2 und 4 sind { $team_b }.
hand-deadline = Zeitlimit: { $when }
board-deadline = { " " }· ⏱ { $when }
lobby-swap = Gastgeber: zwei Plätze tauschen
lobby-swap_option = Plätze { $a } ↔ { $b } tauschen
lobby-remove = Gastgeber: einen Platz freigeben
lobby-remove_option = Platz { $n } freigeben: { $name }
lobby-engine = + Engine: eine auswählen und hinsetzen
lobby-empty = (freier Platz)
lobby-footer = Spiel mit oder füge CPUs hinzu; der Gastgeber startet, sobald alle 4 Plätze besetzt sind. Schließt nach { $minutes } Min. ohne Start.

## Spielbrett

board-title = ごいた Goita · Runde { $round }
board-scores = { $team_a } **{ $a }** · { $team_b } **{ $b }** · Ziel: { $target }
board-seat = { $turn }{ $name } · { $team } · noch { $left ->
    [one] { $left } Stein
   *[other] { $left } Steine
}{ $tags }
board-nothing_played = noch nichts gespielt
board-defence = Abw
board-attack = Ang
board-attack_to_answer = Abzuwehrender Angriff: { $piece } von { $name }
board-turn = Am Zug: { $name }
board-turn_lead = Am Zug: { $name } (spielt aus)
board-goshi_wait = { $name } wählt: weiterspielen oder neu geben
board-last_moves = Letzte Züge
board-footer = „Meine Hand“ zeigt deine Steine (nur dir); öffne sie neu, wenn sie nicht mehr aktualisiert wird. { $seconds } s pro Zug.

## Zugprotokoll: die Zeilen, die der Tisch erzählt

log-start = Partie { $match_no } beginnt: { $dealer_name } gibt zuerst
log-deal = Runde { $round }: { $dealer_name } gibt
log-shi = { $name } meldet { $count ->
    [one] { $count } Bauer (し)
   *[other] { $count } Bauern (し)
}
log-goshi_wait = { $holder_name } hat 5 Bauern (し): { $name } wählt zwischen Weiterspielen und Neu geben
log-goshi_decided-play_on = { $name } spielt weiter
log-goshi_decided-redeal = { $name } lässt neu geben
log-redeal = Neu geben: Derselbe Geber gibt noch einmal
log-led = { $name } spielt verdeckt aus und greift mit { $attack } an
log-blocked = { $name } wehrt mit { $block } ab und greift mit { $attack } an
log-passed = { $name } passt
log-lead_again = Dreimal gepasst: { $name } spielt wieder aus
log-round_won = { $name } ({ $team }) geht mit { $last } raus: +{ $points }
log-round_won-special = { $name } ({ $team }): { $special } +{ $points }
log-match_won = { $team } gewinnt die Partie
log-join = { $name } setzt sich
log-leave = { $name } geht
log-cpu_added = { $name } setzt sich
log-seat_removed = { $name } wurde vom Tisch genommen
log-shuffled = Plätze gemischt
log-moved = Plätze { $from_n } und { $to_n } getauscht
log-cpu_took_seat = { $name } ist gegangen: Eine CPU spielt diesen Platz
log-timeout = Zeit abgelaufen für { $name }: Eine CPU hat den Zug gemacht
log-back = { $name } ist zurück

## Ende von Runde und Partie

round-title = ごいた Goita · Runde { $round } vorbei
round-finish = { $name } ({ $team }) geht mit { $piece } raus: **+{ $points }**
round-doubled = { " " }(doppelt: 7. und 8. gleich)
round-hasshi = { $name } ({ $team }) hat 8 Bauern (し): **+{ $points }**
round-nanashi = { $name } ({ $team }) hat 7 Bauern (し): **+{ $points }**
round-rokushi = { $name } ({ $team }) hat 6 Bauern (し): **+{ $points }**
round-goshi_pair = { $name } und der Partner haben beide 5 Bauern (し): { $team } gewinnt die Partie
round-redeal = Derselbe Geber gibt die Runde neu.
round-revealed = Die verdeckten Steine werden jetzt gezeigt.
round-next = Die nächste Runde beginnt gleich.
match-title = ごいた Goita · Partie vorbei
match-winner = 🏆 **{ $team }** gewinnt: { $team_a } { $a } · { $team_b } { $b }
match-players =
    { $team_a }: { $a1 } & { $a2 }
    { $team_b }: { $b1 } & { $b2 }
match-stopped = Die Partie wurde vor dem Ende beendet: { $team_a } { $a } · { $team_b } { $b }
match-rounds = Runden
match-round_line = { $n }. { $team } +{ $points } · { $name } { $piece }
match-doubled = { " " }(doppelt)
match-round_redeal = { $n }. neu gegeben
match-round_special = { $n }. { $team } +{ $points } · { $name } ({ $special })
match-more_rounds = … { $count ->
    [one] { $count } frühere Runde
   *[other] { $count } frühere Runden
}
match-footer = „Revanche“ setzt dieselben Spieler wieder an den Tisch.
special-hasshi = 8 Bauern (し)
special-nanashi = 7 Bauern (し)
special-rokushi = 6 Bauern (し)
special-goshi--pair = 5 Bauern (し) bei beiden Partnern

## Die Hand eines Spielers (nur er sieht sie)

hand-title = Deine Hand · { $team }
hand-pieces = { $pieces } ({ $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
})
hand-empty = (keine Steine)
hand-lead = **Du bist dran: Du spielst aus.** Wähle den Stein, den du verdeckt legst.
hand-answer = **Du bist dran:** { $piece } von { $name } abwehren oder passen.
hand-choose_attack = Wähle jetzt deinen Angriff. { $first_label }: { $first }.
hand-first_label-block = Abwehr
hand-first_label-face_down = Verdeckt
hand-waiting = Du bist noch nicht dran: Verfolge das Spiel auf dem Brett. Diese Nachricht aktualisiert sich selbst.
hand-ou_locked = Der König (王) darf noch nicht angreifen (ausgegraut).
hand-goshi_prompt = **Dein Partner { $name } hat 5 Bauern (し).** Mit diesen Händen weiterspielen oder neu geben?
hand-goshi_wait = { $name } wählt gerade: weiterspielen oder neu geben.
hand-lobby = Die Partie hat noch nicht begonnen.
hand-round_over = Die Runde ist vorbei; die nächste beginnt gleich.
hand-match_over = Die Partie ist vorbei.
hand-closed = Dieser Tisch ist beendet.
hand-expired = Diese Nachricht wird nicht mehr aktualisiert: Klicke auf dem Brett wieder auf **Meine Hand**.
hand-away = Du bist abwesend: Eine CPU spielt für dich. Klicke auf dem Brett auf **Meine Hand**, um deinen Platz zurückzubekommen.
hand-back = Willkommen zurück: Dein Platz gehört wieder dir.
hand-board_blocked = ⚠ Das Spielbrett in diesem Kanal kann nicht aktualisiert werden: Dem Bot fehlen dort Berechtigungen. Du kannst über diese Hand weiterspielen.

## Benachrichtigungen

ping-your_turn = { $mention }, du bist dran. Klicke auf **Meine Hand**.
ping-goshi = { $mention }, dein Partner hat 5 Bauern (し): Wähle unter **Meine Hand** Weiterspielen oder Neu geben.
ping-timeout_warning = { $mention }, noch { $seconds } s für deinen Zug, dann zieht eine CPU für dich.
ping-taken_over = { $mention }, die Zeit ist abgelaufen: Eine CPU hat für dich gezogen. Klicke auf **Meine Hand**, um deinen Platz zurückzubekommen.
warn-timeout = ⏰ Noch { $seconds } s für deinen Zug; dann zieht eine CPU für dich.

## Tisch geschlossen

closed-cancelled = Der Gastgeber hat diesen Tisch abgesagt.
closed-idle = Diese Lobby wurde geschlossen: Niemand hat sie in { $minutes ->
    [one] { $minutes } Minute
   *[other] { $minutes } Minuten
} gestartet.
closed-stopped = Dieser Tisch wurde beendet.
closed-abandoned = Dieser Tisch wurde geschlossen: Alle Spieler waren lange abwesend.
closed-finished = Die Partie ist vorbei.
closed-empty = Alle sind gegangen: Der Tisch wurde geschlossen.
closed-left = Der letzte Spieler ist gegangen: Der Tisch wurde geschlossen.
closed-channel_gone = Dieser Tisch wurde geschlossen: Sein Kanal wurde gelöscht.
closed-bot_removed = Dieser Tisch wurde geschlossen: Der Bot wurde von diesem Server entfernt.
closed-other = Dieser Tisch ist beendet.

## Antworten auf Befehle

new-opened = Tisch eröffnet: Die Lobby ist in diesem Kanal.
new-exists = Dieser Kanal hat schon einen Tisch: { $link }
leave-done = Du hast den Tisch verlassen; eine CPU spielt deinen Platz.
lobby-left = Du hast den Tisch verlassen.
stop-confirm = Den Tisch in diesem Kanal beenden? Die Partie endet sofort und wird als abgebrochen gespeichert.
stop-confirm_lobby = Die Lobby in diesem Kanal schließen? Es hat noch niemand angefangen zu spielen.
stop-done = Der Tisch wurde beendet.

## Fehler

err-generic = Das hat nicht geklappt. Bitte versuche es noch einmal.
err-no_table = Hier gibt es keinen Goita-Tisch. Eröffne einen mit /goita neu.
err-table_exists = Dieser Kanal hat schon einen Tisch.
err-not_seated = Du sitzt nicht an diesem Tisch.
err-already_seated = Du sitzt schon an diesem Tisch.
err-table_full = Alle vier Plätze sind besetzt.
err-not_host = Das kann nur der Gastgeber.
err-not_host_or_manager = Nur der Gastgeber oder jemand mit „Nachrichten verwalten“ kann den Tisch beenden.
err-not_in_lobby = Die Partie hat schon begonnen.
err-not_playing = An diesem Tisch läuft keine Partie.
err-need_four = Zum Starten müssen alle { $players } Plätze besetzt sein (besetzt: { $seated }).
err-bad_players = Ein Tisch hat 3 oder 4 Spieler, nicht { $players }.
err-stale = Diese Schaltfläche stammt aus einem früheren Zug. Nimm die neueste Nachricht.
err-not_your_turn = Du bist nicht dran.
err-not_finished = Die Partie ist noch nicht vorbei.
err-rematch_started = Die Revanche hat schon begonnen: Spiel auf dem neuesten Brett.
err-stop_started = Inzwischen hat die Partie begonnen: Nutze /goita beenden noch einmal, um sie zu beenden.
err-bad_level = Unbekannte CPU-Stufe oder Engine.
err-bad_target = Das Ziel muss zwischen 50 und 1000 liegen.
err-not_in_guild = Goita-Tische gibt es in den Textkanälen eines Servers.
err-bot_permissions = In diesem Kanal kann ich keinen Tisch eröffnen: Mir fehlen hier diese Berechtigungen: { $missing }. Ein Server-Admin kann sie dem Bot in den Kanaleinstellungen (Berechtigungen) erteilen, oder eröffne den Tisch in einem anderen Kanal.
perm-view_channel = „Kanal ansehen“
perm-send_messages = „Nachrichten senden“
perm-send_messages_in_threads = „Nachrichten in Threads senden“
perm-embed_links = „Links einbetten“
perm-attach_files = „Dateien anhängen“
err-seat_taken = Dieser Platz ist besetzt.
err-bad_seat = Diesen Platz gibt es nicht.
err-host_seat = Der Platz des Gastgebers kann nicht freigegeben werden.
err-unknown_button = Diese Schaltfläche gilt nicht mehr.
err-illegal = Dieser Zug ist jetzt nicht erlaubt.
err-illegal-not_your_turn = Du bist nicht dran.
err-illegal-decision_pending = Zuerst muss über die 5 Bauern (し) entschieden werden.
err-illegal-no_decision_expected = Gerade gibt es nichts zu entscheiden.
err-illegal-piece_not_in_hand = Diesen Stein hast du nicht.
err-illegal-must_lead = Du spielst aus, also kannst du nicht passen.
err-illegal-block_mismatch = Abwehren kann man nur mit demselben Stein wie der Angriff (oder dem König (王)).
err-illegal-ou_cannot_block = Der König (王) kann Lanze (香) und Bauer (し) nicht abwehren.
err-illegal-ou_attack_not_allowed = Der König (王) darf noch nicht angreifen.
err-illegal-malformed_action = Das ist kein gültiger Zug.
err-illegal-round_over = Die Runde ist vorbei.
err-illegal-match_over = Die Partie ist vorbei.
err-illegal-illegal = Dieser Zug ist jetzt nicht erlaubt.
err-internal = Entschuldigung, da ist etwas schiefgegangen. Der Fehler wurde protokolliert.

## /goita rangliste, statistik, verlauf, wiederholung

stats-lineup = { $ta } ({ $a }) gegen { $tb } ({ $b })
stats-wrong_guild = Goita-Ergebnisse werden pro Server geführt: Nutze das auf einem Server.
stats-no_match = Auf diesem Server gibt es keine gespeicherte Partie Nr. { $id }.
stats-no_export = Partie Nr. { $id } hat keine verwendbare Spielaufzeichnung.
stats-not_yours = Das ist der Verlauf von jemand anderem: Deinen siehst du mit /goita verlauf.
stats-no_stats = { $name } hat auf diesem Server noch keine gespeicherte Goita-Partie.
stats-btn-prev = ◀ Zurück
stats-btn-next = Weiter ▶
stats-btn-sort-rating = Nach Wertung
stats-btn-sort-wins = Nach Siegen
stats-btn-newer = ◀ Neuere
stats-btn-older = Ältere ▶
stats-btn-yaml = #{ $id } Kifu (YAML)
stats-btn-json = #{ $id } Aufzeichnung (JSON)
stats-btn-replay = #{ $id } Wiederholung
stats-btn-round_back = ⏮ Runde
stats-btn-round_next = Runde ⏭
stats-lb-title = Goita-Rangliste
stats-lb-sort-rating = nach Wertung
stats-lb-sort-wins = nach Siegen
stats-lb-empty = Auf diesem Server ist noch keine Partie beendet. Starte eine mit `/goita neu`.
stats-lb-line = **{ $rank }.** { $name } — **{ $rating }** · { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
} / { $matches ->
    [one] { $matches } Partie
   *[other] { $matches } Partien
}{ $extra }
stats-lb-provisional = neu
stats-lb-with_cpu = { $n } mit CPU
stats-lb-footer = Seite { $page }/{ $pages } · { $total } Spieler · Wertung = OpenSkill mu − 3σ; CPUs werden getrennt gewertet und nicht aufgeführt; abgebrochene Partien zählen nicht für die Wertung
stats-stats-title = { $name } — Goita auf diesem Server
stats-stats-rating = Wertung
stats-stats-rating_value = **{ $rating }** (Platz { $rank } von { $players }, { $rated ->
    [one] { $rated } gewertete Partie
   *[other] { $rated } gewertete Partien
})
stats-stats-matches = Partien
stats-stats-matches_value = { $wins } von { $matches } gewonnen ({ $pct })
stats-stats-with_cpu = Davon mit CPU
stats-stats-with_cpu_value = { $wins } von { $matches } gewonnen
stats-stats-rounds = Gewonnene Runden
stats-stats-rounds_value = { $rounds } ({ $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $doubled }-mal doppelt)
stats-stats-shi = Bauern-Hände (5+ し)
stats-stats-stopped = Vorzeitig beendet
stats-stats-form = Aktuelle Form (neueste zuerst)
stats-stats-footer = Gewonnene Runden = Runden, in denen dieser Spieler rausging. Abgebrochene Partien zählen ihre Runden, aber weder das Ergebnis noch die Wertung.
stats-hist-empty = Du hast auf diesem Server noch keine gespeicherte Partie.
stats-hist-title = **Deine Partien** (Seite { $page }/{ $pages }, insgesamt { $total })
stats-hist-line = **#{ $id }** { $when } · { $outcome } · { $scores }
    { "    " }{ $lineup }{ $marks }
stats-hist-won = gewonnen
stats-hist-lost = verloren
stats-hist-stopped = vorzeitig beendet
stats-hist-with_cpu = mit CPU
stats-hist-rating = Wertung { $change }
stats-dl-sent = Partie Nr. { $id } als { $fmt }:
stats-rp-head = Partie Nr. { $id } · Runde { $round }/{ $rounds } · Zug { $step }/{ $steps }
stats-rp-dealt = Neu gegeben; { $name } spielt aus.
stats-rp-lead = { $name } legt { $down } verdeckt und greift mit { $attack } an.
stats-rp-lead_up = { $name } greift mit { $attack } an.
stats-rp-block = { $name } wehrt mit { $block } ab und greift mit { $attack } an.
stats-rp-pass = { $name } passt.
stats-rp-shi = { $name } zeigt { $count ->
    [one] { $count } Bauer (し)
   *[other] { $count } Bauern (し)
}.
stats-rp-play_on = { $name } spielt weiter.
stats-rp-redeal_asked = { $name } möchte neu geben lassen.
stats-rp-redeal = Die Runde wird neu gegeben.
stats-rp-round_won = { $name } gewinnt die Runde: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}.
stats-rp-doubled = (doppelt)
stats-rp-match_won = Partie vorbei: { $scores }.
stats-rp-scores = Punkte: { $scores }
stats-rp-legend = Die Hände werden offen gezeigt; [ ] = verdeckt gespielt.
