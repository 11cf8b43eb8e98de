# Befehle: Namen (Kleinbuchstaben, 1–32 Buchstaben, Ziffern, „-“ oder „_“, keine
# Leerzeichen), Beschreibungen (höchstens 100 Zeichen), Optionen und Auswahlwerte.

cmd-goita = goita
cmd-goita-desc = Spiele Goita, das Partnerspiel für vier aus Noto
cmd-about = info
cmd-about-desc = Was dieser Bot ist und welche Version läuft
cmd-new = neu
cmd-new-desc = Eröffne einen Goita-Tisch in diesem Kanal
cmd-new-target = ziel
cmd-new-target-desc = Punkte, die ein Team zum Sieg braucht (50–1000, Standard: Servereinstellung)
cmd-new-double_any_seventh = doppelt_7_und_8
cmd-new-double_any_seventh-desc = Hausregel: Sind der 7. und 8. Stein gleich, zählt es immer doppelt
cmd-hand = hand
cmd-hand-desc = Zeigt deine Hand am Tisch dieses Kanals (nur dir)
cmd-leave = verlassen
cmd-leave-desc = Verlasse den Tisch dieses Kanals (eine CPU übernimmt deinen Platz)
cmd-stop = beenden
cmd-stop-desc = Beendet den Tisch dieses Kanals (Gastgeber oder „Nachrichten verwalten“)
cmd-rules = regeln
cmd-rules-desc = Die Goita-Regeln, kurz und nur für dich
cmd-leaderboard = rangliste
cmd-leaderboard-desc = Die besten Goita-Spieler dieses Servers
cmd-leaderboard-sort = sortierung
cmd-leaderboard-sort-desc = Nach Wertung (Standard) oder nach gewonnenen Partien
cmd-leaderboard-sort-rating = Wertung
cmd-leaderboard-sort-wins = Siege
cmd-stats = statistik
cmd-stats-desc = Die Goita-Zahlen eines Spielers auf diesem Server
cmd-stats-user = nutzer
cmd-stats-user-desc = Wessen Zahlen (Standard: deine)
cmd-history = verlauf
cmd-history-desc = Deine letzten Goita-Partien auf diesem Server
cmd-replay = wiederholung
cmd-replay-desc = Spielt eine beendete Partie Zug für Zug nach
cmd-replay-match = partie
cmd-replay-match-desc = Die Nummer der Partie (siehe /goita verlauf)
