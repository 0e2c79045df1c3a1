"""Playing against the computer (or a friend): :func:`play_game` for any game, and the lessons' declarations
on the one play panel (:class:`~gamelib.widgets.play_panel.PlayPanel`): ``play_subtraction``, ``play_nim`` and
``chomp_explorer``."""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from gamelib.games.base import Game
from gamelib.games.chomp import Chomp
from gamelib.games.nim import Nim
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import MAX_CHOMP_COLS, MAX_CHOMP_ROWS
from gamelib.parsing import Limit
from gamelib.play.session import COMPUTER, FRIEND, STUDENT, PlaySession
from gamelib.widgets.one_heap import set_control
from gamelib.widgets.panel import Control, slider, text_box
from gamelib.widgets.play_panel import PlayPanel, check_vocabulary


@lru_cache(maxsize=16)
def chomp_game(rows: int, cols: int) -> Chomp:
    """One Chomp game per board size, so its outcomes are worked out once however many bars are played."""
    return Chomp(rows, cols)


def play_game(game: Game, start: object = None, starter: str = STUDENT, vocabulary: str = "P/N",
              opponent: str = COMPUTER) -> PlayPanel:
    """A panel to play ``game`` from ``start`` against a perfect computer (or, ``opponent="friend"``, with
    someone at the same keyboard): any game of the model.

    Parameters
    ----------
    game : a gamelib game, e.g. ``Nim()`` or ``Chomp(3, 5)``.
    start : the first position, as the position or as text (within ``game.play_limit``); a game with its own
        ``start`` (Chomp) may leave it out.
    starter : ``'student'`` (default) or ``'computer'``: who makes the first move.
    vocabulary : ``"plain"``, ``"P/N"`` (default: hints name P- and N-positions) or ``"grundy"`` (also the
        "Show Grundy values" box).
    opponent : ``'computer'`` (default) or ``'friend'``.

    Returns
    -------
    PlayPanel

    Examples
    --------
    >>> w = play_game(Nim(), "1, 2, 4")
    >>> w.buttons[(2, 1)].click()    # take 1 from heap C: (1, 2, 3) has nim-sum 0
    >>> w.history[0].text, len(w.history)
    ('take 1 from heap C', 2)
    """
    session = PlaySession(game, start, starter, opponent)
    settings: list[Control] = []
    limit = game.play_limit
    if limit is not None:
        shown = start if isinstance(start, str) else game.typed_position(session.start, limit)
        settings.append(text_box("start_box", "start", f"{limit.name}:", shown, lambda t: t, limit, width="340px"))
    first = session.start  # a game whose positions are not typed starts again from where it started
    return PlayPanel(session, settings, lambda v: PlaySession(game, v.get("start", first), v["starter"], opponent),
                     vocabulary)


def play_subtraction(S: object = "1, 2, 3", heap: int = 15, starter: str = STUDENT,
                     vocabulary: str = "plain") -> PlayPanel:
    """A panel to play the subtraction game ``S`` from ``heap`` chips against a perfect computer.

    Parameters
    ----------
    S : text such as ``"1, 2, 3"`` or a collection of numbers (at most 8 numbers, each 1 to 20).
    heap : the starting heap, 1 to 100 (at least the smallest element of S).
    starter : ``'student'`` (default) or ``'computer'``: who makes the first move.
    vocabulary : ``"plain"`` (default: hints in everyday words, no Grundy values), ``"P/N"`` or ``"grundy"``.

    Returns
    -------
    PlayPanel
        ``buttons`` maps each amount in S to its button; ``move(amount)`` plays; ``set_text`` and
        ``heap_input`` hold the settings a new game starts from.

    Examples
    --------
    >>> w = play_subtraction("1, 2, 3", 10)
    >>> w.move(2)
    True
    >>> w.position             # you took 2 (10 -> 8); the computer, now losing, took 1
    7
    >>> w.buttons[3].click()   # take 3: 7 -> 4, the computer takes 1, ...
    >>> w.position
    3
    """
    check_vocabulary(vocabulary)
    session = PlaySession(SubtractionGame.from_set(S), heap, starter)
    heap_limit = SubtractionGame.play_limit
    assert heap_limit is not None
    settings = [set_control(", ".join(map(str, session.game.S)), "set_text", "S"),  # type: ignore[attr-defined]
                text_box("heap_input", "heap", "heap:", str(session.start), heap_limit.read_number, heap_limit,
                         width="150px")]
    return PlayPanel(session, settings, lambda v: PlaySession(SubtractionGame.from_set(v["S"]), v["heap"],
                                                                       v["starter"]),
                     vocabulary)


