### Deutsche Texte der Lernfunktionen in Discord: Fußzeile des Übungstischs und alte Knöpfe,
### abgeschaltete Tipps, Vermerke im Verlauf und der Rückblick-Knopf.

learn-ui-step = Lektion { $n } von { $total } · du kannst jederzeit aufhören und mit /goita lernen weitermachen
learn-ui-stale = Dieser Knopf stammt aus einem früheren Schritt: Hier ist der aktuelle Stand.
learn-hint-off = Tipps sind an den gewerteten Tischen dieses Servers abgeschaltet.
learn-hist-hinted = mit Tipps, nicht gewertet
learn-btn-review_match = #{ $id } Rückblick
learn-review-gone = Der Rückblick auf Spiel #{ $id } ist nicht mehr gespeichert: Starte /goita rückblick { $id } erneut.
learn-unavailable = Die Lernfunktionen sind bei diesem Bot gerade nicht verfügbar.
learn-review-not_recorded = Hier ist kein gespeichertes Spiel von dir: Nur seine Spieler können ein Spiel ansehen, sobald es gespeichert ist.
