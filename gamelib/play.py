"""Play a game against the computer: a one-heap subtraction game or Nim.

The computer plays perfectly. From an N-position it moves to a P-position and wins as fast as it can; from a
P-position (every move loses) it makes the move that keeps the game going longest, so the student gets as
many chances as possible to go wrong — or to notice the pattern. "Fast" and "long" are measured by the
*remoteness* of a position (Steinhaus): the number of moves the game lasts when the winner hurries and the
loser stalls.

* :func:`remoteness` and :func:`remoteness_table` compute it;
* :class:`PlaySession` is the game itself (positions, moves, undo, the report), without any widget;
* :func:`play_subtraction` and :func:`play_nim` wrap a session in an ipywidgets panel.

Every choice the computer makes is deterministic: among equally good moves it takes the first one in the
order the buttons are shown (smallest amount first; for Nim, heap A first).
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import numpy as np

from gamelib.analysis import engine
from gamelib.checks import LimitError, check_heaps, check_int, check_stop, check_subtraction_set, set_text
from gamelib.games.nim import HEAP_NAMES, nim_sum
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_PLAY_ELEMENT,
    MAX_PLAY_HEAP,
    MAX_PLAY_NIM_HEAP,
    MAX_PLAY_NIM_HEAPS,
    MAX_PLAY_SET_SIZE,
    MAX_POSITIONS,
    MAX_REMOTENESS_HEAPS,
    MAX_REMOTENESS_WORK,
    MAX_SUBTRACTION,
)
from gamelib.parsing import parse_heaps, parse_set
from gamelib.widgets import StaticFallback, _first_items, _whole_number

STUDENT = "student"
COMPUTER = "computer"
_CHIP, _TAKEN = "\u25cf", "\u25cb"  # ● a chip in the heap, ○ a chip just taken


# --------------------------------------------------------------------------------------------------------
# Remoteness


def _remoteness_rule(follower_values: list) -> int:
    """Remoteness from the followers' remoteness: win as fast as possible, else lose as slowly as possible.

    A position is P exactly when its remoteness is even (0 for a position without moves).
    """
    if not follower_values:
        return 0
    winning = [r for r in follower_values if r % 2 == 0]  # followers that are P-positions
    return 1 + (min(winning) if winning else max(follower_values))


def remoteness(game: Any, position: Hashable, *, max_positions: int = MAX_POSITIONS) -> int:
    """The Steinhaus remoteness of ``position``: how many moves are left when both sides play their best.

    The player who can win plays to win as quickly as possible; the player who must lose plays to make the
    game last as long as possible. A position without moves has remoteness 0. Remoteness is even exactly
    at P-positions (normal play). Works for any game with a ``moves(position)`` method.

    >>> from gamelib import SubtractionGame
    >>> [remoteness(SubtractionGame({1, 2}), n) for n in range(7)]
    [0, 1, 1, 2, 3, 3, 4]
    """
    S = getattr(game, "S", None)
    if type(position) is int and isinstance(S, tuple) and S and type(S[0]) is int and S[0] > 0 \
            and position // S[0] >= max_positions:
        # a subtraction game: heaps n, n - s1, n - 2 s1, ... are all reached, so refuse before exploring
        raise LimitError(f"remoteness: the game from heap {position:,} has more than {max_positions:,} positions "
                         "(the limit of positions explored)")
    return engine._evaluate(game, position, _remoteness_rule, {}, max_positions)


def remoteness_table(S: Iterable[int], stop: int) -> list[int]:
    """Remoteness of heaps 0, 1, ..., stop - 1 in the subtraction game S (normal play).

    >>> remoteness_table({1, 2}, 7)
    [0, 1, 1, 2, 3, 3, 4]
    >>> remoteness_table({2, 5, 7}, 10)
    [0, 0, 1, 1, 2, 1, 1, 1, 1, 3]
    """
    S = check_subtraction_set(_first_items(S, "S", MAX_SUBTRACTION, "{1, 3, 4}"))
    stop = check_stop(stop, limit=10**6)
    if stop * len(S) > MAX_REMOTENESS_WORK:
        raise LimitError(f"remoteness_table: {stop:,} heaps x {len(S):,} moves is more than this kit computes at "
                         f"once (limit {MAX_REMOTENESS_WORK:,} heap-move pairs)")
    table: list[int] = []
    for n in range(stop):
        table.append(_remoteness_rule([table[n - s] for s in S if s <= n]))
    return table


class _SortedNim:
    """Nim with each position written as its sorted non-empty heaps: the order of heaps does not matter."""

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        found = []
        for i, h in enumerate(position):
            if i and position[i - 1] == h:
                continue  # the same heap size again gives the same followers
            rest = position[:i] + position[i + 1 :]
            found.extend(tuple(sorted(rest + (t,) if t else rest)) for t in range(h))
        return found


def _nim_position_count(heaps: tuple[int, ...]) -> int:
    """How many Nim positions lie at or below ``heaps`` (sorted, largest first), counting a position by its
    sorted heaps as :func:`nim_remoteness` does: the non-increasing sequences b with 0 <= b[i] <= heaps[i].
    The count stops just above MAX_POSITIONS.

    >>> _nim_position_count((2, 1))  # (0, 0), (1, 0), (2, 0), (1, 1), (2, 1)
    5
    """
    cap = MAX_POSITIONS + 1
    if not heaps:
        return 1
    if heaps[0] >= cap:
        return cap
    ways = np.ones(heaps[0] + 1, dtype=np.int64)  # ways[v]: sequences so far whose last entry is v
    for limit in heaps[1:]:
        at_least = np.minimum(np.cumsum(ways[::-1])[::-1], cap)  # sequences whose last entry is >= w
        ways = np.where(np.arange(heaps[0] + 1) <= limit, at_least, 0)
        if ways.sum() >= cap:
            return cap
    return int(min(ways.sum(), cap))


_NIM_REMOTENESS: dict = {}  # shared by every Nim session: the game never changes


def nim_remoteness(heaps: Iterable[int]) -> int:
    """The remoteness of a Nim position (see :func:`remoteness`), cached across calls.

    >>> nim_remoteness((1, 2, 3)), nim_remoteness((3, 4, 5))
    (6, 11)

    At most ``MAX_REMOTENESS_HEAPS`` heaps; positions with more than ``MAX_POSITIONS`` positions below them
    are refused (LimitError) before any is explored.
    """
    heaps = _first_items(heaps, "heaps", MAX_REMOTENESS_HEAPS, "(3, 4, 5)")
    key = tuple(sorted((h for h in check_heaps(heaps, name="heaps") if h), reverse=True))
    count = _nim_position_count(key)
    if count > MAX_POSITIONS:
        raise LimitError(f"nim_remoteness{tuple(heaps)!r:.60}: the game has more than {MAX_POSITIONS:,} positions "
                         f"(the limit of positions explored)")
    key = key[::-1]
    return engine._evaluate(_SortedNim(), key, _remoteness_rule, _NIM_REMOTENESS, MAX_POSITIONS)


# --------------------------------------------------------------------------------------------------------
# The rules each game gives a session


class _SubtractionRules:
    """A one-heap subtraction game as the play session sees it. A move key is the amount taken."""

    kind = "subtraction"

    def __init__(self, S: tuple[int, ...], heap: int):
        self.game = SubtractionGame(S)
        self.S = self.game.S
        self.start = heap
        self._remoteness = remoteness_table(self.S, heap + 1)

    @property
    def title(self) -> str:
        return f"the subtraction game S = {set_text(self.S)}"

    def keys(self) -> list[int]:
        return list(self.S)

    def moves(self, n: int) -> list[tuple[int, int]]:
        return [(s, n - s) for s in self.S if s <= n]

    def outcome(self, n: int) -> str:
        return self.game.outcome(n)

    def grundy(self, n: int) -> int:
        return self.game.grundy(n)

    def remoteness(self, n: int) -> int:
        return self._remoteness[n]

    def move_text(self, key: int, before: int) -> str:
        return f"take {key}"

    def position_text(self, n: int) -> str:
        return f"heap {n}"

    def grundy_text(self, n: int) -> str:
        return f"g({n}) = {self.grundy(n)}"


class _NimRules:
    """Nim as the play session sees it. A move key is ``(heap index, amount)``, the first heap being 0."""

    kind = "nim"

    def __init__(self, heaps: tuple[int, ...]):
        self.start = heaps

    title = "Nim"

    def keys(self) -> list[tuple[int, int]]:
        return [(i, a) for i, h in enumerate(self.start) for a in range(1, h + 1)]

    def moves(self, heaps: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, ...]]]:
        return [((i, a), heaps[:i] + (h - a,) + heaps[i + 1 :]) for i, h in enumerate(heaps) for a in range(1, h + 1)]

    def outcome(self, heaps: tuple[int, ...]) -> str:
        return "P" if nim_sum(*heaps) == 0 else "N"

    def grundy(self, heaps: tuple[int, ...]) -> int:
        return nim_sum(*heaps)

    def remoteness(self, heaps: tuple[int, ...]) -> int:
        return nim_remoteness(heaps)

    def move_text(self, key: tuple[int, int], before: tuple[int, ...]) -> str:
        return f"take {key[1]} from heap {HEAP_NAMES[key[0]]}"

    def position_text(self, heaps: tuple[int, ...]) -> str:
        return f"heaps {heaps}"

    def grundy_text(self, heaps: tuple[int, ...]) -> str:
        return " \u2295 ".join(map(str, heaps)) + f" = {nim_sum(*heaps)}"


def _subtraction_rules(S: object, heap: object) -> _SubtractionRules:
    if isinstance(S, str):
        S = parse_set(S, max_element=MAX_PLAY_ELEMENT, max_size=MAX_PLAY_SET_SIZE)
    else:
        S = check_subtraction_set(_first_items(S, "S", MAX_PLAY_SET_SIZE, "{1, 2, 3}"))
        if S[-1] > MAX_PLAY_ELEMENT or len(S) > MAX_PLAY_SET_SIZE:
            raise ValueError(
                f"S = {set_text(S)} is too big to play here: at most {MAX_PLAY_SET_SIZE} numbers, "
                f"each at most {MAX_PLAY_ELEMENT}"
            )
    heap = check_int(heap, "heap", minimum=1)
    if heap > MAX_PLAY_HEAP:
        raise ValueError(f"heap = {heap} is too big to play here: choose a heap from 1 to {MAX_PLAY_HEAP}")
    if heap < S[0]:
        raise ValueError(
            f"heap = {heap} allows no move at all with S = {set_text(S)}: choose a heap of at least {S[0]}"
        )
    return _SubtractionRules(S, heap)


def _nim_rules(heaps: object) -> _NimRules:
    if isinstance(heaps, str):
        heaps = parse_heaps(heaps, max_heap=MAX_PLAY_NIM_HEAP, max_heaps=MAX_PLAY_NIM_HEAPS)
    else:
        heaps = check_heaps(heaps, name="heaps")
    heaps = tuple(heaps)
    if not 1 <= len(heaps) <= MAX_PLAY_NIM_HEAPS or any(h > MAX_PLAY_NIM_HEAP for h in heaps):
        raise ValueError(
            f"heaps {heaps} cannot be played here: give 1 to {MAX_PLAY_NIM_HEAPS} heaps, "
            f"each from 0 to {MAX_PLAY_NIM_HEAP}"
        )
    if not any(heaps):
        raise ValueError(f"heaps {heaps} are all empty, so nobody can move: give at least one chip")
    return _NimRules(heaps)


# --------------------------------------------------------------------------------------------------------
# The game, without a widget


def _verb(move_text: str, form: str) -> str:
    """Reword a move such as ``'take 2 from heap A'`` with another form of the verb: ``'took 2 from heap A'``."""
    return form + move_text[len("take"):]


@dataclass(frozen=True)
class PlayedMove:
    """One move of a game: who made it, the position before and after, and the move's key and wording.

    >>> print(PlayedMove("student", 10, 2, 8, "take 2"))
    you: take 2 (10 → 8)
    """

    player: str
    before: Any
    key: Any
    after: Any
    text: str

    def __str__(self) -> str:
        who = "you" if self.player == STUDENT else "computer"
        return f"{who}: {self.text} ({self.before} \u2192 {self.after})"


class PlaySession:
    """A game between the student and a perfect computer player, with undo and an end-of-game report.

    Create one with :meth:`subtraction` or :meth:`nim`. The student moves with :meth:`play`; the computer
    answers at once. Normal play: whoever makes the last move wins.

    >>> game = PlaySession.subtraction({1, 2, 3}, 6)
    >>> game.winning_keys()          # from 6, taking 2 leaves 4, a P-position
    [2]
    >>> [str(m) for m in game.play(2)]
    ['you: take 2 (6 → 4)', 'computer: take 1 (4 → 3)']
    >>> game.play(3)[-1].after, game.over, game.winner
    (0, True, 'student')
    >>> print(game.report())
    You won! No mistakes: every time you could win, you moved to a P-position.
    >>> game.undo(), game.position, game.over      # takes back the winning move only
    (True, 3, False)
    >>> game.legal_keys(), game.first_mistake()
    ([1, 2, 3], None)
    """

    def __init__(self, rules: Any, starter: str = STUDENT):
        if starter not in (STUDENT, COMPUTER):
            raise ValueError(f"starter must be {STUDENT!r} or {COMPUTER!r}, got {starter!r}")
        self.rules = rules
        self.starter = starter
        self.position = rules.start
        self.history: list[PlayedMove] = []
        if starter == COMPUTER:
            self._computer_move()

    @classmethod
    def subtraction(cls, S: object, heap: int, starter: str = STUDENT) -> PlaySession:
        """A subtraction game: ``S`` a set (or text such as ``"1, 2, 3"``), ``heap`` the starting heap.

        >>> PlaySession.subtraction("2, 5, 7", 9, starter="computer").history[0].text   # 9 - 5 = 4 is P
        'take 5'
        """
        return cls(_subtraction_rules(S, heap), starter)

    @classmethod
    def nim(cls, heaps: object, starter: str = STUDENT) -> PlaySession:
        """A game of Nim from ``heaps`` (a tuple, or text such as ``"3, 4, 5"``).

        >>> PlaySession.nim((3, 4, 5), starter="computer").position
        (1, 4, 5)
        """
        return cls(_nim_rules(heaps), starter)

    # -- the state of the game
    @property
    def over(self) -> bool:
        """True when the player to move has no move left."""
        return not self.rules.moves(self.position)

    @property
    def winner(self) -> str | None:
        """``'student'`` or ``'computer'`` once the game is over (the player who moved last), else None."""
        if not self.over or not self.history:
            return None
        return self.history[-1].player

    def legal_keys(self) -> list:
        """The moves allowed now, as keys: amounts (subtraction) or ``(heap index, amount)`` pairs (Nim)."""
        return [key for key, _ in self.rules.moves(self.position)]

    def winning_keys(self, position: Any = None) -> list:
        """The moves from ``position`` (default: the current one) that leave a P-position."""
        position = self.position if position is None else position
        return [key for key, after in self.rules.moves(position) if self.rules.outcome(after) == "P"]

    def computer_choice(self, position: Any = None) -> tuple[Any, Any]:
        """The computer's move ``(key, position after)``: win fastest from N, lose slowest from P.

        Among equally good moves, the first in button order is taken, so the choice is always the same.

        >>> PlaySession.subtraction({1, 2, 3}, 9).computer_choice(8)   # P: every move loses; stall
        (1, 7)
        """
        position = self.position if position is None else position
        options = [(key, after, self.rules.remoteness(after)) for key, after in self.rules.moves(position)]
        if not options:
            raise ValueError(f"no move is possible from {self.rules.position_text(position)}")
        winning = [option for option in options if option[2] % 2 == 0]  # followers that are P-positions
        if winning:
            key, after, _ = min(winning, key=lambda option: option[2])  # min/max keep the first of a tie
        else:
            key, after, _ = max(options, key=lambda option: option[2])
        return key, after

    # -- moves
    def _apply(self, player: str, key: Any, after: Any) -> PlayedMove:
        record = PlayedMove(player, self.position, key, after, self.rules.move_text(key, self.position))
        self.history.append(record)
        self.position = after
        return record

    def _computer_move(self) -> PlayedMove | None:
        if self.over:
            return None
        key, after = self.computer_choice()
        return self._apply(COMPUTER, key, after)

    def _plain_key(self, key: object) -> int | tuple[int, int]:
        """A move key as plain ints: an amount (subtraction) or (heap index, amount) (Nim).

        2.0, True or 1+0j are not amounts: they would compare equal to 2 or 1 and be recorded as typed.
        """
        if self.rules.kind == "subtraction":
            return _whole_number(key, "the amount taken")
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError(f"a Nim move is (heap index, amount), e.g. (0, 2), got {key!r:.60}")
        return _whole_number(key[0], "the heap index"), _whole_number(key[1], "the amount taken")

    def play(self, key: Any) -> list[PlayedMove]:
        """Make the student's move ``key``, then the computer's reply (if the game is not over).

        Raises ValueError (naming the move) when the game is over or the move is not allowed, and TypeError
        when ``key`` is not made of whole numbers (2.0 and True are refused, not read as 2 and 1).
        """
        key = self._plain_key(key)
        if self.over:
            raise ValueError(f"the game is over ({self.rules.position_text(self.position)}): start a new game")
        for legal, after in self.rules.moves(self.position):
            if legal == key:
                made = [self._apply(STUDENT, key, after)]
                reply = self._computer_move()
                return made + ([reply] if reply else [])
        raise ValueError(
            f"{key!r} is not a move allowed from {self.rules.position_text(self.position)}; "
            f"allowed: {self.legal_keys()}"
        )

    def undo(self) -> bool:
        """Take back the student's last move and the computer's reply. False if the student has not moved."""
        if not any(m.player == STUDENT for m in self.history):
            return False
        while self.history:
            record = self.history.pop()
            self.position = record.before
            if record.player == STUDENT:
                break
        return True

    # -- the report
    def first_mistake(self) -> PlayedMove | None:
        """The student's first move from an N-position to an N-position (a win thrown away), or None."""
        for record in self.history:
            if (record.player == STUDENT and self.rules.outcome(record.before) == "N"
                    and self.rules.outcome(record.after) == "N"):
                return record
        return None

    def report(self) -> str:
        """A few sentences on the game: who won and the student's first mistake with the winning move.

        >>> game = PlaySession.subtraction({1, 2}, 4)
        >>> moves = game.play(2)      # 4 is N; taking 2 leaves 2, an N-position: a mistake
        >>> print(game.report())  # doctest: +NORMALIZE_WHITESPACE
        The computer won. Your first mistake: at heap 4 you took 2, leaving heap 2, an N-position (the
        player to move can win). Taking 1 (leaving heap 3, a P-position) would have won.
        """
        if not self.over:
            return "The game is still going."
        head = "You won!" if self.winner == STUDENT else "The computer won."
        mistake = self.first_mistake()
        if mistake is not None:
            rules = self.rules
            better = " or ".join(
                f"{_verb(rules.move_text(key, mistake.before), 'taking')} "
                f"(leaving {rules.position_text(after)}, a P-position)"
                for key, after in rules.moves(mistake.before)
                if rules.outcome(after) == "P"
            )
            return (
                f"{head} Your first mistake: at {rules.position_text(mistake.before)} you "
                f"{_verb(mistake.text, 'took')}, leaving {rules.position_text(mistake.after)}, "
                f"an N-position (the player to move can win). {better[0].upper()}{better[1:]} would have won."
            )
        had_chance = any(
            m.player == STUDENT and self.rules.outcome(m.before) == "N" for m in self.history
        )
        if had_chance:
            return f"{head} No mistakes: every time you could win, you moved to a P-position."
        return (
            f"{head} No mistakes — but you never had a winning position: you always had to move from a "
            "P-position, and the computer never let you off the hook. Try starting a game from an N-position."
        )