def play_nim(heaps: object = (3, 4, 5), starter: str = STUDENT, vocabulary: str = "plain") -> PlayPanel:
    """A panel to play Nim from ``heaps`` against a perfect computer: pick a heap and how many to take.

    Parameters
    ----------
    heaps : a tuple or text such as ``"3, 4, 5"``: 1 to 5 heaps, each 0 to 12, not all empty.
    starter : ``'student'`` (default) or ``'computer'``.
    vocabulary : ``"plain"`` (default), ``"P/N"`` or ``"grundy"`` (also the box that shows the nim-sum with ⊕ and
        the heaps in binary).

    Returns
    -------
    PlayPanel
        ``buttons`` maps ``(heap index, amount)`` to its button (heap A has index 0); ``move(heap_index, amount)``
        plays; ``heaps_text`` holds the heaps a new game starts from.

    Examples
    --------
    >>> w = play_nim((1, 2))
    >>> w.move(1, 1)          # heap B: 2 -> 1, leaving (1, 1), a P-position; the computer must take one
    True
    >>> w.position
    (0, 1)
    >>> w.move(1, 1), w.session.winner
    (True, 'student')
    """
    check_vocabulary(vocabulary)
    session = PlaySession(Nim(), heaps, starter)
    limit = Nim.play_limit
    assert limit is not None
    heaps = ", ".join(map(str, cast(tuple, session.start)))
    settings = [text_box("heaps_text", "heaps", "heaps:", heaps, lambda t: t, limit, width="220px")]
    return PlayPanel(session, settings, lambda v: PlaySession(Nim(), v["heaps"], v["starter"]), vocabulary)


def chomp_explorer(rows: int = 3, cols: int = 5, opponent: str = FRIEND, vocabulary: str = "P/N") -> PlayPanel:
    """A Chomp bar to bite into, square by square (click a square, or move to it with the arrow keys and press
    Enter); "Show a hint" says who can win and marks the winning bites on the bar.

    Parameters
    ----------
    rows, cols : the size of the bar, 1 to 6 rows and 1 to 7 columns (a new size starts a new bar at once).
    opponent : ``'friend'`` (default: two players take turns at the keyboard) or ``'computer'``.
    vocabulary : as for :func:`play_game`.

    Returns
    -------
    PlayPanel
        ``board`` (the bar: ``board.choose(index)`` bites the square ``index``, row by row), ``move(row, col)``
        (from 0 at the poisoned corner), ``rows_slider``, ``cols_slider``, ``position``, ``game``.

    Examples
    --------
    >>> w = chomp_explorer(2, 3)
    >>> w.hint_toggle.value = True
    >>> "Winning move (marked on the board): bite at row 2, column 3" in w.hint.value
    True
    >>> w.move(1, 2), w.position
    (True, (3, 2))
    """
    check_vocabulary(vocabulary)
    settings = [slider("rows_slider", "rows", Limit("rows", 1, MAX_CHOMP_ROWS), rows, "rows:"),
                slider("cols_slider", "cols", Limit("columns", 1, MAX_CHOMP_COLS), cols, "columns:")]
    session = PlaySession(chomp_game(rows, cols), opponent=opponent)
    return PlayPanel(session, settings, lambda v: PlaySession(chomp_game(v["rows"], v["cols"]), opponent=opponent,
                                                              starter=v["starter"]),
                     vocabulary, restart_on_change=True)


__all__ = ["chomp_explorer", "play_game", "play_nim",
           "play_subtraction"]
