### Textes français de /goita learn (la première partie guidée), des conseils et des bilans.

## Commandes

cmd-learn = apprendre
cmd-learn-desc = Une première partie de Goita guidée, rien que pour vous
cmd-review = bilan
cmd-review-desc = Vos décisions dans une partie comparées au joueur ordinateur le plus fort
cmd-review-match = partie
cmd-review-match-desc = Le numéro de la partie (voir /goita historique)

## La table d'entraînement

learn-who-0 = Vous
learn-who-1 = Adversaire de droite
learn-who-2 = Partenaire
learn-who-3 = Adversaire de gauche
learn-lesson-basics = Leçon { $n } : entamer, répondre, passer, terminer
learn-lesson-shi = Leçon { $n } : les mains de pions
learn-ui-table = { $who } : { $pieces }
learn-ui-nothing = (rien n'a encore été joué)
learn-ui-hand = Vos pièces : { $pieces }
learn-ui-attack = Attaque à laquelle répondre : { $piece } de { $who }
learn-ui-then = Première pièce : { $piece }. Choisissez maintenant la pièce d'attaque.
learn-ui-refused = ✋ { $reason }
learn-ui-done = Entraînement terminé
learn-ui-resumed = Bon retour : vous reprenez là où vous vous étiez arrêté.
learn-btn-continue = Continuer
learn-btn-restart = Recommencer
learn-not-yours = Cette table d'entraînement appartient à quelqu'un d'autre : lancez la vôtre avec /goita apprendre.

## Leçon 1

learn-basics-intro = Votre partenaire est assis en face de vous ; les deux autres sont vos adversaires. Le tour passe à droite. Chacun a 8 pièces et les garde secrètes. Vous distribuez, donc vous entamez.
learn-basics-lead = Entame : posez une pièce face cachée, puis une face visible : c'est votre attaque. Choisissez { $face_down } (face cachée), puis { $attack } (l'attaque).
learn-basics-ou_block = Vous n'avez pas de { $attack }, mais le 王 Roi répond à toute attaque sauf 香 et し. Répondez avec le 王, puis attaquez avec { $attack_with }.
learn-basics-pass = Seul un Roi répond à un Roi, et les deux sont déjà sur la table. Vous ne pouvez pas répondre : appuyez sur Passer.
learn-basics-block = Répondez à { $attack } avec votre propre { $attack } (le même type), puis attaquez avec { $attack_with }.
learn-basics-finish = Il vous reste deux pièces et vous entamez. Posez un { $piece } face cachée et attaquez avec l'autre : votre dernière pièce termine la manche. Si la 7e est face cachée et du même type que la 8e, les points sont doublés : { $points } points.
learn-basics-points = Une manche se termine quand quelqu'un joue sa 8e pièce ; son équipe marque sa valeur : 王 50, 飛 et 角 40, 金 et 銀 30, 馬 et 香 20, し 10, doublée comme vous venez de le faire. Le gagnant distribue la manche suivante, et la première équipe à 150 points gagne la partie.

## Leçon 2

learn-shi-intro = Une main de 5 し ou plus se montre seulement par leur nombre. Avec 8 し, la manche s'arrête et l'équipe marque 100 ; avec 7, le double de l'autre pièce ; avec 6, la plus forte des deux autres (doublée si elles sont identiques). Si les deux partenaires ont 5 し, ils gagnent la partie aussitôt.
learn-shi-decide = { $seat } a annoncé { $count } し. Avec une seule main de 5 し, le partenaire de son détenteur (vous) décide sans la voir : jouer ainsi ou redistribuer. Regardez vos pièces et choisissez.
learn-shi-after = Les deux réponses sont justes si elles conviennent à votre main : avec une main forte on joue, avec une main faible on redistribue.

## Ce qui vient de se passer

learn-note-pass_allowed = { $seat } a passé en ayant { $piece } : passer est toujours permis.
learn-note-blocked = { $seat } a répondu à votre { $piece } avec le même type et attaque maintenant avec { $attack }.
learn-note-ou_attack = { $seat } a attaqué avec le 王 : un Roi peut attaquer une fois l'autre Roi posé face visible (le vôtre), quand on a les deux, ou en dernière pièce.
learn-note-three_passes = Trois passes de suite : { $seat } a fait la dernière attaque et entame de nouveau, face cachée puis face visible.
learn-note-partner_pass = { $seat } a passé sur l'attaque de son partenaire { $partner } : personne n'est obligé de répondre à son partenaire.
learn-note-your_lead_again = Tout le monde a passé sur votre attaque : vous entamez de nouveau.

## Les événements de la table

learn-event-you_led = Vous avez entamé avec { $face_down } face cachée et attaqué avec { $attack }.
learn-event-led = { $seat } a entamé face cachée et attaqué avec { $attack }.
learn-event-blocked = { $seat } a répondu avec { $block } et attaqué avec { $attack }.
learn-event-passed = { $seat } passe.
learn-event-lead_again = { $seat } entame de nouveau.
learn-event-won = { $seat } termine avec { $piece } : { $points } points.
learn-event-won_doubled = { $seat } termine avec { $piece }, doublé : { $points } points.
learn-event-shi = { $seat } a { $count } し.
learn-event-play_on = { $seat } a choisi de jouer ainsi.
learn-event-redeal = { $seat } a choisi de redistribuer.

## Coups refusés