# --------------------------------------------------------------------------------------------------------
# The widget


def _chips(count: int, taken: int = 0) -> str:
    """A heap as HTML: ``count`` chips in groups of five, then ``taken`` faint chips just removed."""
    symbols = [_CHIP] * count + [_TAKEN] * taken
    groups = ["".join(symbols[i : i + 5]) for i in range(0, len(symbols), 5)]
    if not groups:
        return '<span style="color:#777777">(empty)</span>'
    text = "\u2009".join(groups)
    split = count + count // 5 if count % 5 else count + count // 5 - 1  # where the faint chips begin
    if taken and count:
        return (f'<span style="color:#0072B2">{text[:split]}</span>'
                f'<span style="color:#BBBBBB">{text[split:]}</span>')
    if taken:
        return f'<span style="color:#BBBBBB">{text}</span>'
    return f'<span style="color:#0072B2">{text}</span>'


class PlayWidget(StaticFallback, widgets.VBox):
    """The play panel: the heap(s), one button per move, undo, hint and value toggles, a status line, a report.

    Made by :func:`play_subtraction` or :func:`play_nim`. Attributes for driving it from Python:

    ``session`` (the :class:`PlaySession`), ``buttons`` (dict: move key -> Button), ``new_game_button``,
    ``undo_button``, ``starter`` (ToggleButtons, ``'student'``/``'computer'``), ``hint_toggle``,
    ``values_toggle``, ``board``, ``hint``, ``values``, ``status``, ``report``, ``moves_log`` (HTML widgets), and for
    the settings ``set_text`` + ``heap_input`` (subtraction) or ``heaps_text`` (Nim).
    Methods: :meth:`move`, :meth:`new_game`, :meth:`undo`. Properties: ``position``, ``heap`` / ``heaps``,
    ``history``.

    >>> w = play_subtraction("1, 2", 4)
    >>> w.move(1), w.heap         # 4 -> 3 (P); the computer can only stall: 3 -> 2
    (True, 2)
    >>> w.undo(), w.heap, w.history
    (True, 4, [])
    """

    def _static_view(self) -> dict:
        return {"text/html": f"<div>{self.title.value}{self.board.value}{self.status.value}</div>"}

    def __init__(self, kind: str, session: PlaySession, caps: str):
        super().__init__(layout=widgets.Layout(width="100%", max_width="900px"))
        self.kind = kind
        self.session = session
        self.buttons: dict = {}
        self.title = widgets.HTML()
        self.starter = widgets.ToggleButtons(
            options=[("You", STUDENT), ("Computer", COMPUTER)], value=session.starter,
            description="First move:", style={"button_width": "90px"},
        )
        self.new_game_button = widgets.Button(description="New game", button_style="primary", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="take back your last move and the computer's reply")
        self.hint_toggle = widgets.ToggleButton(description="Hint", icon="lightbulb-o", value=False)
        self.values_toggle = widgets.ToggleButton(description="Grundy values", value=False)
        self.board = widgets.HTML()
        self.move_area = widgets.VBox(layout=widgets.Layout(min_height="40px"))
        self.hint = widgets.HTML()
        self.values = widgets.HTML()
        self.status = widgets.HTML()
        self.report = widgets.HTML()
        self.moves_log = widgets.HTML()
        self.caps = widgets.HTML(f'<span style="color:#555;font-size:85%">{html.escape(caps)}</span>')
        if kind == "subtraction":
            self.set_text = widgets.Text(value=", ".join(map(str, session.rules.S)), description="S =",
                                         layout=widgets.Layout(width="220px"))
            self.heap_input = widgets.BoundedIntText(value=session.rules.start, min=1, max=MAX_PLAY_HEAP,
                                                     description="heap:", layout=widgets.Layout(width="150px"))
            settings = [self.set_text, self.heap_input]
        else:
            self.heaps_text = widgets.Text(value=", ".join(map(str, session.rules.start)), description="heaps:",
                                           layout=widgets.Layout(width="220px"))
            settings = [self.heaps_text]
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.undo_button.on_click(lambda _button: self.undo())
        self.starter.observe(lambda _change: self._starter_changed(), names="value")
        self.hint_toggle.observe(lambda _change: self._refresh(), names="value")
        self.values_toggle.observe(lambda _change: self._refresh(), names="value")
        self.children = [
            self.title,
            widgets.HBox(settings + [self.new_game_button]),
            self.starter,
            self.board,
            self.move_area,
            widgets.HBox([self.undo_button, self.hint_toggle, self.values_toggle]),
            self.hint,
            self.values,
            self.status,
            self.report,
            self.moves_log,
            self.caps,
        ]
        self._build_buttons()
        self._refresh(self._opening_message())

    # -- attributes for notebooks and tests
    @property
    def position(self) -> Any:
        """The current position: a heap size (subtraction) or a tuple of heaps (Nim)."""
        return self.session.position

    @property
    def heap(self) -> Any:
        """The current heap (subtraction game); for Nim the tuple of heaps, same as ``heaps``."""
        return self.session.position

    @property
    def heaps(self) -> Any:
        """The current heaps (Nim); for the subtraction game the heap size."""
        return self.session.position

    @property
    def history(self) -> list[PlayedMove]:
        """Every move so far, oldest first (see :class:`PlayedMove`)."""
        return self.session.history

    # -- actions
    def move(self, *choice: int) -> bool:
        """The student's move: ``move(amount)`` (subtraction) or ``move(heap_index, amount)`` (Nim, heap A = 0).

        Returns False (and says why in ``status``) when the move is not allowed. Raises TypeError, naming the
        value, when a number is not a whole number (``move(2.0)``, ``move(True)``).
        """
        key = choice[0] if len(choice) == 1 else tuple(choice)
        try:
            made = self.session.play(key)
        except ValueError as error:
            self.status.value = self._message(str(error), error=True)
            return False
        said = ". ".join(("You " if m.player == STUDENT else "The computer ")
                         + _verb(m.text, "took") + f" ({m.before} \u2192 {m.after})" for m in made)
        self._refresh(said + ".")
        return True

    def undo(self) -> bool:
        """Take back the student's last move and the computer's reply."""
        if self.session.undo():
            self._refresh(f"Move taken back. Your turn: {self.session.rules.position_text(self.position)}.")
            return True
        self.status.value = self._message("Nothing to undo: you have not moved yet.")
        return False

    def new_game(self) -> bool:
        """Start again with the settings shown (set and heap, or heaps; who moves first)."""
        try:
            if self.kind == "subtraction":
                session = PlaySession.subtraction(self.set_text.value, self.heap_input.value, self.starter.value)
            else:
                session = PlaySession.nim(self.heaps_text.value, self.starter.value)
        except (TypeError, ValueError) as error:
            self.status.value = self._message(f"Cannot start: {error}", error=True)
            return False
        self.session = session
        self._build_buttons()
        self._refresh(self._opening_message())
        return True

    def _starter_changed(self) -> None:
        """A new choice of who starts begins a new game at once, unless the student has already moved."""
        if any(m.player == STUDENT for m in self.session.history):
            self.status.value = self._message("The new choice of who moves first applies from the next game "
                                              "(press New game).")
        else:
            self.new_game()

    # -- drawing
    @staticmethod
    def _message(text: str, error: bool = False) -> str:
        colour = "#D55E00" if error else "#000000"
        return f'<span style="color:{colour}">{html.escape(text)}</span>'

    def _opening_message(self) -> str:
        if self.session.history:
            m = self.session.history[0]
            return f"New game. The computer moved first: it {_verb(m.text, 'took')}."
        return "New game. You move first."

    def _build_buttons(self) -> None:
        rules = self.session.rules
        self.buttons = {}
        for key in rules.keys():
            label = f"take {key}" if self.kind == "subtraction" else str(key[1])
            button = widgets.Button(description=label, layout=widgets.Layout(width="auto", min_width="42px"),
                                    tooltip=rules.move_text(key, rules.start))
            button.on_click(lambda _button, key=key: self.move(*(key if isinstance(key, tuple) else (key,))))
            self.buttons[key] = button
        if self.kind == "subtraction":
            self.heap_rows: list[widgets.HTML] = []
            self.move_area.children = [widgets.HBox(list(self.buttons.values()))]
        else:
            self.heap_rows = [widgets.HTML(layout=widgets.Layout(width="230px")) for _ in rules.start]
            rows = []
            for i, label in enumerate(self.heap_rows):
                row = [b for (h, _), b in self.buttons.items() if h == i]
                rows.append(widgets.HBox([label, widgets.HTML("take:")] + row))
            self.move_area.children = rows
        self.title.value = (
            f"<b>Play {html.escape(rules.title)} against the computer.</b> Players take turns; "
            "whoever takes the last chip wins."
        )

    def _refresh(self, message: str | None = None) -> None:
        """Redraw the board, buttons, hint, values, report and log; the status line last."""
        session, rules = self.session, self.session.rules
        last = session.history[-1] if session.history else None
        if self.kind == "subtraction":
            taken = last.before - last.after if last else 0
            self.board.value = (f'<div style="font-size:22px;line-height:1.4">{_chips(self.position, taken)}</div>'
                                f"<div>Heap: <b>{self.position}</b> chips</div>")
        else:
            self.board.value = "<div>Take any number of chips from one heap.</div>"
            for i, label in enumerate(self.heap_rows):
                was = last.before[i] if last else self.position[i]
                label.value = (f'<span style="font-size:20px">{HEAP_NAMES[i]}: '
                               f"{_chips(self.position[i], was - self.position[i])}</span> ({self.position[i]})")
        legal = set(session.legal_keys())
        for key, button in self.buttons.items():
            button.disabled = key not in legal
            if self.kind == "nim":
                button.layout.display = None if key[1] <= self.position[key[0]] else "none"
        self.undo_button.disabled = not any(m.player == STUDENT for m in session.history)
        self.hint.value = self._hint_html() if self.hint_toggle.value and not session.over else ""
        self.values.value = self._values_html() if self.values_toggle.value else ""
        self.moves_log.value = ('<span style="color:#555;font-size:90%">Moves: '
                          + html.escape("; ".join(map(str, session.history)) or "none yet") + "</span>")
        if session.over:
            self.report.value = f'<div style="border-left:4px solid #0072B2;padding-left:8px">' \
                                f"{html.escape(session.report())}</div>"
            verdict = "Game over: you won!" if session.winner == STUDENT else "Game over: the computer won."
            message = (message + " " if message else "") + verdict
        else:
            self.report.value = ""
            message = (message + " " if message else "") + f"Your turn: {rules.position_text(self.position)}."
        self.status.value = self._message(message)

    def _hint_html(self) -> str:
        rules, session = self.session.rules, self.session
        wins = session.winning_keys()
        if wins:
            shown = ", ".join(rules.move_text(k, self.position) for k in wins)
            return self._message(f"Hint: this is an N-position. Winning move{'s' if len(wins) > 1 else ''}: "
                                 f"{shown} (leaves a P-position).")
        return self._message("Hint: this is a P-position — every move loses if the computer plays well. "
                             "Make the game long and watch what it does.")

    def _values_html(self) -> str:
        rules = self.session.rules
        if self.kind == "subtraction":
            parts = ", ".join(f"take {k} \u2192 g({after}) = {rules.grundy(after)}"
                              for k, after in rules.moves(self.position))
            text = f"Grundy value now: {rules.grundy_text(self.position)}." + (f" After a move: {parts}."
                                                                                 if parts else "")
        else:
            binary = ", ".join(f"{HEAP_NAMES[i]} = {h:04b}" for i, h in enumerate(self.position))
            text = f"Grundy value now: {rules.grundy_text(self.position)} (in binary: {binary})."
        return self._message(text + " A P-position is one with Grundy value 0.")


