### Textes français des défenses du bot : clics venus d'ailleurs, limites, table en pause.

err-wrong_table = Ce bouton appartient à une table d'un autre salon.
err-not_from_hand = Utilisez les boutons de votre propre main : cliquez sur Ma main sur le plateau.
err-too_many_tables_user = Vous avez déjà le maximum de tables ouvertes par joueur (limite : { $limit }). Terminez, quittez ou arrêtez-en une d'abord.
err-too_many_tables_server = Ce serveur a déjà le maximum de tables ouvertes (limite : { $limit }). Réessayez quand l'une d'elles sera fermée.
err-cooldown = Vous ouvrez des tables trop vite. Réessayez dans { $seconds } s.
err-too_many_engines_table = Cette table a déjà le maximum de moteurs (limite : { $limit }). Ajoutez plutôt un CPU.
err-too_many_engines_total = Le bot fait déjà tourner autant de moteurs qu'il peut (limite : { $limit }). Ajoutez un CPU ou réessayez plus tard.
log-paused = Le bot ne peut pas enregistrer pour l'instant : la partie est en pause et reprendra toute seule. Rien n'est perdu.
log-resumed = L'enregistrement fonctionne de nouveau : la partie reprend.
err-storage_paused = Le bot ne peut pas enregistrer pour l'instant : la partie de cette table est en pause. Elle reprendra toute seule et rien n'est perdu. Réessayez dans une minute.
err-storage_unavailable = Le bot ne peut pas enregistrer pour l'instant : impossible d'ouvrir une table. Réessayez dans une minute.
