"""The step engine of the guided first game (``/goita learn``).

A :class:`Tutorial` walks the learner through :data:`~bot.app.learn.lessons.LESSONS`: it
plays the computer seats' scripted moves, explains them, and waits for the learner's move
or for them to read on. A move other than the one asked is refused with an explanation (the
rule it breaks, or why the lesson wants another move) and changes nothing.

Its whole state is a :class:`Progress` (a few numbers, stored as JSON): the deal and the
script are fixed, so a tutorial left half-way is rebuilt exactly by replaying the script.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from goita_core.actions import Action
from goita_core.errors import IllegalAction
from goita_core.events import (
    Blocked,
    Event,
    GoshiDecided,
    Led,
    MustLeadAgain,
    Passed,
    RoundWon,
    ShiDeclared,
)
from goita_core.round import Round
from goita_core.rules import RuleSet
from goita_core.view import SeatView

from .lessons import LEARNER, LESSONS, Cpu, Do, Lesson, Note, Read
from .say import Say, say

Waiting = Literal["move", "read", "done"]


class ProgressError(ValueError):
    """Stored progress that does not fit the lessons (e.g. from an older script)."""


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a learner is: the lesson, the script item they are at, the choices they made
    at this lesson's multiple-choice moves, and how many moves were refused so far."""

    lesson: int = 0
    item: int = 0
    choices: tuple[int, ...] = ()
    mistakes: int = 0

    @property
    def done(self) -> bool:
        return self.lesson >= len(LESSONS)

    def to_json(self) -> str:
        return json.dumps({"lesson": self.lesson, "item": self.item,
                           "choices": list(self.choices), "mistakes": self.mistakes})

    @classmethod
    def from_json(cls, text: str) -> Progress:
        try:
            data = json.loads(text)
            progress = cls(int(data["lesson"]), int(data["item"]),
                           tuple(int(c) for c in data["choices"]), int(data["mistakes"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise ProgressError(f"unreadable tutorial progress: {exc}") from None
        if any(v < 0 for v in (progress.lesson, progress.item, progress.mistakes,
                               *progress.choices)):
            raise ProgressError("negative numbers in tutorial progress")
        return progress


@dataclass(frozen=True, slots=True)
class Screen:
    """What the learner sees now."""

    lesson: int  # 0-based; == lessons when done
    lessons: int
    title: Say | None
    lines: tuple[Say, ...]  # what happened since the learner's last step
    instruction: Say | None  # what to do now (None when done)
    waiting: Waiting
    view: SeatView | None  # the practice table from the learner's seat
    progress: Progress
    summary: Say | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """A move the step does not take: ``reason`` explains why; nothing changed except the
    count of refused moves in ``progress``."""

    reason: Say
    instruction: Say
    progress: Progress


def narrate(event: Event) -> Say | None:
    """A line for a table event as the learner may see it (others' face-down pieces stay
    hidden: a lead by another seat names only its attack)."""
    if isinstance(event, Led):
        if event.seat == LEARNER and event.face_down is not None:
            return say("learn.event.you_led", face_down=event.face_down, attack=event.attack)
        return say("learn.event.led", seat=event.seat, attack=event.attack)
    if isinstance(event, Blocked):
        return say("learn.event.blocked", seat=event.seat, block=event.block,
                   attack=event.attack)
    if isinstance(event, Passed):
        return say("learn.event.passed", seat=event.seat)
    if isinstance(event, MustLeadAgain):
        return say("learn.event.lead_again", seat=event.seat)
    if isinstance(event, RoundWon) and event.last is not None:
        key = "learn.event.won_doubled" if event.doubled else "learn.event.won"
        return say(key, seat=event.seat, piece=event.last, points=event.points)
    if isinstance(event, ShiDeclared):
        return say("learn.event.shi", seat=event.seat, count=event.count)
    if isinstance(event, GoshiDecided):
        return say("learn.event.play_on" if event.play_on else "learn.event.redeal",
                   seat=event.seat)
    return None


def _lines(events: Sequence[Event]) -> list[Say]:
    return [line for line in map(narrate, events) if line is not None]


@dataclass(slots=True)
class _State:
    lesson: int
    index: int = 0
    round: Round | None = None
    lines: list[Say] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)


class Tutorial:
    """One learner's guided game. Build it from stored :class:`Progress` (or none to start)."""

    def __init__(self, progress: Progress | None = None,
                 lessons: Sequence[Lesson] = LESSONS) -> None:
        progress = progress or Progress()
        self._lessons = tuple(lessons)
        self._mistakes = progress.mistakes
        if progress.lesson > len(self._lessons):
            raise ProgressError(f"there is no lesson {progress.lesson + 1}")
        self._state = _State(progress.lesson)
        if progress.lesson == len(self._lessons):
            return
        self._begin_lesson(progress.lesson)
        self._replay(progress)

    # -- queries -------------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        st = self._state
        return Progress(st.lesson, st.index, tuple(st.choices), self._mistakes)

    @property
    def done(self) -> bool:
        return self._state.lesson >= len(self._lessons)

    def screen(self) -> Screen:
        st = self._state
        if self.done:
            return Screen(st.lesson, len(self._lessons), None, tuple(st.lines), None, "done",
                          None, self.progress, say("learn.summary", mistakes=self._mistakes))
        item = self._waiting_for()
        assert item is not None and st.round is not None
        lesson = self._lessons[st.lesson]
        return Screen(st.lesson, len(self._lessons), say(lesson.name, n=st.lesson + 1),
                      tuple(st.lines), item.say, "move" if isinstance(item, Do) else "read",
                      st.round.view(LEARNER), self.progress)

    # -- the learner's steps -------------------------------------------------------------
    def attempt(self, action: Action) -> Screen | Refusal:
        """Take the learner's move, or refuse it with the reason (changing nothing else)."""
        item = self._waiting_for()
        if not isinstance(item, Do):
            self._mistakes += 1
            reason = say("learn.refuse.finished" if item is None else "learn.refuse.read_first")
            return Refusal(reason, item.say if item else reason, self.progress)
        rnd = self._state.round
        assert rnd is not None
        try:
            rnd.check(LEARNER, action)
        except IllegalAction as exc:
            self._mistakes += 1
            attack = rnd.view(LEARNER).attack
            params = {} if attack is None else {"attack": attack}
            return Refusal(Say(f"learn.refuse.{exc.rule}", params), item.say, self.progress)
        if action not in item.allowed:
            self._mistakes += 1
            return Refusal(say("learn.refuse.off_script"), item.say, self.progress)
        self._take(item, action)
        return self.screen()

    def proceed(self) -> Screen | Refusal:
        """Continue after a page of reading; refused while a move is awaited."""
        item = self._waiting_for()
        if not isinstance(item, Read):
            reason = say("learn.refuse.finished" if item is None else "learn.refuse.move_first")
            return Refusal(reason, item.say if item else reason, self.progress)
        self._state.lines = []
        self._state.index += 1
        self._run()
        return self.screen()

    # -- the script ----------------------------------------------------------------------
    def _item(self) -> Cpu | Note | Do | Read:
        return self._lessons[self._state.lesson].script[self._state.index]

    def _waiting_for(self) -> Do | Read | None:
        """The item the learner is at (None when done): between steps it is always a move
        or a page, since :meth:`_run` plays everything else."""
        if self.done:
            return None
        item = self._item()
        assert isinstance(item, (Do, Read))
        return item

    def _take(self, item: Do, action: Action) -> None:
        st = self._state
        assert st.round is not None
        st.lines = _lines(st.round.apply(LEARNER, action))
        st.choices.append(item.allowed.index(action))
        st.index += 1
        self._run()

    def _begin_lesson(self, number: int) -> None:
        lesson = self._lessons[number]
        rnd = Round(RuleSet(), lesson.dealer, lesson.hands)
        self._state = _State(number, 0, rnd, _lines(rnd.opening_events()))
        self._run()

    def _run(self) -> None:
        """Play scripted items until the learner has something to do; a finished lesson
        leads into the next one."""
        st = self._state
        script = self._lessons[st.lesson].script
        while st.index < len(script):
            item = script[st.index]
            if isinstance(item, (Do, Read)):
                return
            if isinstance(item, Cpu):
                assert st.round is not None
                st.lines += _lines(st.round.apply(item.seat, item.action))
                if item.note is not None:
                    st.lines.append(item.note)
            else:
                st.lines.append(item.say)
            st.index += 1
        carried = st.lines
        if st.lesson + 1 < len(self._lessons):
            self._begin_lesson(st.lesson + 1)
            self._state.lines[:0] = carried
        else:
            self._state = _State(len(self._lessons), 0, None, carried)

    def _replay(self, progress: Progress) -> None:
        """Walk the script of ``progress.lesson`` to ``progress.item`` with its choices."""
        choices = list(progress.choices)
        while self._state.lesson == progress.lesson and self._state.index < progress.item:
            item = self._item()
            if isinstance(item, Read):
                self._state.lines = []
                self._state.index += 1
                self._run()
            elif isinstance(item, Do):
                if not choices or not 0 <= choices[0] < len(item.allowed):
                    raise ProgressError("the stored choices do not fit the lesson")
                self._take(item, item.allowed[choices.pop(0)])
        st = self._state
        if (st.lesson, st.index) != (progress.lesson, progress.item) or choices:
            raise ProgressError("the stored progress does not fit the lesson")


def resume(progress: Progress | None) -> Tutorial:
    """The learner's tutorial from stored progress; progress that no longer fits the
    lessons starts them again rather than failing."""
    try:
        return Tutorial(progress)
    except ProgressError:
        return Tutorial(replace(progress or Progress(), lesson=0, item=0, choices=()))
