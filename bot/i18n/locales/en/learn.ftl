### English texts of /goita learn (the guided first game), hints and reviews.
### $seat, $who and $partner are names; $piece, $attack, $attack_with, $face_down, $block and
### $pair are piece labels (e.g. 香 Gon); $points are numbers.

## Commands

cmd-learn = learn
cmd-learn-desc = A guided first game of Goita, just for you
cmd-review = review
cmd-review-desc = Your decisions in a match compared with the strongest computer player
cmd-review-match = match
cmd-review-match-desc = The match number (see /goita history)

## The practice table

learn-who-0 = You
learn-who-1 = Right opponent
learn-who-2 = Partner
learn-who-3 = Left opponent
learn-lesson-basics = Lesson { $n }: lead, block, pass, go out
learn-lesson-shi = Lesson { $n }: Shi hands
learn-ui-table = { $who }: { $pieces }
learn-ui-nothing = (nothing played yet)
learn-ui-hand = Your pieces: { $pieces }
learn-ui-attack = Attack to answer: { $piece } from { $who }
learn-ui-then = First piece: { $piece }. Now choose the piece to attack with.
learn-ui-refused = ✋ { $reason }
learn-ui-done = Tutorial complete
learn-ui-resumed = Welcome back: you continue where you left off.
learn-btn-continue = Continue
learn-btn-restart = Start again
learn-not-yours = This practice table belongs to someone else: start your own with /goita learn.

## Lesson 1

learn-basics-intro = Your partner sits opposite you; the two others are your opponents. Play goes to the right. Everyone holds 8 pieces and keeps them secret. You deal, so you lead first.
learn-basics-lead = Lead: lay one piece face down, then one face up: that one is your attack. Choose { $face_down } (face down), then { $attack } (the attack).
learn-basics-ou_block = You hold no { $attack }, but 王 Ou blocks any attack except 香 and し. Block with 王, then attack with { $attack_with }.
learn-basics-pass = Only an Ou blocks an Ou, and both are on the table now. You cannot block: press Pass.
learn-basics-block = Block { $attack } with your own { $attack } (the same kind), then attack with { $attack_with }.
learn-basics-finish = Two pieces left, and you lead. Lay one { $piece } face down and attack with the other: your last piece ends the round. The 7th piece face down and the same kind as the 8th doubles the score: { $points } points.
learn-basics-points = A round ends when someone plays their 8th piece; their team scores its value: 王 50, 飛 and 角 40, 金 and 銀 30, 馬 and 香 20, し 10, doubled as you just did. The winner deals the next round, and the first team to reach 150 points wins the match.

## Lesson 2

learn-shi-intro = A hand with 5 or more し is shown as a count. With 8 し the round ends and that team scores 100; with 7, twice the other piece; with 6, the higher of the other two (doubled if they match). 5 し in both partners' hands wins the match at once.
learn-shi-decide = { $seat } declared { $count } し. With one 5-し hand, its holder's partner (you) decides without seeing that hand: Play on with these hands, or Redeal. Look at your own pieces and choose.
learn-shi-after = Either answer is right when it fits your hand: a strong hand plays on, a weak one asks for a new deal.

## Notes on what just happened

learn-note-pass_allowed = { $seat } passed while holding { $piece }: passing is always allowed.
learn-note-blocked = { $seat } blocked your { $piece } with the same kind and now attacks with { $attack }.
learn-note-ou_attack = { $seat } attacked with 王: an Ou may attack once the other Ou is face up (yours), when you hold both, or as your last piece.
learn-note-three_passes = Three passes in a row: { $seat } made the last attack and now leads again, face down then face up.
learn-note-partner_pass = { $seat } passed on their partner { $partner }'s attack: nobody has to block a partner.
learn-note-your_lead_again = Everyone passed your attack: you lead again.

## The table's events

learn-event-you_led = You led { $face_down } face down and attacked with { $attack }.
learn-event-led = { $seat } led a piece face down and attacked with { $attack }.
learn-event-blocked = { $seat } blocked with { $block } and attacked with { $attack }.
learn-event-passed = { $seat } passed.
learn-event-lead_again = { $seat } leads again.
learn-event-won = { $seat } went out with { $piece }: { $points } points.
learn-event-won_doubled = { $seat } went out with { $piece }, doubled: { $points } points.
learn-event-shi = { $seat } holds { $count } し.
learn-event-play_on = { $seat } chose to play on.
learn-event-redeal = { $seat } chose a redeal.

## Refused moves

