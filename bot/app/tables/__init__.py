"""The table service: every table's game logic, timers and CPU pacing, without Discord.

A package of rooms, each one job: :mod:`.kernel` (state, lookups, the step machinery),
:mod:`.timers`, :mod:`.computer` (CPU levels and engine processes), :mod:`.results`,
:mod:`.narration` (the board log), :mod:`.play`, :mod:`.lobby`, :mod:`.clock` (due steps and
the driver), :mod:`.restore`; :class:`TableService` is all of them.

The discord adapter calls the methods below and renders what the :class:`Presenter` is told.
Every mutating call takes the table's ``asyncio.Lock`` (which exists only while in use, and
only for a table the service knows), validates (raising
:class:`~bot.app.errors.TableError`), applies, COMMITS to the store, releases the lock, and
only then calls the presenter. Nothing is shown before it is stored.

API (all ``async`` unless marked; ``table_id`` ints, ``user``/``host``/``by`` are
:class:`~bot.app.ports.UserRef` unless named ``*_id``)::

    create_table(guild_id, channel_id, host, target=None, double_any_seventh=None,
                 players=4, limits=None, parent_channel_id=None) -> Table
        host is seated at seat 0; players (4, or 3 for the 3-player variant) sets the
        seat count; target and the house rule default to the server's settings (150, off
        without them). The table keeps the server's pace (Table.settings) to its end. A
        thread (parent_channel_id) may hold a table where its parent channel may.
        Presenter: table_changed(reason="created").
    join(table_id, user, seat=None) -> Table          lowest free seat by default
    leave(table_id, user, lobby_only=False) -> Table  lobby: frees the seat (host passes to
        the next human; the last human leaving closes the table, reason "empty");
        playing: a normal CPU takes the seat (the last human leaving closes: "abandoned")
    add_cpu(table_id, by, level, seat=None) -> Table  level: easy|normal|hard or a name in
        settings.external_engines (seat kind "engine"); by must be seated (or the host)
    remove_seat(table_id, by, seat) -> Table          host; not the host's own seat
    shuffle_seats(table_id, by) -> Table              host
    move_seat(table_id, by, from_seat, to_seat) -> Table   host; swaps if occupied
    start(table_id, by) -> Table                      host, every seat taken. reason "start"
    cancel(table_id, by) -> Table                     host, lobby only. table_closed("cancelled")
    stop(table_id, by, can_manage=False, lobby_only=False) -> Table  host or can_manage;
        lobby or playing; a started match is recorded as stopped early. table_closed("stopped")
    rematch(table_id, by, where=None, limits=None) -> Table   a seated human of a finished
        table; same seats, new match, starts at once. reason "start". where: (guild, channel) of
        the click; a table elsewhere -> "wrong_table"
    limits (create_table, rematch): a TableLimits (open tables per user and per server, a
        per-user cooldown between creations; :mod:`.limits`); None: the service's own.
        Refused: too_many_tables_user (limit), too_many_tables_server (limit),
        cooldown (seconds)
    act(table_id, user_id, version, action) -> Table  action: goita_core Action (PASS,
        Play(first, second), PLAY_ON, REDEAL). reason "move"
    check_version(table, version, action=None) (sync)  the stale rule: TableError "stale"
    hand(table_id, user_id) -> HandView               also takes an away seat back
        (reason "back" if it was away)
    hand_now(table_id, user_id) -> HandView | None (sync)  the same from the committed
        state, without waiting; None while a step runs or the seat is away (then hand())
    in_step(table_id) -> bool (sync)  a step of the table runs or waits for its lock
    set_board_message(table_id, message_id, posted_at) -> None   no presenter call
    closed_board_shown(table_id, version) -> None   the board showed the table's end (a
        restart need not show it again); no presenter call
    channel_gone(channel_id) / guild_gone(guild_id) -> list[Table]   the channel was
        deleted / the bot left the server: its live tables close ("channel_gone",
        "bot_removed"; a match in play as stopped)
    get(table_id) -> Table (sync; TableError "no_table"), find(table_id) -> Table | None (sync)
    table_for_channel(channel_id) -> Table | None (sync; live tables only)
    tables_for_user(user_id) -> list[Table] (sync; live tables where the user is seated)
    live_tables() -> list[Table] (sync); all_tables() -> list[Table] (sync; also closed ones
        this process has seen, e.g. a finished table offering Rematch)
    restore() -> list[Table]     on start-up: reload live tables, table_changed(reason="restored");
        record the results and show the boards a dead process left unsettled
    tick() -> int                run everything due at clock.now() (tests call this)
    next_deadline() -> float | None (sync)    the top of the heap of deadlines
    start_driver() (sync) / stop_driver()   the background task that runs due steps on
        time, each table's as its own task (a slow CPU or engine delays no other table)

``Table.version`` is the custom-id counter: it grows by one per game step (a deal or an
action), over all matches of the table. ``act`` with another version -> "stale" (except a
5-Shi decision drawn since the round's deal: two partners may decide at the same time).

TableError codes (``err.params`` in parentheses):
    no_table, table_exists (table_id, channel_id, board_message_id), bad_target (target,
    message), channel_not_allowed (channels: the allowed channel ids), bot_permissions
    (missing: what create_table's check_channel found lacking), not_in_lobby,
    not_playing, not_finished, already_seated (seat), seat_taken (seat), bad_seat (seat),
    table_full (players), not_seated, not_host, not_host_or_manager, need_four (seated, players),
    bad_players (players), bad_level (level, levels), host_seat (seat), stale (version),
    not_your_turn, stop_started (a lobby-only stop of a table whose match has started),
    rematch_started (a rematch of a match another match has followed already),
    "illegal.<rule>" (rule, message) for every goita_core IllegalAction rule code
    (e.g. illegal.must_lead, illegal.block_mismatch, illegal.ou_attack_not_allowed).

Presenter calls (after the commit, outside the lock, in this order for one step):
    table_changed(table, TableChange(reason, events, lines, seat, actor, version))
      reasons: created, lobby, start, move, deal, round_end, match_end, back, away (a
      timeout: the CPU's move follows as "move"), left (a CPU took a player's seat
      mid-game), restored (also for a closed table whose closing board the previous
      process did not show: present its end as table_closed would); "closed" is never
      used: closing calls table_closed.
      ``seat``/``actor`` say who acted ("human", "cpu", "timeout", "away", "system").
    prompt(table, seat, kind): "your_turn" when a present human's turn starts, "goshi"
      when a present human must choose PLAY_ON/REDEAL, "timeout_warning" at
      turn_deadline - turn_warning_seconds, "taken_over" when the CPU moved for them.
    table_closed(table, reason): cancelled, stopped, idle (lobby timeout), empty (last
      human left the lobby), abandoned (every human away too long, or the last one left),
      channel_gone (its channel was deleted), bot_removed (the bot left the server),
      finished (match won: sent right after table_changed(reason="match_end"); the
      board keeps a Rematch button).

Narration ``lines`` (key, params), also kept in ``Table.recent`` (last 12) for the board.
Every ``seat`` param is a seat index; ``name`` is that seat's display name. The game events'
lines come from :func:`goita_core.narration.narrate`::

    log.start (match_no, dealer)            log.deal (round, dealer)
    log.shi (seat, name, count)             log.goshi_wait (seat, name, holder)
    log.goshi_decided (seat, name, play_on) log.redeal (reason, seat)
    log.led (seat, name, attack)            -- attack is a kanji; the face-down piece is
                                               NEVER in a line
    log.blocked (seat, name, block, attack, answered)   -- answered = the attack blocked
    log.passed (seat, name)
    log.lead_again (seat, name)
    log.round_won (seat, name, team, points, doubled, last, special)
    log.match_won (team, scores)
    log.join / log.leave / log.cpu_added / log.seat_removed (seat, name)
    log.cpu_took_seat (seat, name)          log.timeout (seat, name)
    log.back (seat, name)                   log.shuffled ()  log.moved (from_seat, to_seat)

Timers: :mod:`.timers` and :mod:`.restore`; CPU and engine seats: :mod:`.computer`.
"""

from __future__ import annotations

from .computer import Player, PlayerFactory, cpu_seed, default_player_factory
from .kernel import DealSource
from .limits import TableLimits
from .play import HandView
from .restore import RestoreRoom
from .timers import TimingSettings

__all__ = [
    "DealSource",
    "HandView",
    "Player",
    "PlayerFactory",
    "TableLimits",
    "TableService",
    "TimingSettings",
    "cpu_seed",
    "default_player_factory",
]


class TableService(RestoreRoom):
    """Every table of the bot. Built with ``TableService(store, clock, presenter, settings,
    player_factory=None, *, results=None, seed_source=None, deal_source=None, rng=None,
    limits=None, server_settings=None)``: ``store`` a :class:`~bot.app.ports.TableStore`,
    ``results`` a :class:`~bot.app.ports.ResultsRecorder` such as a ``ResultsStore`` (None:
    results are not recorded), ``settings`` the :class:`TimingSettings` (the operator's),
    ``limits`` the default :class:`TableLimits` of creating calls (None: none),
    ``server_settings`` a :class:`~bot.app.ports.ServerSettingsSource` (None: every server
    runs on the operator's settings); the other keyword-only ones let tests fix seeds,
    deals and shuffles."""