def play_subtraction(S: object = "1, 2, 3", heap: int = 15, starter: str = STUDENT) -> PlayWidget:
    """A panel to play the subtraction game ``S`` from ``heap`` chips against a perfect computer.

    Parameters
    ----------
    S : text such as ``"1, 2, 3"`` or a collection of numbers (at most 8 numbers, each 1 to 20).
    heap : the starting heap, 1 to 100 (at least the smallest element of S).
    starter : ``'student'`` (default) or ``'computer'``: who makes the first move.

    Returns
    -------
    PlayWidget
        An ipywidgets VBox; see :class:`PlayWidget` for its attributes. ``buttons`` maps each amount in S
        to its button; ``move(amount)`` plays.

    Raises
    ------
    ValueError (or TypeError) naming the bad argument, e.g. a heap above 100.

    Examples
    --------
    >>> w = play_subtraction("1, 2, 3", 10)
    >>> w.move(2)
    True
    >>> w.heap                 # you took 2 (10 -> 8); the computer, now losing, took 1
    7
    >>> w.buttons[3].click()   # take 3: 7 -> 4, the computer takes 1, ...
    >>> w.heap
    3
    """
    session = PlaySession.subtraction(S, heap, starter)
    caps = (f"Limits: S has at most {MAX_PLAY_SET_SIZE} numbers, each from 1 to {MAX_PLAY_ELEMENT}; "
            f"the heap is from 1 to {MAX_PLAY_HEAP}.")
    return PlayWidget("subtraction", session, caps)


def play_nim(heaps: object = (3, 4, 5), starter: str = STUDENT) -> PlayWidget:
    """A panel to play Nim from ``heaps`` against a perfect computer: pick a heap and how many to take.

    Parameters
    ----------
    heaps : a tuple or text such as ``"3, 4, 5"``: 1 to 5 heaps, each 0 to 12, not all empty.
    starter : ``'student'`` (default) or ``'computer'``.

    Returns
    -------
    PlayWidget
        An ipywidgets VBox; see :class:`PlayWidget`. ``buttons`` maps ``(heap index, amount)`` to its button
        (heap A has index 0); ``move(heap_index, amount)`` plays.

    Examples
    --------
    >>> w = play_nim((1, 2))
    >>> w.move(1, 1)          # heap B: 2 -> 1, leaving (1, 1), a P-position; the computer must take one
    True
    >>> w.heaps
    (0, 1)
    >>> w.move(1, 1)
    True
    >>> w.session.winner
    'student'
    """
    session = PlaySession.nim(heaps, starter)
    caps = f"Limits: 1 to {MAX_PLAY_NIM_HEAPS} heaps, each with at most {MAX_PLAY_NIM_HEAP} chips."
    return PlayWidget("nim", session, caps)
