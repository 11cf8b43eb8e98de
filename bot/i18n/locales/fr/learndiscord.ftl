### Textes français de la partie Discord de l'apprentissage : pied de la table
### d'entraînement et anciens boutons, conseils désactivés, mentions de l'historique et
### bouton de bilan.

learn-ui-step = Leçon { $n } sur { $total } · vous pouvez partir à tout moment et reprendre avec /goita apprendre
learn-ui-stale = Ce bouton date d'une étape précédente : voici où vous en êtes.
learn-hint-off = Les conseils sont désactivés aux tables classées de ce serveur.
learn-hist-hinted = avec conseils, non classée
learn-btn-review_match = #{ $id } bilan
learn-review-gone = Le bilan de la partie #{ $id } n'est plus enregistré : relancez /goita bilan { $id }.
learn-unavailable = L'apprentissage n'est pas disponible sur ce bot pour le moment.
learn-review-not_recorded = Vous n'avez pas de partie enregistrée ici : seuls ses joueurs peuvent revoir une partie, une fois enregistrée.
