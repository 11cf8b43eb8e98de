# /goita regeln: eine kurze private Zusammenfassung (Beschreibung eines Embeds: höchstens
# 4.096 Zeichen), nach den Goita-Regeln des Vereins für japanische Spielekultur.
# Jeder Absatz ist ein eigener Term: In Fluent darf eine Zeile nicht mit „*“ beginnen.

rules-title = ごいた Goita in Kürze
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

-rules-players = **Spieler.** Vier, in zwei Teams; Partner sitzen sich gegenüber. Gespielt wird gegen den Uhrzeigersinn: Nach dir ist der Spieler rechts von dir am Zug.
-rules-pieces = **Steine.** 32: König (王) ×2 (50 Punkte), Turm (飛) ×2 und Läufer (角) ×2 (40), Goldgeneral (金) ×4 und Silbergeneral (銀) ×4 (30), Springer (馬) ×4 und Lanze (香) ×4 (20), Bauer (し) ×10 (10). Jeder bekommt 8 und zeigt sie niemandem.
-rules-lead = **Ausspielen.** Der Geber (Oya) legt einen Stein verdeckt in seine Verteidigungsreihe, dann einen offen darunter: den Angriff.
-rules-answer = **Abwehren.** Wer am Zug ist, passt oder wehrt den Angriff mit demselben Stein ab (der König (王) wehrt alles ab außer Lanze (香) und Bauer (し)) und muss dann mit einem weiteren Stein angreifen. Passen darf man immer, auch mit passendem Stein. Passen die drei anderen nacheinander, spielt der letzte Angreifer wieder aus: ein Stein verdeckt, einer offen.
-rules-ou = **Der König (王)** darf nur angreifen, wenn der andere König schon offen gespielt wurde, wenn du beide hast oder als dein letzter Stein. Verdeckt darf er jederzeit gelegt werden.
-rules-round = **Runde gewinnen.** Wer zuerst alle 8 Steine abgelegt hat, holt für sein Team den Wert des letzten Steins, doppelt, wenn der 7. Stein verdeckt gespielt wurde und derselbe ist wie der 8. Der Sieger gibt die nächste Runde.
-rules-shi = **Bauern-Hände (し).** 8 Bauern: 100 Punkte. 7 Bauern: der doppelte Wert des anderen Steins. 6 Bauern: der höhere der beiden anderen Steine (doppelt, wenn sie gleich sind). 5 Bauern: Der Partner entscheidet, ob weitergespielt oder neu gegeben wird; haben beide Partner 5 Bauern, gewinnt ihr Team die Partie.
-rules-match = **Partie.** Das Team, das zuerst das Ziel erreicht (150 Punkte, wenn nicht anders eingestellt), gewinnt.
-rules-here = **Hier.** Klicke auf dem Brett auf **Meine Hand**: Wähle zuerst die Abwehr (oder den verdeckten Stein), dann den Angriff; „Zurück“ macht die erste Wahl rückgängig.
