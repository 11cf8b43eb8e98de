# /goita règles : un court résumé privé (description d'un embed : 4 096 caractères au plus),
# d'après le résumé de l'éditeur de la version en cartes.
# Chaque paragraphe est un terme à part : en Fluent, une ligne ne peut pas commencer par « * ».

rules-title = ごいた Goïta en bref
rules-text =
    { -rules-players }
    { -rules-pieces }
    { -rules-lead }
    { -rules-answer }
    { -rules-ou }
    { -rules-round }
    { -rules-shi }
    { -rules-match }
    { -rules-here }

-rules-players = **Joueurs.** Quatre, en deux équipes de deux ; les partenaires sont face à face. On tourne dans le sens inverse des aiguilles d'une montre.
-rules-pieces = **Pièces.** 32 : Roi (王) ×2 (50 points), Tour (飛) ×2 et Fou (角) ×2 (40), Général d'or (金) ×4 et Général d'argent (銀) ×4 (30), Cavalier (馬) ×4 et Lancier (香) ×4 (20), Pion (し) ×10 (10). Chacun en reçoit 8 et les garde secrètes.
-rules-lead = **Entame.** Le donneur pose une pièce face cachée (la défausse), puis une face visible : la pièce d'attaque.
-rules-answer = **Répondre.** Chaque joueur suivant passe, ou répond avec une pièce identique à l'attaque (le Roi (王) répond à tout sauf au Lancier (香) et au Pion (し)) et doit alors attaquer avec une autre pièce. On peut toujours passer, même avec la bonne pièce. Si les trois autres passent d'affilée, l'auteur de la dernière attaque entame à nouveau : une pièce face cachée, puis une face visible.
-rules-ou = **Le Roi (王)** ne peut attaquer que si l'autre Roi a déjà été joué face visible, si vous avez les deux, ou si c'est votre dernière pièce. Face cachée, il se joue à tout moment.
-rules-round = **Gagner la manche.** Le premier à poser ses 8 pièces gagne la manche : son équipe marque la valeur de la dernière pièce, doublée si la 7ᵉ pièce, jouée face cachée, est identique à la 8ᵉ. Le gagnant distribue la manche suivante.
-rules-shi = **Mains de pions (し).** 8 pions : 100 points. 7 pions : deux fois l'autre pièce. 6 pions : la plus forte des deux autres pièces (doublée si elles sont identiques). 5 pions : le partenaire choisit de jouer ainsi ou de redistribuer ; si les deux partenaires ont 5 pions, leur équipe gagne la partie.
-rules-match = **Partie.** La première équipe à atteindre l'objectif (150 points, sauf réglage contraire) gagne.
-rules-here = **Ici.** Cliquez sur **Ma main** sur le plateau : choisissez d'abord la réponse (ou la pièce face cachée), puis l'attaque ; « Retour » annule le premier choix.