learn-refuse-off_script = Ce coup est permis, mais cette leçon en demande un autre (en vraie partie, vous choisissez).
learn-refuse-read_first = Lisez d'abord, puis appuyez sur Continuer.
learn-refuse-move_first = Jouez d'abord le coup.
learn-refuse-finished = L'entraînement est terminé : appuyez sur Recommencer pour le refaire.
learn-refuse-round_over = La manche est terminée.
learn-refuse-match_over = La partie est terminée.
learn-refuse-not_your_turn = Ce n'est pas votre tour.
learn-refuse-decision_pending = Choisissez d'abord Jouer ainsi ou Redistribuer.
learn-refuse-no_decision_expected = Il n'y a rien à décider maintenant.
learn-refuse-piece_not_in_hand = Vous n'avez pas cette pièce.
learn-refuse-must_lead = C'est à vous d'entamer, vous ne pouvez donc pas passer : une pièce face cachée, puis votre attaque.
learn-refuse-block_mismatch = Répondez avec le même type que l'attaque ({ $attack }) ou avec le 王 Roi.
learn-refuse-ou_cannot_block = Le 王 Roi ne peut pas répondre à { $attack } : il répond à tout sauf 香 et し.
learn-refuse-ou_attack_not_allowed = Le 王 Roi ne peut attaquer qu'une fois l'autre Roi posé face visible, quand vous avez les deux, ou en dernière pièce.
learn-refuse-malformed_action = Ce n'est pas un coup.

## La fin

learn-summary = Vous avez joué toutes les règles du Goita : entamer avec une pièce face cachée et attaquer ; répondre avec le même type (ou le 王 Roi, sauf contre 香 et し) et attaquer de nouveau, ou passer ; après trois passes, l'attaquant entame de nouveau ; terminer rapporte la dernière pièce, doublée après une pièce face cachée du même type ; et 5 し ou plus changent la donne. { $mistakes ->
    [0] Vous n'avez fait aucun coup erroné.
    [one] { $mistakes } coup a été corrigé en chemin.
   *[other] { $mistakes } coups ont été corrigés en chemin.
} Ouvrez une vraie table avec /goita nouvelle et demandez un Conseil en cas de doute.

## Conseils

learn-btn-hint = Conseil
learn-hint-text = 💡 { $move } : { $reason }
learn-hint-thinking = 💡 Réflexion sur votre coup…
learn-hint-not_your_turn = Les conseils ne sont donnés qu'à votre tour.
learn-hint-busy = Votre conseil précédent est encore en cours de calcul.
learn-hint-unrated = Des conseils ont été utilisés dans cette partie : elle ne compte pas pour le classement.
learn-move-pass = Passer
learn-move-lead = { $first } face cachée, attaque { $second }
learn-move-block = Répondre avec { $first }, attaque { $second }
learn-move-play_on = Jouer ainsi
learn-move-redeal = Redistribuer
learn-reason-play_on = votre main est assez forte pour jouer à côté des し de { $seat }.
learn-reason-redeal = votre main est trop faible : mieux vaut une nouvelle donne.
learn-reason-pass_forced = rien dans votre main ne répond à { $attack }.
learn-reason-pass_partner = le { $attack } de votre partenaire tient ; laissez-le garder la main.
learn-reason-pass_keep = gardez vos pièces : répondre à { $attack } maintenant coûterait plus que cela ne rapporte.
learn-reason-finish = terminez avec { $piece } : { $points } points.
learn-reason-finish_doubled = terminez en doublant avec { $piece } : { $points } points.
learn-reason-block_ou = répondez : vous n'avez pas de { $attack }, prenez donc le 王 Roi, puis attaquez avec { $attack_with }.
learn-reason-block_partner = prenez le relais du { $attack } de votre partenaire et attaquez avec { $attack_with }.
learn-reason-block = répondez : sinon le { $attack } de l'adversaire tient ; puis attaquez avec { $attack_with }.
learn-reason-lead_single = posez face cachée votre { $face_down } isolé : gardez la paire de { $pair } pour la fin.
learn-reason-lead_attack = attaquez avec { $attack } : seules { $blockers } pièces que vous ne voyez pas peuvent y répondre.

## Bilans

learn-btn-review = Revoir mes coups
learn-btn-previous = Précédent
learn-btn-next = Suivant
learn-review-progress = Analyse du coup { $done } sur { $total }…
learn-review-queued = { $ahead ->
    [one] En attente : { $ahead } analyse passe avant la vôtre…
   *[other] En attente : { $ahead } analyses passent avant la vôtre…
}
learn-review-starting = Préparation du bilan…
learn-review-busy = Votre bilan précédent est encore en cours : attendez qu'il se termine.
learn-review-queue_full = Beaucoup de bilans sont en cours : réessayez dans quelques minutes.
learn-review-not_found = Il n'y a pas de partie #{ $id } sur ce serveur.
learn-review-not_player = Vous n'avez pas joué la partie #{ $id }.
learn-review-bad_record = La partie #{ $id } ne peut pas être analysée : son enregistrement ne se rejoue pas.
learn-review-none = Vous n'aviez aucune décision à prendre dans la partie #{ $id } (tous les coups étaient forcés).
learn-review-title = Bilan de la partie #{ $id } · décision { $n } sur { $total }
learn-review-where = Manche { $round }, coup { $step }
learn-review-played = Vous avez joué : { $move } (espérance { $points } points)
learn-review-best = Meilleur coup trouvé : { $move } (espérance { $points } points)
learn-review-agrees = Le joueur ordinateur le plus fort aurait joué la même chose (espérance { $points } points).
learn-review-loss = Environ { $points } points perdus.
learn-review-total = Au total : { $count ->
    [one] { $count } décision
   *[other] { $count } décisions
}, environ { $points } points perdus. Les plus grosses erreurs d'abord.
