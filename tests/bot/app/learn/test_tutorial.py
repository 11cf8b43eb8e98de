"""The guided first game: a learner who follows the instructions goes through every lesson;
any other move is refused with the rule it breaks (or why the lesson wants another) and
changes nothing; progress survives being stored and resumed."""

from __future__ import annotations

import pytest

from bot.app.learn.lessons import LEARNER, LESSONS, Do
from bot.app.learn.tutorial import Progress, ProgressError, Refusal, Screen, Tutorial, resume
from goita_core.actions import PASS, PLAY_ON, REDEAL, Action, Play
from goita_core.pieces import Kind

SHI, GON, BAKKO, GIN, KIN, KAKU, HISHA, OU = tuple(Kind)


def asked(tutorial: Tutorial) -> Action:
    """The move the current instruction asks for (its first choice)."""
    item = tutorial._waiting_for()
    assert isinstance(item, Do)
    return item.allowed[0]


def follow(tutorial: Tutorial) -> list[Screen]:
    """Do what every screen says until the end; the screens seen on the way."""
    screens = [tutorial.screen()]
    while not tutorial.done:
        screen = screens[-1]
        outcome = tutorial.proceed() if screen.waiting == "read" else tutorial.attempt(
            asked(tutorial))
        assert isinstance(outcome, Screen), outcome
        screens.append(outcome)
    return screens


def test_following_the_instructions_finishes_every_lesson_with_a_summary() -> None:
    tutorial = Tutorial()
    screens = follow(tutorial)
    instructions = [s.instruction.key for s in screens if s.instruction]
    assert instructions == [
        "learn.basics.intro", "learn.basics.lead", "learn.basics.ou_block",
        "learn.basics.pass", "learn.basics.block", "learn.basics.finish",
        "learn.basics.points", "learn.shi.intro", "learn.shi.decide", "learn.shi.after"]
    last = screens[-1]
    assert last.waiting == "done" and last.view is None
    assert last.summary is not None and last.summary.key == "learn.summary"
    assert last.summary.params == {"mistakes": 0}
    assert [s.title.params["n"] for s in screens[:-1] if s.title] == [1] * 7 + [2] * 3


def test_each_rule_shows_up_as_it_happens() -> None:
    lines = [line for s in follow(Tutorial()) for line in s.lines]
    keys = [line.key for line in lines]
    for key in ("learn.event.you_led", "learn.note.pass_allowed", "learn.note.blocked",
                "learn.note.ou_attack", "learn.note.three_passes", "learn.event.lead_again",
                "learn.event.won_doubled", "learn.event.shi", "learn.event.play_on"):
        assert key in keys, key
    won = next(line for line in lines if line.key == "learn.event.won_doubled")
    assert won.params == {"seat": LEARNER, "piece": BAKKO, "points": 40}
    shi = next(line for line in lines if line.key == "learn.event.shi")
    assert shi.params == {"seat": 2, "count": 5}


def test_other_seats_face_down_pieces_never_show() -> None:
    for screen in follow(Tutorial()):
        for line in screen.lines:
            if line.key == "learn.event.led":
                assert set(line.params) == {"seat", "attack"}
        if screen.view is not None and screen.view.phase != "over":
            for seat, pieces in enumerate(screen.view.played):
                if seat != LEARNER:
                    assert all(p.kind is None for p in pieces if p.face_down)


@pytest.mark.parametrize(("action", "reason"), [
    (PASS, "learn.refuse.must_lead"),
    (Play(SHI, OU), "learn.refuse.ou_attack_not_allowed"),
    (Play(KAKU, SHI), "learn.refuse.piece_not_in_hand"),
    (Play(GON, SHI), "learn.refuse.off_script"),
])
def test_the_first_lead_refuses_other_moves_with_the_reason(action: Action, reason: str
                                                            ) -> None:
    tutorial = Tutorial()
    tutorial.proceed()
    before = tutorial.screen()
    outcome = tutorial.attempt(action)
    assert isinstance(outcome, Refusal)
    assert outcome.reason.key == reason
    assert outcome.instruction == before.instruction
    after = tutorial.screen()
    assert after.view == before.view and after.instruction == before.instruction
    assert after.progress.mistakes == 1


def test_a_block_of_the_wrong_kind_is_explained_with_the_attack() -> None:
    tutorial = Tutorial()
    tutorial.proceed()
    tutorial.attempt(Play(SHI, GON))  # the lead; seat 3 then attacks 角
    outcome = tutorial.attempt(Play(GIN, KIN))
    assert isinstance(outcome, Refusal)
    assert outcome.reason.key == "learn.refuse.block_mismatch"
    assert outcome.reason.params == {"attack": KAKU}
    outcome = tutorial.attempt(PASS)  # legal, but the lesson teaches the Ou block here
    assert isinstance(outcome, Refusal) and outcome.reason.key == "learn.refuse.off_script"


def test_reading_and_moving_cannot_be_mixed_up() -> None:
    tutorial = Tutorial()
    refused = tutorial.attempt(Play(SHI, GON))
    assert isinstance(refused, Refusal) and refused.reason.key == "learn.refuse.read_first"
    tutorial.proceed()
    refused = tutorial.proceed()
    assert isinstance(refused, Refusal) and refused.reason.key == "learn.refuse.move_first"


def test_both_answers_to_the_partners_five_shi_are_accepted() -> None:
    for choice, line in ((PLAY_ON, "learn.event.play_on"), (REDEAL, "learn.event.redeal")):
        tutorial = Tutorial()
        while tutorial.screen().instruction.key != "learn.shi.decide":  # type: ignore[union-attr]
            screen = tutorial.screen()
            assert isinstance(tutorial.proceed() if screen.waiting == "read"
                              else tutorial.attempt(asked(tutorial)), Screen)
        view = tutorial.screen().view
        assert view is not None and view.legal == (PLAY_ON, REDEAL)
        outcome = tutorial.attempt(choice)
        assert isinstance(outcome, Screen)
        assert [x.key for x in outcome.lines] == [line]


def test_progress_resumes_at_every_step_exactly() -> None:
    tutorial = Tutorial()
    while not tutorial.done:
        stored = Progress.from_json(tutorial.progress.to_json())
        assert Tutorial(stored).screen() == tutorial.screen()
        screen = tutorial.screen()
        if screen.waiting == "read":
            tutorial.proceed()
        else:
            tutorial.attempt(PASS)  # a mistake or the asked pass: both are kept
            if not tutorial.done and tutorial.screen().progress.item == screen.progress.item:
                tutorial.attempt(asked(tutorial))
    assert Tutorial(Progress.from_json(tutorial.progress.to_json())).done


def test_progress_that_does_not_fit_starts_again_and_keeps_the_count() -> None:
    with pytest.raises(ProgressError):
        Progress.from_json('{"lesson": 0}')
    with pytest.raises(ProgressError):
        Tutorial(Progress(lesson=0, item=3, choices=(0,)))  # a computer seat's move
    with pytest.raises(ProgressError):
        Tutorial(Progress(lesson=0, item=5))  # the move that leads there is missing
    with pytest.raises(ProgressError):
        Tutorial(Progress(lesson=len(LESSONS) + 1))
    fresh = resume(Progress(lesson=0, item=5, mistakes=3))
    assert fresh.progress == Progress(mistakes=3)
