"""Game records: the ごいたオンライン YAML kifu (version 1.0, :mod:`.yaml_codec`), their
replay (:mod:`.replay`) and our native JSON record (:mod:`.native`). Both formats are
untrusted input: size, nesting and every field are checked before use (:mod:`.common`), and
anything unreadable raises :class:`KifuError` naming the place."""

from .common import (
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    YAML_RULES,
    KifuError,
    ReplayError,
)
from .native import NATIVE_FORMAT, NATIVE_VERSION, MatchRecord, RoundRecord, load_record
from .replay import Anomaly, ReplayReport, RoundSummary, play_kifu_round, replay_kifu
from .yaml_codec import Kifu, KifuRound, Move, dump_kifu_yaml, parse_kifu_yaml

__all__ = [
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "NATIVE_FORMAT",
    "NATIVE_VERSION",
    "YAML_RULES",
    "Anomaly",
    "Kifu",
    "KifuError",
    "KifuRound",
    "MatchRecord",
    "Move",
    "ReplayError",
    "ReplayReport",
    "RoundRecord",
    "RoundSummary",
    "dump_kifu_yaml",
    "load_record",
    "parse_kifu_yaml",
    "play_kifu_round",
    "replay_kifu",
]
