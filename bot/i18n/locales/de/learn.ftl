### Deutsche Texte für /goita learn (das geführte erste Spiel), Tipps und Rückblicke.

## Befehle

cmd-learn = lernen
cmd-learn-desc = Ein geführtes erstes Goita-Spiel, nur für dich
cmd-review = rückblick
cmd-review-desc = Deine Entscheidungen in einem Spiel im Vergleich zum stärksten Computerspieler
cmd-review-match = spiel
cmd-review-match-desc = Die Nummer des Spiels (siehe /goita verlauf)

## Der Übungstisch

learn-who-0 = Du
learn-who-1 = Gegner rechts
learn-who-2 = Partner
learn-who-3 = Gegner links
learn-lesson-basics = Lektion { $n }: ausspielen, abwehren, passen, rausgehen
learn-lesson-shi = Lektion { $n }: Bauern-Hände
learn-ui-table = { $who }: { $pieces }
learn-ui-nothing = (noch nichts gespielt)
learn-ui-hand = Deine Steine: { $pieces }
learn-ui-attack = Abzuwehrender Angriff: { $piece } von { $who }
learn-ui-then = Erster Stein: { $piece }. Wähle jetzt den Stein, mit dem du angreifst.
learn-ui-refused = ✋ { $reason }
learn-ui-done = Übung abgeschlossen
learn-ui-resumed = Willkommen zurück: Es geht dort weiter, wo du aufgehört hast.
learn-btn-continue = Weiter
learn-btn-restart = Neu beginnen
learn-not-yours = Dieser Übungstisch gehört jemand anderem: Starte deinen eigenen mit /goita lernen.

## Lektion 1

learn-basics-intro = Dein Partner sitzt dir gegenüber; die beiden anderen sind deine Gegner. Gespielt wird nach rechts. Jeder hat 8 Steine und hält sie geheim. Du gibst, also spielst du zuerst aus.
learn-basics-lead = Ausspielen: Lege einen Stein verdeckt, dann einen offen: Das ist dein Angriff. Wähle { $face_down } (verdeckt), dann { $attack } (der Angriff).
learn-basics-ou_block = Du hast keinen { $attack }, aber der 王 König wehrt jeden Angriff außer 香 und し ab. Wehre mit dem 王 ab und greife mit { $attack_with } an.
learn-basics-pass = Nur ein König wehrt einen König ab, und beide liegen schon auf dem Tisch. Du kannst nicht abwehren: Drücke Passen.
learn-basics-block = Wehre { $attack } mit deinem eigenen { $attack } ab (dieselbe Art) und greife dann mit { $attack_with } an.
learn-basics-finish = Zwei Steine übrig, und du spielst aus. Lege einen { $piece } verdeckt und greife mit dem anderen an: Dein letzter Stein beendet die Runde. Ist der 7. Stein verdeckt und von derselben Art wie der 8., zählt er doppelt: { $points } Punkte.
learn-basics-points = Eine Runde endet, wenn jemand seinen 8. Stein spielt; sein Team bekommt dessen Wert: 王 50, 飛 und 角 40, 金 und 銀 30, 馬 und 香 20, し 10, verdoppelt wie eben. Wer gewinnt, gibt die nächste Runde, und das erste Team mit 150 Punkten gewinnt das Spiel.

## Lektion 2

learn-shi-intro = Eine Hand mit 5 oder mehr し wird nur als Anzahl gezeigt. Mit 8 し endet die Runde und das Team bekommt 100; mit 7 das Doppelte des anderen Steins; mit 6 den höheren der beiden anderen (doppelt, wenn sie gleich sind). Haben beide Partner 5 し, gewinnen sie das Spiel sofort.
learn-shi-decide = { $seat } hat { $count } し angesagt. Bei einer einzigen 5-し-Hand entscheidet der Partner (du), ohne sie zu sehen: mit diesen Händen weiterspielen oder neu geben. Sieh dir deine Steine an und wähle.
learn-shi-after = Beide Antworten sind richtig, wenn sie zu deiner Hand passen: Mit einer starken Hand spielt man weiter, mit einer schwachen lässt man neu geben.

