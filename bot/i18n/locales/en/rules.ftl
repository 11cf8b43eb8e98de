# /goita rules: a short private summary (an embed description: at most 4,096 characters).
# Each paragraph is a term of its own: a Fluent line may not start with "*", and the
# paragraphs start with bold markdown.

rules-title = ごいた Goita in short
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

-rules-players = **Players.** Four, in two teams; partners sit opposite. Turns go to the next seat.
-rules-pieces = **Pieces.** 32: 王 Ou ×2 (50 points), 飛 Hisha ×2 and 角 Kaku ×2 (40), 金 Kin ×4 and 銀 Gin ×4 (30), 馬 Bakko ×4 and 香 Gon ×4 (20), し Shi ×10 (10). Everyone gets 8 and keeps them secret.
-rules-lead = **Leading.** The dealer lays one piece face down, then one face up: the attack.
-rules-answer = **Answering.** Each next player passes, or blocks with the same kind (王 Ou blocks anything except 香 and し) and must then attack with another piece. When the other three pass in a row, the last attacker leads again, face down then face up.
-rules-ou = **王 Ou** may attack only once the other Ou was shown face up, when you hold both, or as your last piece.
-rules-round = **Winning a round.** The first to play all 8 pieces scores the last piece's value for the team, doubled if the 7th piece was the same kind played face down. The winner deals next.
-rules-shi = **Shi hands.** 8 Shi: 100 points. 7 Shi: twice the other piece. 6 Shi: the higher other piece (doubled if the two match). 5 Shi: the partner chooses to play on or redeal; both partners with 5 Shi win the match.
-rules-match = **Match.** The first team to reach the target (150 unless set otherwise) wins.
-rules-here = **Here.** Click **My hand** on the board: first choose the block (or the face-down piece), then the attack; Back undoes the first choice.
