"""The explorer of misère quotients: a game and its largest heap → the Cayley table, the P-portion and the
pretending row (the view of kind "quotient", :mod:`gamelib.plots.quotients`), and what a typed sum is."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gamelib.analysis.misere_quotient import MisereQuotient
from gamelib.arguments import check_int
from gamelib.games.nim import Nim
from gamelib.games.octal_codes import parse_octal_code
from gamelib.games.quotients import misere_quotient
from gamelib.limits import MAX_CAYLEY_ORDER, MAX_PANEL_QUOTIENT_HEAP, MAX_PANEL_SUM_HEAPS
from gamelib.parsing import Limit
from gamelib.plots.positions import view_of
from gamelib.plots.quotients import sum_words
from gamelib.widgets.panel import Explorer, View, slider, text_box

#: The figure's width in the panel (inches).
WIDTH = 9.0
#: What the game box takes for Nim (any case), and how the panel names it.
NIM = "Nim"


def read_game(text: str) -> str:
    """The game typed in the box: an octal code (written as the kit writes it) or ``Nim``.

    >>> read_game(" .75 "), read_game("nim")
    ('0.75', 'Nim')
    """
    text = text.strip()
    if text.casefold() == NIM.casefold():
        return NIM
    if not text:
        raise ValueError("type an octal code such as 0.77 (Kayles), or Nim")
    digits = parse_octal_code(text)
    return f"{digits[0]}." + ("".join(map(str, digits[1:])) or "0")


def read_sum(text: str, limit: Limit) -> tuple[int, ...]:
    """The heaps typed in the sum box (empty: no sum asked about)."""
    return limit.read_numbers(text) if text.strip() else ()


@lru_cache(maxsize=32)
def quotient_of(game: str, max_heap: int) -> MisereQuotient:
    """The quotient shown for a game and largest heap (kept: moving the slider back is instant)."""
    return misere_quotient(Nim() if game == NIM else game, max_heap)


def _view(values: dict) -> View:
    q = quotient_of(values["game"], values["max_heap"])
    heaps = values["heaps"]
    tame = "tame" if q.is_tame else "wild"
    text = f"{q} ({q.game}, heaps 0 to {q.max_heap}: {q.order} elements, {tame}, proven for every sum of them)."
    beyond = [h for h in heaps if h > q.max_heap]
    if beyond:  # the quotient is still shown: the sum waits for the slider, or for a new sum
        text += (f" The sum {' + '.join(map(str, heaps))} has a heap of {beyond[0]}, above the largest heap, "
                 f"{q.max_heap}: move the slider up or change the sum.")
        heaps = ()
    elif heaps:
        text += " " + sum_words(q, heaps)
    shown: Any = q  # a quotient stands where the registry's functions take a game
    view = view_of(shown)  # the registry's view of a quotient (gamelib.plots.quotients)
    draw = view.draw
    if draw is None:  # pragma: no cover - the kind is registered with a drawing
        raise RuntimeError("the view of a misère quotient has no drawing")
    return View(("quotient", q.game, q.max_heap, heaps), lambda: draw(shown, heaps, True, WIDTH), text,
                alt=view.describe(shown, heaps, True, True))


def misere_quotient_explorer(code: str = "0.75", max_heap: int = 8) -> Explorer:
    """A misère quotient to explore: type a game, move the largest heap, type a sum of heaps.

    The picture is the quotient's Cayley table with its P-portion in vermillion and, under it, the class of
    each heap (the pretending function); the status line says the quotient as MisereSolver writes it and what
    the typed sum is: its element, and whether that element is in the P-portion (then the sum is a misère
    P-position).

    Parameters
    ----------
    code : an octal code such as ``'0.75'`` or ``'0.77'`` (Kayles), or ``'Nim'``
    max_heap : the largest heap, 0 to :data:`~gamelib.limits.MAX_PANEL_QUOTIENT_HEAP`

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``game`` (text box), ``slider`` (the largest heap), ``sum`` (text box),
        ``image``, ``status``, ``status_text``.

    Examples
    --------
    >>> w = misere_quotient_explorer("0.77", 5)
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    Q = <a,b,c | a2=1,b3=b,c2=1>; P = {a,b2,ac} (Kayles (0.77), heaps 0 to 5: 12 elements, wild, proven for
    every sum of them).
    >>> w.sum.value = "5, 5"
    >>> w.status_text.split(". ")[-1]
    'The sum 5 + 5 is c·c = 1, not in the P-portion: an N-position (the player to move wins).'
    """
    heap_limit = Limit("largest heap", 0, MAX_PANEL_QUOTIENT_HEAP)
    sum_limit = Limit("sum of heaps", 0, MAX_PANEL_QUOTIENT_HEAP, most=MAX_PANEL_SUM_HEAPS)
    game = read_game(code) if isinstance(code, str) else code
    if not isinstance(game, str):
        raise TypeError(f"code must be an octal code such as '0.77' or 'Nim', as text, got {code!r:.60}")
    return Explorer([[text_box("game", "game", "game:", game, read_game, placeholder="e.g. 0.77 or Nim"),
                      slider("slider", "max_heap", heap_limit, check_int(max_heap, "max_heap"), "largest heap:")],
                     [text_box("sum", "heaps", "sum of heaps:", "", lambda text: read_sum(text, sum_limit), sum_limit,
                               called="sum of heaps",
                               width="320px", placeholder="e.g. 5, 5")]],
                    _view, note=f"The table is drawn for quotients of at most {MAX_CAYLEY_ORDER} elements")


__all__ = ["misere_quotient_explorer", "read_game"]