## Erklärungen zum Geschehen

learn-note-pass_allowed = { $seat } hat gepasst, obwohl { $piece } in der Hand war: Passen ist immer erlaubt.
learn-note-blocked = { $seat } hat deinen { $piece } mit derselben Art abgewehrt und greift jetzt mit { $attack } an.
learn-note-ou_attack = { $seat } hat mit dem 王 angegriffen: Ein König darf angreifen, wenn der andere König offen liegt (deiner), wenn man beide hat oder als letzter Stein.
learn-note-three_passes = Dreimal gepasst: { $seat } hat zuletzt angegriffen und spielt erneut aus, erst verdeckt, dann offen.
learn-note-partner_pass = { $seat } hat beim Angriff des Partners { $partner } gepasst: Niemand muss seinen Partner abwehren.
learn-note-your_lead_again = Alle haben bei deinem Angriff gepasst: Du spielst wieder aus.

## Was am Tisch passiert

learn-event-you_led = Du hast { $face_down } verdeckt ausgespielt und mit { $attack } angegriffen.
learn-event-led = { $seat } hat verdeckt ausgespielt und mit { $attack } angegriffen.
learn-event-blocked = { $seat } hat mit { $block } abgewehrt und mit { $attack } angegriffen.
learn-event-passed = { $seat } passt.
learn-event-lead_again = { $seat } spielt erneut aus.
learn-event-won = { $seat } geht mit { $piece } raus: { $points } Punkte.
learn-event-won_doubled = { $seat } geht mit { $piece } doppelt raus: { $points } Punkte.
learn-event-shi = { $seat } hat { $count } し.
learn-event-play_on = { $seat } spielt weiter.
learn-event-redeal = { $seat } lässt neu geben.

## Abgelehnte Züge

learn-refuse-off_script = Dieser Zug ist erlaubt, aber diese Lektion verlangt einen anderen (im echten Spiel wählst du selbst).
learn-refuse-read_first = Lies zuerst und drücke Weiter.
learn-refuse-move_first = Mach zuerst den Zug.
learn-refuse-finished = Die Übung ist vorbei: Drücke Neu beginnen, um sie zu wiederholen.
learn-refuse-round_over = Die Runde ist vorbei.
learn-refuse-match_over = Das Spiel ist vorbei.
learn-refuse-not_your_turn = Du bist nicht dran.
learn-refuse-decision_pending = Wähle zuerst Weiterspielen oder Neu geben.
learn-refuse-no_decision_expected = Jetzt ist nichts zu entscheiden.
learn-refuse-piece_not_in_hand = Diesen Stein hast du nicht.
learn-refuse-must_lead = Du spielst jetzt aus und kannst nicht passen: ein Stein verdeckt, dann dein Angriff.
learn-refuse-block_mismatch = Wehre mit derselben Art wie der Angriff ({ $attack }) ab oder mit dem 王 König.
learn-refuse-ou_cannot_block = Der 王 König kann { $attack } nicht abwehren: Er wehrt alles außer 香 und し ab.
learn-refuse-ou_attack_not_allowed = Der 王 König darf nur angreifen, wenn der andere König offen liegt, wenn du beide hast oder als letzter Stein.
learn-refuse-malformed_action = Das ist kein Zug.

## Zum Schluss

learn-summary = Du hast jede Regel von Goita gespielt: einen Stein verdeckt ausspielen und angreifen; mit derselben Art abwehren (oder mit dem 王 König, außer gegen 香 und し) und erneut angreifen, oder passen; nach dreimal Passen spielt der Angreifer wieder aus; wer rausgeht, bekommt den Wert des letzten Steins, doppelt nach einem verdeckten Stein derselben Art; und 5 oder mehr し ändern die Runde. { $mistakes ->
    [0] Du hast keinen falschen Zug gemacht.
    [one] { $mistakes } Zug wurde unterwegs korrigiert.
   *[other] { $mistakes } Züge wurden unterwegs korrigiert.
} Eröffne mit /goita neu einen echten Tisch und frage nach einem Tipp, wenn du unsicher bist.

