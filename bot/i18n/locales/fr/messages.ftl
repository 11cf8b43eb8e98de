### Textes français du bot de Goïta. Le joueur est vouvoyé.
### Les pièces portent les noms du résumé de l'éditeur, toujours avec leur kanji :
### Roi (王), Tour (飛), Fou (角), Général d'or (金), Général d'argent (銀),
### Cavalier (馬), Lancier (香), Pion (し).
### Espace insécable (U+00A0) avant « : ; ! ? » et à l'intérieur des guillemets.


## Pièces, équipes, niveaux des CPU

piece-0 = Pion
piece-1 = Lancier
piece-2 = Cavalier
piece-3 = Général d'argent
piece-4 = Général d'or
piece-5 = Fou
piece-6 = Tour
piece-7 = Roi
piece-label = { $name } ({ $kanji })
team-0 = Équipe A
team-1 = Équipe B
level-easy = facile
level-normal = normal
level-hard = difficile
cpu-name = CPU { $n } ({ $level })
engine-name = ⚙ { $name }
seat-away = absent
seat-dealer = donneur

## Boutons (80 caractères au plus)

btn-join = Rejoindre
btn-leave = Quitter
btn-cpu-easy = + CPU facile
btn-cpu-normal = + CPU normal
btn-cpu-hard = + CPU difficile
btn-start = Commencer
btn-cancel = Annuler
btn-shuffle = Mélanger les places
btn-hand = Ma main
btn-pass = Passer
btn-back = Retour
btn-play_on = Jouer ainsi
btn-redeal = Redistribuer
btn-rematch = Revanche
btn-stop_confirm = Oui, arrêter la table

## Salle d'attente

lobby-title = ごいた Goïta · nouvelle table
lobby-host = Hôte : { $host }
lobby-target = Objectif : { $target ->
    [one] { $target } point
   *[other] { $target } points
}
lobby-house-double_any_seventh = Règle maison : 7ᵉ et 8ᵉ pièces identiques comptent toujours double
lobby-teams = Les partenaires sont face à face : places 1 et 3 pour l'{ $team_a }, places 2 et 4 pour l'{ $team_b }.
hand-deadline = Temps limite : { $when }
board-deadline = { " " }· ⏱ { $when }
lobby-swap = Hôte : échanger deux places
lobby-swap_option = Échanger les places { $a } ↔ { $b }
lobby-remove = Hôte : libérer une place
lobby-remove_option = Libérer la place { $n } : { $name }
lobby-engine = + Moteur : en choisir un à asseoir
lobby-empty = (place libre)
lobby-footer = Rejoignez la table ou ajoutez des CPU ; l'hôte lance la partie quand les 4 places sont prises. Fermeture après { $minutes } min sans lancement.

## Plateau

board-title = ごいた Goïta · manche { $round }
board-scores = { $team_a } **{ $a }** · { $team_b } **{ $b }** · en { $target }
board-seat = { $turn }{ $name } · { $team } · { $left ->
    [one] { $left } pièce
   *[other] { $left } pièces
}{ $tags }
board-nothing_played = rien joué pour l'instant
board-defence = Déf
board-attack = Att
board-attack_to_answer = Attaque à laquelle répondre : { $piece } de { $name }
board-turn = Au tour de { $name }
board-turn_lead = Au tour de { $name } (entame)
board-goshi_wait = En attente de { $name } : jouer ainsi ou redistribuer
board-last_moves = Derniers coups
board-footer = « Ma main » montre vos pièces (à vous seul) ; rouvrez-la si elle ne se met plus à jour. { $seconds } s par coup.

## Journal des coups : les lignes que raconte la table

log-start = La partie { $match_no } commence : { $dealer_name } distribue en premier
log-deal = Manche { $round } : { $dealer_name } distribue
log-shi = { $name } annonce { $count ->
    [one] { $count } pion (し)
   *[other] { $count } pions (し)
}
log-goshi_wait = { $holder_name } a 5 pions (し) : { $name } choisit de jouer ainsi ou de redistribuer
log-goshi_decided-play_on = { $name } choisit de jouer ainsi
log-goshi_decided-redeal = { $name } choisit de redistribuer
log-redeal = On redistribue : le même donneur distribue à nouveau
log-led = { $name } entame avec une pièce face cachée et attaque : { $attack }
log-blocked = { $name } répond avec { $block } et attaque : { $attack }
log-passed = { $name } passe
log-lead_again = Trois joueurs ont passé : { $name } entame à nouveau
log-round_won = { $name } ({ $team }) termine avec { $last } : +{ $points }
log-round_won-special = { $name } ({ $team }) : { $special } +{ $points }
log-match_won = L'{ $team } gagne la partie
log-join = { $name } s'installe
log-leave = { $name } s'en va
log-cpu_added = { $name } s'installe
log-seat_removed = L'hôte a retiré { $name } de la table
log-shuffled = Places mélangées
log-moved = Places { $from_n } et { $to_n } échangées
log-cpu_took_seat = { $name } a quitté la table : un CPU joue à sa place
log-timeout = Temps écoulé pour { $name } : un CPU a joué à sa place
log-back = { $name } est de retour

