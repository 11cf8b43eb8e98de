"""The settings message's menus and buttons, and the forms they open::

    gset:<flags|lang|chan|role>:<guild>     a select menu (values: what is chosen)
    gset:<game|limits|reset>:<guild>        a button (a form, or back to the defaults)
    gset:form:<game|limits>:<guild>         a form's submit

The guild in the id is checked against the guild the click comes from.
"""

from __future__ import annotations

SELECT = r"gset:(?P<what>flags|lang|chan|role):(?P<guild>[0-9]{1,20})"
BUTTON = r"gset:(?P<what>game|limits|reset):(?P<guild>[0-9]{1,20})"

#: the fields each form edits, in order (a form holds at most 5 inputs)
FORMS: dict[str, tuple[str, ...]] = {
    "game": ("target", "turn_seconds", "warning_seconds", "cpu_delay_seconds",
             "round_pause_seconds"),
    "limits": ("tables_per_user", "tables_per_server"),
}
#: the switches of the "flags" menu
FLAGS = ("double_any_seventh", "board_pictures", "hints_at_rated")
#: select values that stand for "no choice": every channel, the server's locale, no role
ALL = "all"


def select_id(what: str, guild_id: int) -> str:
    return f"gset:{what}:{guild_id}"


def button_id(what: str, guild_id: int) -> str:
    return f"gset:{what}:{guild_id}"


def form_id(what: str, guild_id: int) -> str:
    return f"gset:form:{what}:{guild_id}"
