"""The explorer of one position of any game: type a position, see its picture (the figure kind the game names,
winning moves marked), its Grundy value and its winning moves. Nim's explorer is this explorer for Nim; the
Green Hackenbush explorer is the same view of a picture typed edge by edge (each picture a game of its own)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamelib import plots
from gamelib.games.base import Game
from gamelib.games.hackenbush import PICTURE_LIMIT, GreenHackenbush, edges_text
from gamelib.games.nim import Nim
from gamelib.parsing import Limit
from gamelib.widgets.panel import Explorer, View, text_box


def position_text_box(game: Game, position: object, limit: Limit) -> str:
    """A start given as text stays text; a position given from Python is written as the game types it
    ("5, 9, 12") for the text box."""
    if isinstance(position, str):
        return position
    try:
        return game.typed_position(position, limit)
    except TypeError as error:
        raise TypeError(f"a position of {game.title} is typed text or the position itself; {error}") from None


def position_explorer(game: Game, position: object, limit: Limit | None = None, label: str | None = None) -> Explorer:
    """One position of ``game``, typed in a text box: its picture with the winning moves marked, its Grundy
    value and its winning moves in words.

    Parameters
    ----------
    game : any game of the model, drawn by the view of its kind of picture, e.g. ``Nim()``; when its
        positions can be typed (``game.position_limit``) a text box changes the position.
    position : the first position, as text or as the position itself.
    limit : what the box accepts (default: the game's ``position_limit``).
    label : the box's label (default: the limit's name).

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``position_box`` (text), ``image``, ``status``; ``values["position"]``
        is the position drawn.

    Examples
    --------
    >>> w = position_explorer(Nim(), "1, 2, 4", label="heaps:")
    >>> print(w.status_text)
    Nim, heaps (1, 2, 4). 1 ⊕ 2 ⊕ 4 = 7: an N-position. Winning move: take 1 from heap C.
    """
    limit = limit or game.position_limit
    if limit is None:  # positions of this game are not typed: the explorer shows the one given
        fixed = game.check_position(position)
        return Explorer([], lambda _values: position_view(game, fixed))
    text = position_text_box(game, position, limit)
    game.read_position(text, limit)  # a bad start is refused here, with the limit, before any widget is made
    label = label or f"{limit.name}:"
    box = text_box("position_box", "position", label, text, lambda typed: game.read_position(typed, limit), limit,
                   placeholder="e.g. 1, 2, 3", called=label.rstrip(": "))  # a problem names the box as it is labelled

    def view(values: dict) -> View:
        return position_view(game, values["position"])

    return Explorer([[box]], view)


def position_view(game: Game, position: Any) -> View:
    """The picture and sentence of one position (normal play: its value, its outcome, its winning moves): the
    text alternative of the game's kind of picture (:func:`~gamelib.plots.view_of`), winning moves and value
    shown."""
    status = plots.view_of(game).describe(game, position, True, True)
    return View(("position", repr(game), position), lambda: plots.position_figure(game, position), status)


def nim_explorer(heaps: Sequence[int] | str = (5, 9, 12)) -> Explorer:
    """Nim heaps in binary, the nim-sum, and the winning moves: the position explorer of Nim.

    Parameters
    ----------
    heaps : 1 to 5 heap sizes, each 0 to 63 (a tuple, or text such as "5, 9, 12").

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``position_box`` (the heaps as text), ``image``, ``status``.

    Examples
    --------
    >>> w = nim_explorer((3, 4, 5))
    >>> print(w.status_text)
    Nim, heaps (3, 4, 5). 3 ⊕ 4 ⊕ 5 = 2: an N-position. Winning move: take 2 from heap A.
    >>> w.position_box.value = "1, 4, 5"
    >>> print(w.status_text)
    Nim, heaps (1, 4, 5). 1 ⊕ 4 ⊕ 5 = 0: a P-position. Every move leaves an N-position.
    """
    return position_explorer(Nim(), heaps, label="heaps:")


def hackenbush_explorer(edges: object = "0-1, 1-2, 1-3, 3-4") -> Explorer:
    """Build a Green Hackenbush picture by typing its edges, and see what it is worth: the picture with its
    winning chops marked, the single bamboo stalk it is worth beside it, and its value and winning chops in
    words. The position explorer of the picture typed (:func:`position_explorer`'s view).

    Parameters
    ----------
    edges : the first picture, as text (``"0-1, 1-2"`` or ``"(0, 1), (1, 2)"``: vertex 0 is the ground) or as
        a list of pairs; at most 24 edges, vertices 0 to 40, every edge joined to the ground.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``picture_box`` (the edges as text), ``image``, ``status``;
        ``values["picture"]`` is the game drawn (a :class:`~gamelib.GreenHackenbush`).

    Examples
    --------
    >>> w = hackenbush_explorer("0-1, 1-2, 1-3")
    >>> print(w.status_text)
    Green Hackenbush, edges (0, 1), (1, 2), (1, 3). g = 1: an N-position. Winning move: chop edge (0, 1).
    >>> w.picture_box.value = "0-1, 1-2, 1-3, 3-4"
    >>> w.values["picture"].grundy(w.values["picture"].start)
    4
    """
    text = edges if isinstance(edges, str) else edges_text(GreenHackenbush(edges).edges)
    GreenHackenbush.from_text(text)  # a bad first picture is refused here, before any widget is made
    box = text_box("picture_box", "picture", "edges:", text, GreenHackenbush.from_text, PICTURE_LIMIT,
                   width="420px", placeholder="e.g. 0-1, 1-2, 1-3")

    def view(values: dict) -> View:
        game = values["picture"]
        return position_view(game, game.start)

    return Explorer([[box]], view)


__all__ = ["hackenbush_explorer", "nim_explorer", "position_explorer", "position_view"]