## Tipps

learn-btn-hint = Tipp
learn-hint-text = 💡 { $move }: { $reason }
learn-hint-thinking = 💡 Dein Zug wird überlegt …
learn-hint-not_your_turn = Tipps gibt es nur, wenn du dran bist.
learn-hint-busy = Dein letzter Tipp wird noch berechnet.
learn-hint-unrated = In diesem Spiel wurden Tipps benutzt: Es wird nicht gewertet.
learn-move-pass = Passen
learn-move-lead = { $first } verdeckt, Angriff mit { $second }
learn-move-block = Mit { $first } abwehren, Angriff mit { $second }
learn-move-play_on = Weiterspielen
learn-move-redeal = Neu geben
learn-reason-play_on = deine Hand ist stark genug, um neben den し von { $seat } weiterzuspielen.
learn-reason-redeal = deine Hand ist zu schwach: Neu geben ist besser.
learn-reason-pass_forced = nichts in deiner Hand wehrt { $attack } ab.
learn-reason-pass_partner = der { $attack } deines Partners bleibt stehen; lass ihn vorne.
learn-reason-pass_keep = behalte deine Steine: { $attack } jetzt abzuwehren kostet mehr, als es bringt.
learn-reason-finish = geh mit { $piece } raus: { $points } Punkte.
learn-reason-finish_doubled = geh mit { $piece } doppelt raus: { $points } Punkte.
learn-reason-block_ou = abwehren: Du hast keinen { $attack }, also nimm den 王 König und greife mit { $attack_with } an.
learn-reason-block_partner = übernimm den { $attack } deines Partners und greife mit { $attack_with } an.
learn-reason-block = abwehren: Sonst bleibt der { $attack } des Gegners stehen; danach Angriff mit { $attack_with }.
learn-reason-lead_single = leg deinen einzelnen { $face_down } verdeckt: Behalte das Paar { $pair } für den Schluss.
learn-reason-lead_attack = greif mit { $attack } an: Nur { $blockers } Steine, die du nicht siehst, können ihn abwehren.

## Rückblicke

learn-btn-review = Meine Züge ansehen
learn-btn-previous = Zurück
learn-btn-next = Weiter
learn-review-progress = Zug { $done } von { $total } wird analysiert …
learn-review-queued = { $ahead ->
    [one] Warten: { $ahead } Analyse ist vor deiner …
   *[other] Warten: { $ahead } Analysen sind vor deiner …
}
learn-review-starting = Der Rückblick wird vorbereitet …
learn-review-busy = Dein letzter Rückblick läuft noch: Warte, bis er fertig ist.
learn-review-queue_full = Gerade laufen viele Rückblicke: Versuche es in ein paar Minuten noch einmal.
learn-review-not_found = Auf diesem Server gibt es kein Spiel #{ $id }.
learn-review-not_player = Du hast im Spiel #{ $id } nicht mitgespielt.
learn-review-bad_record = Spiel #{ $id } kann nicht analysiert werden: Seine Aufzeichnung lässt sich nicht abspielen.
learn-review-none = Im Spiel #{ $id } hattest du nichts zu entscheiden (jeder Zug war erzwungen).
learn-review-title = Rückblick auf Spiel #{ $id } · Entscheidung { $n } von { $total }
learn-review-where = Runde { $round }, Zug { $step }
learn-review-played = Gespielt: { $move } (erwartet { $points } Punkte)
learn-review-best = Bester gefundener Zug: { $move } (erwartet { $points } Punkte)
learn-review-agrees = Der stärkste Computerspieler hätte dasselbe gespielt (erwartet { $points } Punkte).
learn-review-loss = Etwa { $points } Punkte verschenkt.
learn-review-total = Insgesamt: { $count ->
    [one] { $count } Entscheidung
   *[other] { $count } Entscheidungen
}, etwa { $points } Punkte verschenkt. Die größten Fehler zuerst.