learn-refuse-off_script = That move is legal, but this lesson asks for another one (in a real game you choose).
learn-refuse-read_first = Read on first: press Continue.
learn-refuse-move_first = Make the move first.
learn-refuse-finished = The tutorial is over: press Start again to replay it.
learn-refuse-round_over = The round is over.
learn-refuse-match_over = The match is over.
learn-refuse-not_your_turn = It is not your turn.
learn-refuse-decision_pending = First choose Play on or Redeal.
learn-refuse-no_decision_expected = There is nothing to decide now.
learn-refuse-piece_not_in_hand = You do not hold that piece.
learn-refuse-must_lead = You lead now, so you cannot pass: one piece face down, then your attack.
learn-refuse-block_mismatch = Block with the same kind as the attack ({ $attack }), or with 王 Ou.
learn-refuse-ou_cannot_block = 王 Ou cannot block { $attack }: it blocks anything except 香 and し.
learn-refuse-ou_attack_not_allowed = 王 Ou may attack only once the other Ou is face up, when you hold both, or as your last piece.
learn-refuse-malformed_action = That is not a move.

## The end

learn-summary = You have played every rule of Goita: lead one piece face down and attack; block with the same kind (or 王 Ou, except against 香 and し) and attack again, or pass; after three passes the attacker leads again; going out scores the last piece, doubled after a face-down piece of the same kind; and 5 or more し change the deal. { $mistakes ->
    [0] You made no wrong move.
    [one] { $mistakes } move was corrected on the way.
   *[other] { $mistakes } moves were corrected on the way.
} Open a real table with /goita new and ask for a Hint when you are unsure.

## Hints

learn-btn-hint = Hint
learn-hint-text = 💡 { $move }: { $reason }
learn-hint-thinking = 💡 Thinking about your move…
learn-hint-not_your_turn = Hints are given on your turn only.
learn-hint-busy = Your previous hint is still being worked out.
learn-hint-unrated = Hints were used in this match: it is not rated.
learn-move-pass = Pass
learn-move-lead = { $first } face down, attack { $second }
learn-move-block = Block with { $first }, attack { $second }
learn-move-play_on = Play on
learn-move-redeal = Redeal
learn-reason-play_on = your hand is strong enough to play on beside { $seat }'s し.
learn-reason-redeal = your hand is too weak to play on: a new deal is better.
learn-reason-pass_forced = nothing you hold blocks { $attack }.
learn-reason-pass_partner = your partner's { $attack } stands; let them keep the lead.
learn-reason-pass_keep = keep your pieces: blocking { $attack } now would cost more than it wins.
learn-reason-finish = go out with { $piece }: { $points } points.
learn-reason-finish_doubled = go out doubled with { $piece }: { $points } points.
learn-reason-block_ou = block: you hold no { $attack }, so use 王 Ou, then attack with { $attack_with }.
learn-reason-block_partner = take over from your partner's { $attack } and attack with { $attack_with }.
learn-reason-block = block: your opponent's { $attack } would otherwise stand; then attack with { $attack_with }.
learn-reason-lead_single = lead face down your single { $face_down }: keep the pair of { $pair } for the end.
learn-reason-lead_attack = attack with { $attack }: only { $blockers } unseen pieces can block it.

## Reviews

learn-btn-review = Review my moves
learn-btn-previous = Previous
learn-btn-next = Next
learn-review-progress = Analysing move { $done } of { $total }…
learn-review-queued = { $ahead ->
    [one] Waiting: { $ahead } analysis is ahead of yours…
   *[other] Waiting: { $ahead } analyses are ahead of yours…
}
learn-review-starting = Preparing the review…
learn-review-busy = Your previous review is still running: wait for it to finish.
learn-review-queue_full = Many reviews are running right now: try again in a few minutes.
learn-review-not_found = There is no match #{ $id } on this server.
learn-review-not_player = You did not play in match #{ $id }.
learn-review-bad_record = Match #{ $id } cannot be reviewed: its record does not replay.
learn-review-none = You had no decisions to make in match #{ $id } (every move was forced).
learn-review-title = Review of match #{ $id } · decision { $n } of { $total }
learn-review-where = Round { $round }, move { $step }
learn-review-played = You played: { $move } (expected { $points } points)
learn-review-best = Best found: { $move } (expected { $points } points)
learn-review-agrees = The strongest computer player would have played the same (expected { $points } points).
learn-review-loss = About { $points } points given away.
learn-review-total = In all: { $count ->
    [one] { $count } decision
   *[other] { $count } decisions
}, about { $points } points given away. Biggest mistakes first.