## Fin de manche et de partie

round-title = ごいた Goïta · fin de la manche { $round }
round-finish = { $name } ({ $team }) termine avec { $piece } : **+{ $points }**
round-doubled = { " " }(double : 7ᵉ et 8ᵉ identiques)
round-hasshi = { $name } ({ $team }) a 8 pions (し) : **+{ $points }**
round-nanashi = { $name } ({ $team }) a 7 pions (し) : **+{ $points }**
round-rokushi = { $name } ({ $team }) a 6 pions (し) : **+{ $points }**
round-goshi_pair = { $name } et son partenaire ont chacun 5 pions (し) : l'{ $team } gagne la partie
round-redeal = Le même donneur redistribue la manche.
round-revealed = Les pièces face cachée sont maintenant dévoilées.
round-next = La manche suivante commence dans un instant.
match-title = ごいた Goïta · fin de la partie
match-winner = 🏆 L'**{ $team }** gagne : { $team_a } { $a } · { $team_b } { $b }
match-players =
    { $team_a } : { $a1 } et { $a2 }
    { $team_b } : { $b1 } et { $b2 }
match-stopped = La partie a été arrêtée avant la fin : { $team_a } { $a } · { $team_b } { $b }
match-rounds = Manches
match-round_line = { $n }. { $team } +{ $points } · { $name } { $piece }
match-doubled = { " " }(double)
match-round_redeal = { $n }. redistribuée
match-round_special = { $n }. { $team } +{ $points } · { $name } ({ $special })
match-more_rounds = … { $count ->
    [one] { $count } manche précédente
   *[other] { $count } manches précédentes
}
match-footer = « Revanche » réinstalle les mêmes joueurs.
special-hasshi = 8 pions (し)
special-nanashi = 7 pions (し)
special-rokushi = 6 pions (し)
special-goshi--pair = 5 pions (し) chez les deux partenaires

## La main d'un joueur (visible par lui seul)

hand-title = Votre main · { $team }
hand-pieces = { $pieces } ({ $count ->
    [one] { $count } pièce
   *[other] { $count } pièces
})
hand-empty = (aucune pièce)
hand-lead = **À vous : vous entamez.** Choisissez la pièce à poser face cachée.
hand-answer = **À vous :** répondez à { $piece } de { $name }, ou passez.
hand-choose_attack = Choisissez maintenant votre attaque. { $first_label } : { $first }.
hand-first_label-block = Réponse
hand-first_label-face_down = Face cachée
hand-waiting = Ce n'est pas encore à vous : suivez la partie sur le plateau. Ce message se met à jour tout seul.
hand-ou_locked = Le Roi (王) ne peut pas encore attaquer (grisé).
hand-goshi_prompt = **Votre partenaire { $name } a 5 pions (し).** Jouer ainsi avec ces mains, ou redistribuer ?
hand-goshi_wait = En attente de { $name } : jouer ainsi ou redistribuer.
hand-lobby = La partie n'a pas encore commencé.
hand-round_over = La manche est terminée ; la suivante commence dans un instant.
hand-match_over = La partie est terminée.
hand-closed = Cette table est fermée.
hand-expired = Ce message ne se met plus à jour : cliquez de nouveau sur **Ma main** sur le plateau.
hand-away = Un CPU joue pour vous pendant votre absence. Cliquez sur **Ma main** sur le plateau pour reprendre votre place.
hand-back = Bon retour : votre place vous est rendue.
hand-board_blocked = ⚠ Le plateau de ce salon ne peut pas être mis à jour : le bot n'y a pas les permissions nécessaires. Vous pouvez continuer à jouer depuis cette main.

## Notifications

ping-your_turn = { $mention }, c'est à vous. Cliquez sur **Ma main**.
ping-goshi = { $mention }, votre partenaire a 5 pions (し) : choisissez dans **Ma main** de jouer ainsi ou de redistribuer.
ping-timeout_warning = { $mention }, il vous reste { $seconds } s pour jouer ; ensuite un CPU jouera pour vous.
ping-taken_over = { $mention }, temps écoulé : un CPU a joué pour vous. Cliquez sur **Ma main** pour reprendre votre place.
warn-timeout = ⏰ Il vous reste { $seconds } s pour jouer ; ensuite un CPU jouera pour vous.

