"""The terminal game: plays a whole match, re-asks bad input, ends cleanly."""

from __future__ import annotations

import io

import pytest

from goita_core import Action, Round, SeatView
from goita_core.players import make_player
from goita_core.tools.terminal import play_main


def run(lines: list[str], *args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = play_main(list(args), stdin=io.StringIO("".join(f"{x}\n" for x in lines)),
                     stdout=out)
    return code, out.getvalue()


def test_a_whole_match_can_be_played() -> None:
    code, out = run(["1"] * 2000, "--seed", "3", "--level", "normal", "--target", "50")
    assert code == 0
    assert "the match" in out and "Thanks for playing!" in out
    assert "Face-down pieces revealed" in out
    assert "your hand:" in out and "1. " in out


def test_bad_input_is_asked_again() -> None:
    code, out = run(["hello", "0", "999", "-1", ""], "--seed", "1")
    assert code == 0
    assert out.count("Please type a number") == 5
    assert out.rstrip().endswith("Game ended.")


def test_end_of_input_and_quit_end_cleanly() -> None:
    for lines in ([], ["q"]):
        code, out = run(lines, "--seed", "2")
        assert code == 0 and "Game ended." in out


def test_other_seats_face_down_pieces_stay_hidden_until_the_round_ends() -> None:
    _, out = run(["1"] * 60, "--seed", "4", "--level", "greedy")
    before_reveal = out.split("Face-down pieces revealed")[0]
    for line in before_reveal.splitlines():
        if "(CPU) leads" in line and "again" not in line:
            assert "■ face down" in line


def test_same_seed_same_match() -> None:
    assert run(["1"] * 300, "--seed", "8")[1] == run(["1"] * 300, "--seed", "8")[1]


def test_every_narration_key_has_a_terminal_text() -> None:
    from goita_core.tools.terminal import TEXTS
    from tests.goita_core.test_narration import KEYS

    assert set(TEXTS) == KEYS


def test_the_computer_players_hear_how_each_round_ended(
        monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[tuple[int, int]] = []

    class Listening:
        def __init__(self, level: str, seed: int) -> None:
            self.inner = make_player(level, seed)

        def round_end(self, rnd: Round, seat: int, round_no: int) -> None:
            assert rnd.over
            told.append((seat, round_no))

        def act(self, view: SeatView) -> Action:
            return self.inner.act(view)

    monkeypatch.setattr("goita_core.tools.terminal.make_player", Listening)
    code, out = run(["1"] * 5000, "--seed", "3", "--level", "normal", "--target", "150")
    assert code == 0 and "Thanks for playing!" in out
    rounds = sorted({no for _seat, no in told})
    # every round but the match's last, in order
    assert len(rounds) >= 2 and rounds == list(range(1, len(rounds) + 1))
    assert all(sorted(s for s, no in told if no == r) == [1, 2, 3] for r in rounds)
