# Commandes : noms (minuscules, 1 à 32 lettres, chiffres, « - » ou « _ », sans espace),
# descriptions (100 caractères au plus), options et valeurs au choix.

cmd-goita = goita
cmd-goita-desc = Jouez au Goïta, le jeu par équipes de deux venu de Noto
cmd-about = à-propos
cmd-about-desc = Ce qu'est ce bot et quelle version tourne
cmd-new = nouvelle
cmd-new-desc = Ouvre une table de Goïta dans ce salon
cmd-new-target = objectif
cmd-new-target-desc = Points qu'une équipe doit atteindre pour gagner (50 à 1000, réglage du serveur par défaut)
cmd-new-double_any_seventh = double_7_et_8
cmd-new-double_any_seventh-desc = Règle maison : 7ᵉ et 8ᵉ pièces identiques comptent toujours double
cmd-hand = main
cmd-hand-desc = Montre votre main à la table de ce salon (à vous seul)
cmd-leave = quitter
cmd-leave-desc = Quitte la table de ce salon (un CPU prend votre place)
cmd-stop = arrêter
cmd-stop-desc = Arrête la table de ce salon (hôte ou Gérer les messages)
cmd-rules = règles
cmd-rules-desc = Les règles du Goïta, en bref et rien que pour vous
cmd-leaderboard = classement
cmd-leaderboard-desc = Les meilleurs joueurs de Goïta de ce serveur
cmd-leaderboard-sort = tri
cmd-leaderboard-sort-desc = Par cote (par défaut) ou par parties gagnées
cmd-leaderboard-sort-rating = cote
cmd-leaderboard-sort-wins = victoires
cmd-stats = statistiques
cmd-stats-desc = Les chiffres de Goïta d'un joueur sur ce serveur
cmd-stats-user = utilisateur
cmd-stats-user-desc = Les chiffres de qui (par défaut : les vôtres)
cmd-history = historique
cmd-history-desc = Vos dernières parties de Goïta sur ce serveur
cmd-replay = revoir
cmd-replay-desc = Rejoue une partie terminée coup par coup
cmd-replay-match = partie
cmd-replay-match-desc = Le numéro de la partie (voir /goita historique)
