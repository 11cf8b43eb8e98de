"""The guided first game: prepared deals and the script each one follows.

The learner sits at seat 0 with their partner at seat 2. A script is a list of items: the
computer seats' moves (fixed, so every rule shows up when the lesson says it will), notes
that explain what just happened, moves the learner must make, and pages they read. Every
move in a script is checked against the rules when the lesson is built
(:func:`bot.app.learn.tutorial.check_lessons` runs in the tests).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from goita_core.actions import PASS, PLAY_ON, REDEAL, Action, Play
from goita_core.pieces import Kind, parse_pieces

from .say import Say, say

LEARNER = 0
SHI, GON, BAKKO, GIN, KIN, KAKU, HISHA, OU = tuple(Kind)


@dataclass(frozen=True, slots=True)
class Cpu:
    """A computer seat's move, narrated, then ``note`` if any."""

    seat: int
    action: Action
    note: Say | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """A line explaining what just happened."""

    say: Say


@dataclass(frozen=True, slots=True)
class Do:
    """The learner must make one of ``allowed`` (more than one only at a lesson's last
    move, so the scripted moves after it stay legal)."""

    allowed: tuple[Action, ...]
    say: Say


@dataclass(frozen=True, slots=True)
class Read:
    """A page the learner reads and continues from."""

    say: Say


Item = Cpu | Note | Do | Read


@dataclass(frozen=True, slots=True)
class Lesson:
    name: str  # catalog key of its title
    dealer: int
    hands: tuple[tuple[Kind, ...], ...]
    script: tuple[Item, ...] = field(default_factory=tuple)


def _hands(*texts: str) -> tuple[tuple[Kind, ...], ...]:
    return tuple(tuple(parse_pieces(t)) for t in texts)


BASICS = Lesson(
    "learn.lesson.basics",
    dealer=LEARNER,
    hands=_hands("し香銀金王飛馬馬", "ししし香馬銀金王", "しししし馬銀飛角", "しし香香銀金金角"),
    script=(
        Read(say("learn.basics.intro")),
        Do((Play(SHI, GON),), say("learn.basics.lead", face_down=SHI, attack=GON)),
        Cpu(1, PASS, say("learn.note.pass_allowed", seat=1, piece=GON)),
        Cpu(2, PASS),
        Cpu(3, Play(GON, KAKU), say("learn.note.blocked", seat=3, piece=GON, attack=KAKU)),
        Do((Play(OU, GIN),), say("learn.basics.ou_block", attack=KAKU, attack_with=GIN)),
        Cpu(1, Play(GIN, OU), say("learn.note.ou_attack", seat=1)),
        Cpu(2, PASS),
        Cpu(3, PASS),
        Do((PASS,), say("learn.basics.pass", attack=OU)),
        Note(say("learn.note.three_passes", seat=1)),
        Cpu(1, Play(SHI, KIN)),
        Cpu(2, PASS),
        Cpu(3, PASS, say("learn.note.partner_pass", seat=3, partner=1)),
        Do((Play(KIN, HISHA),), say("learn.basics.block", attack=KIN, attack_with=HISHA)),
        Cpu(1, PASS),
        Cpu(2, PASS),
        Cpu(3, PASS),
        Note(say("learn.note.your_lead_again")),
        Do((Play(BAKKO, BAKKO),), say("learn.basics.finish", piece=BAKKO, points=40)),
        Read(say("learn.basics.points")),
    ),
)

SHI_HAND = Lesson(
    "learn.lesson.shi",
    dealer=LEARNER,
    hands=_hands("香馬銀金金角飛王", "ししし香馬銀金飛", "ししししし香馬銀", "しし香馬銀金角王"),
    script=(
        Read(say("learn.shi.intro")),
        Do((PLAY_ON, REDEAL), say("learn.shi.decide", seat=2, count=5)),
        Read(say("learn.shi.after")),
    ),
)

LESSONS: tuple[Lesson, ...] = (BASICS, SHI_HAND)
