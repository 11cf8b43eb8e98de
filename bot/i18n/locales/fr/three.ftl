# La variante à trois : trois places, pas d'équipes, chacun marque pour soi.

cmd-new-players = joueurs
cmd-new-players-desc = 4 joueurs en deux équipes (par défaut) ou 3 joueurs, chacun pour soi
cmd-new-players-4 = 4 joueurs
cmd-new-players-3 = 3 joueurs

three-lobby-solo = Trois joueurs, pas d'équipes : chacun marque pour soi.
three-board-scores = { $scores } · en { $target }
three-board-seat = { $turn }{ $name } · { $left ->
    [one] { $left } pièce
   *[other] { $left } pièces
}{ $tags }
three-round-finish = { $name } termine avec { $piece } : **+{ $points }**
three-log-round_won = { $name } termine avec { $last } : +{ $points }
three-log-lead_again = Deux joueurs ont passé : { $name } entame à nouveau
three-match-winner = 🏆 **{ $name }** gagne : { $scores }
three-match-stopped = La partie a été arrêtée avant la fin : { $scores }
three-match-round_line = { $n }. { $name } +{ $points } · { $piece }
three-hand-title = Votre main
three-lobby-footer = Rejoignez la table ou ajoutez des CPU ; l'hôte lance la partie quand les 3 places sont prises. Fermeture après { $minutes } min sans lancement.
three-err-table_full = Les trois places sont prises.
