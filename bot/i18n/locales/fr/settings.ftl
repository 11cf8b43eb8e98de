# Réglages du serveur (/goita settings) : la commande, le message des réglages, ses menus
# et formulaires, et les phrases d'un changement refusé.

cmd-settings = réglages
cmd-settings-desc = Les réglages de Goïta de ce serveur (Gérer le serveur, ou le rôle des réglages)

settings-title = Réglages de Goïta de ce serveur
settings-intro = Les nouvelles tables suivent ces réglages ; les tables déjà ouvertes gardent les leurs.
settings-saved = Enregistré. Les nouvelles tables en tiendront compte ; celles déjà ouvertes gardent leurs réglages.
settings-unchanged = Rien n'a été modifié.
settings-denied = Seuls les membres ayant la permission Gérer le serveur peuvent modifier les réglages de Goïta.
settings-denied_role = Seuls les membres ayant la permission Gérer le serveur ou le rôle { $role } peuvent modifier les réglages de Goïta.
settings-wrong_guild = Ces réglages appartiennent à un autre serveur.

settings-field-target = Score à atteindre
settings-field-double_any_seventh = Règle maison : 7ᵉ et 8ᵉ identiques, toujours doublé
settings-field-turn_seconds = Temps par tour (secondes)
settings-field-warning_seconds = Alerte avant la fin du temps (s)
settings-field-cpu_delay_seconds = Rythme de l'ordinateur (s par coup)
settings-field-round_pause_seconds = Pause entre les manches (secondes)
settings-field-channels = Salons des tables
settings-field-tables_per_user = Tables par joueur
settings-field-tables_per_server = Tables sur ce serveur
settings-field-board_pictures = Images du plateau
settings-field-hints_at_rated = Indices aux tables classées
settings-field-board_language = Langue du plateau
settings-field-manager_role_id = Rôle autorisé à modifier les réglages

settings-on = activé
settings-off = désactivé
settings-all_channels = Tous les salons
settings-server_locale = La langue du serveur
settings-no_role = Aucun (Gérer le serveur seulement)
settings-limit-max = { $max } (le maximum autorisé)
settings-limit-none = Sans limite
settings-limit-hint = De 1 à { $max } ; vide pour { $max }

settings-pick-flags = Règle maison et options du plateau
settings-pick-language = Langue du plateau
settings-pick-channels = Salons où l'on peut ouvrir une table
settings-pick-role = Rôle autorisé à modifier les réglages
settings-btn-game = Partie et temps…
settings-btn-limits = Limites de tables…
settings-btn-reset = Revenir aux valeurs par défaut
settings-form-game = Partie et temps
settings-form-limits = Limites de tables

settings-bad-whole = { $field } : saisissez un nombre entier.
settings-bad-number = { $field } : saisissez un nombre de secondes, par exemple 45 ou 1,5.
settings-bad-range = { $field } : doit être compris entre { $min } et { $max }.
settings-bad-warning = { $field } : doit être supérieur à 0 et inférieur au temps par tour ({ $turn } s).
settings-bad-limit = { $field } : doit être compris entre 1 et { $max }.
settings-bad-channels = { $field } : { $max } salons au plus.
settings-bad-language = { $field } : choisissez l'une des langues proposées.

err-channel_not_allowed = Sur ce serveur, les tables de Goïta s'ouvrent seulement dans { $channels }.

# Ce que les joueurs ont demandé à la première version : leur place au classement, la
# moyenne du serveur à côté de leurs statistiques, l'historique face à un adversaire.
cmd-history-opponent = adversaire
cmd-history-opponent-desc = Seulement les parties contre ce joueur
stats-lb-you = Votre place
stats-lb-you_value = { $rank }ᵉ · cote { $rating } · victoires : { $wins }
stats-stats-average = Moyenne du serveur
stats-stats-average_value = Cote { $rating } (vous : { $change }) · gagnées { $pct } · parties par joueur : { $matches } · joueurs : { $players }
stats-hist-against = Seulement les parties contre { $mention }.
stats-hist-none_against = Aucune partie enregistrée contre { $mention } sur ce serveur.