## Table fermée

closed-cancelled = L'hôte a annulé cette table.
closed-idle = Cette salle d'attente est fermée : personne n'a lancé la partie en { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
closed-stopped = Cette table a été arrêtée.
closed-abandoned = Cette table est fermée : tous les joueurs étaient absents depuis longtemps.
closed-finished = La partie est terminée.
closed-empty = Tout le monde est parti : la table est fermée.
closed-left = Le dernier joueur est parti : la table est fermée.
closed-channel_gone = Cette table est fermée : son salon a été supprimé.
closed-bot_removed = Cette table est fermée : le bot a été retiré de ce serveur.
closed-other = Cette table est fermée.

## Réponses aux commandes

new-opened = Table ouverte : la salle d'attente est dans ce salon.
new-exists = Ce salon a déjà une table : { $link }
leave-done = Vous avez quitté la table ; un CPU joue à votre place.
lobby-left = Vous avez quitté la table.
stop-confirm = Arrêter la table de ce salon ? La partie s'arrête maintenant et sera enregistrée comme interrompue.
stop-confirm_lobby = Fermer la table en attente dans ce salon ? Personne n'a encore commencé à jouer.
stop-done = La table a été arrêtée.

## Erreurs

err-generic = Cela n'a pas fonctionné. Veuillez réessayer.
err-no_table = Il n'y a pas de table de Goïta ici. Ouvrez-en une avec /goita nouvelle.
err-table_exists = Ce salon a déjà une table.
err-not_seated = Vous n'avez pas de place à cette table.
err-already_seated = Vous avez déjà une place à cette table.
err-table_full = Les quatre places sont prises.
err-not_host = Seul l'hôte peut faire cela.
err-not_host_or_manager = Seul l'hôte ou quelqu'un ayant la permission Gérer les messages peut arrêter la table.
err-not_in_lobby = La partie a déjà commencé.
err-not_playing = Aucune partie n'est en cours à cette table.
err-need_four = Les { $players } places doivent être prises pour commencer (prises : { $seated }).
err-bad_players = Une table se joue à 3 ou 4 joueurs, pas { $players }.
err-stale = Ce bouton date d'un tour précédent. Utilisez le message le plus récent.
err-not_your_turn = Ce n'est pas à vous de jouer.
err-not_finished = La partie n'est pas encore terminée.
err-rematch_started = La revanche a déjà commencé : jouez sur le plateau le plus récent.
err-stop_started = La partie a commencé entre-temps : relancez /goita arrêter pour l'arrêter.
err-bad_level = Niveau de CPU ou moteur inconnu.
err-bad_target = L'objectif doit être compris entre 50 et 1000.
err-not_in_guild = Les tables de Goïta se trouvent dans les salons textuels d'un serveur.
err-bot_permissions = Je ne peux pas ouvrir de table dans ce salon : il me manque ici ces permissions : { $missing }. Un administrateur du serveur peut les accorder au bot dans les paramètres du salon (Permissions), ou vous pouvez ouvrir la table dans un autre salon.
perm-view_channel = Voir le salon
perm-send_messages = Envoyer des messages
perm-send_messages_in_threads = Envoyer des messages dans les fils
perm-embed_links = Intégrer des liens
perm-attach_files = Joindre des fichiers
err-seat_taken = Cette place est prise.
err-bad_seat = Cette place n'existe pas.
err-host_seat = La place de l'hôte ne peut pas être libérée.
err-unknown_button = Ce bouton n'est plus valide.
err-illegal = Ce coup n'est pas permis maintenant.
err-illegal-not_your_turn = Ce n'est pas à vous de jouer.
err-illegal-decision_pending = Il faut d'abord attendre la décision sur les 5 pions (し).
err-illegal-no_decision_expected = Il n'y a rien à décider maintenant.
err-illegal-piece_not_in_hand = Vous n'avez pas cette pièce.
err-illegal-must_lead = C'est à vous d'entamer : vous ne pouvez pas passer.
err-illegal-block_mismatch = On répond avec une pièce identique à l'attaque (ou avec le Roi (王)).
err-illegal-ou_cannot_block = Le Roi (王) ne peut pas répondre au Lancier (香) ni au Pion (し).
err-illegal-ou_attack_not_allowed = Le Roi (王) ne peut pas encore attaquer.
err-illegal-malformed_action = Ce coup n'est pas valide.
err-illegal-round_over = La manche est terminée.
err-illegal-match_over = La partie est terminée.
err-illegal-illegal = Ce coup n'est pas permis maintenant.
err-internal = Désolé, une erreur s'est produite. Elle a été enregistrée.

## /goita classement, statistiques, historique, revoir

stats-lineup = { $ta } ({ $a }) contre { $tb } ({ $b })
stats-wrong_guild = Les résultats de Goïta sont tenus par serveur : utilisez cette commande sur un serveur.
stats-no_match = Aucune partie n° { $id } n'est enregistrée sur ce serveur.
stats-no_export = La partie n° { $id } n'a pas d'enregistrement de jeu utilisable.
stats-not_yours = C'est l'historique de quelqu'un d'autre : utilisez /goita historique pour le vôtre.
stats-no_stats = { $name } n'a encore aucune partie de Goïta enregistrée sur ce serveur.
stats-btn-prev = ◀ Précédent
stats-btn-next = Suivant ▶
stats-btn-sort-rating = Trier par cote
stats-btn-sort-wins = Trier par victoires
stats-btn-newer = ◀ Plus récentes
stats-btn-older = Plus anciennes ▶
stats-btn-yaml = #{ $id } kifu (YAML)
stats-btn-json = #{ $id } enregistrement (JSON)
stats-btn-replay = #{ $id } revoir
stats-btn-round_back = ⏮ Manche
stats-btn-round_next = Manche ⏭
stats-lb-title = Classement de Goïta
stats-lb-sort-rating = par cote
stats-lb-sort-wins = par victoires
stats-lb-empty = Aucune partie terminée sur ce serveur pour l'instant. Lancez-en une avec `/goita nouvelle`.
stats-lb-line = **{ $rank }.** { $name } — **{ $rating }** · { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
} / { $matches ->
    [one] { $matches } partie
   *[other] { $matches } parties
}{ $extra }
stats-lb-provisional = nouveau
stats-lb-with_cpu = { $n } avec CPU
stats-lb-footer = Page { $page }/{ $pages } · { $total ->
    [one] { $total } joueur
   *[other] { $total } joueurs
} · cote = mu − 3σ d'OpenSkill ; les CPU sont cotés à part et non listés ; les parties interrompues ne comptent pas pour la cote
stats-stats-title = { $name } — Goïta sur ce serveur
stats-stats-rating = Cote
stats-stats-rating_value = **{ $rating }** ({ $rank }ᵉ sur { $players }, { $rated ->
    [one] { $rated } partie cotée
   *[other] { $rated } parties cotées
})
stats-stats-matches = Parties
stats-stats-matches_value = { $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
} sur { $matches } ({ $pct })
stats-stats-with_cpu = Dont avec CPU
stats-stats-with_cpu_value = { $wins ->
    [one] { $wins } gagnée
   *[other] { $wins } gagnées
} sur { $matches }
stats-stats-rounds = Manches gagnées
stats-stats-rounds_value = { $rounds } ({ $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $doubled ->
    [one] { $doubled } doublée
   *[other] { $doubled } doublées
})
stats-stats-shi = Mains de pions (5+ し)
stats-stats-stopped = Interrompues
stats-stats-form = Forme récente (la plus récente d'abord)
stats-stats-footer = Manches gagnées = manches où ce joueur a terminé. Les parties interrompues comptent leurs manches, mais ni le résultat ni la cote.
stats-hist-empty = Vous n'avez encore aucune partie enregistrée sur ce serveur.
stats-hist-title = **Vos parties** (page { $page }/{ $pages }, { $total } au total)
stats-hist-line = **#{ $id }** { $when } · { $outcome } · { $scores }
    { "    " }{ $lineup }{ $marks }
stats-hist-won = gagnée
stats-hist-lost = perdue
stats-hist-stopped = interrompue
stats-hist-with_cpu = avec CPU
stats-hist-rating = cote { $change }
stats-dl-sent = Partie n° { $id } en { $fmt } :
stats-rp-head = Partie n° { $id } · manche { $round }/{ $rounds } · coup { $step }/{ $steps }
stats-rp-dealt = Nouvelle donne ; { $name } entame.
stats-rp-lead = { $name } pose { $down } face cachée et attaque : { $attack }.
stats-rp-lead_up = { $name } attaque : { $attack }.
stats-rp-block = { $name } répond avec { $block } et attaque : { $attack }.
stats-rp-pass = { $name } passe.
stats-rp-shi = { $name } montre { $count ->
    [one] { $count } pion (し)
   *[other] { $count } pions (し)
}.
stats-rp-play_on = { $name } joue ainsi.
stats-rp-redeal_asked = { $name } demande à redistribuer.
stats-rp-redeal = La manche est redistribuée.
stats-rp-round_won = { $name } gagne la manche : { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
stats-rp-doubled = (double)
stats-rp-match_won = Fin de la partie : { $scores }.
stats-rp-scores = Scores : { $scores }
stats-rp-legend = Les mains sont montrées face visible ; [ ] = joué face cachée.
