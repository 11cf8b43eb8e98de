### Deutsche Texte zu den Schutzmaßnahmen des Bots: Klicks von anderswo, Grenzen, pausierter Tisch.

err-wrong_table = Diese Schaltfläche gehört zu einem Tisch in einem anderen Kanal.
err-not_from_hand = Nimm die Schaltflächen deiner eigenen Hand: Klick auf dem Spielbrett auf Meine Hand.
err-too_many_tables_user = Du hast schon so viele offene Tische, wie ein Spieler haben darf (Grenze: { $limit }). Beende, verlasse oder stoppe zuerst einen.
err-too_many_tables_server = Dieser Server hat schon so viele offene Tische, wie erlaubt sind (Grenze: { $limit }). Versuch es wieder, wenn einer geschlossen ist.
err-cooldown = Du eröffnest Tische zu schnell. Versuch es in { $seconds } s noch einmal.
err-too_many_engines_table = An diesem Tisch sitzen schon so viele Engines, wie erlaubt sind (Grenze: { $limit }). Nimm stattdessen eine CPU.
err-too_many_engines_total = Der Bot betreibt schon so viele Engines, wie er kann (Grenze: { $limit }). Nimm eine CPU oder versuch es später.
log-paused = Der Bot kann gerade nicht speichern: Das Spiel ist pausiert und geht von selbst weiter. Nichts geht verloren.
log-resumed = Speichern klappt wieder: Das Spiel geht weiter.
err-storage_paused = Der Bot kann gerade nicht speichern, deshalb ist das Spiel an diesem Tisch pausiert. Es geht von selbst weiter, nichts geht verloren. Versuch es in einer Minute noch einmal.
err-storage_unavailable = Der Bot kann gerade nicht speichern, deshalb lässt sich kein Tisch eröffnen. Versuch es in einer Minute noch einmal.
